/**
 * The view of the rows an adoption supplies (or the explorer tries) for one row set, below its
 * heading and description: a table in authored order, the count of rows left out, the declared
 * fields no row carries; with no rows, the row set's `when-empty` text. From the page model's
 * `rowsView`. Styles in RowsTable.astro, which holds the heading; the island redraws this part.
 */
import type { RowsView } from '../model/rows.ts';
import { ROWS_WORDS } from '../model/rows.ts';
import { TRY_WORDS } from '../model/words/explorer.ts';
import * as HOOKS from '../hooks.ts';
import { h, type Child } from './h.ts';

/** The part of a row set's section that follows its heading and description. */
export function rowsTable(v: RowsView): Child[] {
  if (v.total === 0) return [h('div', { class: 'callout', [HOOKS.calloutState]: 'when-empty' }, h('span', { class: 'callout-label' }, ROWS_WORDS.empty), v.whenEmpty)];
  return [
    // A row set can be wider than the column: its scrolling wrapper takes the keyboard focus (and
    // is named), so it scrolls without a mouse (WCAG 2.1.1).
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': ROWS_WORDS.table(v.label) },
      h(
        'table',
        null,
        h('caption', { class: 'visually-hidden' }, ROWS_WORDS.table(v.label)),
        h('thead', null, h('tr', null, v.columns.map((c) => h('th', { scope: 'col' }, h('span', { class: 'field' }, c.field), h('span', { class: 'type' }, c.type))))),
        h(
          'tbody',
          null,
          v.rows.map((row) =>
            h(
              'tr',
              { [HOOKS.rowId]: row.id },
              row.cells.map((c, i) => {
                const content = c !== undefined ? h('code', null, c) : h('span', { class: 'absent', title: TRY_WORDS.notCarried }, '—');
                return i === 0 ? h('th', { scope: 'row' }, content) : h('td', null, content);
              }),
            ),
          ),
        ),
      ),
    ),
    v.cut && h('p', { class: 'unused', [HOOKS.rowsCut]: true }, v.cut),
    v.unused.length > 0 && h('p', { class: 'unused' }, ROWS_WORDS.unused, v.unused.map((f, i) => [i > 0 && ', ', h('code', null, f)]), '.'),
  ];
}
