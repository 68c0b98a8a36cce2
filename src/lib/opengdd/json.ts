/**
 * Small JSON helpers shared by the engine. Documents come from untrusted catalogs, so nothing here
 * assigns catalog keys onto plain objects (a key such as `__proto__` must stay data).
 */

/** A parsed JSON value. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
/** A parsed JSON object. */
export interface JsonObject {
  [key: string]: Json;
}

/** True for a JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for a key that §10.2 rule 2 calls an annotation. */
export function isAnnotation(key: string): boolean {
  return key.startsWith('_');
}

/** Own entries of an object, annotations left out, in authored order. */
export function members<T = Json>(value: unknown): [string, T][] {
  if (!isObject(value)) return [];
  return Object.keys(value)
    .filter((k) => !isAnnotation(k))
    .map((k) => [k, value[k] as T]);
}

/** Own keys of an object, annotations left out. */
export function memberKeys(value: unknown): string[] {
  return isObject(value) ? Object.keys(value).filter((k) => !isAnnotation(k)) : [];
}

/** Own-property lookup that never reads the prototype chain. */
export function own<T = Json>(value: unknown, key: string): T | undefined {
  if (!isObject(value) || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
  return value[key] as T;
}

/** True when `key` is an own member of `value`. */
export function hasOwn(value: unknown, key: string): boolean {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, key);
}

/** A finite JSON number. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Deep copy with every annotation removed (§10.7 rule 15, §10.11 rule 2). */
export function stripAnnotations(value: Json): Json {
  if (Array.isArray(value)) return value.map(stripAnnotations);
  if (isObject(value)) {
    const out: JsonObject = {};
    // Keys directly, not members(): a build strips every generated test and definition copy, and
    // the entry pairs members() makes were most of the time.
    for (const k of Object.keys(value)) if (!isAnnotation(k)) defineMember(out, k, stripAnnotations(value[k]!));
    return out;
  }
  return value;
}

/** Sets `key` on `target` as an own data property, safe for `__proto__`. */
export function defineMember(target: JsonObject, key: string, value: Json): void {
  // Plain assignment is much faster; only `__proto__` would reach the prototype instead.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

