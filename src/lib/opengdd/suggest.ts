/**
 * "Did you mean …?" for names that point at nothing declared: the closest known name by edit
 * distance, when one is close enough to be a likely typo. Pure; the engine's messages use it.
 */

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours), giving up once it must exceed `limit` (returns `limit + 1` then).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known name closest to `name`, or `undefined` when none is a plausible typo of it: at most
 * one edit for short names, about one edit per three characters for longer ones. Ties go to the
 * name listed first (authored order).
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  const lower = name.toLowerCase();
  for (const candidate of known) {
    if (candidate === name || candidate.startsWith('_')) continue;
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance - 1);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Ends a one-sentence message with "; did you mean `x`?" when a known name is close to `name`;
 * otherwise returns the message unchanged.
 */
export function withSuggestion(message: string, name: string, known: Iterable<string>): string {
  const near = closestName(name, known);
  return near === undefined ? message : `${message.replace(/\.$/, '')}; did you mean \`${near}\`?`;
}
