/**
 * Definition identity (§10.11): the canonical text of a definition part, and where two copies differ.
 */
import { escapePointerSegment } from './diagnostics.ts';
import { hasOwn, isObject, memberKeys, stripAnnotations, type Json, type JsonObject, defineMember } from './json.ts';
import { DEFINITION_FIELDS } from './types.ts';

/** The definition part of a document: its definition fields in §10.2 order, annotations removed. */
export function definitionPart(doc: unknown): JsonObject {
  const out: JsonObject = {};
  if (!isObject(doc)) return out;
  for (const field of DEFINITION_FIELDS) {
    if (hasOwn(doc, field)) defineMember(out, field, stripAnnotations(doc[field]!));
  }
  return out;
}

/** §10.11 rule 2: the definition part as JSON indented with two spaces. */
export function canonicalDefinition(doc: unknown): string {
  return JSON.stringify(definitionPart(doc), null, 2);
}

/**
 * The JSON pointer of the first difference between two definition parts, or `undefined` when they
 * are equal under §10.11 (member order inside objects counts).
 */
export function firstDifference(a: unknown, b: unknown): string | undefined {
  // The documents themselves, annotations skipped on the way, rather than two stripped copies
  // (definitionPart): the catalog check compares every adoption with its definition.
  const fields = (doc: unknown) => (isObject(doc) ? DEFINITION_FIELDS.filter((f) => hasOwn(doc, f)) : []);
  return diffMembers(a as JsonObject, fields(a), b as JsonObject, fields(b), '');
}

/** Compares two objects through the given keys (their non-annotation keys, in order). */
function diffMembers(a: JsonObject, ka: readonly string[], b: JsonObject, kb: readonly string[], at: string): string | undefined {
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const x = ka[i];
    const y = kb[i];
    if (x !== y) {
      // A member added, removed or moved: point at the first name that is out of place.
      const name = x === undefined ? y! : y === undefined ? x : hasOwn(b, x) ? y : x;
      return `${at}/${escapePointerSegment(name)}`;
    }
    const d = diff(a[x!], b[x!], `${at}/${escapePointerSegment(x!)}`);
    if (d !== undefined) return d;
  }
  return undefined;
}

function diff(a: Json | undefined, b: Json | undefined, at: string): string | undefined {
  if (isObject(a) && isObject(b)) return diffMembers(a, memberKeys(a), b, memberKeys(b), at);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length || i >= b.length) return `${at}/${i}`;
      const d = diff(a[i], b[i], `${at}/${i}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  // An object or array against anything of another kind differs (as their stripped copies'
  // JSON texts would); two plain values compare by their JSON text.
  if (typeof a === 'object' || typeof b === 'object') return a === null && b === null ? undefined : at;
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : at;
}
