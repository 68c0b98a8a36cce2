/**
 * The empty adoption a designer starts from: the definition part unchanged, then empty answers,
 * values and one empty array per declared row set.
 */
import { definitionPart } from './identity.ts';
import { defineMember, members, own, type JsonObject } from './json.ts';

/** Builds an adoption skeleton for a definition. */
export function adoptionSkeleton(definition: unknown): JsonObject {
  const skeleton = definitionPart(definition);
  defineMember(skeleton, 'answers', {});
  defineMember(skeleton, 'values', {});
  const rows: JsonObject = {};
  for (const [name] of members(own(own(definition, 'declares'), 'rows'))) defineMember(rows, name, []);
  defineMember(skeleton, 'rows', rows);
  return skeleton;
}
