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

/** The sentences of "How adoptions answer" and "Tests by adoption" (lib/site/adoption-answers.ts). */
export const ANSWERS_WORDS = {
  /** A folded tally's parts: "not asked 1", "no answer 1"; "no adoption" when nothing is counted. */
  notAsked: (n: number) => `not asked ${n}`,
  noAnswer: (n: number) => `no answer ${n}`,
  none: 'no adoption',
  /** The matrix's lead: "3 adoptions exercise 12 of the 14 templates; the other 2 are not exercised." */
  matrix: {
    noTemplates: 'The pack has no templates to exercise.',
    noAdoptions: (t: number) => `No adoption exercises the ${t === 1 ? 'one template' : `${t} templates`} yet.`,
    who: (n: number) => (n === 1 ? 'The one adoption exercises' : `${n} adoptions exercise`),
    oneTemplate: (who: string) => `${who} the one template.`,
    oneTemplateUnused: (n: number) => `${n === 1 ? 'The one adoption does not exercise' : `None of the ${n} adoptions exercises`} the one template.`,
    noneUsed: (who: string, t: number) => `${who} none of the ${t} templates.`,
    head: (who: string, used: number, t: number) => `${who} ${used} of the ${t} templates`,
    allUsed: (head: string) => `${head}: every template is exercised.`,
    someUnused: (head: string, unused: number) => `${head}; the other ${unused === 1 ? 'one is' : `${unused} are`} not exercised.`,
  },
  /** The "How adoptions answer" section's sentence. */
  intro: {
    none: 'No adoption in the catalog answers these questions yet.',
    some: (n: number) =>
      `What the catalog’s ${n === 1 ? 'one adoption' : `${n} adoptions`} answered to each question, option by option; an adoption a question is not asked of is counted apart.`,
  },
} as const;

/** Where tried answers sit among the adoptions (lib/site/closeness.ts). */
export const CLOSENESS_WORDS = {
  untried: 'Try answers to the questions above: this shows which adoption they come closest to.',
  noneAlike: 'No adoption gives any of these answers.',
  oneQuestion: 'the same answer to the one question',
  alike: (alike: number, of: number, same: boolean) => `${alike} of ${of} answers alike${same ? ' (the same answers)' : ''}`,
  closest: (names: string, alike: string) => `Closest: ${names} — ${alike}.`,
  rest: (alike: number, of: number) => `(${alike} of ${of})`,
  then: (head: string, rest: string) => `${head} Then ${rest}.`,
  and: ' and ',
} as const;
