/**
 * The catalog check of an unchanged adoption, kept between builds (src/lib/node/incremental/check-memo.ts):
 * it answers with the findings and counts the engine gives, and only for the very same input
 * checked by the very same engine.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeAdoption, type AdoptionInput } from '../../src/lib/opengdd/analyze.ts';
import { templateCounts } from '../../src/lib/opengdd/templates.ts';
import { countsOf, rememberedChecks } from '../../src/lib/node/incremental/check-memo.ts';
import { loadCatalog } from '../../src/lib/node/catalog/catalog.ts';
import { repoRoot } from '../helpers/paths.ts';

let dir = '';
let file = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-checks-'));
  file = path.join(dir, 'checks.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every adoption of the embedded catalog as the catalog load hands it to the engine. */
async function inputs(): Promise<AdoptionInput[]> {
  const { model } = await loadCatalog(repoRoot);
  return model.definitions.flatMap((d) =>
    d.adoptions.map((a) => ({
      id: a.id,
      file: path.relative(repoRoot, a.file),
      document: a.document,
      ...(d.pack ? { pack: { file: d.pack.file, document: d.pack.document, digest: d.pack.digest } } : {}),
    })),
  );
}

describe('checks kept between builds', () => {
  it("answer with the engine's findings and counts for the same input, and check anew what changed", async () => {
    const all = await inputs();
    const first = rememberedChecks(file);
    for (const input of all) first.analyze(input);
    first.save();

    const next = rememberedChecks(file);
    for (const input of all) {
      const fresh = analyzeAdoption(input);
      const kept = next.analyze(input);
      // Answered from the file: no templates were expanded, yet the same findings and counts.
      expect(kept.templates).toEqual([]);
      expect(kept.diagnostics).toEqual(fresh.diagnostics);
      expect(countsOf(kept)).toEqual(templateCounts(fresh.templates));
    }
    const edited = structuredClone(all.find((i) => i.pack)!);
    (edited.document as { answers: Record<string, string> }).answers = {};
    const report = next.analyze(edited);
    const fresh = analyzeAdoption(edited);
    expect(report.templates.length).toBe(fresh.templates.length);
    expect(report.diagnostics).toEqual(fresh.diagnostics);
    expect(countsOf(report)).toEqual(templateCounts(fresh.templates));
  });

  it("are not taken from another engine's file, nor from a damaged one", async () => {
    const [input] = (await inputs()).filter((i) => i.pack);
    const first = rememberedChecks(file);
    first.analyze(input!);
    first.save();
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { engine: string };
    writeFileSync(file, JSON.stringify({ ...stored, engine: 'another engine' }));
    expect(rememberedChecks(file).analyze(input!).templates.length).toBeGreaterThan(0);
    writeFileSync(file, '{"engine":');
    expect(rememberedChecks(file).analyze(input!).templates.length).toBeGreaterThan(0);
  });
});
