/**
 * Word-level differences between two texts, for showing what a newer version rewrote. Pure: the
 * contract page renders it at build time, and nothing here needs the DOM or Node.
 */

/** A run of words the two texts share, or that only one of them has. */
export interface DiffRun {
  op: 'same' | 'removed' | 'added';
  /** The words of the run, with the spaces between them as the text had them. */
  text: string;
}

/**
 * Above this many word pairs the longest common subsequence table would cost more than a page is
 * worth (a 2,000-word rewrite); such a change is shown as the old text removed and the new added.
 */
const MAX_CELLS = 4_000_000;

/**
 * The runs that turn `before` into `after`: shared words stay, the others are marked removed or
 * added. Within a changed stretch the removed words come before the added ones, as a reader
 * compares them. Whitespace is kept with the word it follows, so joining the shared and added
 * runs gives `after` back (removed runs keep `before`'s spacing).
 */
export function wordDiff(before: string, after: string): DiffRun[] {
  const a = words(before);
  const b = words(after);
  if (a.length * b.length > MAX_CELLS) return merge([...a.map((w) => run('removed', w)), ...b.map((w) => run('added', w))]);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..], on the words alone.
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        bare(a[i]!) === bare(b[j]!) ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: DiffRun[] = [];
  let removed: DiffRun[] = [];
  let added: DiffRun[] = [];
  const flush = () => {
    out.push(...removed, ...added);
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && bare(a[i]!) === bare(b[j]!)) {
      flush();
      // The newer spacing wins: it is the text the reader moves to.
      out.push(run('same', b[j]!));
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i * width + j + 1]! >= lcs[(i + 1) * width + j]!)) {
      added.push(run('added', b[j++]!));
    } else {
      removed.push(run('removed', a[i++]!));
    }
  }
  flush();
  return merge(out);
}

/** Whether the two texts differ in their words (not only in spacing). */
export function wordsDiffer(before: string, after: string): boolean {
  const a = words(before).map(bare);
  const b = words(after).map(bare);
  return a.length !== b.length || a.some((w, k) => w !== b[k]);
}

/** Each word with the whitespace that follows it; leading whitespace goes with the first word. */
function words(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

function bare(word: string): string {
  return word.trim();
}

function run(op: DiffRun['op'], text: string): DiffRun {
  return { op, text };
}

/** Joins neighbouring runs of one kind. */
function merge(runs: DiffRun[]): DiffRun[] {
  const out: DiffRun[] = [];
  for (const r of runs) {
    const last = out.at(-1);
    if (last && last.op === r.op) last.text += r.text;
    else out.push({ ...r });
  }
  return out;
}
