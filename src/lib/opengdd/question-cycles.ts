/**
 * The `flag` dependency cycles among a definition's questions (§10.3 rule 4), every one of them:
 * a definition with a self-cycle and a two-question loop is told of both, not only the first.
 */
import { flagQuestions } from './conditions.ts';
import { members, own } from './json.ts';

/**
 * Every cycle that a depth-first walk over the `flag` dependencies closes, in the questions'
 * authored order: each as the question ids along it, the first repeated at the end
 * (`["a", "b", "a"]`; a self-cycle is `["a", "a"]`). A cycle is found once for each dependency
 * that closes it, so every group of questions that depend on each other around a loop is named,
 * and the count stays within the number of dependencies (listing every possible loop could grow
 * exponentially).
 */
export function findQuestionCycles(questions: Record<string, unknown>): string[][] {
  const deps = new Map<string, string[]>();
  for (const [id, q] of members(questions)) deps.set(id, [...new Set(flagQuestions(own(q, 'when')))]);
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  // Iterative, with each question's next dependency index: a chain of thousands of questions
  // would overflow a recursive walk.
  for (const start of deps.keys()) {
    if (state.has(start)) continue;
    const next: number[] = [0];
    stack.push(start);
    state.set(start, 'visiting');
    while (stack.length) {
      const id = stack[stack.length - 1]!;
      const i = next[next.length - 1]!;
      const list = deps.get(id)!;
      if (i >= list.length) {
        state.set(id, 'done');
        stack.pop();
        next.pop();
        continue;
      }
      next[next.length - 1] = i + 1;
      const dep = list[i]!;
      if (!deps.has(dep) || state.get(dep) === 'done') continue;
      if (state.get(dep) === 'visiting') {
        cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
        continue;
      }
      state.set(dep, 'visiting');
      stack.push(dep);
      next.push(0);
    }
  }
  return cycles;
}
