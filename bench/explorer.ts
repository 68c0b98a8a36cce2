/**
 * The answer explorer's figures on a built site, for `npm run bench`: the JavaScript a page loads
 * at once (gzip, each script on its own; the lazily loaded chunks listed apart), and, in Chromium,
 * the time each answer change takes — `explorer:recompute` (the engine) and `explorer:render` (the
 * page), as the island measures them — on the given page.
 *
 *   npx tsx bench/explorer.ts <built-site-dir> [page path…]
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch, serve } from '../tests/helpers/browser.ts';

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

/** Scripts a page runs at once (inline and module files with their static imports), and what their lazy imports load. */
export function pageScriptBytes(dist: string, page: string) {
  const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
  const eager: { name: string; raw: number; gzip: number }[] = [];
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const walk = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const body = readFileSync(join(dist, url));
    eager.push({ name: url, raw: body.length, gzip: gz(body) });
    const text = body.toString('utf8');
    for (const m of text.matchAll(/(?:from|import)\s*["'](\.\/[^"']+)["']/g)) walk(posix.join(posix.dirname(url), m[1]!));
    for (const m of text.matchAll(/import\(\s*["'`](\.\/[^"'`]+)["'`]\s*\)/g)) lazy.add(posix.join(posix.dirname(url), m[1]!));
  };
  let data = { raw: 0, gzip: 0 };
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs, body] = m as unknown as [string, string, string];
    const src = /src="([^"]+)"/.exec(attrs)?.[1];
    if (/application\/json/.test(attrs)) data = { raw: Buffer.byteLength(body), gzip: gz(body) };
    else if (src) walk(src);
    else if (body.trim()) eager.push({ name: 'inline', raw: Buffer.byteLength(body), gzip: gz(body) });
  }
  // What a first use loads: each lazy chunk with its own static imports and the chunks it imports
  // lazily in turn, less what the page already ran.
  for (const url of seen) lazy.delete(url);
  for (const url of lazy) {
    const text = readFileSync(join(dist, url), 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*["'](\.\/[^"']+)["']/g)) {
      const dep = posix.join(posix.dirname(url), m[1]!);
      if (!seen.has(dep)) lazy.add(dep);
    }
    for (const m of text.matchAll(/import\(\s*["'`](\.\/[^"'`]+)["'`]\s*\)/g)) {
      const dep = posix.join(posix.dirname(url), m[1]!);
      if (!seen.has(dep)) lazy.add(dep);
    }
  }
  const lazyFiles = [...lazy].map((url) => {
    const body = readFileSync(join(dist, url));
    return { name: url, raw: body.length, gzip: gz(body) };
  });
  return {
    eagerGzip: eager.reduce((n, s) => n + s.gzip, 0),
    eagerRaw: eager.reduce((n, s) => n + s.raw, 0),
    eager,
    lazy: lazyFiles,
    /** The definition, pack and state the page embeds for the island (HTML, not JavaScript). */
    embeddedData: data,
  };
}

function stat(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: +s[Math.floor(s.length / 2)]!.toFixed(2), p95: +s[Math.floor(s.length * 0.95)]!.toFixed(2) };
}

/** Tries every other option of every asked question four times over; times each change of the last three. */
export async function explorerChangeTimes(dist: string, page: string) {
  const server = await serve(dist);
  const browser = await launch();
  try {
    const tab = await browser.newPage();
    await tab.goto(server.url + page);
    await tab.waitForSelector('answer-explorer[data-ready]', { state: 'attached' });
    // A string, so no bundler helper leaks into the page.
    const times = (await tab.evaluate(`(() => {
      const recompute = [], render = [], whole = [];
      // Round 0 warms the JIT up and is not recorded; rounds 1 to 3 are.
      for (let round = 0; round < 4; round++) {
        for (const q of document.querySelectorAll('[data-choice]')) {
          if (q.hidden) continue;
          for (const radio of q.querySelectorAll('input[type=radio]')) {
            if (radio.checked) continue;
            const t = performance.now();
            radio.checked = true;
            radio.dispatchEvent(new Event('change', { bubbles: true }));
            if (round === 0) continue;
            whole.push(performance.now() - t);
            recompute.push(performance.getEntriesByName('explorer:recompute')[0].duration);
            render.push(performance.getEntriesByName('explorer:render')[0].duration);
          }
        }
      }
      return { recompute, render, whole };
    })()`)) as { recompute: number[]; render: number[]; whole: number[] };
    return { page, changes: times.whole.length, recomputeMs: stat(times.recompute), renderMs: stat(times.render), changeMs: stat(times.whole) };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist, ...pages] = process.argv.slice(2);
  if (!dist) throw new Error('usage: tsx bench/explorer.ts <built-site-dir> [page path…]');
  for (const page of pages.length ? pages : ['/contracts/']) {
    const bytes = pageScriptBytes(dist, page);
    console.log(JSON.stringify({ page, jsGzip: bytes.eagerGzip, jsRaw: bytes.eagerRaw, lazy: bytes.lazy, embeddedData: bytes.embeddedData }));
    if (page !== '/contracts/') console.log(JSON.stringify(await explorerChangeTimes(dist, page)));
  }
}
