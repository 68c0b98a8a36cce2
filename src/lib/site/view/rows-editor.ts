/**
 * The view of the answer explorer's editor for one row set: a compact table of inputs, one row per
 * row (a select for a field with options), "Remove" per row and "Add a row". Only the island draws
 * it (where scripts run); it handles the inputs' events. Styles in RowsEditor.astro.
 */
import type { Row, RowSetDeclaration } from '../../opengdd/types.ts';
import * as HOOKS from '../hooks.ts';
import { ROWS_WORDS } from '../model/rows.ts';
import { ROWS_EDITOR_WORDS } from '../model/words/explorer.ts';
import { h, type Child } from './h.ts';

/** The fields an editor shows: the declared ones, less `_`-prefixed extension fields. */
export const editorFields = (decl: RowSetDeclaration): string[] => Object.keys(decl.record ?? {}).filter((k) => !k.startsWith('_'));

/** The editor's table (or the sentence for no rows) and its add button. */
export function rowsEditor(name: string, decl: RowSetDeclaration, rows: Row[]): Child[] {
  const fields = editorFields(decl);
  const head = fields.map((f) => {
    const shape = decl.record[f];
    return h('th', { scope: 'col' }, h('span', { class: 'f' }, f), h('span', { class: 't' }, ROWS_EDITOR_WORDS.type(shape?.type ?? '', Boolean(shape?.required))));
  });
  const body = rows.map((row, i) => {
    const label = typeof row.id === 'string' && row.id ? row.id : ROWS_EDITOR_WORDS.row(i + 1);
    const cells = fields.map((f) => {
      const shape = decl.record[f];
      const value = Object.prototype.hasOwnProperty.call(row, f) ? row[f] : undefined;
      const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
      const hooks = { 'aria-label': ROWS_EDITOR_WORDS.input(f, label), [HOOKS.row]: String(i), [HOOKS.field]: f };
      if (shape?.options?.length) {
        const options = ['', ...shape.options];
        if (text && !options.includes(text)) options.push(text);
        return h('td', null, h('select', hooks, options.map((o) => h('option', { value: o, selected: o === text }, o === '' ? '—' : o))));
      }
      const numeric = shape?.type === 'number' || shape?.type === 'integer';
      return h('td', null, h('input', { type: 'text', value: text, spellcheck: 'false', autocomplete: 'off', inputmode: numeric ? 'decimal' : undefined, ...hooks }));
    });
    const remove = h('button', { type: 'button', class: 'button small', 'aria-label': `${ROWS_WORDS.remove} ${label}`, [HOOKS.remove]: String(i) }, ROWS_WORDS.remove);
    return h('tr', null, cells, h('td', null, remove));
  });
  const table = h(
    'table',
    { class: 'rows-grid' },
    h('caption', { class: 'visually-hidden' }, ROWS_WORDS.editor(name)),
    h('thead', null, h('tr', null, head, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, ROWS_WORDS.remove)))),
    h('tbody', null, body),
  );
  return [
    rows.length ? h('div', { class: 'table-wrap' }, table) : h('p', { class: 'rows-none' }, ROWS_WORDS.none),
    h('button', { type: 'button', class: 'button small', [HOOKS.add]: true }, ROWS_WORDS.add(name)),
  ];
}
