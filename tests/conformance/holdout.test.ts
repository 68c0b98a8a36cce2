/**
 * Held-out variants of the corpus adoptions (`../shared/holdout/cases.json`): for a valid case the
 * rendered Markdown has the published validator's SHA-256; for every case the set of error codes is
 * the validator's (citations into a game's own package left aside).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeAdoption } from '../../src/lib/opengdd/analyze.ts';
import { corpusDir, corpusPresent, holdoutDir, holdoutPresent, sha256 } from '../helpers/paths.ts';

interface HoldoutCase {
  adoption: string;
  pack: string;
  valid: boolean;
  error_codes: string[];
  tests_sha256: string | null;
}

const present = holdoutPresent && corpusPresent;
const cases: HoldoutCase[] = present
  ? (JSON.parse(readFileSync(path.join(holdoutDir, 'cases.json'), 'utf8')) as { cases: HoldoutCase[] }).cases
  : [];

const LEFT_ASIDE = new Set(['CONTRACT_CITATION_DANGLING']);

describe.skipIf(!present)(`held-out variants at ${holdoutDir} (skipped when it or ../shared/corpus is absent)`, () => {
  it('lists the cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.length > 0 ? cases : [undefined as unknown as HoldoutCase])('$adoption', (c) => {
    const adoptionFile = path.join(holdoutDir, c.adoption);
    const packFile = path.join(corpusDir, 'packs', c.pack);
    const packBytes = readFileSync(packFile);
    const report = analyzeAdoption({
      id: path.basename(c.adoption, '.json'),
      file: `contracts/${path.basename(c.adoption)}`,
      document: JSON.parse(readFileSync(adoptionFile, 'utf8')),
      pack: { file: `contracts/${c.pack}`, document: JSON.parse(packBytes.toString('utf8')), digest: `sha256:${sha256(packBytes)}` },
    });
    const errors = new Set(report.diagnostics.filter((d) => d.severity === 'error' && !LEFT_ASIDE.has(d.code)).map((d) => d.code));
    expect([...errors].sort()).toEqual([...new Set(c.error_codes.filter((e) => !LEFT_ASIDE.has(e)))].sort());
    if (c.valid) expect(sha256(report.markdown)).toBe(c.tests_sha256);
  });
});
