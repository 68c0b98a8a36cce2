/**
 * `<answer-explorer>`: the one island of a contract or adoption page. It reads the supplied state
 * the page embeds, fetches the definition and pack files it names, and on every change
 * re-evaluates them with the engine; its views (page-views.ts, loaded with the engine) then update
 * the server-rendered page in place. On a contract page each pack template's body is drawn when
 * its fold is first opened. The island keeps the tried state: in the URL, in the inputs, in the
 * export and the tests' Markdown; its own state is reflected in `data-*` attributes.
 */
import type { Exploration, TriedState } from '../../lib/opengdd/explore.ts';
import type { Pack, RowSetDeclaration } from '../../lib/opengdd/types.ts';
import type { PageViews } from './page-views.ts';
import type { PageState } from '../../lib/site/model/state.ts';
import * as HOOKS from '../../lib/site/hooks.ts';
import { sel } from '../../lib/site/hooks.ts';
import { loadFailed } from '../../lib/site/model/notices.ts';
import { loadExplorerData, type EmbeddedExplorerData, type ExplorerData } from './data.ts';
import { attr, setText, show } from './dom.ts';
import { EXPLORER_FILES } from '../../lib/site/model/words/explorer.ts';

/** The engine and the page model, loaded as the island starts (see engine.ts). */
type Engine = typeof import('./engine.ts');

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const sorted = (o: object) => JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const sameState = (a: TriedState, b: TriedState) =>
  sorted(a.answers) === sorted(b.answers) && sorted(a.values) === sorted(b.values) && sorted(a.rows) === sorted(b.rows);

class AnswerExplorer extends HTMLElement {
  private data!: ExplorerData;
  private engine!: Engine;
  private pack: Pack | undefined;
  private base!: TriedState;
  private tried!: TriedState;
  private current!: Exploration;
  /** The page model's state for {@link current}: every item's state, badge and words. */
  private model!: PageState;
  private root!: ParentNode;
  /** The page's views, drawn from {@link model} (loaded with the engine). */
  private views!: PageViews;
  /** The tests' Markdown (copy, download) is made only when a reader asks for it. */
  private markdownStale = true;
  /** The published tests' Markdown, which the download links to while the supplied state is shown. */
  private downloadHref: string | undefined;
  private urlTimer = 0;
  /** Settles once the definition and pack are loaded and the island has started. */
  private ready: Promise<void> | undefined;

  connectedCallback(): void {
    if (this.ready) return;
    const json = this.querySelector('script[type="application/json"]');
    if (!json?.textContent) return;
    this.root = this.closest('main') ?? document;
    this.ready = Promise.all([loadExplorerData(JSON.parse(json.textContent) as EmbeddedExplorerData), import('./engine.ts')]).then(([data, engine]) => {
      this.engine = engine;
      this.start(data);
    });
    this.ready.catch(() => {
      this.setAttribute(HOOKS.failed, '');
      setText(this.querySelector(sel(HOOKS.change)), loadFailed(EXPLORER_FILES));
    });
    // A change made while the definition and pack load waits for them, then counts; once they
    // are in, a change is handled at once (within the event, as the bench's timings expect).
    const whenReady = (act: () => void) => (this.data ? act() : void this.ready?.then(act, () => undefined));
    this.root.addEventListener('change', (e) => whenReady(() => this.onChange(e)));
    this.addEventListener('click', (e) => {
      const action = (e.target as Element).closest(sel(HOOKS.action))?.getAttribute(HOOKS.action);
      if (action === 'close') this.querySelector('dialog')?.close();
      else if (action) whenReady(() => this.act(action));
    });
    // A contract page's pack templates carry their summaries only: each body is drawn from the
    // pack when its fold first opens (toggle does not bubble, so it is caught on the way down),
    // and every one before printing, since paper cannot open a fold.
    this.root.addEventListener(
      'toggle',
      (e) => {
        const fold = e.target;
        if (fold instanceof HTMLDetailsElement && fold.open && fold.matches('details.template')) whenReady(() => this.views.drawTemplate(fold, this.model));
      },
      { capture: true },
    );
    window.addEventListener('beforeprint', () => {
      if (this.data) for (const fold of this.root.querySelectorAll('details.template')) this.views.drawTemplate(fold, this.model);
    });
    for (const host of this.root.querySelectorAll<HTMLDetailsElement>(`details${sel(HOOKS.rowsEditor)}`)) {
      host.addEventListener('toggle', () => host.open && whenReady(() => void this.buildEditor(host)), { once: true });
    }
  }

  /** Records the state the server rendered, applies a state the URL carries, and starts listening. */
  private start(data: ExplorerData): void {
    this.data = data;
    this.pack = (data.pack ?? undefined) as Pack | undefined;
    this.base = clone(data.supplied);

    this.tried = clone(this.base);
    this.current = this.run();
    this.model = this.modelOf(this.current);
    this.views = new this.engine.PageViews(this.root, data, this.pack, this.model, this.base.rows);
    const fromUrl = this.engine.decodeState(new URLSearchParams(location.search), this.base);
    if (fromUrl) {
      this.tried = clone(fromUrl);
      this.update(false);
      this.syncInputs();
      // A link with a tried state says what that state is, not the untried page's sentence.
      setText(this.querySelector(sel(HOOKS.change)), this.engine.triedStateSentence(this.data.page, this.tried, this.base, this.current.evaluation.questions));
    } else this.reflect();
    // The sticky bar's height, for the page's scroll padding: a focused element is never under it.
    const bar = this.querySelector<HTMLElement>('.explorer-bar');
    if (bar) new ResizeObserver(() => document.documentElement.style.setProperty('--explorer-bar-height', `${bar.offsetHeight}px`)).observe(bar);

    // Copy and download of the tests' Markdown: brought up to date just before they act.
    this.root.addEventListener('click', (e) => this.freshMarkdown(e), { capture: true });
    this.setAttribute(HOOKS.ready, '');
  }

  private act(action: string): void {
    if (action === 'restore') this.restore();
    else if (action === 'copy' || action === 'download') {
      void import('./export.ts').then((m) => m.exportAdoption(this, action, this.data, this.tried, this.current));
    }
  }

  private run(): Exploration {
    return this.engine.explore(this.data.definition, this.pack, this.data.adoption, this.tried, this.data.verification);
  }

  private modelOf(e: Exploration): PageState {
    return this.engine.pageState(this.data.definition, e.evaluation, e.templates, this.data.page);
  }

  private onChange(e: Event): void {
    const input = e.target as HTMLInputElement;
    if (input.type === 'radio' && input.closest(sel(HOOKS.choice))) {
      this.tried.answers[input.name] = input.value;
    } else if (input.hasAttribute(HOOKS.tryValue)) {
      const name = input.getAttribute(HOOKS.tryValue)!;
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
    this.querySelector<HTMLElement>(sel(HOOKS.change))?.focus();
    for (const host of this.root.querySelectorAll<HTMLElement>(`details${sel(HOOKS.rowsEditor)}${sel(HOOKS.built)}`)) void this.buildEditor(host);
  }

  /** Re-evaluates, updates the page, the URL and the spoken summary. */
  private update(announce: boolean): void {
    // Timed as `explorer:recompute` (the engine) and `explorer:render` (the page) for `npm run bench`;
    // only the latest change's measures are kept.
    const t0 = performance.now();
    const next = this.run();
    const t1 = performance.now();
    const model = this.modelOf(next);
    // A rule a change breaks (or mends) is said first; "No test changes." then says nothing more.
    const rules = this.engine.ruleChanges(this.model.rules, model.rules);
    const tests = this.engine.changeSummary(this.current, next);
    const summary = rules.length && tests === this.engine.NO_TEST_CHANGES ? rules.join(' ') : [...rules, tests].join(' ');
    this.current = next;
    this.model = model;
    this.views.render(model, this.tried);
    this.markdownStale = true;
    performance.clearMeasures('explorer:recompute');
    performance.clearMeasures('explorer:render');
    performance.measure('explorer:recompute', { start: t0, end: t1 });
    performance.measure('explorer:render', { start: t1, end: performance.now() });
    this.reflect();
    // The URL follows once the page has been updated (a burst of changes writes it once).
    clearTimeout(this.urlTimer);
    this.urlTimer = window.setTimeout(() => {
      const params = sameState(this.tried, this.base) ? '' : `?${this.engine.encodeState(this.tried, this.base).toString()}`;
      history.replaceState(history.state, '', `${location.pathname}${params}${location.hash}`);
    });
    if (announce) setText(this.querySelector(sel(HOOKS.change)), summary);
    // For other parts of the page (e.g. <adoption-compare>), which keep to their own markup.
    this.dispatchEvent(new CustomEvent('answer-explorer:change', { bubbles: true, detail: { answers: { ...this.tried.answers } } }));
  }

  /** The island's own state, as attributes tools and styles can read. */
  private reflect(): void {
    const c = this.model.counts;
    const supplied = sameState(this.tried, this.base);
    attr(this, HOOKS.explorerState, supplied ? (this.data.page === 'adoption' ? 'supplied' : 'empty') : 'tried');
    attr(this, HOOKS.tests, String(c.tests));
    attr(this, HOOKS.liveTemplates, String(c.live));
    show(this.querySelector(sel(HOOKS.action, 'restore')), !supplied);
  }

  /** Puts the radios and value inputs in line with the tried state (after a reload or restore). */
  private syncInputs(): void {
    for (const radio of this.root.querySelectorAll<HTMLInputElement>(`${sel(HOOKS.choice)} input[type="radio"]`)) {
      radio.checked = this.tried.answers[radio.name] === radio.value;
    }
    for (const input of this.root.querySelectorAll<HTMLInputElement>(`input${sel(HOOKS.tryValue)}`)) {
      const v = this.tried.values[input.getAttribute(HOOKS.tryValue)!];
      input.value = v === undefined ? '' : String(v);
    }
  }

  /** Before "Copy tests as Markdown" or the tests' download act, puts the tried tests in them. */
  private freshMarkdown(e: Event): void {
    const target = e.target as Element;
    const link = target.closest<HTMLAnchorElement>(`${sel(HOOKS.testsDownload)} a`);
    if (!link && !target.closest(`copy-button${sel(HOOKS.copyTarget, 'tests-markdown')}`)) return;
    if (!this.markdownStale) return;
    this.markdownStale = false;
    const text = this.engine.renderAdoptionTests(this.current.templates.flatMap((o) => o.tests));
    const template = this.root.querySelector<HTMLTemplateElement>(`template${sel(HOOKS.testsMarkdown)}`);
    if (template) template.content.textContent = `${text}\n`;
    const download = this.root.querySelector<HTMLAnchorElement>(`${sel(HOOKS.testsDownload)} a`);
    if (download) {
      this.downloadHref ??= download.getAttribute('href') ?? '';
      if (download.href.startsWith('blob:')) URL.revokeObjectURL(download.href);
      download.href = sameState(this.tried, this.base)
        ? this.downloadHref
        : URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/markdown' }));
    }
  }

  private async buildEditor(host: HTMLElement): Promise<void> {
    const name = host.getAttribute(HOOKS.rowsEditor)!;
    const decl = this.data.definition.declares.rows?.[name] as RowSetDeclaration | undefined;
    const body = host.querySelector<HTMLElement>(sel(HOOKS.editorBody));
    if (!decl || !body) return;
    host.setAttribute(HOOKS.built, '');
    const { buildRowsEditor } = await this.views.rows();
    // Redrawn at once after a row is added or removed, so the editor can move the focus into it.
    const draw = () =>
      buildRowsEditor(body, name, decl, this.tried.rows[name] ?? [], (rows, rebuild) => {
        this.tried.rows = { ...this.tried.rows, [name]: rows };
        this.update(true);
        if (rebuild) draw();
      });
    draw();
  }
}

customElements.define('answer-explorer', AnswerExplorer);
