/**
 * A list in words, for the engine's own messages.
 */

/** `a`, `a or b`, `a, b or c` (each quoted with the given marks). */
export function orList(items: readonly unknown[], quote = (s: string) => s): string {
  const q = items.map((s) => quote(String(s)));
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}
