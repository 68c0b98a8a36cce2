/**
 * How an adoption's rows of one row set are shown: its name, the count, the columns (declared
 * fields that some row carries), the cells of the rows shown, and what is left out. One page
 * carries at most {@link ROWS_SHOWN} rows of a set (a file of 50,000 rows stays a page of a few
 * hundred kilobytes); the count says so and the adoption file holds them all. The static page
 * (RowsTable.astro) and the answer explorer (scripts/explorer/rows.ts) both draw this.
 * Pure: no DOM, no Node.
 */
import { hasOwn, memberKeys } from '../../opengdd/json.ts';
import type { RowSetDeclaration } from '../../opengdd/types.ts';
import { humanize, some } from './words.ts';

/** What the rows table and the rows editor say, static page and explorer alike. */
export const ROWS_WORDS = {
  /** Before the `when-empty` text of a row set with no rows. */
  empty: 'No rows — the builder implements',
  /** The table's name (its scrolling region's label and its caption). */
  table: (label: string) => `Rows of ${label}`,
  /** Before the declared fields no row carries. */
  unused: 'No row carries ',
  /** The rows editor's table. */
  editor: (name: string) => `Rows of ${name} to try`,
  add: (name: string) => `Add a row to ${name}`,
  remove: 'Remove',
  /** The rows editor with no rows. */
  none: 'No rows: add one to see per-row tests appear.',
} as const;

/** The most rows of one row set a page shows. */
export const ROWS_SHOWN = 200;

/** An adoption file longer than this (in characters) is offered as a download only, not shown. */
export const FILE_SHOWN = 256 * 1024;

/** One row set's rows, ready to draw. */
export interface RowsView {
  name: string;
  label: string;
  /** "3 rows", or "50,000 rows; the first 200 are shown". */
  count: string;
  total: number;
  columns: { field: string; type: string }[];
  /** Per shown row: its id (when a string) and each column's text, `undefined` where the row lacks the field. */
  rows: { id?: string; cells: (string | undefined)[] }[];
  /** Said under the table when rows are left out. */
  cut?: string;
  /** Fields no row carries. */
  unused: string[];
  /** The builder's text for an empty list. */
  whenEmpty: string;
}

const cell = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The view of `rows` of the row set `name`. */
export function rowsView(name: string, declaration: RowSetDeclaration, rows: readonly unknown[], limit = ROWS_SHOWN): RowsView {
  const declared = memberKeys(declaration.record);
  const objects = rows.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r));
  const carried = declared.filter((f) => objects.some((r) => hasOwn(r, f)));
  const shown = objects.slice(0, limit);
  const total = objects.length;
  const number = (n: number) => n.toLocaleString('en-US');
  return {
    name,
    label: humanize(name),
    count: total > limit ? `${number(total)} rows; the first ${limit === 1 ? 'one is' : `${number(limit)} are`} shown` : some(total, 'row'),
    total,
    columns: carried.map((f) => ({ field: f, type: String((declaration.record[f] as { type?: unknown } | undefined)?.type ?? '') })),
    rows: shown.map((r) => ({
      ...(typeof r.id === 'string' ? { id: r.id } : {}),
      cells: carried.map((f) => (hasOwn(r, f) ? cell(r[f]) : undefined)),
    })),
    ...(total > limit ? { cut: `${total - limit === 1 ? 'The last row is' : `The other ${number(total - limit)} rows are`} in the adoption file (download it below).` } : {}),
    unused: total > 0 ? declared.filter((f) => !carried.includes(f)) : [],
    whenEmpty: declaration['when-empty'] ?? 'The list is empty; this row set has no when-empty text.',
  };
}
