/**
 * Issue 11, fault 6: `--catalog` or `OPENGDD_CATALOG` naming a missing folder, a regular file or a
 * folder without catalog/ is a usage error (exit 2) whose one message names the path as given; the
 * build stops with one clear line naming it, without a stack trace, exits 2 as `check` does, and
 * removes the output folder (an earlier build in it must not pass for this one's result).
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, runCli } from '../helpers/cli.ts';
import { STACK } from '../hardening/faults.ts';
import { buildSite, remove } from '../helpers/site.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'opengdd-catalog-dir-'));
afterAll(() => remove(scratch));

const missing = path.join(scratch, 'no-such-folder');
const file = path.join(scratch, 'a-file.json');
writeFileSync(file, '{}\n');
const empty = path.join(scratch, 'empty');
mkdirSync(empty);

const CASES: [string, string, RegExp][] = [
  ['a missing folder', missing, /does not exist/],
  ['a regular file', file, /is a file, not a folder/],
  ['a folder without catalog/', empty, /holds no catalog\/ folder/],
];

describe.each(CASES)('%s', (_, dir, why) => {
  it.each([['check'], ['sync'], ['new']])('%s --catalog <it>: exit 2, the message names the path', async (command) => {
    const args = command === 'new' ? ['new', 'x-1', '--catalog', dir] : [command, '--catalog', dir];
    const run = await runCli(args);
    expect(run.status).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toContain(`--catalog names "${dir}"`);
    expect(run.err).toMatch(why);
  });

  it('OPENGDD_CATALOG=<it> check: exit 2, the message names the path', async () => {
    const saved = process.env.OPENGDD_CATALOG;
    process.env.OPENGDD_CATALOG = dir;
    try {
      const run = await runCli(['check']);
      expect(run.status).toBe(2);
      expect(run.err).toContain(`OPENGDD_CATALOG names "${dir}"`);
      expect(run.err).toMatch(why);
    } finally {
      if (saved === undefined) delete process.env.OPENGDD_CATALOG;
      else process.env.OPENGDD_CATALOG = saved;
    }
  });
});

describe('the path as the user typed it', () => {
  it('a relative --catalog is named as typed, and resolved beside it', () => {
    const run = runBin(['check', '--catalog', 'no-such-catalog-here']);
    expect(run.status).toBe(2);
    expect(run.err).toContain(`--catalog names "no-such-catalog-here" (${path.resolve('no-such-catalog-here')})`);
    expect(run.err).not.toMatch(STACK);
  });
});

describe('the build', () => {
  // Cheap builds: each stops as the config is read, before the content layer starts.
  it.each([
    ['a missing folder', missing, /OPENGDD_CATALOG names .* which does not exist/],
    ['a regular file', file, /OPENGDD_CATALOG names .* which is a file, not a folder/],
  ])('OPENGDD_CATALOG naming %s: exit 2, one line naming it, no stack trace, the earlier site removed', (_, dir, why) => {
    // The output folder holds a complete-looking earlier build, which a deploy step must not publish.
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-catalog-dir-out-'));
    mkdirSync(path.join(outDir, 'contracts'));
    writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>an earlier build</title>');
    writeFileSync(path.join(outDir, 'contracts/index.html'), '<!doctype html><title>an earlier build</title>');
    const build = buildSite(dir, 'missing-catalog', { outDir });
    expect(build.status).toBe(2);
    const lines = build.output.split('\n').filter((l) => l.includes(dir));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(why);
    expect(build.output).not.toMatch(STACK);
    expect(existsSync(outDir), `${outDir} is gone`).toBe(false);
    remove(outDir);
  }, 300_000);
});
