/**
 * Markdown of generated tests, byte-identical to `opengdd --render-contract-tests` (v0.9.0).
 */
import type { GeneratedTest } from './templates.ts';

/** One test: heading, blank line, the ```test block, blank line, the text. */
export function renderTest(test: GeneratedTest): string {
  return `### AT ${test.name} — ${test.title}\n\n\`\`\`test\n${JSON.stringify(test.test, null, 2)}\n\`\`\`\n\n${test.text}`;
}

/** One adoption's tests, separated by one blank line, trimmed. */
export function renderAdoptionTests(tests: readonly GeneratedTest[]): string {
  return tests.map(renderTest).join('\n\n').trim();
}

/** A package's output: each adoption's Markdown joined by a blank line, ending with one newline. */
export function renderTestsMarkdown(adoptions: readonly (readonly GeneratedTest[])[]): string {
  return adoptions.map(renderAdoptionTests).join('\n\n') + '\n';
}
