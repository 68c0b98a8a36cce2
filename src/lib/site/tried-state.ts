/**
 * The explorer bar's sentence for a tried state: what the page shows before any change (the
 * supplied answers, or no answers yet) and, for a link that carries a tried state, what that state
 * is. One function for the static page and the island, so a reloaded link reads the same as the
 * change that made it.
 */
import type { QuestionState } from '../opengdd/evaluate.ts';
import type { TriedState } from '../opengdd/explore.ts';
import { humanize as humanName } from './model/words.ts';
import { TRIED_WORDS as W } from './model/words/tried.ts';

/** Keys whose entries differ between two maps (either side may lack the key). */
function differing(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** `a`, `a and b`, `a, b and c`. */
function andList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')}${W.and}${items.at(-1)}`;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 of 6 questions answered", "The one question answered", "None of 4 questions answered". */
function answeredOf(answered: number, asked: number): string {
  if (asked === 0) return W.answeredOf.noneAsked;
  if (asked === 1) return W.answeredOf.one(answered > 0);
  return answered === 0 ? W.answeredOf.none(asked) : W.answeredOf.some(answered, asked);
}

/**
 * The sentence for `tried` against the page's `base` (an adoption's supplied state; nothing on a
 * contract page), e.g. "2 answers differ from the supplied ones: Fill order and Partial
 * acceptance." or "3 of 6 questions answered; 1 value tried." `questions` is the tried state's
 * evaluation (on a contract page it gives the asked questions; the untried sentence needs none).
 */
export function triedStateSentence(
  page: 'contract' | 'adoption',
  tried: TriedState,
  base: TriedState,
  questions: readonly Pick<QuestionState, 'asked' | 'counted'>[] = [],
): string {
  const answers = differing(tried.answers, base.answers);
  const values = differing(tried.values, base.values);
  const rows = differing(tried.rows, base.rows);
  if (page === 'adoption') {
    if (!answers.length && !values.length && !rows.length) return W.supplied;
    const nouns = [
      ...(answers.length ? [count(answers.length, W.answer)] : []),
      ...(values.length ? [count(values.length, W.value)] : []),
      ...(rows.length ? [W.rowsOf(andList(rows))] : []),
    ];
    const one = nouns.length === 1 && answers.length + values.length === 1;
    const names = [...answers, ...values].map(humanName);
    return W.differs(andList(nouns), one, names.length ? andList(names) : '');
  }
  const asked = questions.filter((q) => q.asked);
  const answered = asked.filter((q) => q.counted).length;
  if (!answered && !values.length && !rows.length) return W.noAnswers;
  const parts = [answeredOf(answered, asked.length)];
  if (values.length) parts.push(W.valuesTried(count(values.length, W.value)));
  if (rows.length) parts.push(W.rowsTried(andList(rows)));
  return `${parts.join('; ')}.`;
}
