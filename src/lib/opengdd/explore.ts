/**
 * The answer explorer's model: re-evaluate a definition and its pack for a tried state, count what
 * applies, say what changed, keep the state in a URL, and turn it back into an adoption file.
 * Pure and small: the browser island bundles it with the engine.
 */
import { DiagnosticSink } from './diagnostics.ts';
import { evaluate, type DesignerState, type Evaluation } from './evaluate.ts';
import { definitionPart } from './identity.ts';
import { defineMember, hasOwn, isObject, members, own, type Json, type JsonObject } from './json.ts';
import { analyzeTemplates, templateCounts, type TemplateCounts, type TemplateOutcome } from './templates.ts';
import type { Definition, Pack, Row, Template } from './types.ts';

/** What a reader is trying: answers, values and rows (verification inputs come from the base). */
export interface TriedState {
  answers: Record<string, string>;
  values: Record<string, number | string>;
  rows: Record<string, Row[]>;
}

/** The stand-in adoption id on a contract page, where no adoption supplies one. */
export const STAND_IN_ADOPTION = '<your-adoption>';

/** One recomputation for a tried state. */
export interface Exploration {
  evaluation: Evaluation;
  templates: TemplateOutcome[];
  counts: TemplateCounts;
}

/** Re-evaluates everything for a tried state. */
export function explore(
  definition: Definition,
  pack: Pack | undefined,
  adoptionId: string,
  tried: TriedState,
  verification: Record<string, unknown> = {},
): Exploration {
  const state: DesignerState = { answers: tried.answers, values: tried.values, rows: tried.rows, verification };
  const evaluation = evaluate(definition, state, adoptionId);
  const sink = new DiagnosticSink('');
  const templates = pack ? analyzeTemplates(pack.templates as Template[], { adoptionId, definition, state, evaluation, sink }) : [];
  return { evaluation, templates, counts: templateCounts(templates) };
}

/** What {@link changeSummary} says of a change that adds, removes and rewrites no test and asks no other question. */
export const NO_TEST_CHANGES = 'No test changes.';

/**
 * What a change did to the templates: "2 tests now apply, 1 no longer applies." A test that still
 * applies but reads differently (its title or text rewritten by an answer or a value) is named:
 * "1 test changes: backpack/fill-order-holds."
 */
export function changeSummary(before: Exploration, after: Exploration): string {
  const texts = (e: Exploration) => new Map(e.templates.flatMap((t) => t.tests.map((x) => [x.name, JSON.stringify([x.title, x.text, x.test])] as const)));
  const was = texts(before);
  const now = texts(after);
  const added = [...now.keys()].filter((n) => !was.has(n)).length;
  const removed = [...was.keys()].filter((n) => !now.has(n)).length;
  const changed = [...now].filter(([n, text]) => was.has(n) && was.get(n) !== text).map(([n]) => n);
  const askedBefore = new Set(before.evaluation.questions.filter((q) => q.asked).map((q) => q.id));
  const askedNow = after.evaluation.questions.filter((q) => q.asked).map((q) => q.id);
  const newlyAsked = askedNow.filter((q) => !askedBefore.has(q)).length;
  const noLongerAsked = [...askedBefore].filter((q) => !askedNow.includes(q)).length;
  const parts: string[] = [];
  if (added) parts.push(`${added} test${added === 1 ? ' now applies' : 's now apply'}`);
  // "2 tests now apply, 1 no longer applies" reads well; alone, the removal names its noun.
  if (removed) parts.push(`${added ? removed : `${removed} test${removed === 1 ? '' : 's'}`} no longer appl${removed === 1 ? 'ies' : 'y'}`);
  if (changed.length) parts.push(`${changed.length} test${changed.length === 1 ? ' changes' : 's change'}: ${nameList(changed)}`);
  if (newlyAsked) parts.push(`${newlyAsked} more question${newlyAsked === 1 ? ' is' : 's are'} asked`);
  if (noLongerAsked) parts.push(`${noLongerAsked} question${noLongerAsked === 1 ? ' is' : 's are'} no longer asked`);
  return parts.length ? `${capitalize(parts.join(changed.length ? '; ' : ', '))}.` : NO_TEST_CHANGES;
}

/** `a`, `a and b`, `a, b and c`, `a, b, c and 4 more`: a bar line names a few tests, not fifty. */
function nameList(names: string[]): string {
  const shown = names.length > 4 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The tried state of an adoption document (its supplied answers, values and rows). */
export function suppliedState(doc: unknown): TriedState {
  const answers: Record<string, string> = {};
  for (const [q, a] of members<unknown>(own(doc, 'answers'))) if (typeof a === 'string') answers[q] = a;
  const values: Record<string, number | string> = {};
  for (const [v, x] of members<unknown>(own(doc, 'values'))) if (typeof x === 'number' || typeof x === 'string') values[v] = x;
  const rows: Record<string, Row[]> = {};
  for (const [r, list] of members<unknown>(own(doc, 'rows'))) rows[r] = Array.isArray(list) ? (list.filter(isObject) as Row[]) : [];
  return { answers, values, rows };
}

/**
 * Encodes a tried state as URL search parameters: `a.<question>=<option>`, `v.<value>=<number or
 * citation>`, and `rows=<JSON>` only when the rows differ from the base.
 */
export function encodeState(tried: TriedState, base: TriedState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [q, a] of Object.entries(tried.answers)) params.append(`a.${q}`, a);
  for (const [v, x] of Object.entries(tried.values)) params.append(`v.${v}`, typeof x === 'number' ? `n:${x}` : `c:${x}`);
  if (JSON.stringify(tried.rows) !== JSON.stringify(base.rows)) params.set('rows', JSON.stringify(tried.rows));
  params.set('try', '1');
  return params;
}

/** Decodes {@link encodeState}; `undefined` when the URL holds no tried state. */
export function decodeState(params: URLSearchParams, base: TriedState): TriedState | undefined {
  if (params.get('try') !== '1') return undefined;
  const tried: TriedState = { answers: {}, values: {}, rows: base.rows };
  for (const [key, value] of params) {
    if (key.startsWith('a.')) tried.answers[key.slice(2)] = value;
    else if (key.startsWith('v.')) {
      const n = value.startsWith('n:') ? Number(value.slice(2)) : NaN;
      if (value.startsWith('n:') && Number.isFinite(n)) tried.values[key.slice(2)] = n;
      else if (value.startsWith('c:')) tried.values[key.slice(2)] = value.slice(2);
    }
  }
  const rows = params.get('rows');
  if (rows) {
    try {
      const parsed: unknown = JSON.parse(rows);
      if (isObject(parsed)) tried.rows = Object.fromEntries(members<unknown>(parsed).map(([k, v]) => [k, Array.isArray(v) ? (v.filter(isObject) as Row[]) : []]));
    } catch {
      // A hand-edited link: keep the base rows rather than fail.
    }
  }
  return tried;
}

/**
 * An adoption file for a tried state: the definition part unchanged, answers for asked questions
 * only, values for active declarations only, the rows, and verification inputs for live templates.
 * `gaps` lists what keeps it from being complete.
 */
export function adoptionFromState(
  definitionDoc: unknown,
  tried: TriedState,
  exploration: Exploration,
  verification: Record<string, unknown> = {},
): { document: JsonObject; gaps: string[] } {
  const doc = definitionPart(definitionDoc);
  const ev = exploration.evaluation;
  const gaps: string[] = [];
  const answers: JsonObject = {};
  for (const q of ev.questions) {
    if (!q.asked) continue;
    const a = tried.answers[q.id];
    if (a !== undefined) defineMember(answers, q.id, a);
    else gaps.push(`Answer question ${q.id}: ${q.question.asks}`);
  }
  const values: JsonObject = {};
  for (const v of ev.values) {
    if (!v.active) continue;
    const x = tried.values[v.name];
    if (x !== undefined) defineMember(values, v.name, x);
    else gaps.push(`Supply the value ${v.name}: ${v.declaration.description}`);
  }
  const rows: JsonObject = {};
  for (const [name] of members(own(own(definitionDoc, 'declares'), 'rows'))) defineMember(rows, name, (tried.rows[name] ?? []) as Json);
  const live = new Map(exploration.templates.filter((t) => t.live).map((t) => [t.template.id, t.template]));
  const inputs: JsonObject = {};
  for (const [id, template] of live) {
    const supplied = own(verification, id);
    if (isObject(supplied)) defineMember(inputs, id, supplied);
    for (const [input, decl] of members(own(template, 'inputs'))) {
      if (!hasOwn(decl, 'default') && !hasOwn(supplied, input)) gaps.push(`Supply verification.${id}.${input} for the template ${id}.`);
    }
  }
  defineMember(doc, 'answers', answers);
  defineMember(doc, 'values', values);
  defineMember(doc, 'rows', rows);
  if (members(inputs).length) defineMember(doc, 'verification', inputs);
  return { document: doc, gaps };
}
