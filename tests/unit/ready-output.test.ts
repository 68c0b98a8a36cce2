/**
 * Readying the output folder as a build starts (src/lib/node/incremental/ready-output.ts): the
 * worker thread does what the calling thread would, and doing it again (after a worker that
 * failed midway) changes nothing.
 */
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readyOutput, readyOutputAside, type OutputJob } from '../../src/lib/node/incremental/ready-output.ts';

let root = '';
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'opengdd-ready-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every file under `dir` with its text, relative and sorted. */
function tree(dir: string): [string, string][] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .map((f): [string, string] => [path.relative(dir, f).split(path.sep).join('/'), readFileSync(f, 'utf8')])
    .sort(([a], [b]) => a.localeCompare(b));
}

/**
 * A last build's output folder `name` and its copy: one page kept, one changed since, one missing
 * (in the copy), one search-index file missing and not in the copy, a bundle not to be kept.
 */
function lastBuild(name: string): OutputJob {
  const outDir = path.join(root, name, 'dist');
  const copyDir = path.join(root, name, 'copy');
  const files = ['a/index.html', 'b/index.html', 'c/index.html', '_astro/x.js', 'pagefind/entry.json', 'pagefind/frag/1'];
  const stats: Record<string, [number, number]> = {};
  for (const file of files) {
    for (const dir of [outDir, copyDir]) mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), file);
    linkSync(path.join(outDir, file), path.join(copyDir, file));
    const st = statSync(path.join(outDir, file));
    stats[file] = [st.size, st.mtimeMs];
  }
  rmSync(path.join(outDir, 'b/index.html'));
  writeFileSync(path.join(outDir, 'b/index.html'), 'changed');
  rmSync(path.join(outDir, 'c/index.html'));
  for (const dir of [outDir, copyDir]) rmSync(path.join(dir, 'pagefind/frag/1'));
  writeFileSync(path.join(outDir, 'stray.html'), 'not the last build');
  return { outDir, copyDir, searchDir: 'pagefind', last: { stats, keep: ['a/index.html', 'b/index.html', 'c/index.html'], copied: true } };
}

it('on a worker thread as on this one, and the same when done again', async () => {
  const here = lastBuild('here');
  const aside = lastBuild('aside');
  const done = readyOutput(here);
  expect(done.present.sort()).toEqual(['a/index.html', 'b/index.html', 'c/index.html']);
  expect(done.searchLost).toBe(true);
  expect(tree(here.outDir)).toEqual([
    ['a/index.html', 'a/index.html'],
    ['b/index.html', 'b/index.html'],
    ['c/index.html', 'c/index.html'],
  ]);
  const away = await readyOutputAside(aside);
  expect({ ...away, present: away.present.sort() }).toEqual(done);
  expect(tree(aside.outDir)).toEqual(tree(here.outDir));
  const again = readyOutput(here);
  expect({ ...again, present: again.present.sort() }).toEqual(done);
  expect(tree(here.outDir)).toEqual(tree(aside.outDir));
});

it('without a trusted last build: empties the output folder and removes the copy', async () => {
  const { outDir, copyDir, searchDir } = lastBuild('cold');
  const job = { outDir, copyDir, searchDir };
  const ready = await readyOutputAside(job);
  expect(ready).toEqual({ present: [], searchLost: false });
  expect(tree(job.outDir)).toEqual([]);
  expect(() => statSync(job.copyDir)).toThrow();
});
