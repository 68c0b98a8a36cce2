/**
 * Conditions (§12.3) and field shapes (§12.1) in plain words, for reading rather than parsing.
 *
 * The output is a list of tokens, not a string, so a component can link a question name to its
 * question and set option ids in code — while a caller keeps the plain
 * text for titles, search and social images by joining the tokens' `text`.
 */
import type { Condition, FieldShape, RowCount, RowScalar, ValueForm } from '../opengdd/index.ts';
import { members } from '../opengdd/json.ts';
import { CONDITION_WORDS as W, FIELD_WORDS } from './model/words/conditions.ts';

/**
 * One piece of a sentence. `question`, `value`, `rowset` and `field` are names; `option` is an
 * answer or a row value. `text` is what is read; `id`, when set, is the id the text names (a
 * {@link Naming} gave the name), for links and for setting literals apart from names.
 */
export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'question' | 'value' | 'rowset' | 'field'; text: string; id?: string }
  | { kind: 'option'; text: string; id?: string };

/**
 * How a page names what a condition cites: "question 2" for `partial-acceptance`, "All or
 * nothing" for `all-or-nothing`. Without one, conditions read as ids (authors' views: the
 * version diff). Row fields and their values stay literal: a reader writes them into rows.
 */
export interface Naming {
  question(id: string): string;
  /** An answer `id` to `question`. */
  option(question: string, id: string): string;
  value(id: string): string;
  rowset(id: string): string;
}

const t = (text: string): Token => ({ kind: 'text', text });

/** A name token: its id read as the naming says, or as the id itself. */
function named(kind: 'question' | 'value' | 'rowset', id: string, naming?: Naming): Token {
  return naming ? { kind, text: naming[kind](id), id } : { kind, text: id };
}

/** Joins token groups with commas and a final word: `a, b or c`. */
export function joinGroups(groups: Token[][], last: 'or' | 'and'): Token[] {
  const out: Token[] = [];
  groups.forEach((g, i) => {
    if (i > 0) out.push(t(i === groups.length - 1 ? ` ${last} ` : ', '));
    out.push(...g);
  });
  return out;
}

/** `slot-count or size-budget` with each option as a literal, or by the name `name` gives it. */
function optionList(values: readonly RowScalar[], last: 'or' | 'and' = 'or', name?: (id: string) => string): Token[] {
  return joinGroups(
    values.map((v) => [(name ? { kind: 'option', text: name(String(v)), id: String(v) } : { kind: 'option', text: String(v) }) as Token]),
    last,
  );
}

const COUNT_WORDS: Readonly<Record<string, string>> = W.count;

const FORM_WORDS: Readonly<Record<string, string>> = W.forms;

/** `flag`: every named question is asked and answered with a listed option. */
function flagWords(flag: Record<string, string[]>, naming?: Naming): Token[] {
  return joinGroups(
    members<string[]>(flag).map(([q, options]) => [
      named('question', q, naming),
      t(W.is),
      ...optionList(Array.isArray(options) ? options : [], 'or', naming && ((o) => naming.option(q, o))),
    ]),
    'and',
  );
}

/** `row`: the row carries each named field with a listed value. */
function rowWords(row: Record<string, RowScalar[]>, subject: string = W.theRows): Token[] {
  return joinGroups(
    members<RowScalar[]>(row).map(([f, values]) => [
      t(`${subject} `),
      { kind: 'field', text: f },
      t(W.is),
      ...optionList(Array.isArray(values) ? values : []),
    ]),
    'and',
  );
}

/** One condition of any §12.3 form, in words (no leading verb: "capacity-limit is slot-count"). */
export function conditionWords(condition: Condition | undefined, naming?: Naming): Token[] {
  if (!condition || typeof condition !== 'object') return [t(W.always)];
  const parts: Token[][] = [];
  if (condition.flag) parts.push(flagWords(condition.flag, naming));
  if (condition['value-form']) {
    parts.push(
      joinGroups(
        members<ValueForm[]>(condition['value-form']).map(([v, forms]) => [
          named('value', v, naming),
          t(W.suppliedAs),
          t(joinPlain((Array.isArray(forms) ? forms : []).map((f) => FORM_WORDS[f] ?? String(f)), 'or')),
        ]),
        'and',
      ),
    );
  }
  if (condition['row-count']) {
    parts.push(
      joinGroups(
        members<RowCount>(condition['row-count']).map(([r, count]) => [
          named('rowset', r, naming),
          t(` ${COUNT_WORDS[count] ?? W.countOther(String(count))}`),
        ]),
        'and',
      ),
    );
  }
  if (condition.row) parts.push(rowWords(condition.row));
  if (condition['row-has']) {
    parts.push(
      joinGroups(
        members<Record<string, RowScalar[]>>(condition['row-has']).map(([r, row]) => [
          t(W.someRowOf),
          named('rowset', r, naming),
          t(W.has),
          ...joinGroups(
            members<RowScalar[]>(row).map(([f, values]) => [
              { kind: 'field', text: f } as Token,
              t(W.setTo),
              ...optionList(Array.isArray(values) ? values : []),
            ]),
            'and',
          ),
        ]),
        'and',
      ),
    );
  }
  for (const form of ['any', 'all'] as const) {
    const members = condition[form];
    if (!Array.isArray(members)) continue;
    const words = members.map((m) => conditionWords(m, naming));
    // Members are joined with a semicolon so "a and b; or c and d" cannot be misread.
    const joined: Token[] = [];
    words.forEach((w, i) => {
      if (i > 0) joined.push(t(form === 'any' ? W.orNext : W.andNext));
      joined.push(...w);
    });
    parts.push(
      members.length > 1 ? [t(form === 'any' ? W.anyHolds : W.allHold), ...joined] : (words[0] ?? []),
    );
  }
  if (parts.length === 0) return [t(W.always)];
  return joinGroups(parts, 'and');
}

/** `a, b or c` for plain strings. */
export function joinPlain(items: string[], last: 'or' | 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** How present a field is: required, conditional (with its condition) or optional. */
export function fieldPresence(field: FieldShape, naming?: Naming): { label: (typeof FIELD_WORDS)['required' | 'conditional' | 'optional']; when?: Token[] } {
  if (field.required) return { label: FIELD_WORDS.required };
  if (field.when && typeof field.when === 'object') {
    const when = field.when as Condition;
    const hasAny = Object.keys(when).some((k) => !k.startsWith('_'));
    return { label: FIELD_WORDS.conditional, when: hasAny ? conditionWords(when, naming) : [t(W.always)] };
  }
  return { label: FIELD_WORDS.optional };
}

/** The constraints of a field, one short phrase each. */
export function fieldConstraints(field: FieldShape, naming?: Naming): { label: string; tokens: Token[] }[] {
  const out: { label: string; tokens: Token[] }[] = [];
  if (Array.isArray(field.options)) out.push({ label: FIELD_WORDS.oneOf, tokens: optionList(field.options) });
  if (field.pattern) out.push({ label: FIELD_WORDS.pattern, tokens: [{ kind: 'option', text: field.pattern }] });
  if (field.unique) out.push({ label: FIELD_WORDS.unique, tokens: [t(FIELD_WORDS.uniqueText)] });
  if (Array.isArray(field.within) && field.within.length === 2) {
    const bound = (b: string | number): Token => (typeof b === 'number' ? t(String(b)) : named('value', b, naming));
    out.push({ label: FIELD_WORDS.within, tokens: [t(FIELD_WORDS.from), bound(field.within[0]), t(FIELD_WORDS.to), bound(field.within[1])] });
  }
  return out;
}
