/**
 * Draws a folded pack template's body on the contract page when it is first opened, from the page
 * model's `templateBody` (every word comes from there): the facts, the bindings table, the test
 * block laid out for reading and the text, placeholders marked — the markup TemplateDetails,
 * Pieces and TestBlockView use, so their global styles apply.
 */
import type { Piece, TemplateBody } from '../../lib/site/model/template.ts';
import { make } from './dom.ts';
import { pieceNodes } from './pieces.ts';
import { drawTestView } from './tests-view.ts';

const withPieces = <E extends Element>(el: E, pieces: Piece[]): E => {
  el.append(...pieceNodes(pieces));
  return el;
};

/** The elements of a template's body, in the order TemplateDetails lays them out. */
export function templateBodyNodes(body: TemplateBody): Element[] {
  const facts = make('dl', 'facts');
  for (const f of body.facts) {
    const dd = make('dd');
    if (f.pieces) dd.append(...pieceNodes(f.pieces));
    if (f.list) {
      const ul = make('ul', 'plain');
      ul.append(...f.list.map((item) => withPieces(make('li'), item)));
      dd.append(ul);
    }
    const div = make('div');
    div.append(make('dt', undefined, f.label), dd);
    facts.append(div);
  }
  const out: Element[] = [facts];
  if (body.bindings) {
    const b = body.bindings;
    const head = make('tr');
    for (const h of b.head) {
      const th = make('th', undefined, h);
      th.scope = 'col';
      head.append(th);
    }
    const thead = make('thead');
    thead.append(head);
    const tbody = make('tbody');
    for (const row of b.rows) {
      const th = make('th');
      th.scope = 'row';
      th.append(make('code', undefined, row.id));
      const phrases = make('ul', 'plain');
      phrases.append(...row.phrases.map((p) => withPieces(make('li'), p)));
      const cell = make('td');
      cell.append(phrases);
      const tr = make('tr');
      tr.append(th, withPieces(make('td'), row.by), cell);
      tbody.append(tr);
    }
    const table = make('table');
    table.append(make('caption', 'visually-hidden', b.label), thead, tbody);
    const wrap = make('div', 'table-wrap');
    wrap.tabIndex = 0;
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-label', b.label);
    wrap.append(table);
    out.push(wrap);
  }
  const dl = make('dl', 'test-view');
  drawTestView(dl, body.test.type, body.test.rows, true);
  out.push(dl, withPieces(make('p', 'text'), body.text));
  return out;
}
