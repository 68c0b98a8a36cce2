/**
 * The answer explorer in a real browser (playwright-core driving Debian's Chromium) on built
 * sites: the corpus (../shared/corpus) and the embedded catalog, each built once into a temporary
 * folder and served from 127.0.0.1. Every page visited must log no console error.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { explore, suppliedState } from '../../src/lib/opengdd/explore.ts';
import { pageState } from '../../src/lib/site/model/state.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { runCli } from '../helpers/cli.ts';
import { copyCatalog, remove } from '../site/helpers.ts';
import { buildSite, CHROMIUM, launch, serve, watchErrors } from './harness.ts';

const browserPresent = existsSync(CHROMIUM);
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));

/** The count line the engine gives for a tried state, as the page words it. */
function expectedCounts(catalog: string, cv: string, adoption: string, answers: Record<string, string>): string {
  const doc = json(path.join(catalog, `catalog/${cv}/adoptions/${adoption}.json`));
  const pack: Pack = json(path.join(catalog, `packs/${cv}.pack.json`));
  const base = suppliedState(doc);
  const e = explore(doc as Definition, pack, adoption, { ...base, answers: { ...base.answers, ...answers } }, doc.verification ?? {});
  return `${pageState(doc as Definition, e.evaluation, e.templates, 'adoption').countLine}.`;
}

describe.skipIf(!browserPresent)('the answer explorer in Chromium', () => {
  let browser: Browser;
  const sites: Record<'corpus' | 'embedded', { dir: string; url: string; close(): Promise<void> } | undefined> = {
    corpus: undefined,
    embedded: undefined,
  };
  /** Console errors of the pages the current test opened. */
  let errors: string[][] = [];
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const builds: [keyof typeof sites, string | undefined][] = [['embedded', undefined]];
    if (corpusPresent) builds.push(['corpus', corpusDir]);
    for (const [name, catalog] of builds) {
      const dir = buildSite(catalog, name);
      sites[name] = { dir, ...(await serve(dir)) };
    }
    browser = await launch();
  }, 300_000);

  // No console error on any page visited: checked after every test, for the pages it opened.
  afterEach(async () => {
    for (const c of contexts) await c.close();
    contexts = [];
    const seen = errors.flat();
    errors = [];
    expect(seen).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    for (const site of Object.values(sites)) {
      if (!site) continue;
      await site.close();
      remove(site.dir);
    }
  });

  /** Opens a page of a site with a fresh context; console errors are collected for the final check. */
  async function open(site: 'corpus' | 'embedded', url: string, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    contexts.push(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sites[site]!.url });
    const page = await context.newPage();
    errors.push(watchErrors(page));
    await page.goto(sites[site]!.url + url);
    if (options.javaScriptEnabled !== false) await page.waitForSelector('answer-explorer[data-ready]');
    return page;
  }

  const live = (page: Page, id: string) => page.getAttribute(`[data-live][data-template="${id}"]`, 'data-live');
  const reasons = (page: Page, id: string) => page.textContent(`[data-live="false"][data-template="${id}"] .reasons`);
  const counts = (page: Page) => page.textContent('[data-test-count]');
  // Every option is always shown once, whole; a question that is not asked has its choices disabled.
  const radiosVisible = (page: Page, question: string) => page.isEnabled(`input[type="radio"][name="${question}"]`);

  it.skipIf(!corpusPresent)('Backpack: all-or-nothing makes refuses-whole apply and takes-what-fits stop, hides the leftover question, and the URL keeps it', async () => {
    const page = await open('corpus', '/contracts/container-1/backpack/');
    expect(await live(page, 'refuses-whole')).toBe('false');
    expect(await live(page, 'takes-what-fits')).toBe('true');
    expect(await radiosVisible(page, 'leftover-destination')).toBe(true);
    expect(await counts(page)).toBe('11 tests from 8 of the 14 templates; 6 do not apply.');

    await page.check('input[name="partial-acceptance"][value="all-or-nothing"]');
    expect(await live(page, 'refuses-whole')).toBe('true');
    expect(await page.locator('[data-template="refuses-whole"] [data-test-name]').count()).toBeGreaterThan(0);
    expect(await live(page, 'takes-what-fits')).toBe('false');
    expect(await reasons(page, 'takes-what-fits')).toContain('is answered All or nothing; it applies when the answer is Fill what fits');
    expect(await page.locator('[data-test-name^="backpack/takes-what-fits"]').count()).toBe(0);
    expect(await radiosVisible(page, 'leftover-destination')).toBe(false);
    expect(await page.getAttribute('[data-question="leftover-destination"]', 'data-asked')).toBe('false');
    expect(await page.isVisible('[data-question="leftover-destination"] [data-otherwise]')).toBe(true);
    // The table of contents counts asked questions too: one of the six stopped being asked.
    expect((await page.textContent('a[href="#answers"] .note'))?.trim()).toBe('5/6');
    const line = expectedCounts(corpusDir, 'container-1', 'backpack', { 'partial-acceptance': 'all-or-nothing' });
    expect(await counts(page)).toBe(line);
    expect(await page.textContent('answer-explorer [data-test-count]')).toBe(line);
    expect(await page.textContent('[data-change]')).toBe('1 test now applies, 1 no longer applies, 1 question is no longer asked.');
    const names = await page.locator('[data-test-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-name')));
    expect(names).toContain('backpack/refuses-whole');

    // The URL reproduces the state.
    await page.waitForURL(/[?&]a\.partial-acceptance=all-or-nothing/);
    await page.reload();
    await page.waitForSelector('answer-explorer[data-ready]');
    expect(await page.isChecked('input[name="partial-acceptance"][value="all-or-nothing"]')).toBe(true);
    expect(await live(page, 'refuses-whole')).toBe('true');
    expect(await live(page, 'takes-what-fits')).toBe('false');
    expect(await radiosVisible(page, 'leftover-destination')).toBe(false);
    expect(await counts(page)).toBe(line);
    expect(await page.locator('[data-test-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-name')))).toEqual(names);

    // Restore brings back the supplied answers, the static counts and a clean URL.
    await page.click('[data-action="restore"]');
    expect(await page.isChecked('input[name="partial-acceptance"][value="fill-what-fits"]')).toBe(true);
    expect(await live(page, 'takes-what-fits')).toBe('true');
    expect(await counts(page)).toBe('11 tests from 8 of the 14 templates; 6 do not apply.');
    await page.waitForURL((u) => u.search === '');
    await page.close();
  });

  it('spawn-wave-1 graveyard-horde: advancing on schedule drops the breather and the tests that need it; the URL keeps it', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/');
    expect(await live(page, 'cleared-wave-brings-next')).toBe('true');
    expect(await live(page, 'breather-holds')).toBe('true');
    expect(await radiosVisible(page, 'breather')).toBe(true);

    await page.check('input[name="advance"][value="on-schedule"]');
    expect(await live(page, 'cleared-wave-brings-next')).toBe('false');
    expect(await reasons(page, 'cleared-wave-brings-next')).toContain('is answered On schedule');
    expect(await live(page, 'breather-holds')).toBe('false');
    expect(await reasons(page, 'breather-holds')).toContain('which is not asked under these answers');
    expect(await live(page, 'scheduled-wave-starts')).toBe('true');
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await page.getAttribute('tr[data-value="breather-seconds"]', 'data-active')).toBe('false');
    const line = expectedCounts(repoRoot, 'spawn-wave-1', 'graveyard-horde', { advance: 'on-schedule' });
    expect(await counts(page)).toBe(line);
    expect(await page.textContent('[data-change]')).toMatch(/no longer appl(y|ies), 1 question is no longer asked\.$/);

    await page.waitForURL(/[?&]a\.advance=on-schedule/);
    await page.reload();
    await page.waitForSelector('answer-explorer[data-ready]');
    expect(await live(page, 'breather-holds')).toBe('false');
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await counts(page)).toBe(line);
    await page.close();
  });

  it('arena-trials: rows and values can be tried, and per-row tests follow', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/arena-trials/');
    const bosses = () => page.locator('[data-test-name^="arena-trials/boss-is-announced/"]').count();
    expect(await bosses()).toBe(1);
    await page.click('details[data-rows-editor="waves"] > summary');
    // Make the second wave a boss too: once it says how it is announced, one more per-row test.
    await page.selectOption('[data-rows-editor="waves"] select[data-row="1"][data-field="role"]', 'boss');
    expect(await bosses()).toBe(1);
    await page.fill('[data-rows-editor="waves"] input[data-row="1"][data-field="announce"]', '04-feedback.md#horn');
    await page.press('[data-rows-editor="waves"] input[data-row="1"][data-field="announce"]', 'Enter');
    expect(await bosses()).toBe(2);
    expect(await page.locator('[data-test-name="arena-trials/boss-is-announced/trial-of-beasts"]').count()).toBe(1);
    expect(await page.getAttribute('[data-rowset="waves"] tr[data-row-id="trial-of-beasts"]', 'data-row-id')).toBe('trial-of-beasts');
    // Add a row and remove it again.
    const waveTests = () => page.locator('[data-test-name^="arena-trials/wave-sends-its-count/"]').count();
    const before = await waveTests();
    await page.click('[data-rows-editor="waves"] [data-add]');
    await page.fill('[data-rows-editor="waves"] input[data-row="3"][data-field="enemy"]', 'ghost');
    await page.press('[data-rows-editor="waves"] input[data-row="3"][data-field="enemy"]', 'Tab');
    expect(await page.getAttribute('[data-rowset="waves"]', 'data-row-count')).toBe('4');
    await page.click('[data-rows-editor="waves"] [data-remove="3"]');
    expect(await page.getAttribute('[data-rowset="waves"]', 'data-row-count')).toBe('3');
    expect(await waveTests()).toBe(before);
    // A value: the alive cap shows in the alive-cap test once changed.
    await page.fill('input[data-try-value="alive-cap"]', '9');
    await page.press('input[data-try-value="alive-cap"]', 'Enter');
    await page.waitForURL((u) => u.searchParams.get('v.alive-cap') === 'n:9' && u.searchParams.has('rows'));
    await page.reload();
    await page.waitForSelector('answer-explorer[data-ready]');
    expect(await bosses()).toBe(2);
    expect(await page.inputValue('input[data-try-value="alive-cap"]')).toBe('9');
    await page.close();
  });

  it('contract page: starts with no answers and the stand-in id; answers bring tests in', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/');
    const names = await page.locator('[data-test-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-name')));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/^<your-adoption>\//);
    expect(await reasons(page, 'wave-sends-its-count')).toContain('expands once per row of waves');
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await live(page, 'rounds-repeat')).toBe('false');
    await page.check('input[name="after-last-wave"][value="start-over"]');
    expect(await live(page, 'rounds-repeat')).toBe('true');
    expect(await page.locator('[data-test-name="<your-adoption>/rounds-repeat"]').count()).toBe(1);
    expect(await radiosVisible(page, 'round-growth')).toBe(true);
    expect(await page.getAttribute('[data-question="round-growth"]', 'data-asked')).toBe('true');
    await page.close();
  });

  it('works by keyboard alone', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/');
    await page.focus('input[name="advance"][value="whichever-first"]');
    // Arrow keys move within a native radio group and choose as they go.
    await page.keyboard.press('ArrowUp');
    expect(await page.isChecked('input[name="advance"][value="when-cleared"]')).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await page.isChecked('input[name="advance"][value="on-schedule"]')).toBe(true);
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!.closest('label')!).outlineStyle)).toBe('solid');
    await page.close();
  });

  it('copies an adoption for the tried state that check accepts', async () => {
    const cases: ['corpus' | 'embedded', string, string, string, [string, string]][] = [
      ['embedded', repoRoot, 'spawn-wave-1', 'graveyard-horde', ['advance', 'on-schedule']],
    ];
    if (corpusPresent) cases.push(['corpus', corpusDir, 'container-1', 'backpack', ['partial-acceptance', 'all-or-nothing']]);
    for (const [site, catalog, cv, adoption, [q, option]] of cases) {
      const page = await open(site, `/contracts/${cv}/${adoption}/`);
      await page.check(`input[name="${q}"][value="${option}"]`);
      await page.click('[data-action="copy"]');
      await page.waitForSelector('dialog[open] [data-export-verdict]:text("opengdd-catalog check")');
      expect(await page.textContent('[data-export-verdict]')).toBe('Complete: opengdd-catalog check accepts this adoption.');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(JSON.parse(copied).answers[q]).toBe(option);
      const dir = copyCatalog(catalog);
      try {
        writeFileSync(path.join(dir, `catalog/${cv}/adoptions/${adoption}.json`), copied);
        // `main(['check', '--catalog', dir])` of src/cli/main.ts, in this process.
        const run = await runCli(['check', '--catalog', dir]);
        expect(run.status, run.out + run.err).toBe(0);
      } finally {
        remove(dir);
      }
      // Download gives the same file.
      await page.keyboard.press('Escape');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="download"]')]);
      expect(download.suggestedFilename()).toBe(`${adoption}.json`);
      expect(readFileSync((await download.path())!, 'utf8')).toBe(copied);
      await page.close();
    }
  });

  it('lists the gaps of an incomplete adoption from a contract page', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/');
    await page.check('input[name="advance"][value="on-schedule"]');
    await page.click('[data-action="copy"]');
    await page.waitForSelector('dialog[open] [data-export-problems] li');
    expect(await page.textContent('[data-export-gaps]')).toContain('Answer question blocked-spawn');
    expect(await page.textContent('[data-export-verdict]')).toContain('Not complete yet');
    await page.close();
  });

  it('hydrates without moving the page, and a change never resizes the bar', async () => {
    for (const url of ['/contracts/spawn-wave-1/', '/contracts/spawn-wave-1/graveyard-horde/']) {
      const page = await open('embedded', url);
      await page.waitForTimeout(300);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) total += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 100);
          }),
      );
      expect(shift, url).toBeLessThan(0.01);
      const bar = () => page.evaluate(() => document.querySelector('.explorer-bar')!.getBoundingClientRect().height);
      const before = await bar();
      await page.check('input[name="advance"][value="on-schedule"]');
      expect(await bar()).toBe(before);
      await page.close();
    }
  });

  it('passes axe-core on the explorer’s own controls (WCAG 2 A and AA)', async () => {
    const axe = readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
    for (const url of ['/contracts/spawn-wave-1/', '/contracts/spawn-wave-1/arena-trials/']) {
      const page = await open('embedded', url);
      if (await page.locator('details[data-rows-editor]').count()) await page.click('details[data-rows-editor] > summary');
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate(async () => {
        const w = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } };
        const result = await w.axe.run(
          { include: [['answer-explorer'], ['fieldset.choice'], ['.rows-try'], ['input.value-try']] },
          { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
        );
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, url).toEqual([]);
      await page.close();
    }
  });

  it('hydrates on every page of the embedded catalog and every corpus contract page, follows a change, logs no error', async () => {
    for (const site of ['embedded', 'corpus'] as const) {
      if (!sites[site]) continue;
      // The corpus's adoption pages are large; its contract pages carry the same island, so they stand in.
      const pages = readdirSync(path.join(sites[site]!.dir, 'contracts'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('index.html') && f.includes('/') && (site === 'embedded' || f.split('/').length === 2))
        .map((f) => `/contracts/${f.slice(0, -'index.html'.length)}`);
      expect(pages.length).toBeGreaterThan(3);
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      errors.push(watchErrors(page));
      for (const url of pages) {
        await page.goto(sites[site]!.url + url, { waitUntil: 'domcontentloaded' });
        await page.waitForSelector('answer-explorer[data-ready]', { state: 'attached' });
        const radio = page.locator('fieldset.choice:not([hidden]) input[type="radio"]:not(:checked)').first();
        if (await radio.count()) {
          await radio.check();
          const [inPage, inBar] = await Promise.all([counts(page), page.textContent('answer-explorer [data-test-count]')]);
          expect(inBar, url).toBe(inPage);
        }
      }
    }
  }, 120_000);

  it('without JavaScript, an adoption page shows its supplied state in full', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/', { javaScriptEnabled: false });
    expect(await page.isVisible('answer-explorer')).toBe(false);
    // The options are shown once, whole, the supplied one checked and marked.
    expect(await page.isChecked('[data-question="breather"] input[type="radio"][value="' + (await page.getAttribute('[data-question="breather"]', 'data-answer')) + '"]')).toBe(true);
    expect(await page.isVisible('[data-question="breather"] .choice-supplied')).toBe(true);
    expect(await page.locator('[data-test-name]').count()).toBeGreaterThan(0);
    await page.close();
  });
});
