/**
 * Rows in the answer explorer, loaded only when an adoption's rows are tried (a contract page never
 * loads it): the rows table redrawn for the tried rows, and the compact editor's events (its
 * markup is the view `lib/site/view/rows-editor.ts`). The editor reports every committed change as
 * a new list of rows and never mutates the rows it was given.
 */
import type { FieldShape, Row, RowSetDeclaration } from '../../lib/opengdd/types.ts';
import * as HOOKS from '../../lib/site/hooks.ts';
import { sel } from '../../lib/site/hooks.ts';
import { rowsView } from '../../lib/site/model/rows.ts';
import { editorFields, rowsEditor } from '../../lib/site/view/rows-editor.ts';
import { rowsTable } from '../../lib/site/view/rows-table.ts';
import { setText } from './dom.ts';
import { toDom } from './to-dom.ts';

/** Redraws a RowsTable section for `rows`: the heading's count, then the view below the description. */
export function renderRows(section: Element, name: string, decl: RowSetDeclaration, rows: Row[]): void {
  const v = rowsView(name, decl, rows);
  section.setAttribute(HOOKS.rowCount, String(v.total));
  setText(section.querySelector('h3 .count'), v.count);
  const anchor = section.querySelector(':scope > .description') ?? section.querySelector(':scope > h3');
  if (!anchor) return;
  while (anchor.nextSibling) anchor.nextSibling.remove();
  anchor.after(...toDom(rowsTable(v)));
}

/** Turns an input's text into a field value for the field's type; `undefined` removes the field. */
function parse(text: string, shape: FieldShape | undefined): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if ((shape?.type === 'number' || shape?.type === 'integer') && /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(t)) return Number(t);
  return t;
}

/** Builds (or rebuilds) the editor for one row set inside `host`. */
export function buildRowsEditor(
  host: HTMLElement,
  name: string,
  decl: RowSetDeclaration,
  rows: Row[],
  onChange: (rows: Row[], rebuild: boolean) => void,
): void {
  const fields = editorFields(decl);
  host.replaceChildren(...toDom(rowsEditor(name, decl, rows)));

  host.onchange = (event) => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const i = Number(input.getAttribute(HOOKS.row));
    const f = input.getAttribute(HOOKS.field);
    if (!f || !rows[i]) return;
    const next = rows.map((r) => ({ ...r }));
    const value = parse(input.value, decl.record[f]);
    if (value === undefined) delete next[i]![f];
    else next[i]![f] = value;
    // A field edit keeps the inputs (and the keyboard's place); later edits build on it.
    rows = next;
    onChange(next, false);
  };
  host.onclick = (event) => {
    const button = (event.target as Element).closest('button');
    if (!button) return;
    if (button.hasAttribute(HOOKS.remove)) {
      const i = Number(button.getAttribute(HOOKS.remove));
      onChange(rows.filter((_, j) => j !== i), true);
      // The row's button is gone: keep the keyboard in the editor.
      host.querySelector<HTMLElement>(sel(HOOKS.remove, String(Math.min(i, rows.length - 2))))?.focus() ?? host.querySelector<HTMLElement>(sel(HOOKS.add))?.focus();
    } else if (button.hasAttribute(HOOKS.add)) {
      const row: Row = {};
      if (fields.includes('id')) row.id = `row-${rows.length + 1}`;
      onChange([...rows, row], true);
      host.querySelector<HTMLElement>(sel(HOOKS.row, String(rows.length)))?.focus();
    }
  };
}
