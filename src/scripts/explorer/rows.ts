/**
 * Rows in the answer explorer, loaded only when an adoption's rows are tried (a contract page never
 * loads it): the rows table redrawn for the tried rows, and the compact editor — one table of
 * inputs per row set (a select for a field with options), "Remove" per row and "Add a row". The
 * editor reports every committed change as a new list of rows and never mutates the rows it was
 * given. Its styles live in RowsEditor.astro (global, scoped by its class).
 */
import type { FieldShape, Row, RowSetDeclaration } from '../../lib/opengdd/types.ts';
import { ROWS_WORDS, rowsView } from '../../lib/site/model/rows.ts';
import { make, setText } from './dom.ts';

/** Redraws a RowsTable section for `rows`, as the static page draws it (both from `rowsView`). */
export function renderRows(section: Element, name: string, decl: RowSetDeclaration, rows: Row[]): void {
  const v = rowsView(name, decl, rows);
  section.setAttribute('data-row-count', String(v.total));
  setText(section.querySelector('h3 .count'), v.count);
  section.querySelectorAll(':scope > .table-wrap, :scope > [data-state="when-empty"], :scope > .unused').forEach((n) => n.remove());
  const anchor = section.querySelector(':scope > .description') ?? section.querySelector(':scope > h3');
  if (v.total === 0) {
    const callout = make('div', 'callout');
    callout.setAttribute('data-state', 'when-empty');
    callout.append(make('span', 'callout-label', ROWS_WORDS.empty), v.whenEmpty);
    anchor?.after(callout);
    return;
  }
  // Focusable and named, as RowsTable.astro draws it: a wide table must scroll from the keyboard.
  const wrap = make('div', 'table-wrap');
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-label', ROWS_WORDS.table(v.label));
  const table = make('table');
  const head = make('tr');
  for (const c of v.columns) {
    const th = make('th');
    th.scope = 'col';
    th.append(make('span', 'field', c.field), make('span', 'type', c.type));
    head.append(th);
  }
  const thead = make('thead');
  thead.append(head);
  const tbody = make('tbody');
  for (const row of v.rows) {
    const tr = make('tr');
    if (row.id !== undefined) tr.setAttribute('data-row-id', row.id);
    row.cells.forEach((c, i) => {
      const cell = make(i === 0 ? 'th' : 'td');
      if (i === 0) cell.setAttribute('scope', 'row');
      cell.append(c !== undefined ? make('code', undefined, c) : make('span', 'absent', '—'));
      tr.append(cell);
    });
    tbody.append(tr);
  }
  table.append(make('caption', 'visually-hidden', ROWS_WORDS.table(v.label)), thead, tbody);
  wrap.append(table);
  const after: Element[] = [wrap];
  if (v.cut) after.push(make('p', 'unused', v.cut));
  if (v.unused.length) {
    const p = make('p', 'unused', ROWS_WORDS.unused);
    v.unused.forEach((f, i) => p.append(...(i > 0 ? [', '] : []), make('code', undefined, f)));
    p.append('.');
    after.push(p);
  }
  anchor?.after(...after);
}

/** Turns an input's text into a field value for the field's type; `undefined` removes the field. */
function parse(text: string, shape: FieldShape | undefined): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if ((shape?.type === 'number' || shape?.type === 'integer') && /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(t)) return Number(t);
  return t;
}

const fieldsOf = (decl: RowSetDeclaration) => Object.keys(decl.record ?? {}).filter((k) => !k.startsWith('_'));

/** Builds (or rebuilds) the editor for one row set inside `host`. */
export function buildRowsEditor(
  host: HTMLElement,
  name: string,
  decl: RowSetDeclaration,
  rows: Row[],
  onChange: (rows: Row[], rebuild: boolean) => void,
): void {
  const fields = fieldsOf(decl);
  const table = document.createElement('table');
  table.className = 'rows-grid';
  const caption = table.createCaption();
  caption.className = 'visually-hidden';
  caption.textContent = ROWS_WORDS.editor(name);
  const head = table.createTHead().insertRow();
  for (const f of fields) {
    const th = document.createElement('th');
    th.scope = 'col';
    const shape = decl.record[f];
    th.innerHTML = '<span class="f"></span><span class="t"></span>';
    th.firstChild!.textContent = f;
    th.lastChild!.textContent = `${shape?.type ?? ''}${shape?.required ? ', required' : ''}`;
    head.append(th);
  }
  const last = document.createElement('th');
  last.scope = 'col';
  last.append(make('span', 'visually-hidden', ROWS_WORDS.remove));
  head.append(last);
  const body = table.createTBody();
  rows.forEach((row, i) => {
    const tr = body.insertRow();
    const label = typeof row.id === 'string' && row.id ? row.id : `row ${i + 1}`;
    for (const f of fields) {
      const shape = decl.record[f];
      const td = tr.insertCell();
      const value = Object.prototype.hasOwnProperty.call(row, f) ? row[f] : undefined;
      const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
      let input: HTMLInputElement | HTMLSelectElement;
      if (shape?.options?.length) {
        const select = document.createElement('select');
        const options = ['', ...shape.options];
        if (text && !options.includes(text)) options.push(text);
        for (const o of options) select.add(new Option(o === '' ? '—' : o, o, false, o === text));
        input = select;
      } else {
        const box = document.createElement('input');
        box.type = 'text';
        box.value = text;
        box.spellcheck = false;
        box.autocomplete = 'off';
        if (shape?.type === 'number' || shape?.type === 'integer') box.inputMode = 'decimal';
        input = box;
      }
      input.setAttribute('aria-label', `${f} of ${label}`);
      input.dataset.row = String(i);
      input.dataset.field = f;
      td.append(input);
    }
    const td = tr.insertCell();
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'button small';
    remove.textContent = ROWS_WORDS.remove;
    remove.setAttribute('aria-label', `${ROWS_WORDS.remove} ${label}`);
    remove.dataset.remove = String(i);
    td.append(remove);
  });
  const add = document.createElement('button');
  add.type = 'button';
  add.className = 'button small';
  add.textContent = ROWS_WORDS.add(name);
  add.dataset.add = '';
  const wrap = document.createElement('div');
  wrap.className = 'table-wrap';
  wrap.append(table);
  const empty = document.createElement('p');
  empty.className = 'rows-none';
  empty.textContent = ROWS_WORDS.none;
  host.replaceChildren(...(rows.length ? [wrap] : [empty]), add);

  host.onchange = (event) => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const i = Number(input.dataset.row);
    const f = input.dataset.field;
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
    if (button.dataset.remove !== undefined) {
      const i = Number(button.dataset.remove);
      onChange(rows.filter((_, j) => j !== i), true);
      // The row's button is gone: keep the keyboard in the editor.
      host.querySelector<HTMLElement>(`[data-remove="${Math.min(i, rows.length - 2)}"]`)?.focus() ?? host.querySelector<HTMLElement>('[data-add]')?.focus();
    } else if (button.dataset.add !== undefined) {
      const row: Row = {};
      if (fields.includes('id')) row.id = `row-${rows.length + 1}`;
      onChange([...rows, row], true);
      host.querySelector<HTMLElement>(`[data-row="${rows.length}"]`)?.focus();
    }
  };
}
