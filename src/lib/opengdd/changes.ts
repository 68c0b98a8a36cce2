/**
 * What changed between two versions of one contract: questions, options, values, row sets and
 * fields, rules and templates. An older version's page lists these so a reader can move up.
 */
import { isObject, members, own, stripAnnotations, type Json } from './json.ts';
import type { Definition, Pack } from './types.ts';

/** The parts of a definition a change can touch. */
export type ChangeArea = 'summary' | 'mechanism' | 'question' | 'option' | 'value' | 'row-set' | 'row-field' | 'rule' | 'template';

/** One change from the older to the newer version. */
export interface DefinitionChange {
  area: ChangeArea;
  kind: 'added' | 'removed' | 'changed';
  /** The name, e.g. `capacity-limit`, or `capacity-limit / slot-count` for an option. */
  name: string;
  /** For `changed`: which members differ, e.g. `asks, when`. */
  members?: string[];
  /** The item in the older version (absent when added), annotations left out. */
  before?: Json;
  /** The item in the newer version (absent when removed), annotations left out. */
  after?: Json;
}

/** Lists the changes from `older` to `newer` (and their packs' templates, when both have one). */
export function definitionChanges(older: Definition, newer: Definition, olderPack?: Pack, newerPack?: Pack): DefinitionChange[] {
  const out: DefinitionChange[] = [];
  for (const area of ['summary', 'mechanism'] as const) {
    if (!same(older[area], newer[area])) out.push({ area, kind: 'changed', name: area, ...sides(older[area], newer[area]) });
  }

  compareMaps(older.questions, newer.questions, 'question', out, (id, a, b) => {
    compareMaps(own(a, 'options'), own(b, 'options'), 'option', out, undefined, `${id} / `);
    return changedMembers(a, b, ['options']);
  });
  compareMaps(own(older.declares, 'values'), own(newer.declares, 'values'), 'value', out);
  compareMaps(own(older.declares, 'rows'), own(newer.declares, 'rows'), 'row-set', out, (set, a, b) => {
    compareMaps(own(a, 'record'), own(b, 'record'), 'row-field', out, undefined, `${set} / `);
    return changedMembers(a, b, ['record']);
  });
  compareMaps(older.rules, newer.rules, 'rule', out);
  if (olderPack && newerPack) {
    const byId = (p: Pack) => Object.fromEntries((Array.isArray(p.templates) ? p.templates : []).filter(isObject).map((t) => [String(t.id), t]));
    compareMaps(byId(olderPack), byId(newerPack), 'template', out, (_id, a, b) => changedMembers(a, b, ['id']));
  }
  return out;
}

function compareMaps(
  a: unknown,
  b: unknown,
  area: ChangeArea,
  out: DefinitionChange[],
  nested?: (name: string, a: unknown, b: unknown) => string[],
  prefix = '',
): void {
  const older = new Map(members(a));
  const newer = new Map(members(b));
  for (const [name, value] of newer) {
    if (!older.has(name)) out.push({ area, kind: 'added', name: prefix + name, ...sides(undefined, value) });
    else {
      const differing = nested ? nested(name, older.get(name), value) : changedMembers(older.get(name), value, []);
      if (differing.length) out.push({ area, kind: 'changed', name: prefix + name, members: differing, ...sides(older.get(name), value) });
    }
  }
  for (const [name, value] of older) if (!newer.has(name)) out.push({ area, kind: 'removed', name: prefix + name, ...sides(value, undefined) });
}

/** The two sides of a change as plain data: what a reader compares, without annotations. */
function sides(before: unknown, after: unknown): Pick<DefinitionChange, 'before' | 'after'> {
  return {
    ...(before === undefined ? {} : { before: stripAnnotations(before as Json) }),
    ...(after === undefined ? {} : { after: stripAnnotations(after as Json) }),
  };
}

function changedMembers(a: unknown, b: unknown, skip: string[]): string[] {
  if (!isObject(a) || !isObject(b)) return same(a, b) ? [] : ['value'];
  const keys = new Set([...members(a).map(([k]) => k), ...members(b).map(([k]) => k)]);
  return [...keys].filter((k) => !skip.includes(k) && !same(own(a, k), own(b, k)));
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(stripAnnotations(v as Json)));
  return norm(a) === norm(b);
}
