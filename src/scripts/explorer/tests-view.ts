/**
 * The explorer's test list: each template of the pack shown either as its generated tests (a
 * `data-live="true"` section of GeneratedTest items) or as a template that waits or does not apply
 * (a NotLiveTemplate item with its badge and reasons, from the page model). New elements are cloned
 * from server-rendered prototypes, so they carry the same markup as the static page; their styles
 * are global, class-based rules of those components.
 */
import type { GeneratedTest } from '../../lib/opengdd/templates.ts';
import { shownTests, type TemplateItem } from '../../lib/site/model/state.ts';
import { placeholderPieces } from '../../lib/site/model/template.ts';
import { testViewRows, type TestViewRow } from '../../lib/site/test-view.ts';
import { testAnchor } from '../../lib/site/urls.ts';
import { make, setBadge } from './dom.ts';
import { pieceNodes } from './pieces.ts';

/**
 * Draws a TestBlockView `<dl>` from the rows TestBlockView.astro draws; `placeholders` marks each
 * `{{placeholder}}` of a pack template's sentences, as it does.
 */
export function drawTestView(dl: Element, type: string, rows: TestViewRow[], placeholders = false): void {
  dl.setAttribute('data-test-type', type);
  const sentence = (s: string): (Node | string)[] => (placeholders ? pieceNodes(placeholderPieces(s)) : [s]);
  dl.replaceChildren(
    ...rows.map(({ key, label, kind, items }) => {
      const div = make('div');
      div.setAttribute('data-field', key);
      const dd = make('dd');
      div.append(make('dt', undefined, label), dd);
      if (kind === 'text') {
        const p = make('p');
        p.append(...sentence(items[0]!));
        dd.append(p);
      } else if (kind === 'code') dd.append(make('code', undefined, items[0]));
      else if (kind === 'json') {
        const pre = make('pre');
        pre.append(make('code', undefined, items[0]));
        dd.append(pre);
      } else {
        const ul = make('ul', kind === 'chips' ? 'chips' : undefined);
        for (const s of items) {
          const li = make('li');
          if (kind === 'chips') li.append(make('code', undefined, s));
          else li.append(...sentence(s));
          ul.append(li);
        }
        dd.append(ul);
      }
      return div;
    }),
  );
}

/** A GeneratedTest item for `test`, cloned from the prototype. */
export function testArticle(proto: Element, test: GeneratedTest): Element {
  const item = proto.cloneNode(true) as Element;
  item.removeAttribute('data-proto-test-name');
  item.setAttribute('data-test-name', test.name);
  const heading = item.querySelector('.test-heading');
  if (heading) heading.id = testAnchor(test.name);
  const name = item.querySelector('.name');
  if (name) name.textContent = test.name;
  const title = item.querySelector('.title');
  if (title) title.textContent = test.title;
  const dl = item.querySelector('dl');
  if (dl) drawTestView(dl, String(test.test.type), testViewRows(test.test));
  const text = item.querySelector('p.text');
  if (text) text.textContent = test.text;
  return item;
}

/** A NotLiveTemplate item for a template item, cloned from the prototype. */
export function notLiveItem(proto: Element, t: TemplateItem, href: string): Element {
  const li = proto.cloneNode(true) as Element;
  li.removeAttribute('data-proto-template');
  li.removeAttribute('data-proto-live');
  li.setAttribute('data-template', t.id);
  li.setAttribute('data-live', 'false');
  li.setAttribute('data-template-state', t.state);
  setBadge(li.querySelector('.badge'), t.badge);
  // A template's title, not a test's: its placeholders are marked as NotLiveTemplate marks them.
  li.querySelector('.title')?.replaceChildren(...pieceNodes(placeholderPieces(t.title)));
  const a = li.querySelector('a.id');
  if (a) {
    a.setAttribute('href', href);
    a.firstElementChild!.textContent = t.id;
  }
  li.querySelector('ul.reasons')?.replaceChildren(...t.reasons.map((r) => make('li', undefined, r)));
  return li;
}

/** A live template's section holding its tests (as many as a page shows, and the count of the rest). */
export function liveSection(testProto: Element, t: TemplateItem): Element {
  const section = make('section', 'template-tests');
  section.setAttribute('data-template', t.id);
  section.setAttribute('data-live', 'true');
  const { tests, cut } = shownTests(t);
  section.append(...tests.map((x) => testArticle(testProto, x)));
  if (cut) section.append(make('p', 'tests-cut', cut));
  return section;
}
