/**
 * Template placeholders of §10.7: `{{instance}}`, `{{value-cite:v}}`, `{{inputs:scope|seeds}}`,
 * `{{bind:id}}`, `{{row.field}}`. Substitution reads pack text once and never rescans inserted values
 * (§10.7 rule 13), except binding phrases, which are substituted before they are inserted.
 */
import { isObject, type Json, type JsonObject, defineMember } from './json.ts';

/** One placeholder body, classified. */
export type Placeholder =
  | { kind: 'instance' }
  | { kind: 'value-cite'; name: string }
  | { kind: 'inputs'; name: string }
  | { kind: 'bind'; id: string }
  | { kind: 'row'; field: string }
  | { kind: 'retired'; name: string }
  | { kind: 'unknown' };

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const WHOLE = /^\{\{([^{}]*)\}\}$/;

/**
 * Whether a string may hold a placeholder. Most strings of a pack and of a generated test hold
 * none, and a search for `{{` is far cheaper than a regular expression's match over the string,
 * which every template expansion ran several times for each of its strings.
 */
const mayHold = (text: string): boolean => text.includes('{{');

/** Classifies the text between `{{` and `}}`. */
export function classifyPlaceholder(body: string): Placeholder {
  if (body === 'instance') return { kind: 'instance' };
  const colon = body.indexOf(':');
  if (colon > 0) {
    const head = body.slice(0, colon);
    const rest = body.slice(colon + 1);
    if (head === 'value-cite') return { kind: 'value-cite', name: rest };
    if (head === 'inputs' && (rest === 'scope' || rest === 'seeds')) return { kind: 'inputs', name: rest };
    if (head === 'bind') return { kind: 'bind', id: rest };
    if (head === 'surface') return { kind: 'retired', name: rest };
    return { kind: 'unknown' };
  }
  if (body.startsWith('row.') && body.length > 4) return { kind: 'row', field: body.slice(4) };
  return { kind: 'unknown' };
}

/** Every placeholder body in a string, in order. */
export function placeholderBodies(text: string): string[] {
  if (!mayHold(text)) return [];
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** Every string inside a JSON value (object keys excluded), depth first. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (isObject(value)) for (const k of Object.keys(value)) stringsIn(value[k], out);
  return out;
}

/** The result of resolving one placeholder: a JSON value, or `undefined` to leave it as written. */
export type Resolver = (body: string, placeholder: Placeholder) => Json | undefined;

/** Called when a placeholder inside text would insert an array or object. */
export type InterpolationProblem = (body: string) => void;

/** Replaces placeholders in one string. A whole-value placeholder yields the raw JSON value. */
export function substituteString(text: string, resolve: Resolver, onProblem: InterpolationProblem): Json {
  if (!mayHold(text)) return text;
  const whole = WHOLE.exec(text);
  if (whole) {
    const body = whole[1]!;
    const value = resolve(body, classifyPlaceholder(body));
    return value === undefined ? text : value;
  }
  return text.replace(PLACEHOLDER, (match, body: string) => {
    const value = resolve(body, classifyPlaceholder(body));
    if (value === undefined) return match;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
    onProblem(body);
    return match;
  });
}

/** Replaces placeholders in every string of a JSON value; keys are never substituted. */
export function substituteJson(value: Json, resolve: Resolver, onProblem: InterpolationProblem): Json {
  if (typeof value === 'string') return substituteString(value, resolve, onProblem);
  if (Array.isArray(value)) return value.map((v) => substituteJson(v, resolve, onProblem));
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const k of Object.keys(value)) defineMember(out, k, substituteJson(value[k]!, resolve, onProblem));
    return out;
  }
  return value;
}

/** Placeholders left in a generated value (after substitution). */
export function unresolvedIn(value: unknown): string[] {
  return stringsIn(value).flatMap((s) => (mayHold(s) ? [...s.matchAll(PLACEHOLDER)].map((m) => m[0]) : []));
}
