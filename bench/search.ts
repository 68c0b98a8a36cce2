/**
 * What a reader waits for in the search dialog on a built site: from clicking Search until the
 * dialog is ready (Pagefind, its index and every shard merged, the filters shown), then until a
 * query's results show, in Chromium with every request 50 ms away (a reader on another continent;
 * the local server answers at once, so the round trips a sharded index adds would otherwise not
 * show). The figure behind the search index's shard size (`src/integrations/search-index.ts`).
 * Runnable alone: `npx tsx bench/search.ts <output folder>`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, serve } from '../tests/helpers/browser.ts';
import { openSearch, search } from '../tests/helpers/search.ts';

/** Queries timed after the dialog opens: an adoption's name and a contract's words. */
const QUERIES = ['refill', 'knight health'];

/** What {@link searchLatency} measured, in ms (medians over fresh browser contexts). */
export interface SearchLatency {
  /** Index bundles the dialog loads: the first and its further shards. */
  bundles: number;
  latencyMs: number;
  openMs: number;
  queryMs: number;
  runs: number;
}

/** Opens the search on `/contracts/` of the site in `dir` and times it and a query, `runs` times. */
export async function searchLatency(dir: string, options: { runs?: number; latencyMs?: number } = {}): Promise<SearchLatency> {
  const runs = options.runs ?? 3;
  const latencyMs = options.latencyMs ?? 50;
  const shards = (JSON.parse(readFileSync(join(dir, 'pagefind/shards.json'), 'utf8')) as { bundles: string[] }).bundles.length;
  const browser = await launch();
  const site = await serve(dir);
  const open: number[] = [];
  const query: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh context: nothing of the index is cached from the run before.
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, downloadThroughput: 1_250_000, uploadThroughput: 500_000 });
        await page.goto(`${site.url}/contracts/`);
        await page.waitForLoadState('networkidle');
        let t = performance.now();
        await openSearch(page);
        open.push(performance.now() - t);
        for (const q of QUERIES) {
          t = performance.now();
          const { hits } = await search(page, q);
          if (!hits.length) throw new Error(`the search for "${q}" found nothing`);
          query.push(performance.now() - t);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return { bundles: shards + 1, latencyMs, openMs: median(open), queryMs: median(query), runs };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: npx tsx bench/search.ts <output folder of a build>');
    process.exit(2);
  }
  console.log(JSON.stringify(await searchLatency(dir)));
}
