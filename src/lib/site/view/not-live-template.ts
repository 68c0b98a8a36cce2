/**
 * The view of a pack template that waits on an answer or a row, or does not apply, folded: the
 * summary shows its badge and title; its reasons and its id (linking to the template on the
 * contract page) open on demand. `data-template` + `data-live="false"` are stable hooks. Styles in
 * NotLiveTemplate.astro.
 */
import * as HOOKS from '../hooks.ts';
import type { TemplateItem } from '../model/state.ts';
import { placeholderPieces } from '../model/template.ts';
import { definitionUrl, templateAnchor } from '../urls.ts';
import { badge } from './badge.ts';
import { h, type VNode } from './h.ts';
import { pieces } from './pieces.ts';

/** A template item that is not live; `cv` names the contract page whose pack section shows it in full. */
export const notLiveTemplate = (item: Pick<TemplateItem, 'id' | 'title' | 'state' | 'badge' | 'reasons'>, cv: string): VNode =>
  h(
    'li',
    { class: 'not-live', [HOOKS.template]: item.id, [HOOKS.live]: 'false', [HOOKS.templateState]: item.state },
    h(
      'details',
      { class: 'fold' },
      // A template's title: its {{placeholders}} are what each generated test fills in.
      h('summary', null, badge(item.badge), h('span', { class: 'title' }, pieces(placeholderPieces(item.title)))),
      h(
        'div',
        { class: 'fold-body' },
        h('ul', { class: 'reasons' }, item.reasons.map((r) => h('li', null, r))),
        h('a', { class: 'id', href: `${definitionUrl(cv)}#${templateAnchor(item.id)}` }, h('code', null, item.id)),
      ),
    ),
  );
