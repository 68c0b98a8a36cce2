/**
 * What the browser tests share: the run's build of the site per catalog (`shared-builds.ts`), a
 * tiny static file server on 127.0.0.1, and Debian's Chromium driven by playwright-core.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sharedSite } from '../site/shared-builds.ts';

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

/**
 * @deprecated The one builder is `buildSite` of tests/site/helpers.ts; this old e2e name is
 * {@link sharedSiteDir}, kept for tests written against it (`label` is unused: one build serves
 * every caller, and `remove()` leaves its folder alone).
 */
export function buildSite(catalog: string | undefined, _label: string, env?: Record<string, string>): string {
  return sharedSiteDir(catalog, env);
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

/** A static server for a built site on 127.0.0.1 (an ephemeral port). */
export async function serve(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
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

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}
