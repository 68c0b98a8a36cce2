/**
 * Which questions gate which: a question's `when` names other questions through `flag`; each such
 * question is an edge "asked only for some answers of". Laid out in columns by depth, for a small
 * build-time SVG on the definition page.
 */
import { flagQuestions } from '../opengdd/conditions.ts';
import type { Definition } from '../opengdd/index.ts';
import { memberKeys } from '../opengdd/json.ts';
import { humanize } from './model/words.ts';

/** One node of the picture. */
export interface GateNode {
  id: string;
  x: number;
  y: number;
  /** The question as the picture shows it: its number and name ("2 Partial acceptance"). */
  label: string;
}

/** One edge: `from` gates `to`. */
export interface GateEdge {
  from: string;
  to: string;
}

/** The laid-out picture. */
export interface GateGraph {
  nodes: GateNode[];
  edges: GateEdge[];
  width: number;
  height: number;
  nodeWidth: number;
  nodeHeight: number;
}

const NODE_H = 36;
const COL_GAP = 34;
const ROW_GAP = 14;
const PAD = 8;

/** Edges of a definition, in question order: each question's gates from its `when`. */
export function gateEdges(definition: Definition): GateEdge[] {
  const ids = memberKeys(definition.questions);
  const known = new Set(ids);
  const edges: GateEdge[] = [];
  for (const to of ids) {
    const from = [...new Set(flagQuestions(definition.questions[to]?.when))].filter((q) => known.has(q) && q !== to);
    for (const f of from) edges.push({ from: f, to });
  }
  return edges;
}

/** Lays out the questions in columns: a question sits one column right of its deepest gate. */
export function gateGraph(definition: Definition): GateGraph {
  const ids = memberKeys(definition.questions);
  const edges = gateEdges(definition);
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0; // a cycle (the engine reports it); draw it flat
    visiting.add(id);
    const gates = edges.filter((e) => e.to === id).map((e) => e.from);
    const d = gates.length ? 1 + Math.max(...gates.map(depthOf)) : 0;
    visiting.delete(id);
    depth.set(id, d);
    return d;
  };
  const label = (id: string) => `${ids.indexOf(id) + 1} ${humanize(id)}`;
  // Wide enough for the longest name whole (13 px sans text is under 7.6 px a character).
  const NODE_W = Math.max(160, Math.ceil(Math.max(0, ...ids.map((id) => label(id).length)) * 7.6) + 28);
  const columns: string[][] = [];
  for (const id of ids) (columns[depthOf(id)] ??= []).push(id);
  const nodes: GateNode[] = [];
  columns.forEach((col, c) =>
    (col ?? []).forEach((id, r) =>
      nodes.push({
        id,
        x: PAD + c * (NODE_W + COL_GAP),
        y: PAD + r * (NODE_H + ROW_GAP),
        label: label(id),
      }),
    ),
  );
  const rows = Math.max(1, ...columns.map((c) => c?.length ?? 0));
  return {
    nodes,
    edges,
    width: PAD * 2 + columns.length * NODE_W + Math.max(0, columns.length - 1) * COL_GAP,
    height: PAD * 2 + rows * NODE_H + (rows - 1) * ROW_GAP,
    nodeWidth: NODE_W,
    nodeHeight: NODE_H,
  };
}
