/**
 * What the browser tests share: the run's build of the site per catalog (`shared-builds.ts`), a
 * tiny static file server on 127.0.0.1, Debian's Chromium driven by playwright-core, and the frame
 * of a test file on the embedded and corpus sites (`browserOnSites`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { corpusDir, corpusPresent } from './paths.ts';
import { sharedSite } from './shared-builds.ts';

/** Where Debian installs Chromium. */
export const CHROMIUM = '/usr/bin/chromium';

/** Chromium's switches for a quiet, offline, sandbox-free headless run. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts Chromium. */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * The output folder of the run's shared build of a catalog folder (undefined: the embedded
 * catalog, see {@link sharedSite}), which must have succeeded.
 */
export function sharedSiteDir(catalog: string | undefined, env?: Record<string, string>): string {
  const build = sharedSite(catalog, env);
  if (build.status !== 0) throw new Error(`astro build failed for ${catalog ?? 'the embedded catalog'}:\n${build.output}`);
  return build.outDir;
}


const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
  '.zip': 'application/zip',
  '.xml': 'application/xml',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
};

/**
 * A static server for a built site on 127.0.0.1 (an ephemeral port). A site built under a base
 * (`/catalog/`) is served there, as a project site on GitHub Pages is: nothing outside it exists.
 */
export async function serve(root: string, base = '/'): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const requested = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const under = (requested + '/').startsWith(base);
    const pathname = under ? `/${requested.slice(base.length)}` : '/\0outside';
    let file = path.join(root, pathname);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': TYPES['.html']! }).end(existsSync(path.join(root, '404.html')) ? readFileSync(path.join(root, '404.html')) : 'Not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Turns every Content-Security-Policy violation of a page into a console error, which every browser
 * test fails on: Chromium logs a blocked script or style itself, but not every violation (one in a
 * frame, a report-only one) reaches the console in a form a test can tell apart.
 */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline code') + ' at ' + e.sourceFile + ':' + e.lineNumber + (e.sample ? ' (' + e.sample + ')' : '')));`,
  });
}

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/**
 * Collects the requests a page could not make. A request the browser cancelled (`net::ERR_ABORTED`:
 * the page navigated on while its favicon or a lazy frame was still loading) says nothing of the
 * site, so {@link FailedRequests.settle} asks for each such address again and keeps it as a failure
 * only when it is not served then.
 */
export function watchRequests(page: Page, failures: string[]): FailedRequests {
  const aborted = new Set<string>();
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '?';
    if (why === 'net::ERR_ABORTED') aborted.add(r.url());
    else failures.push(`request failed: ${r.url()} (${why})`);
  });
  return {
    async settle() {
      for (const url of aborted) {
        const response = await page.context().request.get(url).catch((e: Error) => e);
        if (response instanceof Error) failures.push(`request failed: ${url} (cancelled, then ${response.message.split('\n')[0]})`);
        else if (!response.ok()) failures.push(`request failed: ${url} (cancelled, then ${response.status()})`);
      }
      aborted.clear();
    },
  };
}

/** What {@link watchRequests} gives: cancelled requests still to be asked for again. */
export interface FailedRequests {
  /** Asks again for every address whose request was cancelled; the unserved ones become failures. */
  settle(): Promise<void>;
}

/** A built site served on 127.0.0.1. */
export interface ServedSite {
  dir: string;
  url: string;
  close(): Promise<void>;
}

/** The two sites of the browser tests: the embedded catalog's and the corpus's. */
export type SiteName = 'corpus' | 'embedded';

/** What {@link browserOnSites} gives a test file. */
export interface BrowserOnSites {
  /** The served sites (the corpus only when present), once the `beforeAll` hook ran. */
  sites: Partial<Record<SiteName, ServedSite>>;
  /** A page in a fresh context made with `options`; the context is the test's (see below). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /**
   * Opens `url` (a path) of `site` in a fresh context (1280×900 unless `options.viewport`; with
   * `permissions` granted for the site), and waits for the answer explorer unless JavaScript is off.
   */
  open(site: SiteName, url: string, options?: BrowserContextOptions & { permissions?: string[] }): Promise<Page>;
}

/**
 * The frame of a browser test file on the run's builds of the embedded catalog and of the corpus
 * (when present), for the `describe` it is called in: both are served and one browser started
 * before the tests; after every test the contexts it opened are closed, and the pages in them
 * must have logged no console error and thrown nothing.
 */
export function browserOnSites(): BrowserOnSites {
  let browser: Browser;
  const sites: Partial<Record<SiteName, ServedSite>> = {};
  /** The contexts the current test opened, and their pages' errors. */
  let contexts: BrowserContext[] = [];
  let errors: string[][] = [];

  beforeAll(async () => {
    // The corpus first: the crawl of the corpus, the longest file, waits for that build too.
    const builds: [SiteName, string | undefined][] = [['embedded', undefined]];
    if (corpusPresent) builds.unshift(['corpus', corpusDir]);
    for (const [name, catalog] of builds) {
      const dir = sharedSiteDir(catalog);
      sites[name] = { dir, ...(await serve(dir)) };
    }
    browser = await launch();
  }, 300_000);

  afterEach(async () => {
    for (const c of contexts) await c.close();
    contexts = [];
    const seen = errors.flat();
    errors = [];
    expect(seen).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    for (const site of Object.values(sites)) await site.close();
  });

  const newPage = async (options: BrowserContextOptions = {}): Promise<Page> => {
    const context = await browser.newContext(options);
    await reportCspViolations(context);
    contexts.push(context);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return page;
  };

  return {
    sites,
    newPage,
    async open(site, url, { permissions, ...options } = {}) {
      const page = await newPage({ viewport: { width: 1280, height: 900 }, ...options });
      if (permissions) await page.context().grantPermissions(permissions, { origin: sites[site]!.url });
      await page.goto(sites[site]!.url + url);
      if (options.javaScriptEnabled !== false) await page.waitForSelector('answer-explorer[data-ready]');
      return page;
    },
  };
}
