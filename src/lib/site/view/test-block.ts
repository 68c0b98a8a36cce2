/**
 * The view of a test block (§6) laid out for reading: Given / When / Then for a scenario, Scope /
 * Holds / Seeds for a general test, then Diagnostics and any other field (rows from `test-view.ts`).
 * A pack template's block has its `{{placeholders}}` marked. Styles in TestBlockView.astro.
 */
import * as HOOKS from '../hooks.ts';
import { placeholderPieces } from '../model/template.ts';
import type { TestViewRow } from '../test-view.ts';
import { h, type Child, type VNode } from './h.ts';
import { pieces } from './pieces.ts';

/** A test block's `<dl>`; `placeholders` marks each `{{placeholder}}` of a template's sentences. */
export function testBlock(type: string, rows: TestViewRow[], placeholders = false): VNode {
  const sentence = (s: string): Child => (placeholders ? pieces(placeholderPieces(s)) : s);
  return h(
    'dl',
    { class: 'test-view', [HOOKS.testType]: type },
    rows.map(({ key, label, kind, items }) =>
      h(
        'div',
        { [HOOKS.field]: key },
        h('dt', null, label),
        h(
          'dd',
          null,
          kind === 'text'
            ? h('p', null, sentence(items[0]!))
            : kind === 'code'
              ? h('code', null, items[0])
              : kind === 'json'
                ? h('pre', null, h('code', null, items[0]))
                : h('ul', { class: kind === 'chips' ? 'chips' : undefined }, items.map((s) => h('li', null, kind === 'chips' ? h('code', null, s) : sentence(s)))),
        ),
      ),
    ),
  );
}
