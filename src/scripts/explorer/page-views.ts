/**
 * The answer explorer's drawing half: it puts a page model state into the server-rendered page —
 * questions asked or not, values active or not, rule results, the rows, every template's state and
 * reasons, the generated tests and the counts — touching only what changed since the last state.
 * The markup it draws comes from the same views the build renders (`lib/site/view/`). Loaded with
 * the engine (see engine.ts), so the page's own script holds only the island's lifecycle.
 */
import type { TriedState } from '../../lib/opengdd/explore.ts';
import type { Pack } from '../../lib/opengdd/types.ts';
import type { Naming } from '../../lib/site/describe.ts';
import * as HOOKS from '../../lib/site/hooks.ts';
import { sel } from '../../lib/site/hooks.ts';
import { answersSection } from '../../lib/site/model/adoption.ts';
import type { PageState, TemplateItem } from '../../lib/site/model/state.ts';
import { templateBody as templateBodyModel } from '../../lib/site/model/template.ts';
import { definitionNaming, type BadgeState } from '../../lib/site/model/words.ts';
import { badge } from '../../lib/site/view/badge.ts';
import { notLiveTemplate } from '../../lib/site/view/not-live-template.ts';
import { templateBody, templateReasons } from '../../lib/site/view/template-body.ts';
import { templateTests } from '../../lib/site/view/template-tests.ts';
import type { ExplorerData } from './data.ts';
import { attr, setText, show } from './dom.ts';
import { toDom, toElement } from './to-dom.ts';

/** What a template's element shows: a template whose signature is unchanged is not redrawn. */
function signature(t: TemplateItem): string {
  return t.state === 'applies' ? `L${JSON.stringify(t.tests)}` : `${t.state}${t.badge.label}\n${t.reasons.join('\n')}`;
}

/** The views of one page, kept in step with the explorer's model. */
export class PageViews {
  /** What each template's element shows now, so only changed templates are rebuilt. */
  private readonly shown = new Map<string, { sig: string; el: Element | null }>();
  private readonly shownRows = new Map<string, string>();
  /** The reasons each drawn pack template shows now. */
  private readonly reasonsShown = new Map<string, string>();
  /** Rows (table and editor) load only when rows are tried: a contract page never needs them. */
  private rowsModule: Promise<typeof import('./rows.ts')> | undefined;
  /** How the page names questions and answers in a pack template's conditions (made on first drawing). */
  private naming: Naming | undefined;

  /**
   * Takes the page as the server rendered it for `model`, the supplied state's model, with `rows`
   * the supplied rows.
   */
  constructor(
    private readonly root: ParentNode,
    private readonly data: ExplorerData,
    private readonly pack: Pack | undefined,
    model: PageState,
    rows: TriedState['rows'],
  ) {
    const boxes = ([HOOKS.testsLive, HOOKS.testsWaiting, HOOKS.testsOff] as const).map((box) => sel(box));
    for (const t of model.templates) {
      const id = CSS.escape(t.id);
      this.shown.set(t.id, { sig: signature(t), el: root.querySelector(boxes.map((box) => `${box} ${sel(HOOKS.template, id)}`).join(', ')) });
    }
    for (const name of Object.keys(rows)) this.shownRows.set(name, JSON.stringify(rows[name]));
  }

  /** The rows module (table and editor), loaded once, when rows are first tried or edited. */
  rows(): Promise<typeof import('./rows.ts')> {
    return (this.rowsModule ??= import('./rows.ts'));
  }

  /** Puts `m`, the model of the state `tried`, into the page. */
  render(m: PageState, tried: TriedState): void {
    const page = this.data.page;
    const root = this.root;

    // Questions: answered, pending, waiting on another or not asked; the otherwise text in its place.
    for (const q of m.questions) {
      const el = root.querySelector(sel(HOOKS.question, CSS.escape(q.id)));
      if (!el) continue;
      const asked = q.state === 'answered' || q.state === 'pending';
      const answer = tried.answers[q.id];
      attr(el, HOOKS.asked, String(asked));
      attr(el, HOOKS.answer, answer);
      attr(el, HOOKS.questionState, q.state);
      this.setBadge(el.querySelector('header .state .badge'), q.badge);
      const choice = el.querySelector<HTMLFieldSetElement>(sel(HOOKS.choice));
      if (choice && choice.disabled === asked) choice.disabled = !asked;
      if (page === 'adoption') el.querySelectorAll(sel(HOOKS.otherwise)).forEach((o) => show(o, !asked));
      const ignored = el.querySelector(sel(HOOKS.ignored));
      show(ignored, !asked && answer !== undefined);
      if (ignored && answer !== undefined) setText(ignored.querySelector('code'), answer);
      show(el.querySelector(sel(HOOKS.pending)), asked && answer === undefined);
    }
    if (page === 'adoption') {
      const total = m.questions.length;
      setText(root.querySelector(sel(HOOKS.sectionIntro, 'answers')), answersSection(m.asked, total, '').intro ?? '');
      this.setCount('answers', `${m.asked}/${total}`);
    }

    // Values: active or not, and (on an adoption page) the tried value's form.
    for (const v of m.values) {
      const row = root.querySelector(`tr${sel(HOOKS.value, CSS.escape(v.name))}`);
      if (!row) continue;
      attr(row, HOOKS.active, String(v.active));
      this.setBadge(row.querySelector(`${sel(HOOKS.activeBadge)} .badge`), v.activeBadge);
      this.setBadge(row.querySelector(`${sel(HOOKS.valueBadge)} .badge`), v.suppliedBadge);
    }

    // Rules: each result the page shows (on a contract page, the answer-aware rules only).
    for (const r of m.rules) {
      const li = root.querySelector(sel(HOOKS.rule, CSS.escape(r.name)));
      const result = li?.querySelector('.result .badge');
      if (!li || !result) continue;
      attr(li, HOOKS.status, r.status);
      this.setBadge(result, r.badge);
      const message = li.querySelector('.result-message');
      show(message, r.message !== undefined);
      setText(message, r.message ?? '');
    }

    // Rows, as the adoption page's tables show them.
    for (const [name, rows] of Object.entries(tried.rows)) {
      const json = JSON.stringify(rows);
      if (this.shownRows.get(name) === json) continue;
      this.shownRows.set(name, json);
      const section = root.querySelector(sel(HOOKS.rowset, CSS.escape(name)));
      const decl = this.data.definition.declares.rows?.[name];
      if (section && decl) void this.rows().then((mod) => mod.renderRows(section, name, decl, rows));
    }

    if (this.pack) this.renderTests(m);
  }

  /**
   * Draws a pack template's body in place of the pack file's note, once: the reasons for its
   * state (kept up to date from then on), then facts, bindings, test block and text.
   */
  drawTemplate(fold: Element, m: PageState): void {
    const note = fold.querySelector(`:scope > .fold-body > ${sel(HOOKS.templateFile)}`);
    const id = fold.getAttribute(HOOKS.template);
    const template = note && this.pack?.templates.find((t) => t.id === id);
    const item = m.templates.find((t) => t.id === id);
    if (!note || !template || !item) return;
    const body = note.parentElement!;
    this.naming ??= definitionNaming(this.data.definition);
    note.replaceWith(...toDom(templateBody(templateBodyModel(template, this.naming))));
    if (!body.querySelector(':scope > ul.reasons')) body.prepend(toElement(templateReasons(item.reasons)));
    fold.setAttribute(HOOKS.drawn, '');
    this.renderPackTemplate(item);
  }

  /** Redraws a badge (the view `view/badge.ts`) when its state changes. */
  private setBadge(el: Element | null | undefined, state: BadgeState): void {
    if (!el || (el.getAttribute(HOOKS.stateLabel) === state.label && el.getAttribute(HOOKS.tone) === state.tone)) return;
    el.replaceWith(toElement(badge(state)));
  }

  /** Sets a section's count, beside its heading and in the table of contents (a sub-list at 0 is hidden there). */
  private setCount(id: string, text: string): void {
    setText(this.root.querySelector(`${sel(HOOKS.sectionCount, CSS.escape(id))} .n`), text);
    for (const n of document.querySelectorAll(`a[href="#${CSS.escape(id)}"] .note`)) {
      setText(n, text);
      const li = n.closest('li');
      if (li?.parentElement?.closest('li')) show(li, text !== '0');
    }
  }

  private renderTests(m: PageState): void {
    const root = this.root;
    const page = this.data.page;
    const liveBox = root.querySelector(sel(HOOKS.testsLive));
    const waitList = root.querySelector(`${sel(HOOKS.testsWaiting)} ul`);
    const offList = root.querySelector(`${sel(HOOKS.testsOff)} ul`);
    if (!liveBox) return;
    const ids = m.templates.map((t) => t.id);
    m.templates.forEach((t, i) => {
      if (page === 'contract') this.renderPackTemplate(t);
      const sig = signature(t);
      const was = this.shown.get(t.id);
      if (was?.sig === sig) return;
      // On a contract page a template that waits or does not apply is shown in the pack section only.
      const box = t.state === 'applies' ? liveBox : t.state === 'waits' ? waitList : offList;
      was?.el?.remove();
      if (!box) {
        this.shown.set(t.id, { sig, el: null });
        return;
      }
      const el = toElement(t.state === 'applies' ? templateTests(t) : notLiveTemplate(t, this.data.cv));
      // Keep pack order: insert before the next template already in the same list.
      let before: Element | null = null;
      for (const later of ids.slice(i + 1)) {
        const n = this.shown.get(later)?.el;
        if (n && n.parentElement === box) {
          before = n;
          break;
        }
      }
      box.insertBefore(el, before);
      this.shown.set(t.id, { sig, el });
    });

    const c = m.counts;
    root.querySelectorAll(sel(HOOKS.testCount)).forEach((n) => setText(n, `${m.countLine}.`));
    this.setCount('tests', String(c.tests));
    this.setCount('waiting', String(c.waits));
    this.setCount('not-applying', String(c.off));
    show(root.querySelector(sel(HOOKS.testsWaiting)), c.waits > 0);
    show(root.querySelector(sel(HOOKS.testsOff)), c.off > 0);
  }

  /** A contract page's pack section: each template's badge and reasons follow the answers. */
  private renderPackTemplate(t: TemplateItem): void {
    const el = this.root.querySelector(`details.template${sel(HOOKS.template, CSS.escape(t.id))}`);
    if (!el) return;
    attr(el, HOOKS.live, String(t.state === 'applies'));
    attr(el, HOOKS.templateState, t.state);
    this.setBadge(el.querySelector('summary .badge'), t.badge);
    const ul = el.querySelector('ul.reasons');
    const sig = t.reasons.join('\n');
    if (ul && this.reasonsShown.get(t.id) !== sig) {
      this.reasonsShown.set(t.id, sig);
      ul.replaceWith(toElement(templateReasons(t.reasons)));
    }
  }
}
