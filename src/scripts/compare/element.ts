/**
 * `<adoption-compare>`: the contract page's "How adoptions answer" and "Tests by adoption". On
 * every `answer-explorer:change` (and, when it loads after the explorer started, from the tried
 * state in the URL) it says which adoption the tried answers come closest to and marks each
 * question's tried option; the matrix and the unused templates are drawn from the published
 * `<cv>.adoptions.json` when first opened, the matrix with a "Tried" column (next to the
 * template names) and the closest
 * adoptions marked. It changes only its own markup: the page's question blocks and test
 * sections are read, never written.
 */
import { closestSentence, likeness } from '../../lib/site/closeness.ts';
import type { PublishedAnswers } from '../../lib/site/adoption-answers.ts';
import { loadFailed } from '../../lib/site/model/notices.ts';
import { placeholderPieces } from '../../lib/site/model/template.ts';
import { pieces } from '../../lib/site/view/pieces.ts';
import { toDom } from '../explorer/to-dom.ts';
import { COMPARE_WORDS as W } from '../../lib/site/model/words/compare.ts';

/** The answers of the URL's tried state (`a.<question>=<option>` with `try=1`), as the island writes them. */
function answersInUrl(): Record<string, string> {
  const params = new URLSearchParams(location.search);
  const answers: Record<string, string> = {};
  if (params.get('try') === '1') for (const [k, v] of params) if (k.startsWith('a.')) answers[k.slice(2)] = v;
  return answers;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};
/** Each adoption's counted answers, read off the "How adoptions answer" list. */
interface Answers {
  questions: string[];
  /** Adoption page addresses, in id order (as the page lists adoptions). */
  hrefs: string[];
  names: string[];
  /** `answers[adoption][question]`: the option id, or null (not asked, no answer). */
  answers: (string | null)[][];
}

function readAnswers(root: Element): Answers {
  const items = [...root.querySelectorAll<HTMLElement>('li[data-q]')];
  const found: Answers = { questions: items.map((li) => li.dataset.q!), hrefs: [], names: [], answers: [] };
  items.forEach((li, qi) => {
    for (const a of li.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      let i = found.hrefs.indexOf(a.href);
      if (i < 0) {
        i = found.hrefs.push(a.href) - 1;
        found.names.push(a.textContent ?? '');
        found.answers.push(found.questions.map(() => null));
      }
      const option = a.closest<HTMLElement>('[data-o]')?.dataset.o;
      if (option) found.answers[i]![qi] = option;
    }
  });
  const order = found.hrefs.map((_, i) => i).sort((a, b) => (found.hrefs[a]! < found.hrefs[b]! ? -1 : 1));
  return { questions: found.questions, hrefs: order.map((i) => found.hrefs[i]!), names: order.map((i) => found.names[i]!), answers: order.map((i) => found.answers[i]!) };
}

class AdoptionCompare extends HTMLElement {
  private data!: Answers;
  private figures: Promise<PublishedAnswers> | undefined;
  /** Whether answers are tried. */
  private tried = false;
  /** The closest adoptions' page addresses. */
  private nearest: string[] = [];

  connectedCallback(): void {
    if (this.data) return;
    this.data = readAnswers(this);
    document.addEventListener('answer-explorer:change', (e) => this.show((e as CustomEvent<{ answers: Record<string, string> }>).detail.answers));
    for (const box of this.querySelectorAll<HTMLDetailsElement>('details[data-matrix], details[data-unused]')) {
      box.addEventListener('toggle', () => box.open && void this.draw(box), { once: true });
    }
    const start = answersInUrl();
    if (Object.keys(start).length) this.show(start);
  }

  private show(tried: Record<string, string>): void {
    // Only answers that count: a recorded answer to a question the tried state does not ask is left out.
    const counted: Record<string, string> = {};
    for (const q of this.data.questions) {
      const asked = document.querySelector(`[data-question="${CSS.escape(q)}"]`)?.getAttribute('data-asked') !== 'false';
      if (asked && tried[q] !== undefined) counted[q] = tried[q]!;
    }
    this.tried = Object.keys(counted).length > 0;
    const ranked = likeness(this.data.questions, this.data.answers, counted);
    const best = ranked[0];
    this.nearest = this.tried && best?.alike ? ranked.filter((r) => r.alike === best.alike && r.of === best.of).map((r) => this.data.hrefs[r.index]!) : [];
    const closest = this.querySelector('[data-closest]');
    if (closest) {
      closest.textContent = closestSentence(this.data.names, ranked, this.tried);
      closest.toggleAttribute('data-found', this.tried);
    }
    for (const item of this.querySelectorAll<HTMLElement>('li[data-q]')) {
      const mine = counted[item.dataset.q!];
      for (const o of item.querySelectorAll<HTMLElement>('[data-o]')) {
        const is = o.dataset.o === mine;
        o.toggleAttribute('data-tried', is);
        const tag = o.querySelector('.ac-mine');
        if (is && !tag) o.append(el('span', { className: 'ac-mine' }, 'tried'));
        else if (!is) tag?.remove();
      }
    }
    const matrix = this.querySelector('table.ac-matrix');
    if (matrix) this.markMatrix(matrix);
  }

  /** Draws the matrix or the unused templates from the published figures, once. */
  private async draw(box: HTMLDetailsElement): Promise<void> {
    const body = box.querySelector('[data-body]');
    if (!body) return;
    this.figures ??= fetch(box.dataset.matrix ?? box.dataset.unused!).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json() as Promise<PublishedAnswers>;
    });
    let f: PublishedAnswers;
    try {
      f = await this.figures;
    } catch {
      this.figures = undefined;
      body.append(el('p', { className: 'ac-legend' }, loadFailed(W.figures)));
      return;
    }
    const link = (i: number) => el('a', { href: f.adoptions[i]!.url }, f.adoptions[i]!.name);
    // A title as its pack writes it, {{placeholders}} marked: the pieces the pack section shows.
    const template = (t: PublishedAnswers['templates'][number]) => el('a', { href: `#template-${t.id}` }, ...toDom(pieces(placeholderPieces(t.title))));
    if (box.dataset.matrix !== undefined) {
      const head = el('tr', {}, el('th', { scope: 'col' }, W.template), ...f.adoptions.map((_, i) => el('th', { scope: 'col' }, link(i))));
      const rows = f.templates.map((t) => {
        const row = el('tr', { className: t.unused ? 'ac-unused' : '' }, el('th', { scope: 'row' }, template(t)));
        row.dataset.t = t.id;
        if (t.perRow) row.dataset.perRow = '';
        for (const n of t.tests) row.append(el('td', { className: n ? 'y' : '' }, n ? (t.perRow ? String(n) : '✓') : '–'));
        return row;
      });
      const table = el('table', { className: 'ac-matrix' }, el('thead', {}, head), el('tbody', {}, ...rows));
      const wrap = el('div', { className: 'table-wrap ac-matrix-wrap', tabIndex: 0 }, table);
      wrap.setAttribute('role', 'region');
      wrap.setAttribute('aria-label', W.matrixLabel);
      body.replaceChildren(el('p', { className: 'ac-legend' }, W.legend), wrap);
      this.markMatrix(table);
    } else {
      const ids = f.adoptions.map((a) => a.id);
      const items = f.templates
        .filter((t) => t.unused)
        .map((t) =>
          el(
            'li',
            {},
            template(t),
            el(
              'ul',
              {},
              ...t.unused!.map((u) => {
                const who = u.adoptions.length === ids.length && ids.length > 1 ? W.everyAdoption : u.adoptions.map((id) => f.adoptions[ids.indexOf(id)]!.name).join(', ');
                return el('li', {}, el('span', { className: 'ac-for' }, `${who}:`), ` ${u.reason}`);
              }),
            ),
          ),
        );
      body.replaceChildren(el('ul', { className: 'ac-unused-list' }, ...items));
    }
  }

  /** The "Tried" column (tests per template as the page's test sections show them) and the closest adoptions' columns. */
  private markMatrix(table: Element): void {
    table.querySelectorAll<HTMLElement>('thead th').forEach((th) => {
      const href = th.querySelector('a')?.href;
      const is = href !== undefined && this.nearest.includes(href);
      th.toggleAttribute('data-closest', is);
      const flag = th.querySelector('.ac-flag');
      if (is && !flag) th.append(el('span', { className: 'ac-flag' }, 'closest'));
      else if (!is) flag?.remove();
    });
    if (!this.tried) {
      table.querySelectorAll('.ac-tried').forEach((c) => c.remove());
      return;
    }
    const head = table.querySelector('thead tr');
    // The reader's column comes first, beside the template it speaks of.
    if (head && !head.querySelector('.ac-tried')) head.firstElementChild!.after(el('th', { scope: 'col', className: 'ac-tried' }, W.tried));
    for (const row of table.querySelectorAll<HTMLElement>('tbody tr[data-t]')) {
      const section = document.querySelector(`[data-live][data-template="${CSS.escape(row.dataset.t!)}"]`);
      const live = section?.getAttribute('data-live') === 'true';
      let cell = row.querySelector('td.ac-tried');
      if (!cell) row.firstElementChild!.after((cell = el('td', { className: 'ac-tried' })));
      cell.textContent = !live ? '–' : row.dataset.perRow === undefined ? '✓' : String(section!.querySelectorAll('[data-test-name]').length);
      cell.classList.toggle('y', live);
    }
  }
}

customElements.define('adoption-compare', AdoptionCompare);
