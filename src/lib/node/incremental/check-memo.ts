/**
 * The catalog check of an unchanged adoption, kept between builds (`node_modules/.astro/opengdd/`,
 * the folder a CI caches): the engine is pure, so the same input — adoption id and file, document,
 * pack digest (of the pack file's bytes) — analysed by the same engine gives the same findings and
 * counts. The key holds the engine's source (every file of `src/lib/opengdd/`), so a changed
 * engine checks everything again. Only what the build keeps of a check is stored (findings and
 * counts, see `catalog-source.ts`); a remembered check answers with a report holding just those,
 * which only the build's catalog load reads (never a page, never `check`).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeAdoption, type AdoptionReport } from '../../opengdd/analyze.ts';
import type { Diagnostic } from '../../opengdd/diagnostics.ts';
import { templateCounts, type TemplateCounts } from '../../opengdd/templates.ts';

/** What is kept of one check. */
interface Kept {
  diagnostics: Diagnostic[];
  counts: TemplateCounts;
}

/** The counts of the reports this module made or answered with, for `countsOf`. */
const counts = new WeakMap<AdoptionReport, TemplateCounts>();

/** A report's template counts: remembered ones as kept, others from its templates. */
export function countsOf(report: AdoptionReport): TemplateCounts {
  return counts.get(report) ?? templateCounts(report.templates);
}

/** An `analyzeAdoption` that remembers, in `file`, and the function that writes what it learnt. */
export function rememberedChecks(file: string): { analyze: typeof analyzeAdoption; save(): void } {
  const engine = engineDigest();
  const before = read(file, engine);
  const next = new Map<string, Kept>();
  return {
    analyze: (input) => {
      const key = createHash('sha256')
        .update(JSON.stringify([input.id, input.file, input.pack?.file ?? null, input.pack?.digest ?? null, input.validate ?? true]))
        .update(JSON.stringify(input.document) ?? 'undefined')
        .digest('hex');
      const kept = before.get(key);
      if (kept) {
        next.set(key, kept);
        const report: AdoptionReport = {
          id: input.id,
          status: input.pack ? 'checked' : 'promised',
          diagnostics: kept.diagnostics,
          // Not kept: nothing of the build's catalog load reads them (the pages run the engine again).
          evaluation: undefined as never,
          templates: [],
          tests: [],
          markdown: '',
        };
        counts.set(report, kept.counts);
        return report;
      }
      const report = analyzeAdoption(input);
      next.set(key, { diagnostics: report.diagnostics, counts: templateCounts(report.templates) });
      return report;
    },
    save() {
      // Whole or not at all: a half-written file would only be ignored, but a rename never leaves one.
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify({ engine, checks: Object.fromEntries(next) }));
      renameSync(`${file}.tmp`, file);
    },
  };
}

function read(file: string, engine: string): Map<string, Kept> {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { engine: string; checks: Record<string, Kept> };
    return stored.engine === engine ? new Map(Object.entries(stored.checks)) : new Map();
  } catch {
    return new Map();
  }
}

/** A digest of the engine's source: every file under `src/lib/opengdd/`. */
function engineDigest(): string {
  try {
    const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'opengdd');
    const hash = createHash('sha256');
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    if (!files.some((f) => f.endsWith('analyze.ts'))) throw new Error('not the engine');
    for (const f of files) hash.update(`${path.relative(root, f)}\0`).update(readFileSync(f)).update('\0');
    return hash.digest('hex');
  } catch {
    // Bundled away from its source: nothing is remembered across builds.
    return `unknown:${Math.random()}`;
  }
}
