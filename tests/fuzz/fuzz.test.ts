/**
 * The fuzzer in the suite: a few hundred seeded cases (see `campaign.ts`), each a mutated catalog
 * file checked in-process through the command line's own `main`, in each output format in turn;
 * and two runs of the real `bin/opengdd-catalog.mjs` on mutated copies, for what only a process
 * shows. The long campaigns are `npm run fuzz -- --cases N --seed S` (README, "Catalog findings").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { errorCount, judge, planCase, runCase, sources, TRACE, workspaces } from './campaign.ts';

/** The suite's seed and number of cases; a case that falls short is replayed by `npm run fuzz -- --seed 21 --case <n>`. */
const SEED = 21;
const CASES = 240;

if (!corpusPresent) console.log(`fuzz: ${corpusDir} is absent; fuzzing the embedded catalog only.`);
const spaces = workspaces(sources(repoRoot, corpusDir, corpusPresent));
afterAll(() => spaces.dispose());

/** `groups.json`, `definition.json`, `about.mdx`, `adoption` or `pack`. */
function kindOfFile(rel: string): string {
  if (rel.startsWith('packs/')) return 'pack';
  if (rel.includes('/adoptions/')) return 'adoption';
  return path.basename(rel);
}

describe(`check on ${CASES} seeded mutations (seed ${SEED})`, () => {
  it('exits 0 or 1 with findings in the asked format, never a trace or a raw control character, and leaves the files as they were', async () => {
    const short: string[] = [];
    let withErrors = 0;
    const files = new Set<string>();
    for (let i = 0; i < CASES; i++) {
      const result = await runCase(spaces.all, SEED, i);
      if (result.errors) withErrors++;
      files.add(kindOfFile(result.file));
      if (result.problems.length) short.push(`seed ${SEED} case ${i}: ${result.file}: ${result.what}\n  ${result.problems.join('\n  ')}`);
    }
    expect(short, short.join('\n')).toEqual([]);
    // The cases reach every kind of file, and most of them break the catalog.
    expect([...files].sort()).toEqual(['about.mdx', 'adoption', 'definition.json', 'groups.json', 'pack']);
    expect(withErrors).toBeGreaterThan(CASES / 2);
  }, 120_000);

  it('judge catches what it guards against: an exception, exit 2, a trace, a raw U+202E, a finding without a file', () => {
    expect(judge('text', { status: 2, out: '', err: '', thrown: new TypeError('x') })).toHaveLength(2);
    expect(judge('text', { status: 1, out: 'opengdd-catalog: internal error: boom\n', err: '' }).join()).toMatch(/stack trace/);
    expect(judge('json', { status: 1, out: '{"errors":1,"diagnostics":[{"file":"a\u202e","pointer":"","code":"X","severity":"error","message":"m"}]}', err: '' }).join()).toMatch(/raw control/);
    expect(judge('json', { status: 1, out: '{"errors":1,"diagnostics":[{"pointer":"","code":"X","severity":"error","message":"m"}]}', err: '' }).join()).toMatch(/without file/);
    expect(errorCount('github', '::error file=a::m\n::warning file=b::m\n')).toBe(1);
  });
});

describe('the real command line on mutated copies', () => {
  it.each([[SEED, 0], [SEED, 1]])('seed %i case %i: exit 0 or 1, no stack trace on either stream', (seed, index) => {
    const plan = planCase(spaces.all, seed, index);
    const abs = path.join(plan.workspace.root, plan.file);
    const original = readFileSync(abs);
    writeFileSync(abs, plan.bytes);
    try {
      const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/opengdd-catalog.mjs'), 'check', '--catalog', plan.workspace.root], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      expect([0, 1], `${plan.what}\n${run.stdout}${run.stderr}`).toContain(run.status);
      expect(run.stdout + run.stderr).not.toMatch(TRACE);
      expect(errorCount('text', run.stdout)).toEqual(run.status === 1 ? expect.any(Number) : 0);
    } finally {
      writeFileSync(abs, original);
    }
  });
});
