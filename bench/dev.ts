/**
 * Edit-to-page latency of `astro dev`: the dev server runs on a temporary copy of the embedded
 * catalog (see `tests/helpers/dev-server.ts`), an adoption's answer is switched back and forth, and each
 * sample is the time from writing the file until the page served shows the new answer (the page
 * is read over and over meanwhile, as a browser reloading would). With `source`, the catalog is a
 * copy of that folder (a synthetic catalog at scale); the time from starting the server until it
 * serves its first page (`/contracts/`) is measured too. Runnable alone:
 * `npx tsx bench/dev.ts [--samples N] [--catalog <folder>]` prints the figures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { get, sleep, startDevServer, waitForPage } from '../tests/helpers/dev-server.ts';

const ADOPTION = 'catalog/clamped-meter-2/adoptions/mana-well.json';
const PAGE = '/contracts/clamped-meter-2/mana-well/';
const ANSWERS = ['loss-first', 'gain-first'] as const;

/**
 * Times `samples` (default 10) edits of an adoption's answer until its page shows each, on the
 * embedded catalog or a copy of `source`; and the server's start until its first page.
 */
export async function devEditLatency(
  options: { samples?: number; source?: string } = {},
): Promise<{ samples: number[]; medianMs: number; p95Ms: number; firstPageMs: number }> {
  const count = options.samples ?? 10;
  const started = performance.now();
  // A large catalog is checked whole before the first page: up to ten minutes on a loaded machine.
  const server = await startDevServer({ ...(options.source ? { source: options.source } : {}), timeoutMs: 600_000 });
  const firstPageMs = performance.now() - started;
  try {
    const file = path.join(server.catalog, ADOPTION);
    // The first render of a page compiles its modules; that is start-up, not an edit.
    await get(server, PAGE);
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      const answer = ANSWERS[i % 2]!;
      const text = readFileSync(file, 'utf8').replace(/"same-tick-order": "[a-z-]+"/, `"same-tick-order": "${answer}"`);
      const shown = `data-question="same-tick-order" data-asked="true" data-answer="${answer}"`;
      const start = performance.now();
      writeFileSync(file, text);
      await waitForPage(server, PAGE, (p) => p.status === 200 && p.body.includes(shown));
      samples.push(performance.now() - start);
      // Past the second store write that follows each change, so samples do not overlap.
      await sleep(1500);
    }
    return { samples, medianMs: percentile(samples, 50), p95Ms: percentile(samples, 95), firstPageMs };
  } finally {
    await server.stop();
  }
}

/** The nearest-rank percentile `p` of `xs`. */
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--samples');
  const samples = at > 0 ? Number(process.argv[at + 1]) : undefined;
  const from = process.argv.indexOf('--catalog');
  const source = from > 0 ? process.argv[from + 1] : undefined;
  const result = await devEditLatency({ ...(samples ? { samples } : {}), ...(source ? { source } : {}) });
  console.log(`dev first page (/contracts/) ${(result.firstPageMs / 1000).toFixed(1)} s after start`);
  console.log(`dev edit-to-page latency over ${result.samples.length} edits: median ${result.medianMs.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms`);
  console.log(`samples (ms): ${result.samples.map((s) => s.toFixed(0)).join(', ')}`);
}
