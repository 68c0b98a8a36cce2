/**
 * Readying the output folder as a build starts (src/lib/node/incremental/ready-output.ts): the
 * worker thread does what the calling thread would, and doing it again (after a worker that
 * failed midway) changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readyOutput, readyOutputAside, type OutputJob } from '../../src/lib/node/incremental/ready-output.ts';
import { repoRoot } from '../helpers/paths.ts';

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

it('a process that exits while the worker links files back stops it first: nothing is linked after the exit', () => {
  const { outDir, copyDir, searchDir } = lastBuild('exit');
  const stats: Record<string, [number, number]> = {};
  for (let i = 0; i < 20_000; i++) {
    const file = `p/${i % 100}/${i}.html`;
    mkdirSync(path.dirname(path.join(copyDir, file)), { recursive: true });
    writeFileSync(path.join(copyDir, file), String(i));
    const st = statSync(path.join(copyDir, file));
    stats[file] = [st.size, st.mtimeMs];
  }
  rmSync(outDir, { recursive: true, force: true });
  const job: OutputJob = { outDir, copyDir, searchDir, last: { stats, keep: Object.keys(stats), copied: true } };
  const jobFile = path.join(root, 'job.json');
  writeFileSync(jobFile, JSON.stringify(job));
  // As the site's integration does: an exit listener that empties the output folder (its guard),
  // registered first; the process exits once the worker has linked its first file back.
  const script = path.join(root, 'exit.mjs');
  writeFileSync(
    script,
    `import { existsSync, readFileSync, rmSync } from 'node:fs';
     import { readyOutputAside } from ${JSON.stringify(pathToFileURL(path.join(repoRoot, 'src/lib/node/incremental/ready-output.ts')).href)};
     const job = JSON.parse(readFileSync(${JSON.stringify(jobFile)}, 'utf8'));
     process.once('exit', () => rmSync(job.outDir, { recursive: true, force: true }));
     readyOutputAside(job);
     const first = ${JSON.stringify(path.join(outDir, 'p/0'))};
     const poll = () => (existsSync(first) ? process.exit(0) : setImmediate(poll));
     poll();`,
  );
  const child = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  expect(existsSync(outDir)).toBe(false);
});
