/**
 * Name and citation grammars of §1, §4, §10.4 and §10.10.
 */

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Kebab-case (§1): lowercase letters and digits in groups joined by single hyphens. */
export function isKebab(name: unknown): name is string {
  return typeof name === 'string' && KEBAB.test(name);
}

/** Words the rule grammar reserves, so a value cannot be named after them (§10.4 rule 1). */
export const RESERVED_VALUE_NAMES = new Set(['and', 'or', 'not']);

/** §10.4 rule 1: a value name is kebab-case, begins with a lowercase letter and is no rule keyword. */
export function isValueName(name: string): boolean {
  return isKebab(name) && /^[a-z]/.test(name) && !RESERVED_VALUE_NAMES.has(name);
}

/**
 * The value-citation grammar the reference validator applies: no whitespace, `#`, `:`, `{` or `}`,
 * at least one dot, no empty segment.
 */
export function isValueCitation(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (/[\s#:{}]/.test(value)) return false;
  const segments = value.split('.');
  return segments.length >= 2 && segments.every((s) => s.length > 0);
}

/** A chapter anchor citation `<file>.md#<anchor>` (§12.2). */
export function isChapterAnchor(value: string): boolean {
  return /^[^\s#:{}]+\.md#[^\s#:{}]+$/.test(value);
}

/** Why a row citation breaks its grammar, or `undefined` when it is well formed (§10.10). */
export function rowCitationProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return 'is not a non-empty string';
  if (value.includes(':')) return 'holds a colon';
  if (value.includes('#')) return isChapterAnchor(value) ? undefined : 'is not a chapter anchor of the form file.md#anchor';
  if (!isValueCitation(value)) return 'is not a dotted address';
  const segments = value.split('.');
  if (segments[0] === 'contracts' && segments.length > 3) return 'names more than an adoption and one of its values';
  return undefined;
}

/** Why a value citation breaks its grammar, or `undefined` when it is well formed (§10.10). */
export function valueCitationProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return 'is not a non-empty string';
  if (value.includes(':')) return 'holds a colon';
  if (!isValueCitation(value)) return 'is not a dotted address';
  const segments = value.split('.');
  if (segments[0] === 'contracts' && segments.length !== 3) {
    return 'starts with "contracts." but does not have exactly three segments';
  }
  return undefined;
}

/** The three strings that an adoption must never supply (§10.7 rule 14). */
export function injectionIn(value: string): string | undefined {
  if (value.includes('{{')) return '{{';
  if (value.includes('}}')) return '}}';
  if (value.includes('```')) return '```';
  return undefined;
}
