/**
 * `<answer-explorer>`: the one island of a contract or adoption page. It reads the supplied state
 * the page embeds, fetches the definition and pack files it names, and on every change
 * re-evaluates them with the engine and updates the server-rendered page in place: questions
 * asked or not, values active or not, rule results, the rows, every template's liveness and
 * reason, the generated tests and the counts.
 * The tried state lives in the URL. Its own state is reflected in `data-*` attributes.
 */
import {
  changeSummary,
  decodeState,
  encodeState,
  explore,
  type Exploration,
  type TriedState,
} from '../../lib/opengdd/explore.ts';
import { renderAdoptionTests } from '../../lib/opengdd/render.ts';
import type { TemplateOutcome } from '../../lib/opengdd/templates.ts';
import type { Pack, RowSetDeclaration } from '../../lib/opengdd/types.ts';
import { definitionUrl, templateAnchor, testAnchor } from '../../lib/site/urls.ts';
import { loadExplorerData, type EmbeddedExplorerData } from './data.ts';
import { attr, cidOf, make, setBadge, setText, show } from './dom.ts';
import { liveSection, notLiveItem } from './tests-view.ts';
import {
  activeBadge,
  countLine,
  questionBadge,
  reasonSentence,
  ruleBadge,
  showsRuleMessage,
  valueBadge,
  type ExplorerData,
} from './words.ts';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const sorted = (o: object) => JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const sameState = (a: TriedState, b: TriedState) =>
  sorted(a.answers) === sorted(b.answers) && sorted(a.values) === sorted(b.values) && sorted(a.rows) === sorted(b.rows);

class AnswerExplorer extends HTMLElement {
  private data!: ExplorerData;
  private pack: Pack | undefined;
  private base!: TriedState;
  private tried!: TriedState;
  private current!: Exploration;
  private root!: ParentNode;
  /** What each template's element shows now, so only changed templates are rebuilt. */
  private shown = new Map<string, { sig: string; el: Element | null }>();
  private shownRows = new Map<string, string>();
  private badgeProto: Element | null = null;
  /** Rows (table and editor) load only when rows are tried: a contract page never needs them. */
  private rowsModule: Promise<typeof import('./rows.ts')> | undefined;
  /** The test index as last drawn (names and titles), so an unchanged index is left alone. */
  private indexKey = '';
  /** The tests' Markdown (copy, download) is rebuilt only when a reader asks for it. */
  private markdownStale = false;
  private urlTimer = 0;
  /** Settles once the definition and pack are loaded and the island has started. */
  private ready: Promise<void> | undefined;

  connectedCallback(): void {
    if (this.ready) return;
    const json = this.querySelector('script[type="application/json"]');
    if (!json?.textContent) return;
    this.root = this.closest('main') ?? document;
    this.ready = loadExplorerData(JSON.parse(json.textContent) as EmbeddedExplorerData).then((data) => this.start(data));
    this.ready.catch(() => {
      this.setAttribute('data-failed', '');
      setText(this.querySelector('[data-change]'), 'The explorer could not load this contract’s files. Reload the page to try again.');
    });
    // A change made while the definition and pack load waits for them, then counts; once they
    // are in, a change is handled at once (within the event, as the bench's timings expect).
    const whenReady = (act: () => void) => (this.data ? act() : void this.ready?.then(act, () => undefined));
    this.root.addEventListener('change', (e) => whenReady(() => this.onChange(e)));
    this.addEventListener('click', (e) => {
      const action = (e.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action;
      if (action === 'close') this.querySelector('dialog')?.close();
      else if (action) whenReady(() => this.act(action));
    });
    for (const host of this.root.querySelectorAll<HTMLDetailsElement>('details[data-rows-editor]')) {
      host.addEventListener('toggle', () => host.open && whenReady(() => void this.buildEditor(host)), { once: true });
    }
  }

  /** Records the state the server rendered, applies a state the URL carries, and starts listening. */
  private start(data: ExplorerData): void {
    this.data = data;
    this.pack = (data.pack ?? undefined) as Pack | undefined;
    this.base = clone(data.supplied);
    this.badgeProto = this.querySelector<HTMLTemplateElement>('template[data-protos]')?.content.querySelector('.badge') ?? null;

    this.tried = clone(this.base);
    this.current = this.run();
    for (const o of this.current.templates) {
      this.shown.set(o.template.id, { sig: this.signature(o), el: this.root.querySelector(`[data-live][data-template="${CSS.escape(o.template.id)}"]`) });
    }
    for (const name of Object.keys(this.base.rows)) this.shownRows.set(name, JSON.stringify(this.base.rows[name]));
    const fromUrl = decodeState(new URLSearchParams(location.search), this.base);
    if (fromUrl) {
      this.tried = clone(fromUrl);
      this.update(false);
      this.syncInputs();
      // A link with a tried state says what that state is, not the untried page's sentence (loaded
      // only for such a link: the words are not needed at every page load).
      const { tried, base, current } = this;
      void import('../../lib/site/tried-state.ts').then(
        (m) => this.current === current && setText(this.querySelector('[data-change]'), m.triedStateSentence(this.data.page, tried, base, current.evaluation.questions)),
      );
    } else this.reflect();
    // The sticky bar's height, for the page's scroll padding: a focused element is never under it.
    const bar = this.querySelector<HTMLElement>('.explorer-bar');
    if (bar) new ResizeObserver(() => document.documentElement.style.setProperty('--explorer-bar-height', `${bar.offsetHeight}px`)).observe(bar);

    // Copy and download of the tests' Markdown: brought up to date just before they act.
    this.root.addEventListener('click', (e) => this.freshMarkdown(e), { capture: true });
    this.setAttribute('data-ready', '');
  }

  private act(action: string): void {
    if (action === 'restore') this.restore();
    else if (action === 'copy' || action === 'download') {
      void import('./export.ts').then((m) => m.exportAdoption(this, action, this.data, this.tried, this.current));
    }
  }

  private run(): Exploration {
    return explore(this.data.definition, this.pack, this.data.adoption, this.tried, this.data.verification);
  }

  private onChange(e: Event): void {
    const input = e.target as HTMLInputElement;
    if (input.type === 'radio' && input.closest('[data-choice]')) {
      this.tried.answers[input.name] = input.value;
    } else if (input.dataset.tryValue) {
      const name = input.dataset.tryValue;
      const text = input.value.trim();
      const n = Number(text);
      if (text === '') delete this.tried.values[name];
      else this.tried.values[name] = /^-?\d/.test(text) && Number.isFinite(n) ? n : text;
    } else return;
    this.update(true);
  }

  private restore(): void {
    this.tried = clone(this.base);
    this.update(true);
    this.syncInputs();
    // The restore button hides itself: focus goes to the sentence saying what the restore did, not
    // to <body> (a narrow screen, which hides the sentence, shows it while it has focus).
    this.querySelector<HTMLElement>('[data-change]')?.focus();
    for (const host of this.root.querySelectorAll<HTMLElement>('details[data-rows-editor][data-built]')) void this.buildEditor(host);
  }

  /** Re-evaluates, updates the page, the URL and the spoken summary. */
  private update(announce: boolean): void {
    // Timed as `explorer:recompute` (the engine) and `explorer:render` (the page) for `npm run bench`;
    // only the latest change's measures are kept.
    const t0 = performance.now();
    const next = this.run();
    const t1 = performance.now();
    const summary = changeSummary(this.current, next);
    this.current = next;
    this.render(next);
    performance.clearMeasures('explorer:recompute');
    performance.clearMeasures('explorer:render');
    performance.measure('explorer:recompute', { start: t0, end: t1 });
    performance.measure('explorer:render', { start: t1, end: performance.now() });
    this.reflect();
    // The URL follows once the page has been updated (a burst of changes writes it once).
    clearTimeout(this.urlTimer);
    this.urlTimer = window.setTimeout(() => {
      const params = sameState(this.tried, this.base) ? '' : `?${encodeState(this.tried, this.base).toString()}`;
      history.replaceState(history.state, '', `${location.pathname}${params}${location.hash}`);
    });
    if (announce) setText(this.querySelector('[data-change]'), summary);
    // For other parts of the page (e.g. <adoption-compare>), which keep to their own markup.
    this.dispatchEvent(new CustomEvent('answer-explorer:change', { bubbles: true, detail: { answers: { ...this.tried.answers } } }));
  }

  /** The island's own state, as attributes tools and styles can read. */
  private reflect(): void {
    const c = this.current.counts;
    const supplied = sameState(this.tried, this.base);
    this.dataset.state = supplied ? (this.data.page === 'adoption' ? 'supplied' : 'empty') : 'tried';
    this.dataset.tests = String(c.tests);
    this.dataset.liveTemplates = String(c.live);
    show(this.querySelector('[data-action="restore"]'), !supplied);
  }

  /** Puts the radios and value inputs in line with the tried state (after a reload or restore). */
  private syncInputs(): void {
    for (const radio of this.root.querySelectorAll<HTMLInputElement>('[data-choice] input[type="radio"]')) {
      radio.checked = this.tried.answers[radio.name] === radio.value;
    }
    for (const input of this.root.querySelectorAll<HTMLInputElement>('input[data-try-value]')) {
      const v = this.tried.values[input.dataset.tryValue!];
      input.value = v === undefined ? '' : String(v);
    }
  }

  private badge(): Element {
    return (this.badgeProto?.cloneNode(true) as Element | undefined) ?? make('span', undefined, 'badge');
  }

  private render(e: Exploration): void {
    const page = this.data.page;
    const root = this.root;

    // Questions: asked or not, the answer that counts, the otherwise text in its place.
    let asked = 0;
    for (const q of e.evaluation.questions) {
      const el = root.querySelector(`[data-question="${CSS.escape(q.id)}"]`);
      if (!el) continue;
      if (q.asked) asked++;
      const answer = this.tried.answers[q.id];
      attr(el, 'data-asked', String(q.asked));
      attr(el, 'data-answer', answer);
      const badge = el.querySelector('header .state .badge');
      if (badge) setBadge(badge, questionBadge(q.asked));
      show(el.querySelector('[data-choice]'), q.asked);
      el.querySelectorAll('[data-otherwise]').forEach((o) => show(o, !q.asked));
      const ignored = el.querySelector('[data-ignored]');
      show(ignored, !q.asked && answer !== undefined);
      if (ignored && answer !== undefined) setText(ignored.querySelector('code'), answer);
      show(el.querySelector('[data-pending]'), q.asked && answer === undefined);
      for (const row of el.querySelectorAll('tr[data-option]')) attr(row, 'data-chosen', q.asked && row.getAttribute('data-option') === answer ? '' : undefined);
    }
    root.querySelectorAll('[data-asked-count]').forEach((n) => setText(n, String(asked)));
    document.querySelectorAll('a[href="#answers"] .note').forEach((n) => setText(n, `${asked}/${e.evaluation.questions.length}`));

    // Values: active or not, and (on an adoption page) the tried value's form.
    for (const v of e.evaluation.values) {
      const row = root.querySelector(`tr[data-value="${CSS.escape(v.name)}"]`);
      if (!row) continue;
      attr(row, 'data-active', String(v.active));
      const a = row.querySelector('[data-active-badge] .badge');
      if (a) setBadge(a, activeBadge(v.active));
      const s = row.querySelector('[data-value-badge] .badge');
      if (s) setBadge(s, valueBadge(v));
    }

    // Rules: every result on an adoption page; on a contract page, where no values are supplied,
    // only the answer-aware rules say something.
    for (const r of e.evaluation.rules) {
      if (page === 'contract' && r.kind !== 'answer-aware') continue;
      const li = root.querySelector(`[data-rule="${CSS.escape(r.name)}"]`);
      if (!li) continue;
      attr(li, 'data-status', r.status);
      let result = li.querySelector('.result');
      if (!result) {
        const head = li.querySelector('.head');
        result = make('span', cidOf(head), 'result');
        result.append(this.badge());
        head?.append(result);
      }
      setBadge(result.querySelector('.badge')!, ruleBadge(r.status, r.severity));
      let message = li.querySelector('.result-message');
      if (!message && showsRuleMessage(r.status)) li.append((message = make('p', cidOf(li), 'result-message')));
      if (message) {
        show(message, showsRuleMessage(r.status));
        setText(message, r.message);
      }
    }

    // Rows, as the adoption page's tables show them.
    for (const [name, rows] of Object.entries(this.tried.rows)) {
      const json = JSON.stringify(rows);
      if (this.shownRows.get(name) === json) continue;
      this.shownRows.set(name, json);
      const section = root.querySelector(`[data-rowset="${CSS.escape(name)}"]`);
      const decl = this.data.definition.declares.rows?.[name];
      if (section && decl) void this.rows().then((m) => m.renderRows(section, name, decl, rows));
    }

    if (this.pack) this.renderTests(e);
  }

  private rows(): Promise<typeof import('./rows.ts')> {
    return (this.rowsModule ??= import('./rows.ts'));
  }

  private async buildEditor(host: HTMLElement): Promise<void> {
    const name = host.dataset.rowsEditor!;
    const decl = this.data.definition.declares.rows?.[name] as RowSetDeclaration | undefined;
    const body = host.querySelector<HTMLElement>('[data-editor-body]');
    if (!decl || !body) return;
    host.setAttribute('data-built', '');
    const { buildRowsEditor } = await this.rows();
    // Redrawn at once after a row is added or removed, so the editor can move the focus into it.
    const draw = () =>
      buildRowsEditor(body, name, decl, this.tried.rows[name] ?? [], (rows, rebuild) => {
        this.tried.rows = { ...this.tried.rows, [name]: rows };
        this.update(true);
        if (rebuild) draw();
      });
    draw();
  }

  private signature(o: TemplateOutcome): string {
    return o.live ? `L${JSON.stringify(o.tests)}` : `N${this.reasons(o).join('\n')}`;
  }

  private reasons(o: TemplateOutcome): string[] {
    return o.reasons.map((r) => reasonSentence(r, this.data.definition, this.data.page, o.template.collection));
  }

  /** Before "Copy tests as Markdown" or the tests' download act, puts the tried tests in them. */
  private freshMarkdown(e: Event): void {
    const target = e.target as Element;
    const link = target.closest<HTMLAnchorElement>('[data-tests-download-wrap] a');
    if (!link && !target.closest('copy-button[data-target="tests-markdown"]')) return;
    if (!this.markdownStale) return;
    this.markdownStale = false;
    const text = renderAdoptionTests(this.current.templates.flatMap((o) => o.tests));
    const template = this.root.querySelector<HTMLTemplateElement>('template[data-tests-markdown]');
    if (template) template.content.textContent = `${text}\n`;
    const download = this.root.querySelector<HTMLAnchorElement>('[data-tests-download-wrap] a');
    if (download) {
      download.dataset.href ??= download.getAttribute('href') ?? '';
      if (download.href.startsWith('blob:')) URL.revokeObjectURL(download.href);
      download.href = sameState(this.tried, this.base)
        ? download.dataset.href
        : URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/markdown' }));
    }
  }

  private renderTests(e: Exploration): void {
    const root = this.root;
    const liveBox = root.querySelector('[data-tests-live]');
    const offList = root.querySelector('[data-tests-off] ul');
    const protos = root.querySelector<HTMLTemplateElement>('template[data-test-protos]')?.content;
    const testProto = protos?.querySelector('[data-proto-test-name]');
    const offProto = protos?.querySelector('[data-proto-live]');
    if (!liveBox || !offList || !testProto || !offProto) return;
    const ids = e.templates.map((o) => o.template.id);
    e.templates.forEach((o, i) => {
      const id = o.template.id;
      const sig = this.signature(o);
      const was = this.shown.get(id);
      if (was?.sig === sig) return;
      const el = o.live
        ? liveSection(liveBox, testProto, id, o.tests)
        : notLiveItem(offProto, id, o.template.title, `${definitionUrl(this.data.cv)}#${templateAnchor(id)}`, this.reasons(o));
      const box = o.live ? liveBox : offList;
      // Keep pack order: insert before the next template already in the same list.
      let before: Element | null = null;
      for (const later of ids.slice(i + 1)) {
        const n = this.shown.get(later)?.el;
        if (n && n.parentElement === box) {
          before = n;
          break;
        }
      }
      was?.el?.remove();
      box.insertBefore(el, before);
      this.shown.set(id, { sig, el });
    });

    const tests = e.templates.flatMap((o) => o.tests);
    const off = e.counts.templates - e.counts.live;
    const line = `${countLine(e.counts.tests, e.counts.live, e.counts.templates)}.`;
    root.querySelectorAll('[data-test-count]').forEach((n) => setText(n, line));
    const count = root.querySelector('#tests .count');
    if (count?.childNodes[1]) count.childNodes[1].textContent = String(tests.length);
    document.querySelectorAll('a[href="#tests"] .note').forEach((n) => setText(n, String(tests.length)));
    document.querySelectorAll('a[href="#not-applying"] .note').forEach((n) => setText(n, String(off)));
    const offBox = root.querySelector('[data-tests-off]');
    show(offBox, off > 0);
    setText(offBox?.querySelector('h3'), off === 1 ? '1 template does not apply' : `${off} templates do not apply`);

    const index = root.querySelector('[data-test-index]');
    const indexKey = tests.map((t) => t.name + t.title).join('\n');
    if (index && indexKey !== this.indexKey) {
      this.indexKey = indexKey;
      const cid = cidOf(index);
      index.replaceChildren(
        ...tests.map((t) => {
          const li = make('li', cid);
          const a = make('a', cid, undefined, t.title);
          a.href = `#${testAnchor(t.name)}`;
          li.append(a);
          return li;
        }),
      );
    }
    this.markdownStale = true;
  }
}

customElements.define('answer-explorer', AnswerExplorer);
