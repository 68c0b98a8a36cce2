/**
 * Definition identity (§10.11): the canonical text of a definition part, and where two copies differ.
 */
import { escapePointerSegment } from './diagnostics.ts';
import { hasOwn, isObject, stripAnnotations, type Json, type JsonObject, defineMember } from './json.ts';
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
  return diff(definitionPart(a), definitionPart(b), '');
}

function diff(a: Json | undefined, b: Json | undefined, at: string): string | undefined {
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
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
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length || i >= b.length) return `${at}/${i}`;
      const d = diff(a[i], b[i], `${at}/${i}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? undefined : at;
}
