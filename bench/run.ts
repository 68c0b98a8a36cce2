/**
 * `npm run bench`: one command, a printed table and `bench/results.json`.
 *
 * 1. The corpus catalog's build against its output floor (bench/floor.ts): a plain Astro project,
 *    set up from a finished corpus build, that writes the very same files (pages as static
 *    strings, other files as static bytes) and indexes the same pages with the same Pagefind
 *    calls. Runs alternate (corpus, floor, corpus, floor, …) and the ratio is the median of the
 *    pairs' ratios: what the generator costs beyond writing its output.
 * 2. Scaling: synthetic catalogs of 1×, 10× and 100× the corpus's adoptions, cloned from our own
 *    demo contracts (bench/synth.ts), each built in full: time per page, peak memory. With
 *    `--scale N`, one more build of N× (the stretch row: 400× is 30,000 pages in 2 GB).
 * 3. The engine alone: adoptions per second for validation + test generation; the explorer's
 *    recompute per answer change on the largest definition, in Node and in Chromium.
 * 4. Bytes per page type (HTML, CSS, JS; raw and gzip) for the catalog, a contract and an adoption,
 *    and page weight (bench/page-weight.ts): HTML, elements and height of issue 10's pages beside
 *    upstream's figures.
 * 5. The dev server's edit-to-page latency (bench/dev.ts, when it exists).
 *
 * Every build is cold and isolated (bench/build.ts). Medians of several runs; the machine is noisy.
 *
 *   npm run bench                # the whole bench (about 34 min on 2 cores, 26 of them step 6)
 *   npm run bench -- --quick     # one run of each build, no 100× catalog (a smoke test)
 *   npm run bench -- --scale 400 # and the stretch row: one build of 400× the corpus's adoptions
 *   npm run bench -- --incremental-only [--scale N]  # only 6. below, at 100× (or N×)
 *
 * 6. The second build (bench/incremental.ts): the 100× catalog built cold, then warm after nothing
 *    changed, one adoption, one definition and groups.json edited; each warm output compared file
 *    by file with a cold build of the same catalog; then the search dialog on that output, 50 ms
 *    from the server (bench/search.ts).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { analyzeAdoption } from '../src/lib/opengdd/analyze.ts';
import { explore, suppliedState, STAND_IN_ADOPTION, type TriedState } from '../src/lib/opengdd/explore.ts';
import { loadCatalog, type CatalogDefinition } from '../src/lib/node/catalog/catalog.ts';
import { writeSearchIndex } from '../src/integrations/search-index.ts';
import { prepareSiteCopy, repo, timedBuild, work, type BuildRun } from './build.ts';
import { compareOutputs, prepareOutputFloor, type OutputFloor } from './floor.ts';
import { CORPUS_PAGES, KB, pageWeight, type PageWeight } from './page-weight.ts';
import { explorerChangeTimes, pageScriptBytes } from './explorer.ts';
import { writeSyntheticCatalog } from './synth.ts';
import { incrementalBench, type IncrementalResult } from './incremental.ts';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 1 : 3;
/** `--incremental-only`: only the second-build rows (bench/incremental.ts), at 100× or `--scale N`. */
const incrementalOnly = process.argv.includes('--incremental-only');
/** `--scale N`: the stretch build of N× the corpus's adoptions (a positive integer), else undefined. */
const stretchScale = (() => {
  const at = process.argv.indexOf('--scale');
  if (at < 0) return undefined;
  const n = Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error('usage: npm run bench -- [--quick] [--scale <N>] [--incremental-only]  (N: a positive integer, e.g. 400)');
    process.exit(2);
  }
  return n;
})();
/** The stretch row's goal: this many pages within 2 GB peak memory. */
const STRETCH_PAGES = 30_000;
const corpus = join(repo, '../shared/corpus');
const hasCorpus = existsSync(join(corpus, 'catalog'));
const started = performance.now();

function progress(message: string): void {
  const s = Math.round((performance.now() - started) / 1000);
  console.log(`[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${message}`);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
}

function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

// ---------------------------------------------------------------------------------------------
// 3. The engine alone.

/** Validation + test generation for every adoption of a catalog, as adoptions per second. */
function engineThroughput(definitions: CatalogDefinition[]) {
  const inputs = definitions.flatMap((d) =>
    d.adoptions.map((a) => ({
      id: a.id,
      file: a.file,
      document: a.document,
      ...(d.pack ? { pack: { file: d.pack.file, document: d.pack.document, digest: d.pack.digest } } : {}),
    })),
  );
  for (const i of inputs) analyzeAdoption(i); // warm-up
  const runs = Array.from({ length: 9 }, () => time(() => inputs.forEach((i) => analyzeAdoption(i))));
  const ms = median(runs);
  return { adoptions: inputs.length, medianMs: +ms.toFixed(1), adoptionsPerSecond: Math.round(inputs.length / (ms / 1000)) };
}

const size = (d: CatalogDefinition) => Object.keys(d.definition.questions).length + (d.pack?.document.templates.length ?? 0);

/** The definition with the most questions and templates (and an adoption to start from). */
function largestDefinition(definitions: CatalogDefinition[]): CatalogDefinition {
  return [...definitions].filter((d) => d.pack && d.adoptions.length).sort((a, b) => size(b) - size(a))[0]!;
}

/**
 * One explorer recompute (`explore`, what the island runs on each change) per answer change on
 * the largest definition: every other option of every question, from the adoption's supplied
 * state and from the contract page's empty state, each timed many times.
 */
function explorerRecompute(d: CatalogDefinition) {
  const adoption = d.adoptions[0]!;
  const verification = (adoption.document.verification ?? {}) as Record<string, unknown>;
  const starts: { id: string; base: TriedState; verification: Record<string, unknown> }[] = [
    { id: adoption.id, base: suppliedState(adoption.document), verification },
    { id: STAND_IN_ADOPTION, base: { answers: {}, values: {}, rows: {} }, verification: {} },
  ];
  const changes: { id: string; state: TriedState; verification: Record<string, unknown> }[] = [];
  for (const s of starts) {
    for (const [qid, q] of Object.entries(d.definition.questions)) {
      for (const option of Object.keys(q.options)) {
        if (s.base.answers[qid] !== option) changes.push({ id: s.id, state: { ...s.base, answers: { ...s.base.answers, [qid]: option } }, verification: s.verification });
      }
    }
  }
  const run = (c: (typeof changes)[number]) => explore(d.definition, d.pack!.document, c.id, c.state, c.verification);
  for (let i = 0; i < 200; i++) run(changes[i % changes.length]!); // warm-up (the JIT)
  const samples: number[] = [];
  for (let round = 0; round < 20; round++) for (const c of changes) samples.push(time(() => run(c)));
  return {
    definition: d.id,
    questions: Object.keys(d.definition.questions).length,
    templates: d.pack!.document.templates.length,
    changes: changes.length,
    samples: samples.length,
    medianMs: +median(samples).toFixed(3),
    p95Ms: +percentile(samples, 0.95).toFixed(3),
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Bytes per page type.

/** Raw and gzip bytes of a page's HTML, its CSS (linked sheets and inline styles) and its JS. */
function pageBytes(dist: string, page: string) {
  const html = readFileSync(join(dist, page, 'index.html'));
  const text = html.toString('utf8');
  const sheets = [...new Set([...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="(\/[^"]+)"/g)].map((m) => m[1]!))];
  const inlineStyles = [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const css = [...sheets.map((s) => readFileSync(join(dist, s))), ...inlineStyles.map((s) => Buffer.from(s))];
  const js = pageScriptBytes(dist, page);
  return {
    page,
    html: { raw: html.length, gzip: gz(html) },
    css: { raw: css.reduce((n, b) => n + b.length, 0), gzip: css.reduce((n, b) => n + gz(b), 0), files: sheets.length, inline: inlineStyles.length },
    /** Scripts run at load: module files with their static imports, and inline scripts (each gzipped on its own). */
    js: { raw: js.eagerRaw, gzip: js.eagerGzip, scripts: js.eager.map((s) => ({ name: s.name, raw: s.raw, gzip: s.gzip })) },
    /** Chunks those scripts import lazily (on first interaction), not loaded with the page. */
    lazyJs: js.lazy,
    /** The definition, pack and state the page embeds for the island (JSON in the HTML). */
    islandData: js.embeddedData,
  };
}

/** The largest eager JS (gzip) of any contract page of a build. */
function maxContractPageJs(dist: string, ids: string[]) {
  let worst = { page: '', gzip: 0 };
  for (const id of ids) {
    const page = `/contracts/${id}/`;
    if (!existsSync(join(dist, page, 'index.html'))) continue;
    const g = pageScriptBytes(dist, page).eagerGzip;
    if (g > worst.gzip) worst = { page, gzip: g };
  }
  return worst;
}

// ---------------------------------------------------------------------------------------------
// Builds.

function summarise(runs: BuildRun[]) {
  const ok = runs.filter((r) => r.ok);
  const phase = (k: keyof BuildRun['phases']) => {
    const xs = ok.map((r) => r.phases[k]).filter((x): x is number => x !== undefined);
    return xs.length ? Math.round(median(xs)) : undefined;
  };
  return {
    runs: runs.length,
    failed: runs.length - ok.length,
    pages: ok[0]?.pages ?? 0,
    wallMs: ok.map((r) => Math.round(r.wallMs)),
    medianWallMs: ok.length ? Math.round(median(ok.map((r) => r.wallMs))) : NaN,
    cpuMs: ok.map((r) => (r.cpuMs === undefined ? undefined : Math.round(r.cpuMs))),
    medianCpuMs: ok.length && ok.every((r) => r.cpuMs !== undefined) ? Math.round(median(ok.map((r) => r.cpuMs!))) : undefined,
    peakRss: ok.length ? Math.max(...ok.map((r) => r.peakRss)) : NaN,
    peakProcessHwm: ok.length ? Math.max(...ok.map((r) => r.peakProcessHwm)) : NaN,
    phasesMs: { startup: phase('startup'), setup: phase('setup'), bundle: phase('bundle'), routes: phase('routes'), afterBuild: phase('afterBuild') },
  };
}

async function build(project: string, label: string, env: Record<string, string>): Promise<BuildRun> {
  const run = await timedBuild(project, label, env, (line) => progress(`  ${label}: ${line}`));
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  if (!run.ok) {
    const logFile = join(work, `${label}.log`);
    writeFileSync(logFile, run.log);
    progress(`  ${label}: FAILED after ${s(run.wallMs)} (log: ${logFile})`);
  } else {
    const cpu = run.cpuMs === undefined ? '' : ` (CPU ${s(run.cpuMs)})`;
    progress(`  ${label}: ${s(run.wallMs)}${cpu}, ${run.pages} pages, peak RSS ${(run.peakRss / 2 ** 20).toFixed(0)} MiB`);
  }
  return run;
}

// ---------------------------------------------------------------------------------------------

mkdirSync(work, { recursive: true });
progress(`bench${quick ? ' (quick)' : ''}: ${RUNS} run(s) per build; work folder bench/.work/`);
if (!hasCorpus) progress(`../shared/corpus is absent: the corpus figures (build vs floor, corpus engine and bytes) are skipped.`);

// The catalogs the engine and the island are measured on.
const embedded = (await loadCatalog(repo)).model;
const corpusModel = hasCorpus ? (await loadCatalog(corpus)).model : undefined;
const corpusAdoptions = corpusModel ? corpusModel.definitions.reduce((n, d) => n + d.adoptions.length, 0) : 75;

if (incrementalOnly) {
  const result = await incrementalBench(stretchScale ?? 100, corpusAdoptions * (stretchScale ?? 100), progress);
  const dev = await devAtScale(result.scale);
  writeFileSync(join(work, 'incremental.json'), JSON.stringify({ ...result, dev }, null, 2) + '\n');
  console.log(
    `\n| Second build, ${result.scale} (${result.adoptions} adoptions, ${result.pages} pages) | Warm (CPU) | Cold (CPU) | Rendered / reused | Files differing | Load |\n| --- | --- | --- | --- | --- | --- |`,
  );
  for (const row of incrementalRows(result)) console.log(`| ${row.join(' | ')} |`);
  console.log(`\n${searchRow(result).join(': ')}`);
  console.log(`\n${devScaleRow(result.scale, dev).join(': ')}`);
  process.exit(0);
}

/** `astro dev` on the second build's catalog (bench/dev.ts): its first page, and edits followed. */
async function devAtScale(scale: string): Promise<DevScale | { error: string }> {
  progress(`dev server ${scale}: first page, then edit-to-page latency`);
  try {
    const { devEditLatency } = await import('./dev.ts');
    const { firstPageMs, medianMs, p95Ms, samples } = await devEditLatency({ source: join(work, 'incremental-catalog'), samples: 5 });
    return { firstPageMs, medianMs, p95Ms, samples };
  } catch (e) {
    return { error: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
  }
}

/** The search dialog on the second build's output as a row: figure, measured, goal. */
function searchRow(result: IncrementalResult): [string, string, string] {
  const figure = `Search dialog ${result.scale}: open / a query, 50 ms from the server`;
  const s = result.search;
  if ('error' in s) return [figure, `failed: ${s.error}`, ''];
  return [figure, `${(s.openMs / 1000).toFixed(2)} s / ${(s.queryMs / 1000).toFixed(2)} s (${s.bundles} index bundles, medians of ${s.runs} fresh loads)`, 'the reader\'s side of the shard size'];
}

/** The dev server at scale as a row: figure, measured, goal. */
function devScaleRow(scale: string, dev: DevScale | { error: string }): string[] {
  const figure = `Dev server ${scale}: first page / edit-to-page latency`;
  if ('error' in dev) return [figure, `failed: ${dev.error}`, '≤ 15 s / ≤ 1 s'];
  const ok = dev.firstPageMs <= 15_000 && dev.medianMs <= 1000;
  // Not `verdict`: this runs before the table's helpers are defined (--incremental-only).
  return [figure, `${(dev.firstPageMs / 1000).toFixed(1)} s / median ${dev.medianMs.toFixed(0)} ms, p95 ${dev.p95Ms.toFixed(0)} ms (${dev.samples.length} edits)`, `≤ 15 s / ≤ 1 s${ok ? ' ✓' : ' ✗ missed'}`];
}

progress('engine: validation + test generation, explorer recompute (Node)');
const engine = {
  ...(corpusModel ? { corpus: engineThroughput(corpusModel.definitions) } : {}),
  embedded: engineThroughput(embedded.definitions),
};
const largest = largestDefinition([...(corpusModel?.definitions ?? []), ...embedded.definitions]);
const largestIsCorpus = corpusModel?.definitions.includes(largest) ?? false;
const recomputeNode = explorerRecompute(largest);

// Synthetic catalogs.
const scales = quick ? [1, 10] : [1, 10, 100];
const catalogs = new Map<number, { dir: string } & Awaited<ReturnType<typeof writeSyntheticCatalog>>>();
for (const k of scales) {
  const dir = join(work, 'catalogs', `${k}x`);
  catalogs.set(k, { dir, ...(await writeSyntheticCatalog(dir, corpusAdoptions * k)) });
}
{
  // The synthetic catalogs must be valid: the 1× one is checked here, and every build checks its own.
  const { diagnostics } = await loadCatalog(catalogs.get(1)!.dir);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`the synthetic catalog is invalid:\n${errors.slice(0, 5).map((e) => `${e.file}#${e.pointer} ${e.code} ${e.message}`).join('\n')}`);
}
progress(`synthetic catalogs: ${[...catalogs].map(([k, c]) => `${k}× = ${c.adoptions} adoptions`).join(', ')}`);

const site = prepareSiteCopy();

// 1. Corpus vs its output floor, alternating. The floor is set up from the first corpus build's
// output, and its first build is checked against that output file by file.
let corpusVsFloor: Record<string, unknown> | undefined;
let corpusDist: string | undefined;
if (hasCorpus) {
  progress(`corpus build vs its output floor (${RUNS} pair(s), alternating)`);
  const c: BuildRun[] = [];
  const f: BuildRun[] = [];
  let floor: OutputFloor | undefined;
  let sameOutput: ReturnType<typeof compareOutputs> | undefined;
  for (let i = 0; i < RUNS; i++) {
    c.push(await build(site, 'corpus', { OPENGDD_CATALOG: corpus }));
    if (!floor) {
      if (!c[0]!.ok) break;
      floor = prepareOutputFloor(c[0]!.outDir);
      progress(`  output floor: ${floor.files.page} pages, ${floor.files.endpoint} endpoint files, ${floor.files.public} public files (${(floor.bytes / 2 ** 20).toFixed(1)} MiB), plus Pagefind's`);
    }
    f.push(await build(floor.dir, 'floor', {}));
    if (!sameOutput && f[0]!.ok) {
      sameOutput = compareOutputs(c[0]!.outDir, f[0]!.outDir);
      const wrong = sameOutput.missing.length + sameOutput.extra.length + sameOutput.different.length;
      progress(`  output floor wrote ${wrong ? `NOT the same files: ${sameOutput.missing.length} missing, ${sameOutput.extra.length} extra, ${sameOutput.different.length} different (${[...sameOutput.missing, ...sameOutput.extra, ...sameOutput.different].slice(0, 3).join(', ')}…)` : `the same ${sameOutput.files} files, byte for byte (Pagefind's included)`}`);
    }
  }
  corpusDist = c.at(-1)!.ok ? c.at(-1)!.outDir : undefined;
  const pairs = c.map((r, i) => [r, f[i]] as const).filter((p): p is readonly [BuildRun, BuildRun] => p[0].ok && p[1] !== undefined && p[1].ok);
  const ratios = pairs.map(([a, b]) => a.wallMs / b.wallMs);
  const cpuRatios = pairs.flatMap(([a, b]) => (a.cpuMs !== undefined && b.cpuMs !== undefined ? [a.cpuMs / b.cpuMs] : []));
  const floorMs = pairs.length ? median(pairs.map(([, b]) => b.wallMs)) : NaN;
  const searchMs = corpusDist ? await searchIndexAlone(corpusDist) : undefined;
  corpusVsFloor = {
    corpus: summarise(c),
    floor: { ...summarise(f), ...(floor ? { files: floor.files, bytes: floor.bytes } : {}) },
    ...(sameOutput ? { sameOutput: { files: sameOutput.files, missing: sameOutput.missing, extra: sameOutput.extra, different: sameOutput.different } } : {}),
    ratios: ratios.map((r) => +r.toFixed(2)),
    ratio: ratios.length ? +median(ratios).toFixed(2) : NaN,
    cpuRatios: cpuRatios.map((r) => +r.toFixed(2)),
    cpuRatio: cpuRatios.length ? +median(cpuRatios).toFixed(2) : undefined,
    ...(searchMs !== undefined ? { searchIndexAlone: { medianMs: Math.round(searchMs), floorShare: +(searchMs / floorMs).toFixed(2) } } : {}),
  };
}

/**
 * Pagefind's index of the corpus build's pages on its own (`writeSearchIndex`, as the build's last
 * step runs it), on a copy of the output folder: median of RUNS, in milliseconds.
 */
async function searchIndexAlone(dist: string): Promise<number> {
  const copy = join(work, 'out/search-alone');
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    rmSync(copy, { recursive: true, force: true });
    cpSync(dist, copy, { recursive: true });
    rmSync(join(copy, 'pagefind'), { recursive: true, force: true });
    const start = performance.now();
    await writeSearchIndex(copy);
    times.push(performance.now() - start);
  }
  rmSync(copy, { recursive: true, force: true });
  return median(times);
}

// 2. Scaling: rounds of 1× and 10×; the 100× catalog once, in the middle.
progress(`scaling: ${scales.map((k) => `${k}×`).join(', ')} (${RUNS} run(s) of 1× and 10×${scales.includes(100) ? ', one of 100×' : ''})`);
const scaleRuns = new Map<number, BuildRun[]>(scales.map((k) => [k, []]));
for (let round = 0; round < RUNS; round++) {
  for (const k of [1, 10]) scaleRuns.get(k)!.push(await build(site, `synthetic-${k}x`, { OPENGDD_CATALOG: catalogs.get(k)!.dir }));
  if (round === Math.floor(RUNS / 2) && scales.includes(100)) {
    const run = await build(site, 'synthetic-100x', { OPENGDD_CATALOG: catalogs.get(100)!.dir });
    scaleRuns.get(100)!.push(run);
    rmSync(run.outDir, { recursive: true, force: true }); // gigabytes; nothing reads it later
    rmSync(catalogs.get(100)!.dir, { recursive: true, force: true });
  }
}

// The stretch row (`--scale N` only): one build of N× the corpus's adoptions, its catalog written
// just before and removed after, as the 100× one is.
let stretch: (ReturnType<typeof summarise> & { scale: string; adoptions: number; goalPages: number }) | undefined;
if (stretchScale !== undefined) {
  // Its own names: a stretch of 1× must not remove the 1× build the bytes rows read.
  const dir = join(work, 'catalogs', `stretch-${stretchScale}x`);
  progress(`stretch: writing the ${stretchScale}× catalog (${corpusAdoptions * stretchScale} adoptions)`);
  const written = await writeSyntheticCatalog(dir, corpusAdoptions * stretchScale);
  const run = await build(site, `stretch-${stretchScale}x`, { OPENGDD_CATALOG: dir });
  rmSync(run.outDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  stretch = { scale: `${stretchScale}×`, adoptions: written.adoptions, goalPages: STRETCH_PAGES, ...summarise([run]) };
}
// The last 1× build's output stays for the bytes of our own pages.
// 6. The second build.
const incremental: IncrementalResult | { error: string } = await incrementalBench(quick ? 10 : 100, corpusAdoptions * (quick ? 10 : 100), progress).catch(
  (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
);

const ownDist = scaleRuns.get(1)!.at(-1)!.ok ? scaleRuns.get(1)!.at(-1)!.outDir : undefined;
const scaling = scales.map((k) => {
  const s = summarise(scaleRuns.get(k)!);
  return {
    scale: `${k}×`,
    adoptions: catalogs.get(k)!.adoptions,
    ...s,
    msPerPage: +(s.medianWallMs / s.pages).toFixed(1),
    cpuMsPerPage: s.medianCpuMs !== undefined ? +(s.medianCpuMs / s.pages).toFixed(1) : undefined,
    routesMsPerPage: s.phasesMs.routes !== undefined ? +(s.phasesMs.routes / s.pages).toFixed(1) : undefined,
  };
});
/** The cost of one more page between two scales (the fixed start-up cost cancels out). */
const marginal = (a: number | undefined, b: number | undefined, pa: number, pb: number) =>
  a === undefined || b === undefined ? undefined : +((b - a) / (pb - pa)).toFixed(1);
const scalingGoal = (() => {
  const [s1, s10, s100] = scaling;
  if (!s1 || !s10) return undefined;
  const out: Record<string, number | undefined> = {
    marginalMsPerPage1to10: marginal(s1.medianWallMs, s10.medianWallMs, s1.pages, s10.pages),
    marginalCpuMsPerPage1to10: marginal(s1.medianCpuMs, s10.medianCpuMs, s1.pages, s10.pages),
  };
  if (s100) {
    out.marginalMsPerPage10to100 = marginal(s10.medianWallMs, s100.medianWallMs, s10.pages, s100.pages);
    out.marginalCpuMsPerPage10to100 = marginal(s10.medianCpuMs, s100.medianCpuMs, s10.pages, s100.pages);
    out.marginalRatio = +(out.marginalMsPerPage10to100! / out.marginalMsPerPage1to10!).toFixed(2);
    if (out.marginalCpuMsPerPage1to10 && out.marginalCpuMsPerPage10to100) out.marginalCpuRatio = +(out.marginalCpuMsPerPage10to100 / out.marginalCpuMsPerPage1to10).toFixed(2);
    out.wallPerPageRatio = +(s100.msPerPage / s1.msPerPage).toFixed(2);
    if (s1.cpuMsPerPage && s100.cpuMsPerPage) out.cpuPerPageRatio = +(s100.cpuMsPerPage / s1.cpuMsPerPage).toFixed(2);
  }
  return out;
})();

// 3. The island in Chromium, on the largest definition's pages.
progress('explorer in Chromium (recompute and render marks per change)');
const islandDist = largestIsCorpus ? corpusDist : ownDist;
const largestAdoption = largest.adoptions[0]!.id;
const recomputeBrowser = islandDist
  ? {
      contract: await explorerChangeTimes(islandDist, `/contracts/${largest.id}/`),
      adoption: await explorerChangeTimes(islandDist, `/contracts/${largest.id}/${largestAdoption}/`),
    }
  : undefined;

// 4. Bytes per page type.
progress('bytes per page type');
const ownLargest = largestDefinition(embedded.definitions);
const bytes = {
  ...(corpusDist
    ? {
        corpus: {
          catalog: pageBytes(corpusDist, '/contracts/'),
          contract: pageBytes(corpusDist, `/contracts/${largest.id}/`),
          adoption: pageBytes(corpusDist, `/contracts/${largest.id}/${largestAdoption}/`),
          largestContractPageJs: maxContractPageJs(corpusDist, corpusModel!.definitions.map((d) => d.id)),
        },
      }
    : {}),
  ...(ownDist
    ? {
        embedded: {
          catalog: pageBytes(ownDist, '/contracts/'),
          contract: pageBytes(ownDist, `/contracts/${ownLargest.id}/`),
          adoption: pageBytes(ownDist, `/contracts/${ownLargest.id}/${ownLargest.adoptions[0]!.id}/`),
          largestContractPageJs: maxContractPageJs(ownDist, embedded.definitions.map((d) => d.id)),
        },
      }
    : {}),
};

// Page weight of issue 10's corpus pages (those the corpus build has), in Chromium.
progress('page weight (HTML, elements, height at 1440×900)');
const weighed = corpusDist ? Object.keys(CORPUS_PAGES).filter((page) => existsSync(join(corpusDist!, page, 'index.html'))) : [];
const weights: PageWeight[] = weighed.length ? await pageWeight(corpusDist!, weighed) : [];

// 5. The dev server's edit-to-page latency, when bench/dev.ts (another piece of work) is there.
type DevLatency = { samples: number[]; medianMs: number; p95Ms: number };
/** The dev server on a large catalog: also the time until its first page. */
type DevScale = DevLatency & { firstPageMs: number };
let devLatency: DevLatency | { error: string } | undefined;
{
  const file = new URL('./dev.ts', import.meta.url);
  if (existsSync(file)) {
    progress('dev server: edit-to-page latency');
    try {
      // A specifier tsc does not resolve: the module may be absent when this file is typechecked.
      const mod = (await import(file.href)) as { devEditLatency?: (options?: { samples?: number }) => Promise<DevLatency> };
      if (typeof mod.devEditLatency !== 'function') throw new Error('bench/dev.ts exports no devEditLatency');
      devLatency = await mod.devEditLatency(quick ? { samples: 3 } : {});
    } catch (e) {
      devLatency = { error: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The results.

const totalMs = performance.now() - started;
const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
};
const results = {
  date: new Date().toISOString(),
  machine,
  quick,
  runsPerBuild: RUNS,
  totalSeconds: Math.round(totalMs / 1000),
  corpusVsFloor: corpusVsFloor ?? 'skipped: ../shared/corpus is absent',
  scaling,
  scalingGoal,
  engine,
  explorer: { node: recomputeNode, chromium: recomputeBrowser, definitionFrom: largestIsCorpus ? '../shared/corpus' : 'embedded' },
  bytes,
  pageWeight: weights.map((w) => ({ ...w, upstream: CORPUS_PAGES[w.page] })),
  devEditLatency: devLatency ?? 'not measured: bench/dev.ts is absent',
  ...(stretch ? { stretch } : {}),
  incremental,
  synthetic: Object.fromEntries(
    [...catalogs].map(([k, c]) => [`${k}x`, { adoptions: c.adoptions, variantsPerDefinition: c.variantsPerDefinition, repeatedFiles: c.duplicates }]),
  ),
};
writeFileSync(join(repo, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');

// The table.
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
const verdict = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? ' ✓' : ' ✗ missed');
const rows: [string, string, string][] = [];
const phases = (p: ReturnType<typeof summarise>['phasesMs']) => [p.startup, p.setup, p.bundle, p.routes, p.afterBuild].map((x) => (x === undefined ? '?' : sec(x))).join(' / ');
if (corpusVsFloor) {
  const c = corpusVsFloor.corpus as ReturnType<typeof summarise>;
  const f = corpusVsFloor.floor as ReturnType<typeof summarise> & { files?: OutputFloor['files'] };
  const same = corpusVsFloor.sameOutput as ReturnType<typeof compareOutputs> | undefined;
  const ratio = corpusVsFloor.ratio as number;
  const cpuRatio = corpusVsFloor.cpuRatio as number | undefined;
  const ratios = corpusVsFloor.ratios as number[];
  const wrong = same ? same.missing.length + same.extra.length + same.different.length : undefined;
  if (!f.files || !ratios.length) {
    rows.push(['Build: corpus vs its output floor', `not measured: the ${f.files ? 'floor' : 'corpus'} build failed (its log is in bench/.work/)`, '≤ 1.5×']);
  } else {
    rows.push([
      `Build: corpus (${c.pages} pages) vs its output floor (plain Astro writing the same ${same?.files ?? '?'} files: ${f.files.page} pages, ${f.files.endpoint} endpoint files, ${f.files.public} public, Pagefind's)${
        wrong === undefined ? '' : wrong ? `, **floor output differs in ${wrong} files**` : ', byte for byte'
      }; ${ratios.length} pair${ratios.length === 1 ? '' : 's'}`,
      `wall ${sec(c.medianWallMs)} vs ${sec(f.medianWallMs)}: **${ratio.toFixed(2)}×** (pairs ${ratios.map((r) => r.toFixed(2)).join(', ')})` +
        (cpuRatio ? `; CPU ${sec(c.medianCpuMs!)} vs ${sec(f.medianCpuMs!)}: **${cpuRatio.toFixed(2)}×**` : ''),
      `≤ 1.5×${verdict(ratio <= 1.5)}${cpuRatio ? ` (CPU${verdict(cpuRatio <= 1.5)})` : ''}`,
    ]);
  }
  rows.push(['  phases: start-up / content sync / bundling / pages / after build (sitemap, origin pages, search index)', `corpus ${phases(c.phasesMs)}; floor ${phases(f.phasesMs)}`, '']);
  const search = corpusVsFloor.searchIndexAlone as { medianMs: number; floorShare: number } | undefined;
  if (search) {
    rows.push(['  the search index alone over the corpus pages (Pagefind, as both builds run it)', `${sec(search.medianMs)}: ${Math.round(search.floorShare * 100)} % of the floor's build`, '']);
  }
} else {
  rows.push(['Build: corpus vs its output floor', 'skipped (../shared/corpus absent)', '≤ 1.5×']);
}
for (const s of scaling) {
  if (s.failed === s.runs) {
    rows.push([`Scaling ${s.scale}: ${s.adoptions} adoptions`, `the build failed (its log is in bench/.work/synthetic-${s.scale.replace('×', 'x')}.log)`, '']);
    continue;
  }
  rows.push([
    `Scaling ${s.scale}: ${s.adoptions} adoptions, ${s.pages} pages (${s.wallMs.length} run${s.wallMs.length === 1 ? '' : 's'})`,
    `${sec(s.medianWallMs)}${s.medianCpuMs !== undefined ? ` (CPU ${sec(s.medianCpuMs)})` : ''}: ${s.msPerPage} ms/page${s.cpuMsPerPage !== undefined ? ` (CPU ${s.cpuMsPerPage})` : ''}; peak RSS ${mib(s.peakRss)} (largest process ${mib(s.peakProcessHwm)})`,
    `RSS ≤ 2 GB${verdict(s.peakRss <= 2 * 2 ** 30)}`,
  ]);
}
if (scalingGoal?.marginalRatio !== undefined) {
  rows.push([
    'Scaling: cost of one more page, 10×→100× vs 1×→10× (the fixed start-up cancels out)',
    `wall ${scalingGoal.marginalMsPerPage10to100} vs ${scalingGoal.marginalMsPerPage1to10} ms: **${scalingGoal.marginalRatio}×**` +
      (scalingGoal.marginalCpuRatio !== undefined ? `; CPU ${scalingGoal.marginalCpuMsPerPage10to100} vs ${scalingGoal.marginalCpuMsPerPage1to10} ms: ${scalingGoal.marginalCpuRatio}×` : '') +
      ` (whole build per page, 100× vs 1×: ${scalingGoal.wallPerPageRatio}×)`,
    `≤ 1.2×${verdict((scalingGoal.marginalRatio as number) <= 1.2)}`,
  ]);
}
if (stretch) {
  rows.push([
    `Stretch ${stretch.scale}: ${stretch.adoptions} adoptions${stretch.failed ? '' : `, ${stretch.pages} pages`} (1 run)`,
    stretch.failed
      ? `the build failed (its log is in bench/.work/stretch-${stretch.scale.replace('×', 'x')}.log)`
      : `${sec(stretch.medianWallMs)}${stretch.medianCpuMs !== undefined ? ` (CPU ${sec(stretch.medianCpuMs)})` : ''}; peak RSS ${mib(stretch.peakRss)} (largest process ${mib(stretch.peakProcessHwm)})`,
    `${stretch.goalPages.toLocaleString('en')} pages, RSS ≤ 2 GB${stretch.failed ? ' ✗ missed' : verdict(stretch.pages >= stretch.goalPages && stretch.peakRss <= 2 * 2 ** 30)}`,
  ]);
}
for (const [name, e] of Object.entries(engine)) {
  rows.push([`Engine: validation + test generation (${name}, ${e.adoptions} adoptions)`, `${e.adoptionsPerSecond} adoptions/s`, '']);
}
rows.push([
  `Explorer recompute per change, Node (${recomputeNode.definition}: ${recomputeNode.questions} questions, ${recomputeNode.templates} templates; ${recomputeNode.samples} samples)`,
  `median ${recomputeNode.medianMs.toFixed(2)} ms, p95 ${recomputeNode.p95Ms.toFixed(2)} ms`,
  `≤ 2 ms${verdict(recomputeNode.medianMs <= 2)}`,
]);
if (recomputeBrowser) {
  for (const [kind, r] of Object.entries(recomputeBrowser)) {
    rows.push([
      `Explorer per change, Chromium, ${kind} page (${r.changes} changes): recompute / render / whole change`,
      `median ${r.recomputeMs.median} / ${r.renderMs.median} / ${r.changeMs.median} ms (p95 ${r.recomputeMs.p95} / ${r.renderMs.p95} / ${r.changeMs.p95})`,
      `recompute ≤ 2 ms${verdict(r.recomputeMs.median <= 2)}`,
    ]);
  }
}
for (const [catalog, pages] of Object.entries(bytes)) {
  for (const kind of ['catalog', 'contract', 'adoption'] as const) {
    const b = pages[kind];
    const lazy = b.lazyJs.reduce((n, l) => n + l.gzip, 0);
    rows.push([
      `Bytes, ${catalog} ${kind} page \`${b.page}\`: HTML / CSS / JS, gzip (raw)`,
      `${kb(b.html.gzip)} (${kb(b.html.raw)}) / ${kb(b.css.gzip)} (${kb(b.css.raw)}) / ${kb(b.js.gzip)} (${kb(b.js.raw)})${lazy ? `; lazy JS ${kb(lazy)}` : ''}${b.islandData.raw ? `; island data ${kb(b.islandData.gzip)} in the HTML` : ''}`,
      // The JS goal has a row of its own (the largest contract page's).
      kind === 'contract' && catalog !== 'corpus' ? `JS ≤ 15 KB${verdict(pages.largestContractPageJs.gzip <= 15 * 1024)}` : '',
    ]);
  }
}
if (bytes.corpus) {
  const worst = bytes.corpus.largestContractPageJs;
  rows.push([`Contract-page JS at load, the largest of the corpus's contract pages (\`${worst.page}\`), gzip`, `${kb(worst.gzip)} (${worst.gzip.toLocaleString('en')} bytes)`, `≤ 15 KB${verdict(worst.gzip <= 15 * 1024)}`]);
}
// Page weight in the issue's unit (kB of 1,000 bytes), beside upstream's figures.
const kB = (n: number) => `${(n / KB).toFixed(1)} kB`;
for (const w of weights) {
  const up = CORPUS_PAGES[w.page]!;
  const upstream = [up.htmlRaw && `HTML ${kB(up.htmlRaw)} raw`, up.htmlGzip && `HTML ${kB(up.htmlGzip)} gzip`, up.heightPx && `${up.heightPx.toLocaleString('en')} px`].filter(Boolean).join(', ');
  const goals = [
    up.htmlRaw !== undefined && `raw ≤ ${kB(up.htmlRaw)}${verdict(w.html.raw <= up.htmlRaw)}`,
    up.htmlGzip !== undefined && `gzip ≤ ${kB(up.htmlGzip)}${verdict(w.html.gzip <= up.htmlGzip)}`,
    up.heightGoalPx !== undefined && `height ≤ ${up.heightGoalPx.toLocaleString('en')} px${verdict(w.heightPx <= up.heightGoalPx)}`,
  ].filter(Boolean);
  rows.push([
    `Page weight, corpus ${up.name} \`${w.page}\`: HTML raw / gzip, elements, height at 1440×900`,
    `${kB(w.html.raw)} / ${kB(w.html.gzip)}, ${w.elements.toLocaleString('en')} elements, ${w.heightPx.toLocaleString('en')} px; upstream: ${upstream || 'no figures in issue 10'}`,
    goals.join('; '),
  ]);
}
if ('error' in incremental) rows.push(['Second build', `failed: ${incremental.error}`, '']);
else {
  const goals: Record<string, number> = { 'nothing changed': 6000, 'nothing changed, no dist/': 6000, 'one adoption edited': 10_000, 'one adoption edited, no dist/': 10_000 };
  for (const [step, warm, cold, reuse, differ, load] of incrementalRows(incremental)) {
    const goal = goals[step!];
    const row = incremental.steps.find((r) => r.step === step)!;
    rows.push([
      `Second build ${incremental.scale}: ${step}`,
      `${warm} (cold ${cold}), ${reuse} rendered / reused; files differing from cold: ${differ}; load ${load}`,
      `${goal ? `≤ ${goal / 1000} s, ` : ''}0 differing${verdict((goal === undefined || row.warmMs <= goal) && differ === '0')}`,
    ]);
  }
}
if (!('error' in incremental)) rows.push(searchRow(incremental));
if (!weights.length) rows.push(['Page weight, corpus pages of issue 10', corpusDist ? 'none of its pages is in the corpus build' : 'skipped (no corpus build)', '']);
if (devLatency === undefined) rows.push(['Dev server: edit-to-page latency', 'not measured (bench/dev.ts absent)', '≤ 1 s']);
else if ('error' in devLatency) rows.push(['Dev server: edit-to-page latency', `failed: ${devLatency.error}`, '≤ 1 s']);
else {
  rows.push([
    `Dev server: edit-to-page latency (${devLatency.samples.length} samples)`,
    `median ${Math.round(devLatency.medianMs)} ms, p95 ${Math.round(devLatency.p95Ms)} ms`,
    `≤ 1 s${verdict(devLatency.medianMs <= 1000)}`,
  ]);
}
console.log(`\n## Bench ${results.date.slice(0, 10)} — ${machine.cpus} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}${quick ? ' (quick)' : ''}\n`);
console.log('| Figure | Measured | Goal |\n| --- | --- | --- |');
for (const [a, b, c] of rows) console.log(`| ${a} | ${b} | ${c} |`);
console.log(`\nTotal bench time: ${sec(totalMs)}. Written: bench/results.json.`);

/** The second build's rows: step, warm time (CPU), cold time (CPU), rendered / reused, files differing, load. */
function incrementalRows(result: IncrementalResult): string[][] {
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const cpu = (ms: number | undefined) => (ms === undefined ? '' : ` (${sec(ms)})`);
  return result.steps.map((r) => {
    const differing = [...r.missing, ...r.extra, ...r.different];
    return [
      r.step,
      `${sec(r.warmMs)}${cpu(r.warmCpuMs)}`,
      `${sec(r.coldMs)}${cpu(r.coldCpuMs)}`,
      `${r.rendered} / ${r.reused}`,
      `${differing.length}${differing.length ? ` (${differing.slice(0, 3).join(', ')}…)` : ''}`,
      r.load.toFixed(1),
    ];
  });
}
