/**
 * The explorer's test list: each template of the pack shown either as its generated tests (a
 * `data-live="true"` section of GeneratedTest articles) or as a template that does not apply
 * (a NotLiveTemplate item with its reasons). New elements are cloned from server-rendered
 * prototypes, so they carry the same markup and styles as the static page.
 */
import type { GeneratedTest } from '../../lib/opengdd/templates.ts';
import { testViewRows } from '../../lib/site/test-view.ts';
import { testAnchor } from '../../lib/site/urls.ts';
import { cidOf, make } from './dom.ts';

/** Rebuilds a TestBlockView `<dl>` for a test block, from the rows TestBlockView.astro draws. */
function fillTestView(dl: Element, test: Record<string, unknown>): void {
  const cid = cidOf(dl);
  dl.setAttribute('data-test-type', String(test.type));
  const rows = testViewRows(test).map(({ key, label, kind, items }) => {
    const div = make('div', cid);
    div.setAttribute('data-field', key);
    const dd = make('dd', cid);
    div.append(make('dt', cid, undefined, label), dd);
    if (kind === 'text') dd.append(make('p', cid, undefined, items[0]));
    else if (kind === 'code') dd.append(make('code', cid, undefined, items[0]));
    else if (kind === 'json') {
      const pre = make('pre', cid);
      pre.append(make('code', cid, undefined, items[0]));
      dd.append(pre);
    } else {
      const ul = make('ul', cid, kind === 'chips' ? 'chips' : undefined);
      for (const s of items) {
        const li = make('li', cid);
        li.append(kind === 'chips' ? make('code', cid, undefined, s) : s);
        ul.append(li);
      }
      dd.append(ul);
    }
    return div;
  });
  dl.replaceChildren(...rows);
}

/** A GeneratedTest article for `test`, cloned from the prototype. */
export function testArticle(proto: Element, test: GeneratedTest): Element {
  const article = proto.cloneNode(true) as Element;
  article.removeAttribute('data-proto-test-name');
  const anchor = testAnchor(test.name);
  article.id = anchor;
  article.setAttribute('data-test-name', test.name);
  article.setAttribute('aria-labelledby', `${anchor}-title`);
  const h3 = article.querySelector('h3');
  if (h3) h3.id = `${anchor}-title`;
  const name = article.querySelector('.name');
  if (name?.lastChild) name.lastChild.textContent = ` ${test.name}`;
  const title = article.querySelector('.title');
  if (title) title.textContent = test.title;
  const dl = article.querySelector('dl');
  if (dl) fillTestView(dl, test.test);
  const text = article.querySelector('p.text');
  if (text) text.textContent = test.text;
  const code = article.querySelector('.code');
  if (code) {
    code.id = `${anchor}-block`;
    const pre = code.querySelector('pre');
    const c = pre?.querySelector('code');
    if (pre && c) {
      c.textContent = JSON.stringify(test.test, null, 2);
      pre.replaceChildren(c);
    }
  }
  article.querySelector('copy-button')?.setAttribute('data-target', `${anchor}-block`);
  return article;
}

/** A NotLiveTemplate item, cloned from the prototype. */
export function notLiveItem(proto: Element, id: string, title: string, href: string, reasons: string[]): Element {
  const li = proto.cloneNode(true) as Element;
  li.removeAttribute('data-proto-template');
  li.removeAttribute('data-proto-live');
  li.setAttribute('data-template', id);
  li.setAttribute('data-live', 'false');
  const t = li.querySelector('.title');
  if (t) t.textContent = title;
  const a = li.querySelector('a.id');
  if (a) {
    a.setAttribute('href', href);
    a.firstElementChild!.textContent = id;
  }
  const ul = li.querySelector('ul.reasons');
  if (ul) {
    const cid = cidOf(ul);
    ul.replaceChildren(...reasons.map((r) => make('li', cid, undefined, r)));
  }
  return li;
}

/** A live template's section holding its tests. */
export function liveSection(container: Element, testProto: Element, id: string, tests: GeneratedTest[]): Element {
  const section = make('section', cidOf(container), 'template-tests');
  section.setAttribute('data-template', id);
  section.setAttribute('data-live', 'true');
  section.append(...tests.map((t) => testArticle(testProto, t)));
  return section;
}
