/**
 * The words of the answer explorer's static markup — its bar, the export dialog, an answer's
 * choices, a value's and the rows' editors. Moved here from the explorer's components one for one
 * (their markup unchanged), and the words of the views the island redraws (`lib/site/view/`).
 * No imports: the island may take its words from here.
 * Pure: no DOM, no Node.
 */

/** The explorer's bar and its export dialog. */
export const EXPLORER_WORDS = {
  bar: 'Answer explorer',
  copy: 'Copy as adoption',
  download: 'Download',
  downloadLabel: (file: string) => `Download the adoption as ${file}`,
  restore: { adoption: ['Restore', ' the supplied answers'], contract: ['Clear', ' the answers'] },
  dialogTitle: 'The adoption for these answers',
  close: 'Close',
  gaps: 'Still to supply',
  problems: 'What the engine reports',
  copyTests: 'Copy tests as Markdown',
} as const;

/** What failed to load when the island cannot start, for `loadFailed` (apart: the island takes only this). */
export const EXPLORER_FILES = 'This contract’s files for the explorer';

/** A question's choices, as the explorer lets a reader try them. */
export const CHOICE_WORDS = {
  legend: (n: number) => (n === 1 ? 'The option' : `The ${n} options`),
  supplied: 'Supplied',
  tried: 'Tried',
  semantics: 'Semantics:',
  why: 'Why:',
  pending: 'No answer yet: the templates that depend on it wait for one.',
  ignored: { before: 'The answer ', after: ' stays recorded but does not count while this question is not asked.' },
} as const;

/** The value and rows editors. */
export const TRY_WORDS = {
  valueLabel: (name: string) => `Value of ${name}: a number or a citation`,
  valuePlaceholder: 'number or citation',
  rows: 'Try other rows of ',
  notCarried: 'Not carried by this row',
} as const;

/** The rows editor's words beside ROWS_WORDS: a row without an id, an input's name, a required field's type. */
export const ROWS_EDITOR_WORDS = {
  row: (n: number) => `row ${n}`,
  input: (field: string, row: string) => `${field} of ${row}`,
  type: (type: string, required: boolean) => `${type}${required ? ', required' : ''}`,
} as const;
