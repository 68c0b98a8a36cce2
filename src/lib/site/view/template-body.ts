/**
 * The view of a folded pack template's body on the contract page, from the page model's
 * `templateBody` (every word comes from there): the reasons for its state, the facts, the bindings
 * table, the test block laid out for reading and the text, placeholders marked. The island draws it
 * when the fold is first opened. Styles in TemplateDetails.astro.
 */
import type { TemplateBody } from '../model/template.ts';
import { h, type Child } from './h.ts';
import { pieces } from './pieces.ts';
import { testBlock } from './test-block.ts';

/** Why a template is in its state (shown when there are reasons). */
export const templateReasons = (reasons: string[]): Child => h('ul', { class: 'reasons', hidden: reasons.length === 0 }, reasons.map((r) => h('li', null, r)));

/** The elements of a template's body, after its reasons. */
export function templateBody(body: TemplateBody): Child[] {
  const b = body.bindings;
  return [
    h(
      'dl',
      { class: 'facts' },
      body.facts.map((f) => h('div', null, h('dt', null, f.label), h('dd', null, f.pieces && pieces(f.pieces), f.list && h('ul', { class: 'plain' }, f.list.map((item) => h('li', null, pieces(item))))))),
    ),
    // Focusable and named: a wide table must scroll from the keyboard.
    b &&
      h(
        'div',
        { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': b.label },
        h(
          'table',
          null,
          h('caption', { class: 'visually-hidden' }, b.label),
          h('thead', null, h('tr', null, b.head.map((x) => h('th', { scope: 'col' }, x)))),
          h(
            'tbody',
            null,
            b.rows.map((row) => h('tr', null, h('th', { scope: 'row' }, h('code', null, row.id)), h('td', null, pieces(row.by)), h('td', null, h('ul', { class: 'plain' }, row.phrases.map((p) => h('li', null, pieces(p))))))),
          ),
        ),
      ),
    testBlock(body.test.type, body.test.rows, true),
    h('p', { class: 'text' }, pieces(body.text)),
  ];
}
