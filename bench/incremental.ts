/**
 * The second build (issue 20): a synthetic catalog built cold, then again with the first build's
 * cache in place (`node_modules/.astro/`, the output folder) after each of: nothing changed, one
 * adoption edited, one definition edited, `groups.json` edited. Each warm build's output is
 * compared, file by file (pages, JSON, zips, cards, Pagefind's files, sitemap), with a cold build of
 * the same catalog in a second copy of the site, whose time is printed beside it. Two steps start
 * without the output folder, as a CI run does (only `node_modules/.astro/` is cached there).
 *
 *   npm run bench -- --incremental-only                # 100× (as in the full bench)
 *   npm run bench -- --incremental-only --scale 10     # a smaller catalog
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { prepareSiteCopy, timedBuild, work, type BuildRun } from './build.ts';
import { filesOf } from './floor.ts';
import { writeSyntheticCatalog } from './synth.ts';
import { searchLatency, type SearchLatency } from './search.ts';

/** One warm build beside the cold build of the same catalog. */
export interface IncrementalStep {
  step: string;
  ok: boolean;
  warmMs: number;
  coldMs: number;
  /** User + system CPU time of the warm and the cold build, where /usr/bin/time is installed. */
  warmCpuMs?: number;
  coldCpuMs?: number;
  /** The system's 1-minute load average as the warm build ended. */
  load: number;
  /** Paths Astro rendered in the warm build, and paths it reused. */
  rendered: number;
  reused: number;
  peakRss: number;
  /** Astro's phases in the warm build (see `bench/build.ts`). */
  phases: BuildRun['phases'];
  /** The warm output against the cold one. */
  files: number;
  missing: string[];
  extra: string[];
  different: string[];
}

/** What {@link incrementalBench} measured. */
export interface IncrementalResult {
  scale: string;
  adoptions: number;
  pages: number;
  /** The first build (cold, writing the cache). */
  firstMs: number;
  steps: IncrementalStep[];
  /** The search dialog on the last warm output (see `bench/search.ts`). */
  search: SearchLatency | { error: string };
}

/** The catalog edits, in order: each warm build follows the one before it. */
const EDITS: { step: string; edit: (catalog: string) => void; noOutput?: boolean }[] = [
  { step: 'nothing changed', edit: () => undefined },
  { step: 'nothing changed, no dist/', edit: () => undefined, noOutput: true },
  { step: 'one adoption edited', edit: (c) => editAdoption(c, 1) },
  { step: 'one adoption edited, no dist/', edit: (c) => editAdoption(c, 3), noOutput: true },
  { step: 'one definition edited', edit: editDefinition },
  { step: 'groups.json edited', edit: editGroups },
];

/** A nothing-changed build must reuse at least this share of the paths (a regression like withastro/astro#18058 reuses none). */
export const NOTHING_CHANGED_REUSE = 0.99;

/** The definition whose adoption and text the edits change: the first with a pack and adoptions. */
const EDITED = 'clamped-meter-1';

/** Builds `adoptions` adoptions' worth of catalog cold, then warm after each edit. */
export async function incrementalBench(scale: number, adoptions: number, progress: (line: string) => void): Promise<IncrementalResult> {
  const catalog = join(work, 'incremental-catalog');
  progress(`incremental ${scale}×: writing the catalog (${adoptions} adoptions)`);
  const written = await writeSyntheticCatalog(catalog, adoptions);
  const warmSite = prepareSiteCopy('incremental-warm');
  const coldSite = prepareSiteCopy('incremental-cold');
  const env = { OPENGDD_CATALOG: catalog };
  const beat = (label: string) => (line: string) => progress(`  ${label}: ${line}`);

  progress(`incremental ${scale}×: the first build (cold)`);
  const first = await timedBuild(warmSite, 'incremental-warm', env, beat('first'));
  failed(first);
  let cold = { run: first, digests: treeDigests(first.outDir) };
  const steps: IncrementalStep[] = [];
  // Whether the catalog changed since the last cold build.
  let dirty = false;
  for (const { step, edit, noOutput } of EDITS) {
    edit(catalog);
    dirty ||= !step.startsWith('nothing changed');
    if (noOutput) rmSync(first.outDir, { recursive: true, force: true });
    progress(`incremental ${scale}×: ${step}, warm build`);
    const warm = await timedBuild(warmSite, 'incremental-warm', env, beat('warm'), 60_000, true);
    failed(warm);
    const digests = treeDigests(warm.outDir);
    if (dirty) {
      dirty = false;
      progress(`incremental ${scale}×: ${step}, cold build`);
      const run = await timedBuild(coldSite, 'incremental-cold', env, beat('cold'));
      failed(run);
      cold = { run, digests: treeDigests(run.outDir) };
    }
    const { rendered, reused } = reuseOf(warm.log);
    const row: IncrementalStep = {
      step,
      ok: warm.ok && cold.run.ok,
      warmMs: warm.wallMs,
      coldMs: cold.run.wallMs,
      ...(warm.cpuMs !== undefined ? { warmCpuMs: warm.cpuMs } : {}),
      ...(cold.run.cpuMs !== undefined ? { coldCpuMs: cold.run.cpuMs } : {}),
      load: loadavg()[0]!,
      rendered, reused, peakRss: warm.peakRss, phases: warm.phases, ...compare(cold.digests, digests) };
    steps.push(row);
    if (step.startsWith('nothing changed') && (reused === 0 || reused < NOTHING_CHANGED_REUSE * (rendered + reused))) {
      throw new Error(`${step}: only ${reused} of ${rendered + reused} paths reused (at least ${NOTHING_CHANGED_REUSE * 100} % expected)`);
    }
    const phases = Object.entries(warm.phases).map(([k, ms]) => `${k} ${((ms ?? 0) / 1000).toFixed(1)} s`).join(', ');
    progress(
      `  ${step}: warm ${(row.warmMs / 1000).toFixed(1)} s, CPU ${((row.warmCpuMs ?? NaN) / 1000).toFixed(1)} s (${phases}; cold ${(row.coldMs / 1000).toFixed(1)} s), load ${row.load.toFixed(1)}, ${rendered} rendered, ${reused} reused; ` +
        `files differing from the cold build: ${row.missing.length + row.extra.length + row.different.length} of ${row.files}`,
    );
  }
  progress(`incremental ${scale}×: the search dialog on the last output`);
  const search = await searchLatency(first.outDir).catch((e: unknown) => ({ error: e instanceof Error ? e.message.split('\n')[0]! : String(e) }));
  return { scale: `${scale}×`, adoptions: written.adoptions, pages: first.pages, firstMs: first.wallMs, steps, search };
}

/** A failed build's log is kept beside the work folder, and said where. */
function failed(run: BuildRun): void {
  if (run.ok) return;
  const file = join(work, `${run.label}.log`);
  writeFileSync(file, run.log);
  throw new Error(`the build ${run.label} failed (its log: ${file})`);
}

/**
 * Paths rendered and reused, from Astro's log: a reused path is marked "(restored)" or "(cached)",
 * or counted in a run's line "└─ 7,482 paths reused" (src/lib/node/build/log-destination.ts); a
 * build that found nothing changed keeps every file of the output folder.
 */
export function reuseOf(log: string): { rendered: number; reused: number } {
  const all = (log.match(/[├└]─ /g) ?? []).length;
  const marked = (log.match(/\((?:restored|cached)\)/g) ?? []).length;
  const runs = [...log.matchAll(/└─ ([\d,]+) paths? reused/g)].map((m) => Number(m[1]!.replaceAll(',', '')));
  // A build that found nothing changed (src/integrations/opengdd-site.ts) renders nothing and keeps every file.
  const unchanged = /Nothing changed since the last build: its ([\d,]+) files/.exec(log);
  if (unchanged) return { rendered: 0, reused: Number(unchanged[1]!.replaceAll(',', '')) };
  return { rendered: all - marked - runs.length, reused: marked + runs.reduce((a, b) => a + b, 0) };
}

/** The SHA-256 of every file under `dir`, by relative path. */
function treeDigests(dir: string): Map<string, string> {
  return new Map(filesOf(dir).map((f) => [f, createHash('sha256').update(readFileSync(join(dir, f))).digest('hex')]));
}

function compare(expected: Map<string, string>, actual: Map<string, string>) {
  const missing = [...expected.keys()].filter((f) => !actual.has(f));
  const extra = [...actual.keys()].filter((f) => !expected.has(f));
  const different = [...expected].filter(([f, d]) => actual.has(f) && actual.get(f) !== d).map(([f]) => f);
  return { files: expected.size, missing, extra, different };
}

/** The `n`th adoption's file takes the content of another of the same version (both valid, different). */
function editAdoption(catalog: string, n: number): void {
  const dir = join(catalog, 'catalog', EDITED, 'adoptions');
  const names = readdirSync(dir).sort();
  const target = join(dir, names[n]!);
  const source = names.slice(n + 1).map((n) => readFileSync(join(dir, n), 'utf8')).find((t) => t !== readFileSync(target, 'utf8'));
  if (source === undefined) throw new Error(`no two different adoptions of ${EDITED}`);
  writeFileSync(target, source);
}

/**
 * The definition's summary gets one more sentence, in definition.json and in the copy of the
 * definition every adoption of it carries (§10.11: they must stay identical).
 */
function editDefinition(catalog: string): void {
  const folder = join(catalog, 'catalog', EDITED);
  const summary = (JSON.parse(readFileSync(join(folder, 'definition.json'), 'utf8')) as { summary: string }).summary;
  const [from, to] = [JSON.stringify(summary), JSON.stringify(`${summary} Edited for the bench.`)];
  for (const file of [join(folder, 'definition.json'), ...readdirSync(join(folder, 'adoptions')).map((n) => join(folder, 'adoptions', n))]) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(from)) throw new Error(`${file} does not carry the summary of ${EDITED}`);
    writeFileSync(file, text.replace(from, to));
  }
}

/** The first shelf's title changes. */
function editGroups(catalog: string): void {
  const file = join(catalog, 'catalog', 'groups.json');
  const groups = JSON.parse(readFileSync(file, 'utf8')) as { title: string }[];
  groups[0]!.title += ' (edited)';
  writeFileSync(file, JSON.stringify(groups, null, 2) + '\n');
}
