/**
 * Where a tried answer set sits among a contract's adoptions: for each adoption, how many of the
 * questions either side answers get the same answer. Pure, and its only import is a word table
 * that imports nothing, so the `<adoption-compare>` element's lazy chunk stays small and shares
 * nothing with the island's.
 */
import { CLOSENESS_WORDS as W } from './model/words/compare.ts';

/** How alike a tried answer set and one adoption's answers are. */
export interface Likeness {
  /** The adoption's index in the page's list. */
  index: number;
  /** Questions both answer with the same option. */
  alike: number;
  /** Questions either side answers. */
  of: number;
}

/**
 * The likeness of `tried` to each adoption, closest first (more alike, then fewer questions in
 * play, then page order). `answers[i][q]` is adoption i's counted answer to `questions[q]`, or null.
 */
export function likeness(questions: readonly string[], answers: readonly (readonly (string | null)[])[], tried: Readonly<Record<string, string>>): Likeness[] {
  return answers
    .map((row, index) => {
      let alike = 0;
      let of = 0;
      questions.forEach((q, qi) => {
        const mine = tried[q] ?? null;
        const theirs = row[qi] ?? null;
        if (mine === null && theirs === null) return;
        of++;
        if (mine === theirs) alike++;
      });
      return { index, alike, of };
    })
    .sort((a, b) => b.alike - a.alike || a.of - b.of || a.index - b.index);
}

/** `a`, `a and b`, `a, b and c`. */
function andList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')}${W.and}${items.at(-1)}`;
}

/**
 * The sentence: "Closest: Backpack — 5 of 6 answers alike. Then Satchel (4 of 6) and Pouch (2 of 6)."
 * With nothing tried it says what trying answers will show.
 */
export function closestSentence(names: readonly string[], ranked: readonly Likeness[], triedAny: boolean): string {
  if (!triedAny || !ranked.length) return W.untried;
  const best = ranked[0]!;
  if (best.alike === 0) return W.noneAlike;
  const tied = ranked.filter((r) => r.alike === best.alike && r.of === best.of);
  const rest = ranked.slice(tied.length);
  const same = best.alike === best.of;
  const alike = best.of === 1 ? W.oneQuestion : W.alike(best.alike, best.of, same);
  const head = W.closest(andList(tied.map((r) => names[r.index]!)), alike);
  return rest.length ? W.then(head, andList(rest.map((r) => `${names[r.index]} ${W.rest(r.alike, r.of)}`))) : head;
}
