/**
 * The crawler itself, on a tiny hand-made site with one of each fault planted: a crawl that finds
 * nothing must be a crawl that would have found something.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launch, serve, watchRequests } from '../helpers/browser.ts';
import { remove } from '../helpers/site.ts';
import { crawl, fileOf, redirectOf, representativePages, type CrawlReport } from '../helpers/crawl.ts';

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const FILES: Record<string, string> = {
  'contracts/index.html': page(
    'Start',
    [
      '<p><a href="/contracts/a/">A</a> <a href="/contracts/a/#here">A, here</a> <a href="/contracts/a/#nowhere">A, nowhere</a></p>',
      '<p><a href="/contracts/missing/">missing</a> <a href="#local">local</a> <a href="https://example.org/">elsewhere</a></p>',
      '<p><a href="https://site.test/contracts/a/">A by its public address</a> <a href="https://site.test/spec/">the spec, another site</a></p>',
      '<p id="local">Local</p><p id="twice">1</p><p id="twice">2</p>',
      '<p style="color:#bbb;background:#fff">Faint text</p>',
      '<img src="/nothing.png" alt="">',
      '<script>console.error("boom")</script>',
      '<script src="https://example.invalid/tracker.js"></script>',
    ].join(''),
  ),
  'contracts/a/index.html': page('A', '<p id="here">Here</p><a href="/contracts/b/">B</a><div style="background:#fff"><p>On white</p></div>'),
  // Readable in light, faint in dark: only a dark pass finds it.
  'contracts/b/index.html': page(
    'B',
    '<p class="dim">Dim in the dark</p>',
    '<style>:root{color-scheme:light dark}.dim{color:#222;background:#fff}@media (prefers-color-scheme: dark){.dim{color:#333;background:#000}}</style>',
  ),
  // Its text is styled as page A's, but one paragraph lies on a dark translucent layer: a case of
  // text no earlier page held, so its contrast is judged even though the crawl saw the rest before.
  'orphan/index.html': page('Orphan', '<p>No link leads here.</p><div style="background:rgba(0,0,0,0.9)"><p>Dark on dark</p></div>'),
  // Nothing but cases of text page A held: axe leaves colour contrast out.
  'orphan-2/index.html': page('Orphan 2', '<p>Only what page A holds.</p>'),
  // Page A's text on page A's opaque white, but all of it faded: an opacity above the background counts.
  'orphan-3/index.html': page('Orphan 3', '<div style="opacity:0.3"><div style="background:#fff"><p>Faded</p></div></div>'),
  // Page A's kinds of element and text, but its link has no name: a kind no earlier page held. (Its
  // second link's fragment does not decode: reading the kinds must not stop there.)
  'orphan-4/index.html': page('Orphan 4', '<p>Only what page A holds.</p><a href="/contracts/b/"></a><a href="#%E0%A4%A">A fragment that does not decode</a>'),
  'index.html': '<!doctype html><title>Redirecting</title><meta http-equiv="refresh" content="2;url=/contracts/"><a href="/contracts/">Catalog</a>',
  'moved/index.html': '<!doctype html><title>Moved</title><meta http-equiv="refresh" content="0; url=https://site.test/contracts/gone/">',
};

describe.skipIf(!existsSync(CHROMIUM))('the crawler finds what is planted', () => {
  let browser: Browser;
  let dir: string;
  let site: { url: string; close(): Promise<void> };
  let report: CrawlReport;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-crawler-'));
    for (const [rel, html] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), html);
    }
    site = await serve(dir);
    browser = await launch();
    report = await crawl(browser, {
      dir,
      served: site.url,
      site: 'https://site.test',
      start: '/contracts/',
      concurrency: 2,
      axeFor: (f) => ({ schemes: f === 'contracts/b/index.html' ? ['light', 'dark'] : ['light'], openFolds: true }),
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dir) remove(dir);
  });

  const found = (file: string, text: string) => report.problems.some((p) => p.startsWith(`${file}: `) && p.includes(text));

  it('visits linked pages, then orphans; checks redirect stubs from the file', () => {
    expect(report.orphans).toEqual(['index.html', 'moved/index.html', 'orphan/index.html', 'orphan-2/index.html', 'orphan-3/index.html', 'orphan-4/index.html']);
    expect(report.visited.sort()).toEqual([
      'contracts/a/index.html',
      'contracts/b/index.html',
      'contracts/index.html',
      'orphan-2/index.html',
      'orphan-3/index.html',
      'orphan-4/index.html',
      'orphan/index.html',
    ]);
    expect(report.redirects.sort()).toEqual(['index.html', 'moved/index.html']);
    expect(found('index.html', 'redirects after 2 s')).toBe(true);
    expect(found('moved/index.html', 'https://site.test/contracts/gone/ names no file')).toBe(true);
  });

  it('reports broken links and anchors, on the served and the public origin alike', () => {
    expect(found('contracts/index.html', '/contracts/missing/ names no file')).toBe(true);
    expect(found('contracts/index.html', 'no element with id "nowhere"')).toBe(true);
    expect(report.problems.some((p) => p.includes('#here') || p.includes('#local'))).toBe(false);
    expect(report.problems.some((p) => p.includes('site.test/spec') || p.includes('example.org'))).toBe(false);
  });

  it('reports console errors, failed and blocked requests, duplicate ids', () => {
    expect(found('contracts/index.html', 'console error: boom')).toBe(true);
    expect(found('contracts/index.html', 'response 404')).toBe(true);
    expect(found('contracts/index.html', 'request failed: GET https://example.invalid/tracker.js')).toBe(true);
    expect(found('contracts/index.html', 'id "twice" is used by more than one element')).toBe(true);
  });

  it('reports serious axe violations, in the scheme they occur in', () => {
    expect(found('contracts/index.html', 'axe serious color-contrast (light)')).toBe(true);
    expect(found('contracts/b/index.html', 'axe serious color-contrast (dark)')).toBe(true);
    expect(found('contracts/b/index.html', '(light)')).toBe(false);
    expect(report.problems.filter((p) => p.startsWith('contracts/a/') || p.startsWith('orphan-2/'))).toEqual([]);
  });

  it('judges colour contrast wherever a page holds a case of text no earlier page did, and only there', () => {
    // The same colours as page A's text, on a layer page A does not have.
    expect(found('orphan/index.html', 'axe serious color-contrast (light)')).toBe(true);
    expect(report.problems.filter((p) => p.startsWith('orphan/'))).toHaveLength(1);
    // Text and background as page A's, under an opacity that fades both.
    expect(found('orphan-3/index.html', 'axe serious color-contrast (light)')).toBe(true);
    expect(report.contrastJudged).toContain('contracts/a/index.html (light)');
    expect(report.contrastJudged).toContain('contracts/b/index.html (dark)');
    expect(report.contrastJudged).not.toContain('orphan-2/index.html (light)');
  });

  it('runs axe wherever a page holds a kind of element no earlier run judged, and only there', () => {
    // Nothing but page A's kinds of element and text: axe is not run, every other check is.
    expect(report.axeSkipped).toContain('orphan-2/index.html (light)');
    expect(report.visited).toContain('orphan-2/index.html');
    // The same text as page A, and a link as page A's but with no name: axe runs and fails it.
    expect(report.axeSkipped).not.toContain('orphan-4/index.html (light)');
    expect(found('orphan-4/index.html', 'axe serious link-name (light)')).toBe(true);
    expect(report.contrastJudged).not.toContain('orphan-4/index.html (light)');
    expect(report.timings.axeRuns + report.axeSkipped.length).toBe(8);
  });

  it('helpers: URL paths to files, redirect stubs, the representative sample', () => {
    expect(fileOf(dir, '/contracts/a')).toBe('contracts/a/index.html');
    expect(fileOf(dir, '/contracts/a/')).toBe('contracts/a/index.html');
    expect(fileOf(dir, '/../etc/passwd')).toBeUndefined();
    expect(redirectOf(FILES['index.html']!)).toEqual({ delay: 2, target: '/contracts/' });
    expect(redirectOf(FILES['contracts/a/index.html']!)).toBeUndefined();
    // The start page holds every tag and style the others use, but for page B's class and page A's
    // white block.
    expect(representativePages(dir, ['contracts/index.html', 'contracts/a/index.html', 'contracts/b/index.html'])).toEqual([
      'contracts/a/index.html',
      'contracts/b/index.html',
      'contracts/index.html',
    ]);
  });
});

describe.skipIf(!existsSync(CHROMIUM))('a request cancelled as the page moves on', () => {
  it('is asked for again, and counts as a failure only when it is not served', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-cancelled-'));
    writeFileSync(path.join(dir, 'here.png'), 'png');
    writeFileSync(path.join(dir, 'next.html'), page('Next', '<p>Next</p>'));
    writeFileSync(path.join(dir, 'index.html'), page('First', '<img src="/here.png" alt="here"><img src="/gone.png" alt="gone">'));
    const site = await serve(dir);
    const browser = await launch();
    try {
      const tab = await browser.newPage();
      const failures: string[] = [];
      const requests = watchRequests(tab, failures);
      // Both images are held back until the page has gone on, so the browser cancels both.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const cancelled: string[] = [];
      tab.on('requestfailed', (r) => cancelled.push(`${new URL(r.url()).pathname} ${r.failure()?.errorText}`));
      await tab.route('**/*.png', async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await tab.goto(`${site.url}/`, { waitUntil: 'commit' });
      await tab.waitForFunction(() => document.images.length === 2);
      await tab.goto(`${site.url}/next.html`);
      release();
      expect(cancelled.sort()).toEqual(['/gone.png net::ERR_ABORTED', '/here.png net::ERR_ABORTED']);
      expect(failures).toEqual([]);
      await requests.settle();
      expect(failures).toEqual([`request failed: ${site.url}/gone.png (cancelled, then 404)`]);
    } finally {
      await browser.close();
      await site.close();
      remove(dir);
    }
  }, 60_000);
});
