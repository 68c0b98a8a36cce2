/**
 * Strings from a catalog are data. The hostile catalog of `payloads.ts` (markup, `javascript:` and
 * `data:` URLs in every kind of catalog string, `__proto__` annotations everywhere) is valid: check
 * passes and the site builds. Then, in Chromium, on every page of the built site: no dialog fires,
 * no element of a payload exists, no link runs script, and the payload text is visible as text —
 * also after the answer explorer re-renders tests, in Pagefind's search results, and in the SVG of
 * the social images.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialSvg } from '../../src/lib/site/social.ts';
import { CHROMIUM, launch, serve } from '../helpers/browser.ts';
import { parseFindings, runCli } from '../helpers/cli.ts';
import { treeDigest } from '../helpers/paths.ts';
import { buildSite, remove, type SiteBuild } from '../helpers/site.ts';
import { hostileCatalog, markup, ORIGINS, tightMarkup, TITLE, VISIBLE } from './payloads.ts';

const browserPresent = existsSync(CHROMIUM);

/** Every HTML page of a built site, as URL paths (`contracts/x/` for `contracts/x/index.html`). */
function htmlPages(outDir: string): string[] {
  const pages: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(outDir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (child !== 'pagefind' && child !== '_astro') walk(child);
      } else if (e.name.endsWith('.html')) pages.push(e.name === 'index.html' ? (rel ? `${rel}/` : '') : child);
    }
  };
  walk('');
  return pages.sort();
}

/** What a page holds that a payload could have made: each list must be empty. */
interface Injected {
  images: string[];
  handlers: string[];
  scripts: string[];
  links: string[];
  frames: string[];
}

/** Runs in the page: elements a payload could have created, and links that would run script. */
function findInjected(): Injected {
  const all = [...document.querySelectorAll('*')];
  return {
    images: [...document.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? '').filter((s) => s === 'x' || s.includes('alert')),
    handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`)),
    // A script that runs (not JSON data) and mentions a payload.
    scripts: [...document.scripts].filter((s) => !/json/.test(s.type) && /alert\(/.test(s.text + s.src)).map((s) => s.outerHTML.slice(0, 120)),
    links: [...document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]')]
      .filter((a) => a.protocol === 'javascript:' || a.protocol === 'data:')
      .map((a) => a.getAttribute('href') ?? ''),
    // The one frame the site makes: an adoption page's view of its own file, at `<page>file/`.
    frames: [...document.querySelectorAll<HTMLElement>('iframe, object, embed, frame')]
      .filter((f) => !(f instanceof HTMLIFrameElement && f.classList.contains('file-frame') && new URL(f.src, location.href).pathname === `${location.pathname}file/`))
      .map((f) => f.outerHTML.slice(0, 120)),
  };
}

/**
 * Waits until an image a payload made would have failed and run its handler: the islands are
 * ready (they render from the page's strings), every image has loaded or failed (a lazy one that
 * has not started is not waited for; no payload image is lazy), then two frames and a task more,
 * for the error events queued meanwhile. Concrete conditions instead of a wait for the network to
 * be idle for half a second on each page.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('answer-explorer')].every((e) => e.hasAttribute('data-ready')) &&
      [...document.images].every((i) => i.complete || i.loading === 'lazy'),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

const NOTHING: Injected = { images: [], handlers: [], scripts: [], links: [], frames: [] };

describe.skipIf(!browserPresent)('catalog strings render as text (Chromium)', () => {
  let root: string;
  let site: SiteBuild;
  let server: { url: string; close(): Promise<void> };
  let browser: Browser;
  let context: BrowserContext;
  let before: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    root = hostileCatalog();
    before = treeDigest(root);
    site = buildSite(root, 'hostile');
    if (site.status !== 0) return;
    server = await serve(site.outDir);
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // A dialog from any page of the context is a payload that ran.
    context.on('page', (page) =>
      page.on('dialog', (d) => {
        dialogs.push(`${page.url()}: ${d.type()} ${d.message()}`);
        void d.dismiss();
      }),
    );
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    remove(root);
    if (site) remove(site.outDir);
  });

  async function open(rel: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}/${rel}`, { waitUntil: 'load' });
    return page;
  }

  it('is a valid catalog: check passes, the build succeeds, the folder is unchanged', async () => {
    const run = await runCli(['check', '--catalog', root]);
    expect(parseFindings(run.out).filter((f) => f.severity === 'error'), run.out).toEqual([]);
    expect(run.status).toBe(0);
    expect(site.status, site.output).toBe(0);
    expect(treeDigest(root)).toBe(before);
  });

  it('every page: no dialog, no element or handler from a payload, no script link', async () => {
    const pages = htmlPages(site.outDir);
    expect(pages.length).toBeGreaterThan(15);
    // One tab for them all: each page is a document of its own either way, and a new tab per page
    // would start a renderer and compile the site's scripts afresh each time.
    const page = await context.newPage();
    for (const rel of pages) {
      await page.goto(`${server.url}/${rel}`, { waitUntil: 'load' });
      await settled(page);
      expect(await page.evaluate(findInjected), rel).toEqual(NOTHING);
    }
    await page.close();
    expect(dialogs).toEqual([]);
  }, 300_000);

  it('shows the payloads as text where they belong, in the title too', async () => {
    for (const { page: rel, text } of VISIBLE) {
      const page = await open(rel);
      expect(await page.evaluate(() => document.body.innerText), `${rel}: ${text}`).toContain(text);
      await page.close();
    }
    const page = await open('contracts/spawn-wave-1/');
    expect(await page.title()).toContain(TITLE);
    expect(await page.getAttribute('meta[name="description"]', 'content')).toContain(markup(28));
    expect(await page.evaluate(() => document.body.innerText)).toContain(markup(30));
    await page.close();
    expect(dialogs).toEqual([]);
  });

  it('links an origin only when it is an http(s) URL; a script or data URL is text', async () => {
    for (const [cv, origin] of Object.entries(ORIGINS)) {
      const page = await open(`contracts/${cv}/`);
      const ids = page.locator('.page-head .ids');
      const hrefs = await ids.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      if (/^https?:/.test(origin)) expect(hrefs, cv).toEqual([origin]);
      else {
        expect(hrefs, cv).toEqual([]);
        expect(await ids.innerText(), cv).toContain(origin.trim());
      }
      await page.close();
    }
  });

  it('the answer explorer re-renders tests from the same strings, still as text', async () => {
    const page = await open('contracts/spawn-wave-1/castle-siege/');
    await page.waitForSelector('answer-explorer[data-ready]');
    // A new answer; then a new citation typed into the first row: its per-row test (the template's
    // title and text, and the row's citation) is rebuilt by the island.
    await page.check('input[name="advance"][value="when-cleared"]');
    await page.click('details[data-rows-editor="waves"] > summary');
    const field = (name: string) => page.locator(`[data-rows-editor="waves"] input[data-row="0"][data-field="${name}"]`);
    // The rows editor holds the row's strings as input values, not as markup.
    expect(await field('spawn-at').inputValue()).toBe(`${tightMarkup(23)}.md#gate`);
    expect(await field('note').inputValue()).toBe(markup(22));
    await field('spawn-at').fill(`${tightMarkup(37)}.md#ford`);
    await field('spawn-at').press('Tab');
    await page.waitForFunction(() => document.querySelector('[data-template="wave-sends-its-count"]')?.textContent?.includes('alert(37)'));
    // Whatever the new strings could have made (an image, a handler) has loaded or failed by now.
    await settled(page);
    expect(await page.evaluate(findInjected)).toEqual(NOTHING);
    // Test steps sit in folds: open them, so the text read is the text a reader sees.
    const text = await page.evaluate(() => {
      for (const d of document.querySelectorAll('main details')) (d as HTMLDetailsElement).open = true;
      return document.body.innerText;
    });
    expect(text).toContain(`${tightMarkup(37)}.md#ford`);
    expect(text).toContain(markup(31));
    expect(text).toContain(markup(34));
    // And the contract page's explorer (a stand-in adoption), after a change.
    const contract = await open('contracts/spawn-wave-1/');
    await contract.waitForSelector('answer-explorer[data-ready]');
    await contract.check('input[name="advance"][value="when-cleared"]');
    // The island has re-rendered from the new answer (it marks the question), and settled.
    await contract.waitForSelector('[data-question="advance"][data-answer="when-cleared"]');
    await settled(contract);
    expect(await contract.evaluate(findInjected)).toEqual(NOTHING);
    expect(await contract.evaluate(() => ({}) as Record<string, unknown>)).toEqual({});
    await contract.close();
    await page.close();
    expect(dialogs).toEqual([]);
  });

  it('search results show the payloads as text', async () => {
    const page = await open('contracts/');
    await page.click('site-search .open');
    const input = page.locator('site-search .search-input');
    await input.waitFor();
    await page.waitForSelector('site-search .search-filters:not([hidden])', { timeout: 15_000 });
    await input.fill('alert');
    await page.waitForSelector('site-search .hit', { timeout: 15_000 });
    // The list is this query's once its status says so; then its excerpts' images have loaded or failed.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('site-search .search-status')?.dataset.query === 'alert', undefined, { timeout: 15_000 });
    await settled(page);
    expect(await page.evaluate(findInjected)).toEqual(NOTHING);
    expect(await page.locator('site-search .search-results').innerText()).toMatch(/alert\(\d+\)/);
    // The filters (group and contract titles) are text as well, read back from the index's values.
    const filters = await page.locator('site-search .search-filter option').allTextContents();
    expect(filters.join('\n')).toContain(TITLE);
    expect(filters.join('\n')).toContain(`Encounters ${markup(35)}`);
    expect(filters.join('\n')).toContain('Meters & pools');
    await page.close();
    expect(dialogs).toEqual([]);
  });

  it('the social images: the SVG they are drawn from holds the strings as text; the PNGs are made', async () => {
    // The cards of spawn-wave-1 and castle-siege, composed as src/pages/og/ composes them.
    const title = TITLE;
    const cards = [
      { kicker: 'OpenGDD contract · spawn-wave-1', title: `${title} 1`, subtitle: `Waves as designed. ${markup(28)}`, facts: ['7 questions'], status: 'checked' as const },
      { kicker: 'OpenGDD adoption · spawn-wave-1', title: 'castle-siege', subtitle: `${title} 1`, facts: ['1 test'], status: 'checked' as const },
    ];
    for (const [i, card] of cards.entries()) {
      const file = path.join(site.outDir, `hostile-card-${i}.svg`);
      writeFileSync(file, socialSvg(card));
      const page = await open(`hostile-card-${i}.svg`);
      const found = await page.evaluate(() => ({
        elements: document.querySelectorAll('script, img, image, foreignObject, a, iframe').length,
        handlers: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
        text: document.documentElement.textContent ?? '',
      }));
      expect(found.elements).toBe(0);
      expect(found.handlers).toEqual([]);
      // The text as drawn (wrapped into lines, long titles cut with "…").
      const text = found.text.replace(/\s+/g, ' ');
      if (i === 0) {
        expect(text).toContain('<script>alert(27)</script');
        expect(text).toContain('<script>alert(28)</script>');
      } else expect(text).toContain('Spawn <script>alert(27)</script>');
      await page.close();
    }
    for (const png of ['og/contracts/spawn-wave-1.png', 'og/contracts/spawn-wave-1/castle-siege.png']) {
      expect(readFileSync(path.join(site.outDir, png)).subarray(1, 4).toString(), png).toBe('PNG');
    }
    expect(dialogs).toEqual([]);
  });
});
