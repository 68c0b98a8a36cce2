/**
 * How a test block (§6) is laid out for reading, as data: the view `view/test-block.ts` draws
 * these rows, on the static page and in the answer explorer alike.
 */
import { TEST_FIELD_LABELS } from './model/words/definition.ts';

/** One field of a test block, in reading order. */
export interface TestViewRow {
  /** The block's field name (`given`, `then`, `diagnostics`, …). */
  key: string;
  /** What the row is headed: `Given`, `Then`, or the field name itself. */
  label: string;
  /**
   * `text`: one string, read as a sentence; `code`: one identifier; `list`: sentences;
   * `chips`: identifiers; `json`: anything else (e.g. `unchanged`), pretty-printed.
   */
  kind: 'text' | 'code' | 'list' | 'chips' | 'json';
  /** The strings to show (one for `text`, `code` and `json`). */
  items: string[];
}

/** Scenario fields, then general-test fields, then diagnostics; any other field after them. */
const ORDER = ['given', 'when', 'then', 'scope', 'holds', 'seeds', 'diagnostics'];
/** Fields that hold identifiers, not sentences. */
const MONO = new Set(['seeds', 'diagnostics']);

/** The rows of a test block (its `type` is shown elsewhere). */
export function testViewRows(test: Record<string, unknown>): TestViewRow[] {
  const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
  const keys = Object.keys(test)
    .filter((k) => k !== 'type')
    .sort((a, b) => rank(a) - rank(b));
  return keys.map((key) => {
    const value = test[key];
    const mono = MONO.has(key);
    const label = TEST_FIELD_LABELS[key] ?? key;
    if (typeof value === 'string') return { key, label, kind: mono ? 'code' : 'text', items: [value] };
    if (Array.isArray(value) && value.every((s) => typeof s === 'string')) {
      const strings = value as string[];
      if (strings.length === 1 && !mono) return { key, label, kind: 'text', items: strings };
      return { key, label, kind: mono ? 'chips' : 'list', items: strings };
    }
    return { key, label, kind: 'json', items: [JSON.stringify(value, null, 2)] };
  });
}
