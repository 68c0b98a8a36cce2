/**
 * Page weight for `npm run bench` (issue 10's figures): for chosen pages of a built site, the
 * HTML's bytes raw and gzip, the number of elements once the page has loaded and its full-page
 * height at 1440×900 in Chromium, beside the upstream figures (opengdd.org) where the issue gives
 * them.
 *
 *   npx tsx bench/page-weight.ts <built-site-dir>
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch, serve } from '../tests/helpers/browser.ts';

/** Upstream's figures for a page and the goals issue 10 sets from them. */
export interface Upstream {
  /** What the page is, for the table. */
  name: string;
  /** Upstream's HTML gzip bytes: ours at most that. */
  htmlGzip?: number;
  /** Upstream's HTML raw bytes: ours at most that. */
  htmlRaw?: number;
  /** Upstream's full-page height at 1440 px. */
  heightPx?: number;
  /** Ours at most this tall: 1.25× upstream's, as the issue rounds it. */
  heightGoalPx?: number;
}

/** Issue 10 counts in kB of 1,000 bytes (its "ours 24.1" is 24,057 bytes). */
export const KB = 1000;

/** The corpus pages issue 10 names, with upstream's figures from the issue. */
export const CORPUS_PAGES: Record<string, Upstream> = {
  '/contracts/': { name: 'catalog' },
  '/contracts/ranged-value-2/': { name: 'contract ranged-value-2', htmlRaw: 276 * KB },
  // "Backpack is 13,283 px tall at 1440 px (upstream 5,161)"; "at most 1.25× upstream's (Backpack: 6,450 px)".
  '/contracts/container-2/backpack/': { name: 'adoption Backpack (container-2)', htmlGzip: 15.4 * KB, heightPx: 5161, heightGoalPx: 6450 },
  '/contracts/timed-window-2/poison-window/': { name: 'adoption Poison window (timed-window-2)', htmlGzip: 8.7 * KB },
};

/** What {@link pageWeight} measured for one page. */
export interface PageWeight {
  page: string;
  html: { raw: number; gzip: number };
  elements: number;
  heightPx: number;
}

/** Measures each page of `dist` (paths like `/contracts/`), one Chromium tab at 1440×900. */
export async function pageWeight(dist: string, pages: string[]): Promise<PageWeight[]> {
  const server = await serve(dist);
  const browser = await launch();
  try {
    const tab = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const out: PageWeight[] = [];
    for (const page of pages) {
      const html = readFileSync(join(dist, page, 'index.html'));
      await tab.goto(server.url + page, { waitUntil: 'load' });
      // The island may change the page once it is ready; measure after it (when the page has one).
      await tab.waitForFunction(() => [...document.querySelectorAll('answer-explorer')].every((e) => e.hasAttribute('data-ready')), undefined, { timeout: 10_000 }).catch(() => undefined);
      await tab.evaluate(() => document.fonts.ready.then(() => undefined));
      const { elements, heightPx } = await tab.evaluate(() => ({
        elements: document.getElementsByTagName('*').length,
        heightPx: Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
      }));
      out.push({ page, html: { raw: html.length, gzip: gzipSync(html, { level: 9 }).length }, elements, heightPx });
    }
    return out;
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist] = process.argv.slice(2);
  if (!dist) throw new Error('usage: tsx bench/page-weight.ts <built-site-dir>');
  for (const w of await pageWeight(dist, Object.keys(CORPUS_PAGES))) console.log(JSON.stringify(w));
}
