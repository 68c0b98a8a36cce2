/**
 * The explorer bar's sentence for a tried state (`lib/site/tried-state.ts`). A table of its own:
 * the island's first script takes one string of `explorer.ts`, and a module goes whole into the
 * chunk that first needs it, so these words would load with every page instead of with the engine.
 * No imports. Pure: no DOM, no Node.
 */
/** The explorer bar's sentence for a tried state (lib/site/tried-state.ts). */
export const TRIED_WORDS = {
  and: ' and ',
  /** "3 of 6 questions answered", "The one question answered", "None of 4 questions answered". */
  answeredOf: {
    noneAsked: 'No question asked',
    one: (answered: boolean) => (answered ? 'The one question answered' : 'The one question not answered'),
    none: (asked: number) => `None of ${asked} questions answered`,
    some: (answered: number, asked: number) => `${answered} of ${asked} questions answered`,
  },
  /** On an adoption's page. */
  supplied: 'The supplied answers. Change an answer, a value or a row to see what follows.',
  answer: 'answer',
  value: 'value',
  rowsOf: (rows: string) => `the rows of ${rows}`,
  differs: (nouns: string, one: boolean, names: string) => `${nouns} differ${one ? 's from the supplied one' : ' from the supplied ones'}${names ? `: ${names}` : ''}.`,
  /** On a contract's page. */
  noAnswers: 'No answers yet. Choose some above: the tests below follow.',
  valuesTried: (values: string) => `${values} tried`,
  rowsTried: (rows: string) => `rows tried for ${rows}`,
} as const;
