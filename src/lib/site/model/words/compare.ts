/**
 * The words of a contract page's "How adoptions answer" and "Tests by adoption", static and as
 * the `<adoption-compare>` element redraws them. No imports: the element takes its words from here.
 * Pure: no DOM, no Node.
 */

/** How the adoptions answer, and the tests each generates. */
export const COMPARE_WORDS = {
  notAsked: 'Not asked',
  noAnswer: 'No answer',
  noneChose: 'No adoption chose ',
  matrixSummary: 'Which tests each adoption generates, template by template',
  matrixFrom: { before: 'The page’s script draws this table from ', after: ', which holds the same figures.' },
  unusedSummary: (n: number) => (n === 1 ? 'The template no adoption exercises, and why' : `The ${n} templates no adoption exercises, and why`),
  unusedFrom: { before: 'The page’s script lists them from ', after: ', which holds the same reasons.' },
  /** What failed to load, for `loadFailed`. */
  figures: 'The figures',
  template: 'Template',
  matrixLabel: 'Tests by adoption',
  legend: '✓ generates the template’s test · a number: tests from that many rows · – does not apply',
  everyAdoption: 'Every adoption',
  tried: 'Tried',
} as const;
