/**
 * Evaluation of the §12.3 condition forms. Shapes are checked elsewhere; here a malformed or absent
 * operand simply makes the condition false (§12.3 rule 5).
 */
import { hasOwn, isObject, members } from './json.ts';
import type { Row, RowCount, ValueForm } from './types.ts';

/** What a condition can read about one adoption. */
export interface ConditionFacts {
  /** Whether a question is asked (false for an undeclared question). */
  isAsked(question: string): boolean;
  /** The recorded answer of a question, whatever its liveness. */
  answer(question: string): string | undefined;
  /** The form of an unconditional, supplied value, or undefined. */
  valueForm(value: string): ValueForm | undefined;
  /** The supplied array of a row set, or undefined when it is not an array. */
  rows(rowSet: string): readonly unknown[] | undefined;
}

/** The selector forms in the order the reference validator tries them. */
export const SELECTOR_FORMS = ['flag', 'value-form', 'row-count', 'any', 'all', 'row-has'] as const;
export type SelectorForm = (typeof SELECTOR_FORMS)[number];

/** `flag`: every named question is asked and answered with one of its listed options. */
export function holdsFlag(flag: unknown, facts: ConditionFacts): boolean {
  if (!isObject(flag)) return false;
  return members<unknown>(flag).every(([question, allowed]) => {
    if (!Array.isArray(allowed) || !facts.isAsked(question)) return false;
    const answer = facts.answer(question);
    return answer !== undefined && allowed.includes(answer);
  });
}

/** `value-form`: every named value has one of the listed forms. */
export function holdsValueForm(map: unknown, facts: ConditionFacts): boolean {
  if (!isObject(map)) return false;
  return members<unknown>(map).every(([value, forms]) => {
    const form = facts.valueForm(value);
    return Array.isArray(forms) && form !== undefined && forms.includes(form);
  });
}

/** True when an array of `length` rows satisfies a `row-count` expectation. */
export function countMatches(expected: unknown, length: number): boolean {
  switch (expected as RowCount) {
    case 'empty':
      return length === 0;
    case 'non-empty':
      return length >= 1;
    case 'at-least-two':
      return length >= 2;
    default:
      return false;
  }
}

/** `row-count`: every named row set has the stated number of rows. */
export function holdsRowCount(map: unknown, facts: ConditionFacts): boolean {
  if (!isObject(map)) return false;
  return members<unknown>(map).every(([rowSet, expected]) => {
    const rows = facts.rows(rowSet);
    return rows !== undefined && countMatches(expected, rows.length);
  });
}

/** `row`: the object carries every named field with one of the listed values. */
export function holdsRow(map: unknown, row: unknown): boolean {
  if (map === undefined) return true;
  if (!isObject(map) || !isObject(row)) return false;
  return members<unknown>(map).every(
    ([field, allowed]) => Array.isArray(allowed) && hasOwn(row, field) && allowed.includes(row[field]),
  );
}

/** `row-has`: at least one row of the named set satisfies the inner `row` map. */
export function holdsRowHas(map: unknown, facts: ConditionFacts): boolean {
  if (!isObject(map)) return false;
  const entries = members<unknown>(map);
  if (entries.length !== 1) return false;
  const [rowSet, rowMap] = entries[0]!;
  return (facts.rows(rowSet) ?? []).some((row) => holdsRow(rowMap, row as Row));
}

/** The first selector form a condition carries, in the validator's order. */
export function selectorForm(condition: unknown): SelectorForm | undefined {
  if (!isObject(condition)) return undefined;
  return SELECTOR_FORMS.find((form) => hasOwn(condition, form));
}

/**
 * A question, value-declaration or answer-aware condition: the first form present decides.
 * `any`/`all` members are evaluated as nested conditions, where `any`, `all` and `row-has` are false.
 */
export function holdsSelector(condition: unknown, facts: ConditionFacts, allowRowHas: boolean, nested = false): boolean {
  const form = selectorForm(condition);
  if (!form || !isObject(condition)) return false;
  const operand = condition[form];
  switch (form) {
    case 'flag':
      return holdsFlag(operand, facts);
    case 'value-form':
      return holdsValueForm(operand, facts);
    case 'row-count':
      return holdsRowCount(operand, facts);
    case 'any':
    case 'all': {
      if (nested || !Array.isArray(operand) || operand.length === 0) return false;
      const test = (member: unknown) => holdsSelector(member, facts, false, true);
      return form === 'any' ? operand.some(test) : operand.every(test);
    }
    case 'row-has':
      return allowRowHas && !nested && holdsRowHas(operand, facts);
  }
}

/** A field `when` in the contract form: `flag`, `row`, or both; an empty object holds. */
export function holdsFieldCondition(condition: unknown, facts: ConditionFacts, row: Row): boolean {
  if (!isObject(condition)) return false;
  if (hasOwn(condition, 'flag') && !holdsFlag(condition.flag, facts)) return false;
  if (hasOwn(condition, 'row') && !holdsRow(condition.row, row)) return false;
  return true;
}

/** Question ids a condition reads through `flag`, including inside top-level `any`/`all`. */
export function flagQuestions(condition: unknown): string[] {
  if (!isObject(condition)) return [];
  const out: string[] = [];
  const add = (flag: unknown) => out.push(...members(flag).map(([q]) => q));
  if (hasOwn(condition, 'flag')) add(condition.flag);
  for (const form of ['any', 'all'] as const) {
    const list = condition[form];
    if (Array.isArray(list)) for (const m of list) if (isObject(m) && hasOwn(m, 'flag')) add(m.flag);
  }
  return out;
}
