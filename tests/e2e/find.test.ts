/**
 * Finding and following, on the corpus build (OPENGDD_CATALOG=../shared/corpus, skipped with a
 * message when absent) in Chromium: the search dialog's first result for a list of reader queries,
 * its labels, keyboard and announcements, its layout on a phone; the version-free addresses and
 * their listing in catalog.json; the version switcher keeping the reader's place; the catalog's
 * one editor schema as built.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, corpusPresent } from '../helpers/paths.ts';
import { redirectOf } from '../helpers/crawl.ts';
import { openSearch, search } from '../helpers/search.ts';
import { CHROMIUM, launch, serve, sharedSiteDir, watchErrors, watchRequests } from '../helpers/browser.ts';
import { BASE, baseSite } from '../helpers/shared-builds.ts';

const browserPresent = existsSync(CHROMIUM);
if (!browserPresent) console.warn(`find.test: ${CHROMIUM} is absent (apt-get install chromium); skipped.`);
if (!corpusPresent) console.warn(`find.test: ${corpusDir} is absent; the corpus build is not made and these tests are skipped.`);

/**
 * What a reader types, and the page that must come first (path, and the section when it matters).
 * Chosen by what the reader is after: a contract's name or alias means the mechanism (its newest
 * version), an adoption's name that adoption, a question's words the contract that asks it, a
 * test name from a failing run the adoption that generates it, a shelf's name the shelf.
 */
const QUERIES: { query: string; first: string; why: string }[] = [
  { query: 'container', first: '/contracts/container-2/', why: 'a contract name: its newest version' },
  { query: 'backpack', first: '/contracts/container-2/', why: "an alias of Container, above its adoption called Backpack" },
  { query: 'inventory', first: '/contracts/container-2/', why: 'an alias' },
  { query: 'coyote time', first: '/contracts/input-forgiveness-2/', why: 'a two-word alias' },
  { query: 'i-frames', first: '/contracts/timed-window-2/', why: 'a hyphenated alias' },
  { query: 'health', first: '/contracts/ranged-value-2/', why: 'an alias that is also an adoption name' },
  { query: 'Timed window', first: '/contracts/timed-window-2/', why: 'a contract title, capitalised' },
  { query: 'poison-window', first: '/contracts/timed-window-2/poison-window/', why: 'an adoption id' },
  { query: 'hunters satchel', first: '/contracts/container-2/hunters-satchel/', why: "an adoption's name in words: the newest version's" },
  { query: 'salvage', first: '/contracts/job-resolution-2/salvage/', why: 'an adoption name' },
  { query: 'What makes this container full', first: '/contracts/container-2/', why: 'a question, asked by both versions: the newest' },
  { query: 'AT backpack/capacity-holds', first: '/contracts/container-2/backpack/', why: 'a test name from a failing run' },
  { query: 'a fractional value has no saved-fraction store', first: '/contracts/ranged-value-2/', why: "a pack template's title: its summary is in the contract page" },
  { query: 'Inventories & holdings', first: '/contracts/#shelf-inventories-holdings', why: 'a shelf name' },
  { query: 'Determinism & replay', first: '/contracts/#shelf-determinism-replay', why: 'a shelf name that is also an alias word' },
];

/** The results' links and labels, as shown. */
async function hits(page: Page): Promise<{ href: string; label: string; text: string; sections: string[] }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('site-search .hit')].map((li) => ({
      href: li.querySelector('a.hit-link')?.getAttribute('href') ?? '',
      label: li.querySelector('a.hit-link')?.textContent ?? '',
      text: li.innerText,
      sections: [...li.querySelectorAll('a.section-link')].map((a) => a.getAttribute('href') ?? ''),
    })),
  );
}

describe.skipIf(!browserPresent || !corpusPresent)('finding and following on the corpus build', () => {
  let browser: Browser;
  let site: { dir: string; url: string; close(): Promise<void> };
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const dir = sharedSiteDir(corpusDir);
    site = { dir, ...(await serve(dir)) };
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = watchErrors(page);
    await page.goto(`${site.url}/contracts/`);
    await openSearch(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const { query, first, why } of QUERIES) {
    it(`search "${query}" puts ${first} first (${why})`, async () => {
      await search(page, query);
      const shown = await hits(page);
      expect(shown[0]?.href, JSON.stringify(shown.slice(0, 4).map((h) => h.label))).toBe(first);
      // One result per page, and no two that read the same.
      const pages = shown.map((h) => h.href.replace(/#.*$/, ''));
      expect(new Set(pages).size).toBe(pages.length);
      expect(new Set(shown.map((h) => h.label)).size).toBe(shown.length);
      expect(errors).toEqual([]);
    });
  }

  it("a template's id leads to the pack section of the contract page, whose summaries the index holds", async () => {
    await search(page, 'fractional-value-keeps-no-store');
    const shown = await hits(page);
    expect(shown[0]?.href).toBe('/contracts/ranged-value-2/');
    expect(shown[0]?.sections).toContain('/contracts/ranged-value-2/#pack');
  });

  it('a test name leads to its section on the adoption page', async () => {
    await search(page, 'AT backpack/capacity-holds');
    const [top] = await hits(page);
    expect(top!.sections[0]).toMatch(/^\/contracts\/container-2\/backpack\/#test-backpack--capacity-holds/);
  });

  it('says what each result is: contract or adoption, its contract and version, older versions marked', async () => {
    await search(page, 'backpack');
    const labels = (await hits(page)).map((h) => h.label);
    expect(labels.slice(0, 4)).toEqual([
      'Container · contract, version 2',
      'Backpack · adoption of Container, version 2',
      'Backpack · adoption of Container, version 1 · older version',
      'Container · contract, version 1 · older version',
    ]);
  });

  it('writes excerpts with spaces where elements meet', async () => {
    for (const q of ['backpack', 'fill-order-holds', 'questions asked']) {
      await search(page, q);
      const text = (await hits(page)).map((h) => h.text).join('\n');
      expect(text, q).not.toMatch(/Questions\d|Tests\d|slotfill|[a-z]\(\d+\)/);
    }
  });

  it('shows more results on request, still one per page', async () => {
    // A word nearly every page has: more results than the first batch shows.
    const { message } = await search(page, 'answer');
    const total = Number(/^(\d+) results/.exec(message)?.[1]);
    const before = (await hits(page)).length;
    expect(total).toBeGreaterThan(before);
    await page.click('site-search .search-more');
    await page.waitForFunction((n) => document.querySelectorAll('site-search .hit').length > n, before);
    const after = (await hits(page)).map((h) => h.href.replace(/#.*$/, ''));
    expect(new Set(after).size).toBe(after.length);
  });

  it('filters by kind, shelf and contract', async () => {
    await search(page, 'backpack');
    await page.selectOption('site-search select[data-filter="kind"]', 'Adoption');
    await page.waitForFunction(() => [...document.querySelectorAll('site-search a.hit-link')].every((a) => a.textContent!.includes('adoption of')));
    expect((await hits(page)).length).toBeGreaterThan(0);
    await page.selectOption('site-search select[data-filter="kind"]', '');
    await page.selectOption('site-search select[data-filter="contract"]', 'Container');
    await page.waitForFunction(() => {
      const links = [...document.querySelectorAll('site-search a.hit-link')];
      return links.length > 0 && links.every((a) => a.textContent!.includes('adoption of Container,'));
    });
    await page.selectOption('site-search select[data-filter="contract"]', '');
    // A shelf alone, with no words, lists its pages.
    await page.fill('site-search .search-input', '');
    const shelf = await page.locator('site-search select[data-filter="group"] option').nth(1).getAttribute('value');
    await page.selectOption('site-search select[data-filter="group"]', shelf!);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('site-search .search-status')?.dataset.query === '');
    expect((await hits(page)).length).toBeGreaterThan(0);
    await page.selectOption('site-search select[data-filter="group"]', '');
  });

  it('announces the results to screen readers, the first by its label', async () => {
    await search(page, 'inventory');
    const status = page.locator('site-search .search-status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.textContent()).toMatch(/^\d+ results? for inventory\. First: Container · contract, version 2$/);
  });

  it('opens with "/", Ctrl-K and ⌘-K; arrows move through the results; Enter follows', async () => {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errs = watchErrors(p);
    await p.goto(`${site.url}/contracts/timed-window-2/`);
    for (const keys of ['/', 'Control+k', 'Meta+k']) {
      await p.keyboard.press(keys);
      await p.waitForSelector('site-search dialog[open] .search-input:focus');
      await p.keyboard.press('Escape');
      await p.waitForSelector('site-search dialog:not([open])', { state: 'attached' });
    }
    // Closed, the dialog's input keeps the focus until the browser next renders: a "/" meanwhile
    // opens the search again rather than typing into the hidden input (a busy machine made it so).
    const reopened = await p.evaluate(() => {
      const dialog = document.querySelector('site-search dialog') as HTMLDialogElement;
      const input = dialog.querySelector('.search-input') as HTMLInputElement;
      dialog.showModal();
      input.focus();
      dialog.close();
      input.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true }));
      return { open: dialog.open, typed: input.value };
    });
    expect(reopened).toEqual({ open: true, typed: '' });
    await p.waitForSelector('site-search dialog[open] .search-input:focus');
    await p.keyboard.press('Escape');
    await p.waitForSelector('site-search dialog:not([open])', { state: 'attached' });
    await p.keyboard.press('/');
    await p.waitForSelector('site-search dialog[open] .search-input:focus');
    await search(p, 'backpack');
    const links = await p.evaluate(() => [...document.querySelectorAll('site-search a.hit-link, site-search a.section-link')].map((a) => a.getAttribute('href')));
    const focused = () => p.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('href') ?? document.activeElement?.className ?? '');
    await p.keyboard.press('ArrowDown');
    expect(await focused()).toBe(links[0]);
    await p.keyboard.press('ArrowDown');
    expect(await focused()).toBe(links[1]);
    await p.keyboard.press('ArrowUp');
    await p.keyboard.press('ArrowUp');
    expect(await focused()).toBe('search-input');
    // Typing on a result goes on in the input.
    await p.keyboard.press('ArrowDown');
    await p.keyboard.type('x');
    expect(await p.inputValue('site-search .search-input')).toBe('backpackx');
    await search(p, 'backpack');
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('ArrowDown');
    await Promise.all([p.waitForURL(`${site.url}${links[1]}`), p.keyboard.press('Enter')]);
    // Enter in the input follows the first result.
    await p.keyboard.press('/');
    await search(p, 'poison-window');
    await p.focus('site-search .search-input');
    await Promise.all([p.waitForURL(`${site.url}/contracts/timed-window-2/poison-window/`), p.keyboard.press('Enter')]);
    expect(errs).toEqual([]);
    await p.close();
  }, 60_000);

  for (const scheme of ['light', 'dark'] as const) {
    it(`on a 390 px phone (${scheme}) the filters take one line and the first result is above the fold`, async () => {
      const p = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
      await p.goto(`${site.url}/contracts/`);
      await openSearch(p);
      await p.waitForSelector('site-search .search-filters:not([hidden])');
      await search(p, 'backpack');
      const box = await p.evaluate(() => {
        const rect = (s: string) => document.querySelector(s)!.getBoundingClientRect();
        const root = document.querySelector('site-search dialog')!;
        return { filters: rect('site-search .search-filters').height, first: rect('site-search .hit').top, overflow: root.scrollWidth - root.clientWidth };
      });
      expect(box.filters).toBeLessThan(40);
      expect(box.first).toBeLessThan(844 / 2);
      expect(box.overflow).toBeLessThanOrEqual(0);
      await p.close();
    });
  }

  it('lists the version-free addresses in catalog.json, each a static page that leads to the newest version', async () => {
    const catalog = JSON.parse(readFileSync(path.join(site.dir, 'contracts/catalog.json'), 'utf8')) as {
      definitions: { id: string; contract: string; version: number; newest: boolean; adoptions: { id: string }[] }[];
      latest: { path: string; url: string; contract: string; adoption?: string; definition: string; target: string }[];
      clashes: unknown[];
    };
    expect(catalog.clashes).toEqual([]);
    const contracts = [...new Set(catalog.definitions.map((d) => d.contract))];
    for (const contract of contracts) {
      const versions = catalog.definitions.filter((d) => d.contract === contract).sort((a, b) => b.version - a.version);
      const own = catalog.latest.find((l) => l.contract === contract && !l.adoption);
      expect(own?.definition, contract).toBe(versions[0]!.id);
      for (const adoption of new Set(versions.flatMap((v) => v.adoptions.map((a) => a.id)))) {
        const entry = catalog.latest.find((l) => l.contract === contract && l.adoption === adoption);
        expect(entry?.definition, `${contract}/${adoption}`).toBe(versions.find((v) => v.adoptions.some((a) => a.id === adoption))!.id);
      }
    }
    for (const entry of catalog.latest) {
      const html = readFileSync(path.join(site.dir, entry.path, 'index.html'), 'utf8');
      const target = new URL(entry.target).pathname;
      expect(redirectOf(html), entry.path).toEqual({ delay: 0, target });
      expect(html).toContain(`<link rel="canonical" href="${entry.target}">`);
      expect(html).toMatch(new RegExp(`<a href="${target}">`));
      expect(existsSync(path.join(site.dir, target, 'index.html')), target).toBe(true);
    }
    const p = await browser.newPage();
    await p.goto(`${site.url}/contracts/container/backpack/`);
    await p.waitForURL(`${site.url}/contracts/container-2/backpack/`);
    await p.close();
  });

  it('the version switcher keeps the place: the same adoption or the same section in the other version', async () => {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errs = watchErrors(p);
    await p.goto(`${site.url}/contracts/container-1/backpack/#values`);
    const current = async () => (await p.locator('.version-switcher [aria-current="page"]').textContent())!.replace(/\s+/g, ' ').trim();
    expect(await current()).toBe('Version 1 (this page)');
    await Promise.all([p.waitForURL(`${site.url}/contracts/container-2/backpack/#values`), p.click('.version-switcher a[data-version="2"]')]);
    expect(await current()).toBe('Version 2 newest (this page)');
    await p.goto(`${site.url}/contracts/container-2/#question-capacity-limit`);
    await Promise.all([p.waitForURL(`${site.url}/contracts/container-1/#question-capacity-limit`), p.click('.version-switcher a[data-version="1"]')]);
    // Without a hash, the other version's page from its top.
    await p.goto(`${site.url}/contracts/container-1/`);
    await Promise.all([p.waitForURL(`${site.url}/contracts/container-2/`), p.click('.version-switcher a[data-version="2"]')]);
    // The link that always leads to the newest.
    expect(await p.getAttribute('.version-switcher a.vs-latest', 'href')).toBe('/contracts/container/');
    expect(errs).toEqual([]);
    await p.close();
  }, 60_000);

  it("publishes the catalog's one adoption schema, selecting every definition's own", () => {
    const catalog = JSON.parse(readFileSync(path.join(site.dir, 'contracts/catalog.json'), 'utf8')) as { definitions: { id: string }[]; schemas: { url: string; fileMatch: string[]; versions: Record<string, string> }[] };
    const [entry] = catalog.schemas;
    const schema = JSON.parse(readFileSync(path.join(site.dir, new URL(entry!.url).pathname), 'utf8')) as { $id: string; allOf: { then: { $ref?: string } }[] };
    expect(schema.$id).toBe(entry!.url);
    const refs = schema.allOf.map((a) => a.then.$ref).filter(Boolean);
    expect(refs.sort()).toEqual(Object.values(entry!.versions).sort());
    expect(Object.keys(entry!.versions).sort()).toEqual(catalog.definitions.map((d) => d.id).sort());
    for (const ref of refs) expect(existsSync(path.join(site.dir, new URL(ref!).pathname)), ref).toBe(true);
  });
});

describe.skipIf(!browserPresent)(`search under a base: the embedded catalog built and served under ${BASE}`, () => {
  let browser: Browser | undefined;
  let site: { url: string; close(): Promise<void> } | undefined;

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('"/" on a contract page opens the search, which finds a contract and follows it, all under the base', async () => {
    const build = baseSite();
    expect(build.status, build.output).toBe(0);
    site = await serve(build.outDir, BASE);
    browser = await launch();
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(p);
    const failed: string[] = [];
    const requests = watchRequests(p, failed);
    p.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.url()}: HTTP ${r.status()}`);
    });
    await p.goto(`${site.url}${BASE}contracts/timed-window-2/`);
    await p.keyboard.press('/');
    await p.waitForSelector('site-search dialog[open] .search-input:focus');
    // A contract found through the index's shards (the build's are four pages each), so the merged
    // indexes carry the base as well as the first.
    const { hits } = await search(p, 'Clamped meter');
    const first = hits[0]?.href ?? '';
    expect(first, JSON.stringify(hits.slice(0, 3))).toBe(`${BASE}contracts/clamped-meter-2/`);
    for (const h of hits) for (const href of [h.href, ...h.nested]) expect(href.startsWith(BASE), href).toBe(true);
    await p.focus('site-search .search-input');
    await Promise.all([p.waitForURL(`${site.url}${first}`), p.keyboard.press('Enter')]);
    expect(await p.title()).toMatch(/^Clamped meter/);
    expect(errors).toEqual([]);
    await requests.settle();
    expect(failed).toEqual([]);
  }, 300_000);
});
