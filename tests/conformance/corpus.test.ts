/**
 * Conformance with the published validator: for every corpus adoption, `render-tests` prints
 * exactly the bytes of `expected/<cv>/<adoption>.tests.md`, and its error findings are the
 * validator's (`<adoption>.findings.json`), leaving aside CONTRACT_CITATION_DANGLING: a catalog
 * holds no game, so citations into a game's own package are checked for their grammar only.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseFindings, runCli } from '../helpers/cli.ts';
import { corpusDir, corpusPresent, list, repoRoot, treeDigest } from '../helpers/paths.ts';

const execFileAsync = promisify(execFile);

interface CorpusCase {
  /** `<contract>-<version>` */
  cv: string;
  adoption: string;
  pack: string;
  file: string;
  expected: string;
  findings: string;
}

/** Every `expected/<cv>/<adoption>.tests.md`, listed when the suite is collected. */
const cases: CorpusCase[] = list(path.join(corpusDir, 'expected')).flatMap((cv) =>
  list(path.join(corpusDir, 'expected', cv))
    .filter((name) => name.endsWith('.tests.md'))
    .map((name) => {
      const adoption = name.slice(0, -'.tests.md'.length);
      return {
        cv,
        adoption,
        pack: path.join(corpusDir, 'packs', `${cv}.pack.json`),
        file: path.join(corpusDir, 'catalog', cv, 'adoptions', `${adoption}.json`),
        expected: path.join(corpusDir, 'expected', cv, name),
        findings: path.join(corpusDir, 'expected', cv, `${adoption}.findings.json`),
      };
    }),
);

/** The codes a game's package would resolve and a catalog cannot. */
const LEFT_ASIDE = new Set(['CONTRACT_CITATION_DANGLING']);

function expectedCodes(findingsFile: string, severity: 'error' | 'warning'): string[] {
  const doc = JSON.parse(readFileSync(findingsFile, 'utf8')) as { findings: { code: string; severity: string }[] };
  return doc.findings
    .filter((f) => f.severity === severity && !LEFT_ASIDE.has(f.code))
    .map((f) => f.code)
    .sort();
}

describe.skipIf(!corpusPresent)(`the public corpus at ${corpusDir} (skipped when absent)`, () => {
  it('lists the corpus adoptions', () => {
    // 75 adoptions at the time of writing; a listing error must not pass as "no cases".
    expect(cases.length).toBeGreaterThanOrEqual(70);
  });

  describe.each(cases.length > 0 ? cases : [undefined as unknown as CorpusCase])('$cv/$adoption', (c) => {
    it('render-tests prints the expected Markdown byte for byte, with the validator’s findings', async () => {
      const run = await runCli(['render-tests', '--pack', c.pack, c.file]);
      const expected = readFileSync(c.expected);
      expect(run.out).toBe(expected.toString('utf8'));
      expect(Buffer.compare(Buffer.from(run.out, 'utf8'), expected)).toBe(0);

      const printed = parseFindings(run.err);
      const errors = printed.filter((f) => f.severity === 'error' && !LEFT_ASIDE.has(f.code));
      expect(errors.map((f) => f.code).sort()).toEqual(expectedCodes(c.findings, 'error'));
      expect(printed.filter((f) => f.severity === 'warning').map((f) => f.code).sort()).toEqual(expectedCodes(c.findings, 'warning'));
      expect(run.status).toBe(errors.length > 0 ? 1 : 0);
    });
  });

  it('the real bin (npx opengdd-catalog) prints the same bytes', async () => {
    const c = cases.find((x) => x.cv === 'container-1' && x.adoption === 'backpack') ?? cases[0]!;
    const { stdout } = await execFileAsync('npx', ['opengdd-catalog', 'render-tests', '--pack', c.pack, c.file], {
      cwd: repoRoot,
      encoding: 'buffer',
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(Buffer.compare(stdout, readFileSync(c.expected))).toBe(0);
  }, 60_000);

  it('check --catalog ../shared/corpus exits 0 with no error finding, and reads only', async () => {
    const before = treeDigest(corpusDir);
    const run = await runCli(['check', '--catalog', corpusDir]);
    expect(treeDigest(corpusDir)).toBe(before);
    expect(parseFindings(run.out).filter((f) => f.severity === 'error')).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/\b0 errors\b/);
  });
});
