/**
 * A small line diff for `sync --check`: the lines a sync would remove and add, in hunks with a
 * little context, in the familiar unified form (`@@ -a,n +b,m @@`, then ` `, `-` and `+` lines).
 */
import { escapeControls } from '../lib/opengdd/diagnostics.ts';

interface Op {
  kind: ' ' | '-' | '+';
  line: string;
  /** 1-based line numbers in the old and new text where this op stands. */
  a: number;
  b: number;
}

/** Cells of the longest-common-subsequence table past which the middle is shown as replaced whole. */
const MAX_CELLS = 4_000_000;

/** The unified diff of two texts, `context` unchanged lines around each change. */
export function lineDiff(before: string, after: string, context = 2): string[] {
  const a = before.split(/\r?\n/);
  const b = after.split(/\r?\n/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: Op[] = [];
  for (let i = 0; i < head; i++) ops.push({ kind: ' ', line: a[i]!, a: i + 1, b: i + 1 });
  middle(a.slice(head, a.length - tail), b.slice(head, b.length - tail), head, ops);
  for (let i = 0; i < tail; i++) {
    const ai = a.length - tail + i;
    const bi = b.length - tail + i;
    ops.push({ kind: ' ', line: a[ai]!, a: ai + 1, b: bi + 1 });
  }
  return hunks(ops, context);
}

function middle(a: string[], b: string[], offset: number, ops: Op[]): void {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    a.forEach((line, i) => ops.push({ kind: '-', line, a: offset + i + 1, b: offset + 1 }));
    b.forEach((line, j) => ops.push({ kind: '+', line, a: offset + n + 1, b: offset + j + 1 }));
    return;
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[at(i, j)] = a[i] === b[j] ? lcs[at(i + 1, j + 1)]! + 1 : Math.max(lcs[at(i + 1, j)]!, lcs[at(i, j + 1)]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]!, a: offset + i + 1, b: offset + j + 1 });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[at(i + 1, j)]! >= lcs[at(i, j + 1)]!)) {
      ops.push({ kind: '-', line: a[i]!, a: offset + i + 1, b: offset + j + 1 });
      i++;
    } else {
      ops.push({ kind: '+', line: b[j]!, a: offset + i + 1, b: offset + j + 1 });
      j++;
    }
  }
}

function hunks(ops: Op[], context: number): string[] {
  const out: string[] = [];
  const changed = ops.map((op, i) => (op.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  let k = 0;
  while (k < changed.length) {
    const from = Math.max(0, changed[k]! - context);
    let to = changed[k]!;
    while (k + 1 < changed.length && changed[k + 1]! - to <= 2 * context + 1) to = changed[++k]!;
    k++;
    const end = Math.min(ops.length - 1, to + context);
    const slice = ops.slice(from, end + 1);
    const oldCount = slice.filter((op) => op.kind !== '+').length;
    const newCount = slice.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${slice[0]!.a},${oldCount} +${slice[0]!.b},${newCount} @@`);
    // Escaped, never cut: a diff that hid part of a changed line would not show the change.
    for (const op of slice) out.push(op.kind + escapeControls(op.line));
  }
  return out;
}
