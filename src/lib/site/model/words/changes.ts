/**
 * The words of an older version's "what changed since" section (lib/site/version-changes.ts):
 * the areas' headings, how a changed item and each of its members are named.
 * No imports. Pure: no DOM, no Node.
 */

/** The heading of each area of changes, in the order the section lists them. */
export const CHANGE_AREA_HEADINGS = {
  summary: 'Summary',
  mechanism: 'Mechanism',
  question: 'Questions',
  option: 'Options',
  value: 'Values',
  'row-set': 'Row sets',
  'row-field': 'Row fields',
  rule: 'Rules',
  template: 'Templates',
} as const;

/** How a member reads as a label; a member not listed reads as its own name. */
export const CHANGE_MEMBER_LABELS: Readonly<Record<string, string>> = {
  asks: 'Question',
  rationale: 'Why this is asked',
  meaning: 'Meaning',
  semantics: 'Semantics',
  otherwise: 'Otherwise',
  when: 'When',
  description: 'Description',
  title: 'Title',
  text: 'Text',
  test: 'Test steps',
  expand: 'Expands',
  bindings: 'Bindings',
  value: 'Value',
  summary: 'Summary',
  mechanism: 'Mechanism',
};

/** "Option slot-count of capacity-limit", "Field stack-limit of items", "Question capacity-limit". */
export const CHANGE_ITEM_WORDS = {
  summary: 'The summary',
  mechanism: 'The mechanism',
  option: (own: string, owner: string) => `Option ${own} of ${owner}`,
  rowField: (own: string, owner: string) => `Field ${own} of ${owner}`,
  rowSet: (name: string) => `Row set ${name}`,
  /** Any other area: its name capitalised, then the item's. */
  other: (area: string, name: string) => `${area[0]!.toUpperCase()}${area.slice(1)} ${name}`,
} as const;
