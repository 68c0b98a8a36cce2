/**
 * The crawler behind tests/crawl: visits every page of a built site in Chromium and reports, as
 * plain sentences, everything a reader would trip over.
 *
 * - Pages: a breadth-first walk from a start page along internal links, then every HTML file of
 *   `dist/` that no link reached (orphans), so nothing is left unvisited.
 * - On each page: console errors (a Content-Security-Policy violation among them) and uncaught exceptions, failed requests (anything outside the
 *   served origin is blocked, so it fails too), same-origin responses of status 400 or more,
 *   duplicate element ids, and axe-core with every rule on, in the colour schemes the caller names
 *   for the page; only `serious` and `critical` violations count. axe runs where the page holds a
 *   kind of element (see {@link axeKinds}) or a case of text (see {@link contrastCases}) that no
 *   earlier run judged, its contrast rules only for the latter: every kind and every case of the
 *   site is judged, none twice. For the pages the caller says,
 *   every `<details>` is opened first, so the folded content (generated tests, option tables, the
 *   rows editor the explorer builds on opening) is checked as well.
 * - Links: every `href` of the served origin or of the site's public origin (canonical URLs,
 *   OpenGraph, in-site `origin` links) must name a file of `dist/`, and every `#fragment` an element
 *   id of the page it points at (checked once all pages are known). Links are read from the page
 *   after its scripts ran; `<template>` content is not (its links are placeholders the scripts fill
 *   in before cloning).
 * - Redirect stubs (a `<meta http-equiv="refresh">` page) are checked from the file, not loaded:
 *   a delay of 0 (axe's `meta-refresh` rule, WCAG 2.2.1) and a target that resolves.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot } from './paths.ts';
import { reportCspViolations } from './browser.ts';

/** axe-core's browser bundle, injected into each page. */
const AXE_SOURCE = readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a page. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export type Scheme = 'light' | 'dark';

export interface CrawlOptions {
  /** The dist folder being served. */
  dir: string;
  /** Where it is served, e.g. http://127.0.0.1:1234 (no trailing slash). */
  served: string;
  /** The site's public origin (Astro's `site`): links to it are internal too. */
  site: string;
  /** The first page, e.g. `/contracts/`. */
  start: string;
  /** Pages open at once. */
  concurrency: number;
  /**
   * How axe checks a page: in which colour schemes (the first is the one it is loaded in), and
   * whether every `<details>` is opened first (folded content is invisible to axe otherwise).
   */
  axeFor: (file: string) => { schemes: Scheme[]; openFolds: boolean };
}

/** One axe violation, for the report. */
export interface AxeFinding {
  page: string;
  scheme: Scheme;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface CrawlReport {
  /** Every HTML file of dist/, relative (e.g. `contracts/index.html`). */
  files: string[];
  /** The files loaded in the browser, in visiting order. */
  visited: string[];
  /** HTML files no link led to (visited anyway). */
  orphans: string[];
  /** Redirect stubs, checked from the file. */
  redirects: string[];
  /** Element ids per HTML file (after scripts ran; template content excluded). */
  ids: Map<string, Set<string>>;
  /** Everything wrong, one sentence each. */
  problems: string[];
  /** axe findings below the failing impacts (moderate, minor), for information. */
  minor: AxeFinding[];
  /**
   * The axe runs that judged colour contrast, as `file (scheme)`: the others held no case of text
   * an earlier run had not judged (see {@link contrastCases}).
   */
  contrastJudged: string[];
  /**
   * The pages (as `file (scheme)`) axe was not run on: they held no kind of element (see
   * {@link axeKinds}) and no case of text an earlier run had not judged.
   */
  axeSkipped: string[];
  /** How many kinds of element axe judged over the crawl. */
  kinds: number;
  /** Milliseconds: whole crawl, and time spent inside axe (summed over the pages open at once). */
  timings: { total: number; axe: number; axeRuns: number };
}

/** One axe violation as the page reports it. */
export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

/** axe's two colour-contrast rules (AA and AAA): most of axe's time on a text-heavy page. */
const CONTRAST_RULES = ['color-contrast', 'color-contrast-enhanced'];

/**
 * Runs axe-core (every rule) on the page, or on the elements matching `include`; injects it first
 * if the page lacks it. Injected where it runs only: the crawl runs it on a sixth of its pages (see
 * {@link axeKinds}), and making it part of every page (an init script) cost Chromium more than
 * sending it to those (corpus crawl: 122 against 111 CPU s). Only the top document is checked (`iframes: false`): an adoption page's
 * file view is a page of its own, checked where it is crawled, and a frame without axe in it was
 * never checked from its parent either. With `contrast: false` the colour-contrast rules are left
 * out (see {@link contrastCases} for when the crawl may do so).
 */
export async function runAxe(page: Page, include?: string, options: { contrast?: boolean } = {}): Promise<AxeViolation[]> {
  // Evaluated, not added as a <script>: the page's Content-Security-Policy refuses an inline script
  // it has no hash for, while what the test harness evaluates is not the page's.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const off = options.contrast === false ? CONTRAST_RULES : [];
  return page.evaluate(
    async ({ sel, off }) => {
      type Result = { violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] };
      const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<Result> } }).axe;
      // Only violations are collected in full (passes and the rest keep one node per rule).
      const rules = Object.fromEntries(off.map((id) => [id, { enabled: false }]));
      const r = await axe.run(sel ? { include: [[sel]] } : document, { resultTypes: ['violations'], iframes: false, rules });
      return r.violations.map((v) => ({ rule: v.id, impact: v.impact ?? 'unknown', help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
    },
    { sel: include, off },
  );
}

/**
 * Every case of text the colour-contrast rules judge on the page as it is now, one string each:
 * the text's colour, size, weight and shadow, every background between it and the first opaque
 * one behind it (each layer's colour, image and positioning), and the opacity, filter and blend
 * mode of every element it lies in. Two texts with the same case have the same contrast, so axe's verdict on one is
 * its verdict on the other: the crawl runs the contrast rules on a page only when the page holds a
 * case no earlier page did (in either colour scheme), and every other rule on every page. This
 * keeps the check whole at a fraction of the cost: the 75 file views of the corpus hold thousands
 * of highlighted tokens in the same two colours, and contrast was nine tenths of axe's time there.
 * Anything the case cannot describe (a positioned layer, an image or gradient, transparency) is
 * part of the string, so such text counts as a case of its own.
 *
 * A string, not a function, so no transpiler helper leaks into the page.
 */
export const contrastCases = `(() => {
  const cases = new Set();
  const layers = new Map();
  const effects = new Map();
  // What every ancestor does to the whole of its content, up to the root (an opacity, filter or
  // blend mode above the opaque background still changes what the text looks like on it).
  const effectsOf = (el) => {
    if (!el) return '';
    let known = effects.get(el);
    if (known !== undefined) return known;
    const s = getComputedStyle(el);
    const own = s.opacity === '1' && s.filter === 'none' && s.mixBlendMode === 'normal' ? '' : [s.opacity, s.filter, s.mixBlendMode].join(' ');
    known = own + ' < ' + effectsOf(el.parentElement);
    effects.set(el, known);
    return known;
  };
  // The backgrounds between an element and the first opaque plain one, which nothing behind shows through.
  const layerOf = (el) => {
    let known = layers.get(el);
    if (known !== undefined) return known;
    const s = getComputedStyle(el);
    const own = [s.backgroundColor, s.backgroundImage, s.position].join(' ');
    const opaque = s.backgroundColor.startsWith('rgb(') && s.backgroundImage === 'none';
    const parent = el.parentElement;
    known = opaque || !parent ? own : own + ' / ' + layerOf(parent);
    layers.set(el, known);
    return known;
  };
  for (const el of document.querySelectorAll('body, body *')) {
    let text = false;
    for (const n of el.childNodes) if (n.nodeType === 3 && n.nodeValue.trim()) { text = true; break; }
    if (!text || !el.checkVisibility({ visibilityProperty: true })) continue;
    const s = getComputedStyle(el);
    cases.add([s.color, s.fontSize, s.fontWeight, s.textShadow, s.webkitTextStrokeWidth].join(' ') + ' | ' + layerOf(el) + ' | ' + effectsOf(el));
  }
  return [...cases];
})()`;

/**
 * What axe's rules other than colour contrast judge on a page, as a set of strings: one per
 * (element, role, class, state) kind the page holds, and one for the page as a whole. Two elements
 * of the same kind get the same verdict from those rules, so the crawl runs axe on a page only when
 * it holds a kind no earlier run judged (or a case of text, see {@link contrastCases}); a page of
 * nothing but known kinds still gets every other check of the crawl. The kind of an element is what
 * the rules read of it:
 *
 * - its tag, `role`, classes, and the names of its attributes; the values of the attributes whose
 *   value a rule reads as a token (`aria-*` states, `type`, `lang`, `scope`, `autocomplete`, the
 *   sign of `tabindex`, …); for an id reference (`for`, `aria-controls`, `aria-labelledby`, …)
 *   whether every id it names exists; for a text attribute (`alt`, `title`, `aria-label`, …)
 *   whether it is empty;
 * - its state: shown or hidden, focusable, disabled, open, inside `aria-hidden` or `inert`,
 *   inside an interactive element (nested controls), inside which landmark (content outside
 *   landmarks), whether it scrolls, whether a shown focusable element is under 24 px either way
 *   (target size), whether it has a name (text, `aria-label`, `title`, an image's alt inside), and
 *   for a form control whether a label names it;
 * - its parent's tag and role (lists, definition lists, ARIA parents and children); for a
 *   heading, the level of the heading before it (heading order); for a link, its colour and
 *   underline beside its parent's colour (links told apart from their text by colour alone).
 *
 * The page's own line holds its title's and language's presence, its landmark counts and whether
 * it has an h1. Text itself (which words), ids, hrefs and numbers are left out: no rule of axe
 * fails on a word or a number that another page passes with, beyond what the kinds above record.
 *
 * A string, not a function, so no transpiler helper leaks into the page.
 */
export const axeKinds = `(() => {
  const kinds = new Set();
  const TOKEN = /^(aria-(?!label$|labelledby$|describedby$|controls$|owns$|activedescendant$|details$|errormessage$|flowto$|roledescription$|valuetext$|placeholder$|keyshortcuts$|valuenow$|valuemin$|valuemax$|setsize$|posinset$|rowcount$|colcount$|rowindex$|colindex$|level$).*|type|lang|dir|scope|autocomplete|target|rel|loading|method|draggable|contenteditable|spellcheck|translate|http-equiv|charset)$/;
  const IDREF = new Set(['for', 'headers', 'list', 'form', 'aria-controls', 'aria-labelledby', 'aria-describedby', 'aria-owns', 'aria-activedescendant', 'aria-details', 'aria-errormessage', 'aria-flowto']);
  const TEXT = new Set(['alt', 'title', 'aria-label', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'aria-keyshortcuts', 'placeholder', 'accesskey', 'summary', 'label', 'content']);
  const NUMBER = new Set(['aria-level', 'aria-valuenow', 'aria-valuemin', 'aria-valuemax', 'aria-setsize', 'aria-posinset', 'aria-rowcount', 'aria-colcount', 'aria-rowindex', 'aria-colindex', 'colspan', 'rowspan', 'span', 'width', 'height']);
  const LANDMARK = 'main, nav, header, footer, aside, form, section[aria-label], section[aria-labelledby], [role=main], [role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=region], [role=search], [role=form]';
  const INTERACTIVE = 'a[href], button, summary, input, select, textarea, [tabindex], [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch]';
  const target = (fragment) => {
    try {
      return document.getElementById(decodeURIComponent(fragment));
    } catch {
      return null;
    }
  };
  const roleOf = (el) => el.localName + (el.getAttribute('role') ? '[' + el.getAttribute('role') + ']' : '');
  const attrs = (el) => {
    const out = [];
    for (const a of el.attributes) {
      const v = a.value.trim();
      if (a.name === 'class' || a.name === 'role' || a.name === 'style' || a.name === 'id') out.push(a.name);
      else if (a.name === 'tabindex') out.push('tabindex=' + Math.sign(Number(v)));
      else if (a.name === 'href') out.push('href=' + (v === '' ? 'empty' : v.startsWith('#') ? (v.length < 2 || target(v.slice(1)) ? 'fragment' : 'fragment-missing') : /^javascript:/i.test(v) ? 'script' : 'url'));
      else if (IDREF.has(a.name)) out.push(a.name + '=' + (v.split(/\\s+/).every((id) => id && document.getElementById(id)) ? 'resolves' : 'broken'));
      else if (TEXT.has(a.name)) out.push(a.name + '=' + (v ? 'text' : 'empty'));
      else if (NUMBER.has(a.name)) out.push(a.name + '=' + (v === '' ? 'empty' : Number.isFinite(Number(v)) ? 'number' : 'not-a-number'));
      else if (TOKEN.test(a.name)) out.push(a.name + '=' + v.toLowerCase());
      else out.push(a.name);
    }
    return out.sort().join(' ');
  };
  const named = (el) =>
    Boolean(el.textContent.trim() || el.getAttribute('aria-label')?.trim() || el.getAttribute('aria-labelledby') || el.getAttribute('title')?.trim() || el.querySelector('img[alt]:not([alt=""]), svg title, [aria-label]'));
  let lastHeading = 0;
  for (const el of document.querySelectorAll('html, html *')) {
    const parts = [roleOf(el), [...el.classList].sort().join('.'), attrs(el), 'in ' + (el.parentElement ? roleOf(el.parentElement) : '-')];
    const shown = el.checkVisibility({ visibilityProperty: true });
    parts.push(shown ? 'shown' : 'hidden');
    if (el.tabIndex >= 0 || el.matches(INTERACTIVE)) {
      parts.push('focusable');
      if (shown) {
        const r = el.getBoundingClientRect();
        parts.push(r.width < 24 || r.height < 24 ? 'small' : 'large');
      }
    }
    if (el.matches(':disabled')) parts.push('disabled');
    if (el.parentElement?.closest('[aria-hidden=true]') || el.closest('[inert]')) parts.push('under aria-hidden or inert');
    if (el.parentElement?.closest(INTERACTIVE)) parts.push('inside a control');
    const landmark = el.parentElement?.closest(LANDMARK);
    parts.push('landmark ' + (landmark ? roleOf(landmark) : 'none'));
    parts.push(named(el) ? 'named' : 'unnamed');
    if ('labels' in el && el.labels) parts.push(el.labels.length ? 'labelled ' + el.labels.length : 'no label');
    if (shown) {
      const s = getComputedStyle(el);
      if (/auto|scroll/.test(s.overflowX + s.overflowY) && (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight)) parts.push('scrolls');
      if (el.localName === 'a' && el.parentElement) {
        const p = getComputedStyle(el.parentElement);
        parts.push('link ' + s.color + ' ' + s.textDecorationLine + ' ' + s.borderBottomStyle + ' on ' + p.color);
      }
    }
    const level = /^h([1-6])$/.exec(el.localName)?.[1] ?? (el.getAttribute('role') === 'heading' ? el.getAttribute('aria-level') || '2' : '');
    if (level) {
      parts.push('after h' + lastHeading);
      lastHeading = Number(level);
    }
    kinds.add(parts.join(' | '));
  }
  const count = (sel) => document.querySelectorAll(sel).length;
  kinds.add('page | title ' + (document.title.trim() ? 'yes' : 'no') + ' | lang ' + (document.documentElement.lang || 'none') + ' | main ' + count('main, [role=main]') + ' | banner ' + count('body > header, [role=banner]') + ' | contentinfo ' + count('body > footer, [role=contentinfo]') + ' | h1 ' + Math.min(count('h1'), 2));
  return [...kinds];
})()`;

/** Whether an axe impact fails a page. */
export const failing = (impact: string) => FAILING_IMPACTS.has(impact);

/** Every HTML file under `dir`, relative, sorted. */
export function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const childRel = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, childRel)).isDirectory()) walk(childRel);
      else if (name.endsWith('.html')) out.push(childRel);
    }
  };
  walk('');
  return out;
}

/** The URL path that serves an HTML file (`a/index.html` → `/a/`). */
export function urlPathOf(file: string): string {
  return file === 'index.html' ? '/' : file.endsWith('/index.html') ? `/${file.slice(0, -'index.html'.length)}` : `/${file}`;
}

/**
 * The dist file a URL path names, relative to `dir`, as a static host would serve it (a folder
 * serves its index.html), or undefined when there is none.
 */
export function fileOf(dir: string, pathname: string): string | undefined {
  let p: string;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const rel = path.posix.normalize(p).replace(/^\/+/, '');
  if (rel.startsWith('..')) return undefined;
  const isFile = (r: string) => {
    try {
      return statSync(path.join(dir, r)).isFile();
    } catch {
      return false;
    }
  };
  if (rel && isFile(rel)) return rel;
  const index = rel ? `${rel.replace(/\/$/, '')}/index.html` : 'index.html';
  return isFile(index) ? index : undefined;
}

/** A redirect stub's delay and target, or undefined for an ordinary page. */
export function redirectOf(html: string): { delay: number; target: string } | undefined {
  const meta = /<meta\s[^>]*http-equiv=["']?refresh["']?[^>]*>/i.exec(html);
  if (!meta) return undefined;
  const content = /content=["']([^"']*)["']/i.exec(meta[0])?.[1] ?? '';
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:[;,]\s*(?:url\s*=\s*)?(.*))?$/i.exec(content);
  return { delay: m ? Number(m[1]) : Number.NaN, target: (m?.[2] ?? '').trim().replace(/^['"]|['"]$/g, '') };
}

/** A link found on a page. */
interface FoundLink {
  /** `a`, `link`, `meta`, `template a`, … */
  kind: string;
  href: string;
}

/** What the page holds once scripts ran. */
interface PageFacts {
  ids: string[];
  links: FoundLink[];
}

/** Runs `work` over a queue that may grow while it runs, `n` at a time. */
async function pool<T>(queue: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let active = 0;
  await new Promise<void>((resolve, reject) => {
    const next = () => {
      if (queue.length === 0 && active === 0) return resolve();
      while (active < n && queue.length > 0) {
        const item = queue.shift()!;
        active++;
        work(item).then(
          () => {
            active--;
            next();
          },
          (e) => reject(e),
        );
      }
    };
    next();
  });
}

/** Crawls one built site. The browser is the caller's; the crawl opens and closes one context. */
export async function crawl(browser: Browser, options: CrawlOptions): Promise<CrawlReport> {
  const t0 = performance.now();
  const { dir, served, site, start, concurrency, axeFor } = options;
  const servedOrigin = new URL(served).origin;
  const siteOrigin = new URL(site).origin;
  const files = htmlFiles(dir);
  const report: CrawlReport = {
    files,
    visited: [],
    orphans: [],
    redirects: [],
    ids: new Map(),
    problems: [],
    minor: [],
    contrastJudged: [],
    axeSkipped: [],
    kinds: 0,
    timings: { total: 0, axe: 0, axeRuns: 0 },
  };
  const problem = (where: string, what: string) => report.problems.push(`${where}: ${what}`);
  /** The cases of text whose contrast axe has judged on a page of this crawl (see {@link contrastCases}). */
  const contrastChecked = new Set<string>();
  /** The kinds of element axe has judged on a page of this crawl (see {@link axeKinds}). */
  const kindsJudged = new Set<string>();

  /** Links to check once every page is known: [page it is on, kind, absolute URL]. */
  const toCheck: { from: string; kind: string; url: URL }[] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    queue.push(file);
  };

  const owned = new Set(readdirSync(dir));
  /** A URL of this site (served or public origin), as a path on the served copy; else undefined. */
  const internalPath = (url: URL): string | undefined => {
    if (url.origin === servedOrigin) return url.pathname;
    if (url.origin !== siteOrigin) return undefined;
    // The public host serves more than this build (the specification at /spec/): only the paths
    // whose first segment this build writes are the catalog's.
    const base = new URL(site).pathname.replace(/\/?$/, '/');
    if (!url.pathname.startsWith(base)) return undefined;
    const rest = url.pathname.slice(base.length);
    return rest === '' || owned.has(rest.split('/')[0]!) ? `/${rest}` : undefined;
  };

  /** Records a page's links and queues the HTML pages they lead to. */
  const follow = (from: string, links: FoundLink[], base: string) => {
    for (const link of links) {
      let url: URL;
      try {
        url = new URL(link.href, base);
      } catch {
        problem(from, `${link.kind} href "${link.href}" is not a URL`);
        continue;
      }
      if (url.protocol === 'javascript:') problem(from, `${link.kind} href "${link.href}" runs script`);
      const p = internalPath(url);
      if (p === undefined) continue;
      toCheck.push({ from, kind: link.kind, url });
      const file = fileOf(dir, p);
      if (file?.endsWith('.html')) enqueue(file);
    }
  };

  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  // A violation of the page's Content-Security-Policy is a console error, so a problem of the page.
  await reportCspViolations(context);
  // Nothing outside the served copy is fetched: a request elsewhere is a finding, not a wait.
  await context.route(
    (url) => url.origin !== servedOrigin,
    (route) => route.abort('blockedbyclient'),
  );

  /** The problems of the page a worker is on (events arrive between awaits). */
  const visitPage = async (page: Page, sink: { file: string }, file: string) => {
    sink.file = file;
    const html = readFileSync(path.join(dir, file), 'utf8');
    const redirect = redirectOf(html);
    if (redirect) {
      // A redirect stub is replaced before anyone can read it; loading it would leave the page.
      report.redirects.push(file);
      if (redirect.delay !== 0) problem(file, `redirects after ${redirect.delay} s (a timed refresh fails WCAG 2.2.1; use 0)`);
      if (!redirect.target) problem(file, 'redirect names no target');
      else follow(file, [{ kind: 'meta refresh', href: redirect.target }], served + urlPathOf(file));
      report.ids.set(file, new Set());
      return;
    }
    report.visited.push(file);
    const url = served + urlPathOf(file);
    const { schemes, openFolds } = axeFor(file);
    await page.emulateMedia({ colorScheme: schemes[0] ?? 'light' });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response || response.status() !== 200) problem(file, `loading ${url} answered ${response?.status() ?? 'nothing'}`);
    // Islands mark themselves ready once their script has run.
    try {
      await page.waitForFunction(() => [...document.querySelectorAll('answer-explorer')].every((e) => e.hasAttribute('data-ready')), undefined, { timeout: 15_000 });
    } catch {
      problem(file, 'the answer explorer never became ready');
    }
    // Open every fold, so axe sees the folded content too (the rows editor builds itself on opening).
    if (openFolds) {
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) d.open = true;
      });
      try {
        await page.waitForFunction(
          () => [...document.querySelectorAll('details[data-rows-editor] [data-editor-body]')].every((b) => b.childElementCount > 0),
          undefined,
          { timeout: 15_000 },
        );
      } catch {
        problem(file, 'a rows editor did not build when its fold was opened');
      }
    }

    // (No named functions inside: a transpiler's helpers would not exist in the page.)
    const facts: PageFacts = await page.evaluate(() => {
      const found: [string, Element, string][] = [];
      for (const el of document.querySelectorAll('a[href], area[href]')) found.push([el.localName, el, 'href']);
      for (const el of document.querySelectorAll('link[href]')) found.push([`link rel=${el.getAttribute('rel')}`, el, 'href']);
      for (const el of document.querySelectorAll('meta[property="og:url"], meta[property="og:image"]')) found.push([`meta ${el.getAttribute('property')}`, el, 'content']);
      return {
        ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
        links: found.flatMap(([kind, el, attr]) => (el.hasAttribute(attr) ? [{ kind, href: el.getAttribute(attr)! }] : [])),
      };
    });
    const ids = new Set<string>();
    const dup = new Set<string>();
    for (const id of facts.ids) (ids.has(id) ? dup : ids).add(id);
    for (const id of dup) problem(file, `id "${id}" is used by more than one element`);
    report.ids.set(file, ids);
    follow(file, facts.links, url);

    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      const a0 = performance.now();
      const cases = (await page.evaluate(contrastCases)) as string[];
      const contrast = cases.some((c) => !contrastChecked.has(c));
      const kinds = (await page.evaluate(axeKinds)) as string[];
      const fresh = kinds.filter((k) => !kindsJudged.has(k));
      // Marked judged before axe answers: a page open beside this one that holds the same new kind
      // leaves it to this run, whose violations fail the crawl all the same.
      for (const k of fresh) kindsJudged.add(k);
      if (contrast) {
        for (const c of cases) contrastChecked.add(c);
        report.contrastJudged.push(`${file} (${scheme})`);
      }
      if (!contrast && fresh.length === 0) {
        report.axeSkipped.push(`${file} (${scheme})`);
        report.timings.axe += performance.now() - a0;
        continue;
      }
      const violations = await runAxe(page, undefined, { contrast });
      report.timings.axe += performance.now() - a0;
      report.timings.axeRuns++;
      for (const v of violations) {
        const finding: AxeFinding = { page: file, scheme, ...v };
        if (failing(v.impact)) {
          problem(file, `axe ${v.impact} ${v.rule} (${scheme}): ${v.help} — ${v.targets.slice(0, 5).join(' | ')}${v.targets.length > 5 ? ` (+${v.targets.length - 5})` : ''}`);
        } else report.minor.push(finding);
      }
    }
  };

  const pages: Page[] = [];
  const cancelled = new Map<string, string>();
  const sinks = new Map<Page, { file: string }>();
  for (let i = 0; i < concurrency; i++) {
    const page = await context.newPage();
    const sink = { file: '' };
    sinks.set(page, sink);
    page.on('console', (m) => {
      if (m.type() === 'error') problem(sink.file, `console error: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
    });
    page.on('pageerror', (e) => problem(sink.file, `uncaught ${e.name}: ${e.message}`));
    page.on('requestfailed', (r) => {
      const why = r.failure()?.errorText ?? '?';
      // Cancelled as the page moved on: asked for again once the crawl is done (below).
      if (why === 'net::ERR_ABORTED' && r.method() === 'GET') cancelled.set(r.url(), sink.file);
      else problem(sink.file, `request failed: ${r.method()} ${r.url()} (${why})`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && new URL(r.url()).origin === servedOrigin) problem(sink.file, `response ${r.status()} for ${r.url()}`);
    });
    pages.push(page);
  }
  const free = [...pages];
  const work = async (file: string) => {
    const page = free.pop()!;
    try {
      await visitPage(page, sinks.get(page)!, file);
    } catch (e) {
      problem(file, `could not be crawled: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      free.push(page);
    }
  };

  // 1. Everything reachable from the start page.
  const first = fileOf(dir, start);
  if (!first) problem(start, 'the start page is not in dist/');
  else enqueue(first);
  await pool(queue, concurrency, work);
  // 2. Whatever no link reached.
  report.orphans = files.filter((f) => !seen.has(f));
  for (const f of report.orphans) enqueue(f);
  await pool(queue, concurrency, work);
  for (const [url, file] of cancelled) {
    const response = await context.request.get(url).catch((e: Error) => e);
    if (response instanceof Error) problem(file, `request failed: GET ${url} (cancelled, then ${response.message.split('\n')[0]})`);
    else if (!response.ok()) problem(file, `request failed: GET ${url} (cancelled, then ${response.status()})`);
  }
  await context.close();

  // 3. Links and fragments, now that every page's ids are known.
  for (const { from, kind, url } of toCheck) {
    const p = internalPath(url)!;
    const target = fileOf(dir, p);
    if (!target) {
      problem(from, `${kind} ${url.href} names no file of dist/`);
      continue;
    }
    if (!url.hash || url.hash === '#' || url.hash === '#top') continue;
    const ids = report.ids.get(target);
    let id: string;
    try {
      id = decodeURIComponent(url.hash.slice(1));
    } catch {
      id = url.hash.slice(1);
    }
    if (!ids) problem(from, `${kind} ${url.href} has a fragment, but ${target} is not a page`);
    else if (!ids.has(id)) problem(from, `${kind} ${url.href}: no element with id "${id}" on ${target}`);
  }

  report.problems = [...new Set(report.problems)].sort();
  report.kinds = kindsJudged.size;
  report.timings.total = performance.now() - t0;
  return report;
}

/**
 * What a page's styling depends on, read from its HTML: tag names, class names, inline styles (the
 * highlighter's token colours), and the attribute selectors the site's CSS uses (`[data-tone=warn]`,
 * `[aria-current]`, …). Two pages with the same tokens look alike in any colour scheme.
 */
export function styleTokens(html: string, attributeSelectors: Set<string>): Set<string> {
  const tokens = new Set<string>();
  for (const tag of html.matchAll(/<([a-z][a-z0-9-]*)((?:\s[^>]*)?)>/g)) {
    tokens.add(tag[1]!);
    for (const attr of tag[2]!.matchAll(/\s([a-z][a-z0-9-]*)(?:="([^"]*)")?/g)) {
      const [, name, value = ''] = attr;
      if (name === 'class') for (const c of value.split(/\s+/)) c && tokens.add(`.${c}`);
      else if (name === 'style') tokens.add(`style=${value}`);
      else if (attributeSelectors.has(`[${name}=${value}]`)) tokens.add(`[${name}=${value}]`);
      else if (attributeSelectors.has(`[${name}]`)) tokens.add(`[${name}]`);
    }
  }
  return tokens;
}

/** The attribute selectors (`[name]`, `[name=value]`) of every stylesheet in dist/. */
export function cssAttributeSelectors(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, r)).isDirectory()) walk(r);
      else if (name.endsWith('.css')) {
        for (const m of readFileSync(path.join(dir, r), 'utf8').matchAll(/\[([a-z][a-z0-9-]*)(?:[~|^$*]?=["']?([^"'\]]*)["']?)?\]/g)) {
          out.add(m[2] === undefined ? `[${m[1]}]` : `[${m[1]}=${m[2]}]`);
          out.add(`[${m[1]}]`);
        }
      }
    }
  };
  walk('');
  return out;
}

/**
 * A small set of pages that together hold every style token of the site (greedy set cover, the
 * page adding most new tokens first): checking these in a colour scheme checks every component,
 * state and highlighter colour the site draws, in that scheme.
 */
export function representativePages(dir: string, files: string[]): string[] {
  const selectors = cssAttributeSelectors(dir);
  const tokens = new Map(files.map((f) => [f, styleTokens(readFileSync(path.join(dir, f), 'utf8'), selectors)]));
  const uncovered = new Set([...tokens.values()].flatMap((t) => [...t]));
  const chosen: string[] = [];
  while (uncovered.size > 0) {
    let best = '';
    let gain = 0;
    for (const [f, t] of tokens) {
      let g = 0;
      for (const x of t) if (uncovered.has(x)) g++;
      if (g > gain) [best, gain] = [f, g];
    }
    if (!best) break;
    chosen.push(best);
    for (const x of tokens.get(best)!) uncovered.delete(x);
    tokens.delete(best);
  }
  return chosen.sort();
}

/**
 * CPU seconds (user + system) used so far by this process's Chromium processes and their
 * descendants, living or exited, read from /proc (Linux; 0 elsewhere). Wall time on a shared
 * machine says little; this is the work the crawl costs.
 */
export function chromiumCpuSeconds(): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return 0;
  }
  const stats = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid … utime(14) stime(15) cutime(16) cstime(17): the children's part
      // counts the renderers that already exited (a closed page), reaped within the tree.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      stats.set(Number(pid), { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      /* gone meanwhile */
    }
  }
  const ours = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of stats) {
      if (ours.has(pid)) continue;
      if ((s.ppid === process.pid && /chrom/i.test(s.comm)) || ours.has(s.ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of ours) ticks += stats.get(pid)!.ticks;
  return ticks / 100; // USER_HZ is 100 on Linux
}
