/**
 * The words conditions (§12.3) and field shapes (§12.1) are read in (lib/site/describe.ts): the
 * joining words between the names a condition cites, and a field's presence and constraints.
 * No imports. Pure: no DOM, no Node.
 */

/** The words of a condition, between the names it cites. */
export const CONDITION_WORDS = {
  always: 'always',
  is: ' is ',
  /** `row-count`: "items has at least one row". */
  count: { empty: 'has no rows', 'non-empty': 'has at least one row', 'at-least-two': 'has at least two rows' } as Readonly<Record<string, string>>,
  countOther: (count: string) => `has ${count} rows`,
  /** `value-form`. */
  suppliedAs: ' is supplied as ',
  forms: { number: 'a number', citation: 'a citation' } as Readonly<Record<string, string>>,
  /** `row`: "the row's kind is …". */
  theRows: "the row's",
  /** `row-has`: "some row of items has kind set to …". */
  someRowOf: 'some row of ',
  has: ' has ',
  setTo: ' set to ',
  anyHolds: 'any of these holds: ',
  allHold: 'all of these hold: ',
  orNext: '; or ',
  andNext: '; and ',
} as const;

/** A field's presence and the labels and phrases of its constraints. */
export const FIELD_WORDS = {
  required: 'Required',
  conditional: 'Conditional',
  optional: 'Optional',
  oneOf: 'One of',
  pattern: 'Pattern',
  unique: 'Unique',
  uniqueText: 'no two rows share a value',
  within: 'Within',
  from: 'from ',
  to: ' to ',
} as const;
