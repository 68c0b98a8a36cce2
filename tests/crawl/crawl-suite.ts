/**
 * The crawl of one built site, as a suite a test file declares (`crawlSuite`): every page of the
 * run's build of a catalog (tests/helpers/shared-builds.ts), crawled in Debian's Chromium (see tests/helpers/crawl.ts
 * for what is checked on each page), then the site search as a reader uses it: "backpack", "poison"
 * and one alias of every contract, read from the catalog's about.mdx files, each find their page
 * among the first results.
 *
 * Each catalog's crawl is a test file of its own (`crawl-embedded.test.ts`, `crawl-corpus.test.ts`),
 * so the two run in separate workers at once; the corpus crawl is the suite's longest file and
 * starts first (vitest.config.ts). Each file has one browser, serves its site from 127.0.0.1 and
 * keeps two pages at work at a time (axe is CPU-bound; CI has two cores).
 *
 * axe (every rule; serious and critical fail) checks every page in the light scheme, as the page
 * loads: it runs wherever the page holds a kind of element (tag, role, classes, attributes, state,
 * parent, landmark: tests/helpers/crawl.ts, axeKinds) or a case of text (colour, size, weight and the
 * layers behind it: contrastCases) no earlier run judged, its colour-contrast rules only for the
 * latter: every kind and case of every page is judged, none twice; a page of known kinds only
 * still gets every other check. A representative sample (the fewest pages that
 * together hold every tag, class, inline style and styled attribute of the site, see
 * representativePages) is checked with every fold opened, in light and in dark. The embedded build
 * is small enough to check every page in dark as well; the corpus build is not: a second full pass
 * would add a minute of CPU. Dark differs from light only in colour tokens, which the sample covers
 * in full.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type CatalogModel } from '../../src/lib/node/catalog/catalog.ts';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { CHROMIUM, launch, reportCspViolations, serve, sharedSiteDir, watchErrors, watchRequests, type FailedRequests } from '../helpers/browser.ts';
import { EMBEDDED_ENV } from '../helpers/shared-builds.ts';
import { chromiumCpuSeconds, crawl, failing, fileOf, htmlFiles, redirectOf, representativePages, runAxe, type CrawlReport } from '../helpers/crawl.ts';
import { boundaryWords, gluedWords, openSearch, search, shownExcerpts, shownWords } from '../helpers/search.ts';
import { htmlFiles as indexedPages, planShards } from '../../src/integrations/search-index.ts';

const browserPresent = existsSync(CHROMIUM);

/** The public origin the builds use (astro.config.mjs). */
const SITE = process.env.SITE_URL?.trim() || 'https://opengdd.org';
/** Pages open at once: CI has two cores, and axe keeps one busy per page. */
const CONCURRENCY = 2;
/** How far down the results the expected page may be: the first screen of Pagefind's list. */
const TOP = 5;

/** HTML files no link needs to reach: the 404 page (served for unknown paths) and the root redirect. */
const UNLINKED = new Set(['404.html', 'index.html']);

/** A build to crawl. */
export interface CrawlBuild {
  label: string;
  catalog: string | undefined;
  present: boolean;
  /** Every page in dark too (else only the representative sample). */
  darkEverywhere: boolean;
  /** Added to the build's environment. */
  env?: Record<string, string>;
}

/**
 * The embedded build writes its search index in shards of a few pages (EMBEDDED_ENV), so the search
 * tests also prove that the dialog merges a sharded index (a large catalog's); the corpus index is one.
 */
export const EMBEDDED_BUILD: CrawlBuild = { label: 'embedded', catalog: undefined, present: true, darkEverywhere: true, env: { ...EMBEDDED_ENV } };

/** The corpus build (../shared/corpus; its crawl is skipped with a message when absent). */
export const CORPUS_BUILD: CrawlBuild = { label: 'corpus', catalog: corpusDir, present: corpusPresent, darkEverywhere: false };

/** Declares the crawl of build `b` and the search tests on it. */
export function crawlSuite(b: CrawlBuild): void {
  if (!browserPresent) console.warn(`crawl ${b.label}: ${CHROMIUM} is absent (apt-get install chromium); the crawl is skipped.`);
  else if (!b.present) console.warn(`crawl ${b.label}: ${b.catalog} is absent; the crawl is skipped.`);
  const title = b.catalog ? `the corpus build (OPENGDD_CATALOG=${b.catalog}; skipped when absent)` : 'the embedded build';
  describe.skipIf(!browserPresent || !b.present)(`crawl of ${title}`, () => {
    let browser: Browser;
    let site: { dir: string; url: string; close(): Promise<void> };
    let model: CatalogModel;
    let report: CrawlReport | undefined;
    let searchPage: Page;
    let searchErrors: string[];
    let searchRequests: FailedRequests;

    beforeAll(async () => {
      const t0 = performance.now();
      // The build first: the corpus crawl is the suite's longest file, and the build lock goes to
      // whoever asks first among the files starting at once.
      const dir = sharedSiteDir(b.catalog, b.env);
      browser = await launch();
      site = { dir, ...(await serve(dir)) };
      if (b.env?.OPENGDD_SEARCH_SHARD_PAGES) {
        const shards = JSON.parse(readFileSync(path.join(dir, 'pagefind/shards.json'), 'utf8')) as { bundles: string[] };
        expect(shards.bundles.length, 'the search index is written in several shards').toBeGreaterThan(1);
      }
      model = (await loadCatalog(b.catalog ?? repoRoot)).model;
      console.info(`crawl ${b.label}: build ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }, 300_000);

    afterAll(async () => {
      await searchPage?.context().close();
      await browser?.close();
      await site?.close();
    });

    it('every page: no console error, no failed request, links and anchors resolve, no serious axe violation', async () => {
      const pages = htmlFiles(site.dir).filter((f) => !redirectOf(readFileSync(path.join(site.dir, f), 'utf8')));
      const sample = new Set(representativePages(site.dir, pages));
      const cpu0 = chromiumCpuSeconds();
      report = await crawl(browser, {
        dir: site.dir,
        served: site.url,
        site: SITE,
        start: '/contracts/',
        concurrency: CONCURRENCY,
        axeFor: (f) =>
          sample.has(f) ? { schemes: ['light', 'dark'], openFolds: true } : { schemes: b.darkEverywhere ? ['light', 'dark'] : ['light'], openFolds: false },
      });
      const cpu = chromiumCpuSeconds() - cpu0;
      const t = report.timings;
      const minorRules = [...new Set(report.minor.map((m) => `${m.rule} (${m.impact})`))];
      console.info(
        [
          `crawl ${b.label}: ${report.visited.length} pages in Chromium + ${report.redirects.length} redirect stub(s) = ${report.files.length} HTML files`,
          `  orphans (visited anyway): ${report.orphans.join(', ') || 'none'}`,
          `  axe: ${t.axeRuns} runs of ${t.axeRuns + report.axeSkipped.length} page states (light on every page, dark on ${b.darkEverywhere ? 'every page' : `the sample`}; folds opened on the sample: ${[...sample].join(', ')})`,
          `  ${report.kinds} kinds of element (tag, role, classes, attributes, state, parent, landmark: axeKinds in tests/helpers/crawl.ts) judged; the ${report.axeSkipped.length} states skipped held none an earlier run had not, and no new case of text`,
          `  colour contrast judged by axe in ${report.contrastJudged.length} of the runs; the other runs held no case of text an earlier one had not judged`,
          `  ${(t.total / 1000).toFixed(1)} s wall, ${(t.axe / 1000).toFixed(1)} s inside axe (summed over ${CONCURRENCY} pages at once), Chromium ${cpu.toFixed(0)} CPU s`,
          `  below serious (not failing): ${minorRules.join(', ') || 'none'}`,
        ].join('\n'),
      );
      expect(report.problems).toEqual([]);
      expect(report.visited.length + report.redirects.length).toBe(report.files.length);
      // Every page but the 404 page and the root redirect is reachable from the catalog.
      expect(report.orphans.filter((f) => !UNLINKED.has(f))).toEqual([]);
      // The crawl saw every contract and adoption page of the catalog.
      for (const d of model.definitions) {
        expect(report.visited).toContain(`contracts/${d.id}/index.html`);
        for (const a of d.adoptions) expect(report.visited).toContain(`contracts/${d.id}/${a.id}/index.html`);
      }
    }, 1_800_000);

    /** The search dialog, opened once on the catalog page and reused for every query. */
    async function searchPageReady(): Promise<Page> {
      if (searchPage) return searchPage;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      searchPage = await context.newPage();
      searchErrors = watchErrors(searchPage);
      searchRequests = watchRequests(searchPage, searchErrors);
      await searchPage.goto(`${site.url}/contracts/`);
      await openSearch(searchPage);
      return searchPage;
    }

    /** The pages of the first results; each link (and sub-result anchor) must resolve. */
    async function firstResults(query: string): Promise<string[]> {
      const page = await searchPageReady();
      const { hits } = await search(page, query);
      const top = hits.slice(0, TOP);
      for (const hit of top) {
        for (const href of [hit.href, ...hit.nested]) {
          const url = new URL(href, site.url);
          const file = fileOf(site.dir, url.pathname);
          expect(file, `search "${query}" links to ${href}`).toBeDefined();
          if (url.hash && report) expect(report.ids.get(file!)?.has(decodeURIComponent(url.hash.slice(1))), `search "${query}" links to ${href}`).toBe(true);
        }
      }
      await searchRequests.settle();
      expect(searchErrors).toEqual([]);
      return top.map((h) => new URL(h.href, site.url).pathname);
    }

    /** Adoption pages whose name holds `word` (as a whole part of the kebab-case name). */
    const adoptionPages = (word: string) =>
      model.definitions.flatMap((d) => d.adoptions.filter((a) => a.id.split('-').includes(word)).map((a) => `/contracts/${d.id}/${a.id}/`));

    for (const word of ['backpack', 'poison']) {
      it(`search: "${word}" finds its adoption page among the first ${TOP} results`, async () => {
        const expected = adoptionPages(word);
        expect(expected.length, `the catalog has an adoption named after "${word}"`).toBeGreaterThan(0);
        const found = await firstResults(word);
        expect(found.filter((p) => expected.includes(p)), `results: ${found.join(', ')}`).not.toEqual([]);
      }, 60_000);
    }

    // Only a build with small shards splits a folder (today's corpus is one shard).
    const shardPages = Number(b.env?.OPENGDD_SEARCH_SHARD_PAGES);
    if (shardPages > 0) it('search: the dialog asks for every shard of the index at once, not one after another', async () => {
      const { bundles } = JSON.parse(readFileSync(path.join(site.dir, 'pagefind/shards.json'), 'utf8')) as { bundles: string[] };
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        // Each shard's first file is held back until every shard has asked for its own (or 5 s
        // passed): merged one after another, only the first would ask.
        const held: (() => Promise<void>)[] = [];
        let timedOut = false;
        const release = () => void held.splice(0).forEach((go) => void go());
        const timer = setTimeout(() => ((timedOut = true), release()), 5_000);
        await page.route('**/pagefind/shards/*/pagefind-entry.json*', async (route) => {
          if (timedOut) {
            await route.continue();
            return;
          }
          held.push(() => route.continue());
          if (held.length === bundles.length) release();
        });
        const asked = new Set<string>();
        page.on('request', (r) => {
          const m = /\/pagefind\/(shards\/\d+\/)pagefind-entry\.json/.exec(r.url());
          if (m && !timedOut) asked.add(m[1]!);
        });
        await page.goto(`${site.url}/contracts/`);
        await openSearch(page);
        clearTimeout(timer);
        expect([...asked].sort(), 'shards asked for before any was answered').toEqual([...bundles].sort());
        const { hits } = await search(page, 'backpack');
        expect(hits.length).toBeGreaterThan(0);
      } finally {
        await context.close();
      }
    }, 60_000);
    if (shardPages > 0) it(`search: every adoption of a folder split across shards is found by its name`, async () => {
      const split = planShards(indexedPages(site.dir), shardPages).flatMap((s) => s.globs.flatMap((g) => /^contracts\/([^/]+)\/\{/.exec(g)?.[1] ?? []));
      const folders = model.definitions.filter((d) => split.includes(d.id));
      expect(folders.length, 'some contract folder is larger than a shard and is split').toBeGreaterThan(0);
      const misses: string[] = [];
      for (const d of folders) {
        for (const a of d.adoptions) {
          const found = await firstResults(a.id.replaceAll('-', ' '));
          if (!found.includes(`/contracts/${d.id}/${a.id}/`)) misses.push(`${d.id}/${a.id}: ${found.join(', ') || 'no results'}`);
        }
      }
      expect(misses).toEqual([]);
    }, 120_000);

    it(`search: an alias of every contract (from about.mdx) finds a page of that contract among the first ${TOP} results`, async () => {
      const misses: string[] = [];
      let tried = 0;
      for (const d of model.definitions) {
        // An alias no other contract claims, so exactly one contract is the right answer.
        const alias = d.about.aliases.find((a) => model.definitions.every((o) => o.contract === d.contract || !o.about.aliases.includes(a)));
        if (!alias) continue;
        tried++;
        const versions = model.definitions.filter((o) => o.contract === d.contract).map((o) => `/contracts/${o.id}/`);
        const found = await firstResults(alias);
        if (!found.some((p) => versions.includes(p))) misses.push(`"${alias}" (${d.id}): ${found.join(', ') || 'no results'}`);
      }
      expect(tried).toBeGreaterThan(0);
      expect(misses).toEqual([]);
    }, 120_000);

    it(`search: every shelf's name finds its section of the catalog page first`, async () => {
      const misses: string[] = [];
      const groups = JSON.parse(readFileSync(path.join(b.catalog ?? repoRoot, 'catalog/groups.json'), 'utf8')) as { id: string; title: string }[];
      for (const g of groups) {
        const [first] = await firstResults(g.title);
        if (first !== '/contracts/') misses.push(`"${g.title}": ${first ?? 'no results'}`);
        const page = await searchPageReady();
        const shown = (await search(page, g.title)).hits[0];
        if (![shown?.href, ...(shown?.nested ?? [])].includes(`/contracts/#shelf-${g.id}`)) misses.push(`"${g.title}" does not lead to #shelf-${g.id}: ${JSON.stringify(shown)}`);
      }
      expect(misses).toEqual([]);
    }, 120_000);

    it('search: every excerpt of a query set reads as its page does, no two words glued where elements meet', async () => {
      const page = await searchPageReady();
      const groups = JSON.parse(readFileSync(path.join(b.catalog ?? repoRoot, 'catalog/groups.json'), 'utf8')) as { title: string }[];
      // Shelves, contract titles, adoption names, and the words the pages' callouts and terms lead with.
      const queries = [
        ...groups.map((g) => g.title),
        ...new Set(model.definitions.map((d) => d.about.title)),
        ...model.definitions.flatMap((d) => d.adoptions.slice(0, 1).map((a) => a.id.replaceAll('-', ' '))),
        'newer version',
        'builder implements',
        'not asked',
        'empty',
        'questions asked',
        'verification',
      ];
      const split = new Map<string, Set<string>>();
      const suspects: { query: string; href: string; file: string; text: string }[] = [];
      let excerpts = 0;
      for (const query of queries) {
        await search(page, query);
        for (const { href, text } of await shownExcerpts(page)) {
          const file = fileOf(site.dir, new URL(href, site.url).pathname);
          expect(file, href).toBeDefined();
          if (!split.has(file!)) split.set(file!, boundaryWords(readFileSync(path.join(site.dir, file!), 'utf8')));
          excerpts++;
          if (gluedWords(text, split.get(file!)!).length) suspects.push({ query, href, file: file!, text });
        }
      }
      // A word the markup splits may still be one word on the page (`<code>x</code>s`): those
      // excerpts are compared with the page's text as shown, each page loaded once.
      const reader = await page.context().newPage();
      const shown = new Map<string, Set<string>>();
      const glued: string[] = [];
      for (const s of suspects) {
        if (!shown.has(s.file)) shown.set(s.file, await shownWords(reader, new URL(s.href, site.url).href));
        const bad = gluedWords(s.text, split.get(s.file)!, shown.get(s.file)!);
        if (bad.length) glued.push(`"${s.query}" → ${s.href}: ${bad.join(', ')} in "${s.text}"`);
      }
      await reader.close();
      console.info(`search ${b.label}: ${excerpts} excerpts of ${queries.length} queries checked against their pages' text (${shown.size} pages loaded for ${suspects.length} to look at twice); ${glued.length} with glued words`);
      expect(excerpts).toBeGreaterThan(queries.length);
      expect(glued).toEqual([]);
    }, 300_000);

    it('under its Content-Security-Policy: the explorer, rows, copy buttons, theme, search and version switcher used, no violation', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        await reportCspViolations(context);
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
        const page = await context.newPage();
        const errors = watchErrors(page);
        const requests = watchRequests(page, errors);
        const used = new Set<string>();
        // After a navigation has only committed, the new document may not hold its explorer yet (an
        // empty list is "every one ready"): wait for the load, then for an explorer that is ready.
        const ready = async () => {
          await page.waitForLoadState('load', { timeout: 60_000 });
          await page.waitForFunction(() => {
            const explorers = [...document.querySelectorAll('answer-explorer')];
            return explorers.length > 0 && explorers.every((e) => e.hasAttribute('data-ready'));
          }, undefined, { timeout: 60_000 });
        };
        const tryAnswer = async () => {
          const radio = page.locator('fieldset.choice:not(:disabled) input[type="radio"]:not(:checked)').first();
          if (!(await radio.count())) return;
          const [name, value] = [await radio.getAttribute('name'), await radio.getAttribute('value')];
          await radio.check();
          // The island marks the question with the answer as it re-renders.
          await page.waitForFunction(([q, a]) => document.querySelector(`[data-question="${q}"]`)?.getAttribute('data-answer') === a, [name, value] as const);
          used.add('explorer answer');
        };
        // An adoption page with a rows editor and a link to another version, when the catalog has one.
        const pages = model.definitions.flatMap((d) => d.adoptions.map((a) => `contracts/${d.id}/${a.id}/index.html`));
        const holds = (f: string, ...marks: string[]) => marks.every((m) => readFileSync(path.join(site.dir, f), 'utf8').includes(m));
        const start = pages.find((f) => holds(f, 'data-rows-editor', 'data-keep-place')) ?? pages.find((f) => holds(f, 'data-keep-place')) ?? pages[0]!;
        await page.goto(`${site.url}/${start.replace(/index\.html$/, '')}`);
        await ready();
        for (const theme of ['dark', 'light', 'auto']) await page.selectOption('[data-theme-select]', theme);
        used.add('theme');
        await tryAnswer();
        const rows = page.locator('details[data-rows-editor] > summary').first();
        if (await rows.count()) {
          await rows.click();
          await page.waitForSelector('details[data-rows-editor] [data-editor-body] > *');
          const add = page.locator('details[data-rows-editor] [data-add]').first();
          if (await add.count()) await add.click();
          used.add('rows editor');
        }
        // Every fold open: the adoption file's view (a page of its own, in a lazy frame, brought into
        // view so that it loads) loads too, and every rows editor builds.
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        for (const frame of await page.locator('iframe').all()) await frame.scrollIntoViewIfNeeded();
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll('iframe')].every((f) => f.contentDocument?.readyState === 'complete' && f.contentDocument.URL !== 'about:blank') &&
            [...document.querySelectorAll('details[data-rows-editor] [data-editor-body]')].every((b) => b.childElementCount > 0),
          undefined,
          { timeout: 60_000 },
        );
        for (const button of (await page.locator('copy-button button, [data-action="copy"]').all()).slice(0, 6)) {
          if (!(await button.isVisible())) continue;
          await button.click();
          used.add('copy');
          // The explorer's copy opens its dialog once the export code has loaded: wait for it and
          // close it, or a dialog that opens late covers what the steps below click.
          if (await button.evaluate((b) => b.matches('answer-explorer [data-action="copy"]'))) {
            await page.waitForSelector('answer-explorer dialog[open]');
            await page.locator('answer-explorer dialog [data-action="close"]').click();
            await page.waitForSelector('answer-explorer dialog[open]', { state: 'detached' });
          }
        }
        await page.keyboard.press('Escape');
        await page.locator('body').click({ position: { x: 1, y: 1 } });
        await page.keyboard.press('/');
        await page.waitForSelector('site-search dialog[open] .search-input:focus');
        const word = model.definitions[0]!.about.title.split(/\s+/)[0]!;
        const { hits } = await search(page, word);
        expect(hits.length, `search "${word}"`).toBeGreaterThan(0);
        used.add('search');
        // The first Escape may only clear the search field.
        for (let i = 0; i < 3 && (await page.locator('site-search dialog[open]').count()); i++) await page.keyboard.press('Escape');
        const other = page.locator('a.vs-item[data-keep-place]').first();
        if (await other.count()) {
          // 'commit': the island's readiness is waited for next; a loaded machine takes its time.
          await Promise.all([page.waitForURL((u) => !u.pathname.endsWith(start.replace(/index\.html$/, '')), { waitUntil: 'commit', timeout: 60_000 }), other.click()]);
          await ready();
          await tryAnswer();
          used.add('version switcher');
        }
        // The 404 page, whose search works at any address, and a version-free address (a page
        // written after the build, with a policy of its own), which leads on at once.
        await page.goto(`${site.url}/no-such-page/`);
        await page.keyboard.press('/');
        await page.waitForSelector('site-search dialog[open] .search-input:focus');
        expect((await search(page, word)).hits.length).toBeGreaterThan(0);
        used.add('404 search');
        const latest = model.definitions[0]!.contract;
        await Promise.all([page.waitForURL((u) => u.pathname !== `/contracts/${latest}/`), page.goto(`${site.url}/contracts/${latest}/`)]);
        await ready();
        used.add('version-free address');
        await requests.settle();
        const expected404 = (e: string) => e.includes('/no-such-page/') && e.includes('status of 404');
        expect(errors.filter((e) => !expected404(e))).toEqual([]);
        expect([...used].sort()).toEqual(
          ['404 search', 'copy', 'explorer answer', 'rows editor', 'search', 'theme', 'version switcher', 'version-free address'].filter(
            (u) => u !== 'rows editor' || pages.some((f) => holds(f, 'data-rows-editor')),
          ),
        );
      } finally {
        await context.close();
      }
    }, 300_000);

    it('the open search dialog with results: no serious axe violation, light and dark', async () => {
      const page = await searchPageReady();
      await search(page, 'backpack');
      const found: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const violations = await runAxe(page, 'site-search dialog');
        for (const v of violations) if (failing(v.impact)) found.push(`${scheme} ${v.impact} ${v.rule}: ${v.help} — ${v.targets.join(' | ')}`);
      }
      expect(found).toEqual([]);
    }, 60_000);
  });
}
