/**
 * The words of a definition's parts as both its contract page and its adoptions' pages show them:
 * questions, values, rules, row sets and their fields, the annotations legend of a file.
 * Pure: no DOM, no Node.
 */
import type { Rich } from './site.ts';

/** A question's block. */
export const QUESTION_WORDS = {
  number: (n: number) => `Question ${n}: `,
  why: 'Why this is asked',
  guidance: 'Guidance:',
  otherwise: { adoption: 'Not asked — instead the builder implements', contract: 'When not asked, the builder implements' },
  notAsked: 'Not asked',
  noOtherwise: 'This question does not arise under these answers, and the contract puts no text in its place.',
} as const;

/** The values' table. */
export const VALUE_WORDS = {
  label: 'Values',
  caption: 'Value declarations',
  value: 'Value',
  description: 'Description',
  supplied: 'Supplied',
  accepts: 'Accepts',
  range: 'Range',
  active: 'Active',
  /** "number or citation". */
  forms: (forms: readonly string[]) => forms.join(' or '),
  /** Under an adoption's value: "Accepts number from 0 to 60." */
  detail: (forms: string, range?: readonly [number, number]) => `Accepts ${forms}${range ? ` from ${range[0]} to ${range[1]}` : ''}.`,
  span: (range: readonly [number, number]) => `${range[0]} to ${range[1]}`,
  notNeeded: 'Not needed',
  when: 'When ',
  always: 'Always',
} as const;

/** The rules' list. */
export const RULE_WORDS = {
  comparison: 'Comparison',
  aware: 'Answer-aware rule',
  severityTitle: 'How validation reports this rule when it is triggered.',
  severity: (severity: string) => `Severity: ${severity}`,
  skipped: 'Skipped',
  forbids: 'Forbids',
} as const;

/** A row set's declaration and its fields' table. */
export const ROW_SET_WORDS = {
  whenEmpty: 'When the list is empty, the builder implements',
  fieldsOf: (rowSet: string) => `Fields of each row of ${rowSet}`,
  field: 'Field',
  presence: 'Presence and constraints',
  presenceLabel: 'Presence',
  description: 'Description',
  when: 'when ',
} as const;

/** Under a file that has annotations. */
export const ANNOTATIONS_LEGEND: Rich = [
  ' Members whose key begins with ',
  { code: '_' },
  ' are annotations (§10.2): notes for people that no check reads and that identity leaves out.',
];

/** The versions of a contract: the switcher, and what changed in the newest. */
export const VERSION_WORDS = {
  switcher: (title: string) => `Versions of ${title}`,
  label: 'Version',
  hiddenVersion: 'Version ',
  newest: ' newest',
  contractPage: ' contract page',
  notAdopted: (name: string) => ` (${name} is not an adoption of it)`,
  thisPage: ' (this page)',
  latestTitle: 'This address always leads to the newest version',
  latest: 'Always the newest',
  kinds: { added: 'Added', removed: 'Removed', changed: 'Changed' },
  comparedWith: 'Compared with this version, ',
  newerVersion: (version: number) => `version ${version}`,
  theNewest: ' (the newest)',
  changes: (n: number, newer: number) =>
    n === 0
      ? ' changes nothing a reader can see here.'
      : ` makes ${n} change${n === 1 ? '' : 's'}. Open one to compare the texts: words that version ${newer} removes are struck through, words it adds are underlined.`,
  noText: 'Nothing of it reads as text; see the definition files.',
  removed: '[removed: ',
  added: '[added: ',
  side: (version: number) => `Version ${version}`,
  notSet: 'not set',
  noTemplates: 'Templates are not compared: one of the two versions has no published pack.',
} as const;

/** The picture of which questions gate which, and its facts as sentences. */
export const GATES_WORDS = {
  none: 'Every question is asked of every adoption: no question depends on another’s answer.',
  title: (cv: string) => `Which questions of ${cv} gate which`,
  /** "Question 2 (Fill order) is asked depending on question 1 (Capacity model)." */
  depends: (question: string, on: string) => {
    const s = `${question} is asked depending on ${on}.`;
    return s.charAt(0).toUpperCase() + s.slice(1);
  },
  named: (question: string, name: string) => `${question} (${name})`,
  legend: 'An arrow runs from a question to a question asked only for some of its answers.',
  dependsOn: ' is asked depending on ',
} as const;

/** The row headings of a test block, by its field (lib/site/test-view.ts); any other field reads as its name. */
export const TEST_FIELD_LABELS: Readonly<Record<string, string>> = {
  given: 'Given',
  when: 'When',
  then: 'Then',
  scope: 'Scope',
  holds: 'Holds',
  seeds: 'Seeds',
  diagnostics: 'Diagnostics',
};
