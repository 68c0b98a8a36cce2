/**
 * What a build keeps for the next (src/lib/node/incremental/build-cache.ts): Astro's incremental-build manifest
 * and the output folder are trusted only after a build that finished, and of the output folder
 * only the files the routes of the last finished build wrote into that same folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASTRO_MANIFEST, nothingChanged, startBuildCache } from '../../src/lib/node/incremental/build-cache.ts';
import { OUTPUT_COPY } from '../../src/lib/node/incremental/output-copy.ts';

let root = '';
let cache = '';
let out = '';

function write(file: string, text = 'x'): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Every file under `dir`, relative, sorted. */
function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

const ROUTES = ['index.html', 'contracts/a-1/index.html', 'contracts/a-1/x/x.zip'];

/** A finished build into `out`: its routes' files, a bundle, the search index, Astro's manifest. */
async function finishedBuild(inputs?: string): Promise<void> {
  const build = await startBuildCache(cache, out);
  for (const f of ROUTES) write(path.join(out, f));
  write(path.join(out, '_astro/site.abc.css'));
  write(path.join(out, 'pagefind/pagefind-entry.json'));
  write(path.join(cache, ASTRO_MANIFEST), '{}');
  build.prune(ROUTES);
  build.finish(ROUTES, new Map([['pagefind', 'k']]), undefined, inputs);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'opengdd-cache-'));
  cache = path.join(root, 'node_modules/.astro');
  out = path.join(root, 'dist');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build cache', () => {
  it("after a finished build: keeps the manifest and the routes' files, removes the rest", async () => {
    await finishedBuild();
    const next = await startBuildCache(cache, out);
    expect(existsSync(path.join(cache, ASTRO_MANIFEST))).toBe(true);
    // The search index stays with its bundles' keys, for its writer to reuse (search-reuse.ts).
    expect(files(out)).toEqual([...ROUTES, 'pagefind/pagefind-entry.json'].sort());
    expect(next.search).toEqual(new Map([['pagefind', 'k']]));
  });

  it('after a build that did not finish: drops the manifest and empties the output folder', async () => {
    await finishedBuild();
    await startBuildCache(cache, out);
    // That build stops before its end: the one after it starts cold.
    await startBuildCache(cache, out);
    expect(existsSync(path.join(cache, ASTRO_MANIFEST))).toBe(false);
    expect(files(out)).toEqual([]);
  });

  it('keeps no file changed since (its page is copied back from Astro\'s cache), and no search index with a file changed', async () => {
    await finishedBuild();
    writeFileSync(path.join(out, 'contracts/a-1/index.html'), 'another run');
    writeFileSync(path.join(out, 'pagefind/pagefind-entry.json'), 'another run!');
    const next = await startBuildCache(cache, out);
    expect(files(out)).toEqual(['contracts/a-1/x/x.zip', 'index.html']);
    expect(next.search.size).toBe(0);
  });

  it('a build into a folder that the last finished build did not write starts cold', async () => {
    await finishedBuild();
    const other = path.join(root, 'elsewhere');
    write(path.join(other, 'index.html'));
    expect((await startBuildCache(cache, other)).search.size).toBe(0);
    expect(files(other)).toEqual([]);
    expect(existsSync(path.join(cache, ASTRO_MANIFEST))).toBe(false);
  });

  it('a manifest that another build wrote since the mark (two builds at once) is not trusted', async () => {
    await finishedBuild();
    write(path.join(cache, ASTRO_MANIFEST), '{"another":"build"}');
    expect((await startBuildCache(cache, out)).search.size).toBe(0);
    expect(existsSync(path.join(cache, ASTRO_MANIFEST))).toBe(false);
    expect(files(out)).toEqual([]);
  });

  it('an output folder gone (a CI run starts without it) comes back from the copy in the cache folder', async () => {
    await finishedBuild('inputs 1');
    const left = files(out);
    rmSync(out, { recursive: true });
    expect(nothingChanged(cache, out, 'inputs 1')).toBe(left.length);
    expect(files(out)).toEqual(left);
    rmSync(out, { recursive: true });
    const next = await startBuildCache(cache, out);
    expect(existsSync(path.join(cache, ASTRO_MANIFEST))).toBe(true);
    // What the routes wrote and the search index come back; the rest is written again.
    expect(files(out)).toEqual([...ROUTES, 'pagefind/pagefind-entry.json'].sort());
    expect(next.search).toEqual(new Map([['pagefind', 'k']]));
  });

  it('puts back no file of the copy changed since, and no search index with a file lost', async () => {
    await finishedBuild('inputs 1');
    rmSync(out, { recursive: true });
    const copy = path.join(cache, OUTPUT_COPY);
    // A link shares its file: what changes one changes the other, and neither is as recorded.
    writeFileSync(path.join(copy, 'index.html'), 'changed');
    rmSync(path.join(copy, 'pagefind/pagefind-entry.json'));
    expect(nothingChanged(cache, out, 'inputs 1')).toBeUndefined();
    const next = await startBuildCache(cache, out);
    expect(files(out)).toEqual(['contracts/a-1/index.html', 'contracts/a-1/x/x.zip']);
    expect(next.search.size).toBe(0);
  });

  it('the copy follows each finished build, and goes with a build that did not finish', async () => {
    await finishedBuild();
    const build = await startBuildCache(cache, out);
    rmSync(path.join(out, 'index.html'));
    write(path.join(out, 'index.html'), 'the second build');
    write(path.join(out, 'contracts/b-1/index.html'), 'new');
    const outputs = ['index.html', 'contracts/b-1/index.html'];
    build.prune(outputs);
    build.finish(outputs, new Map());
    const copy = path.join(cache, OUTPUT_COPY);
    expect(files(copy)).toEqual(files(out));
    expect(readFileSync(path.join(copy, 'index.html'), 'utf8')).toBe('the second build');
    // Nothing of the first build's copy is left, not even its emptied folders.
    expect(existsSync(path.join(copy, 'contracts/a-1'))).toBe(false);
    // That build stops before its end: the one after it trusts nothing of the copy.
    await startBuildCache(cache, out);
    expect(existsSync(copy)).toBe(true);
    await startBuildCache(cache, out);
    expect(existsSync(copy)).toBe(false);
  });

  it("removes the files of routes gone since, and their folders, once the build knows its own", async () => {
    await finishedBuild();
    const build = await startBuildCache(cache, out);
    build.prune(['index.html', 'contracts/a-1/index.html']);
    expect(files(out)).toEqual(['contracts/a-1/index.html', 'index.html', 'pagefind/pagefind-entry.json']);
    expect(existsSync(path.join(out, 'contracts/a-1/x'))).toBe(false);
  });

  it('with the same inputs and the output folder as it was left, nothing is to be done; else the build goes on', async () => {
    await finishedBuild('inputs 1');
    expect(nothingChanged(cache, out, 'inputs 1')).toBe(ROUTES.length + 2);
    expect(nothingChanged(cache, out, 'inputs 2')).toBeUndefined();
    expect(nothingChanged(cache, path.join(root, 'elsewhere'), 'inputs 1')).toBeUndefined();
    const changes: (() => void)[] = [
      () => writeFileSync(path.join(out, 'index.html'), 'changed'),
      // Gone from the output folder and from its copy in the cache folder (see output-copy.ts).
      () => ['', OUTPUT_COPY].forEach((copy) => rmSync(path.join(copy ? path.join(cache, copy) : out, 'index.html'))),
      () => write(path.join(out, 'extra.html')),
      () => write(path.join(cache, ASTRO_MANIFEST), '{"another":"build"}'),
    ];
    for (const change of changes) {
      await finishedBuild('inputs 1');
      change();
      expect(nothingChanged(cache, out, 'inputs 1')).toBeUndefined();
    }
    // A build that did not record its inputs, or did not finish, vouches for nothing.
    await finishedBuild();
    expect(nothingChanged(cache, out, 'inputs 1')).toBeUndefined();
    await finishedBuild('inputs 1');
    await startBuildCache(cache, out);
    expect(nothingChanged(cache, out, 'inputs 1')).toBeUndefined();
  });

  it('the survey before the search index lists every file but the index, and the mark covers the index written after it', async () => {
    await finishedBuild();
    const build = await startBuildCache(cache, out);
    for (const f of ROUTES) write(path.join(out, f), 'again');
    write(path.join(out, '_astro/site.abc.css'));
    build.prune(ROUTES);
    // The last build's index is still there as the survey is taken; it is no page of the site.
    expect(build.survey().sort()).toEqual([...ROUTES, '_astro/site.abc.css'].sort());
    // With each file's size and time, for the search index's facts (page-facts.ts) not to stat it again.
    const css = statSync(path.join(out, '_astro/site.abc.css'));
    expect(build.surveyed('_astro/site.abc.css')).toEqual([css.size, css.mtimeMs]);
    expect(build.surveyed('pagefind/pagefind-entry.json')).toBeUndefined();
    write(path.join(out, 'pagefind/pagefind-entry.json'), 'written after the survey');
    write(path.join(out, 'pagefind/shards/1/pagefind-entry.json'));
    write(path.join(cache, ASTRO_MANIFEST), '{}');
    build.finish(ROUTES, new Map(), undefined, 'inputs 1');
    expect(nothingChanged(cache, out, 'inputs 1')).toBe(ROUTES.length + 3);
    writeFileSync(path.join(out, 'pagefind/shards/1/pagefind-entry.json'), 'changed');
    expect(nothingChanged(cache, out, 'inputs 1')).toBeUndefined();
  });

  it('keeps the files written after the routes while unchanged; those not written again go, with their folders', async () => {
    const AFTER = ['contracts/x/index.html', 'contracts/y/index.html'];
    const first = await startBuildCache(cache, out);
    for (const f of [...ROUTES, ...AFTER]) write(path.join(out, f));
    first.prune(ROUTES);
    first.keepAfter(AFTER);
    first.finish(ROUTES, new Map());
    writeFileSync(path.join(out, AFTER[1]!), 'changed by hand');
    const next = await startBuildCache(cache, out);
    expect(next.after).toEqual(new Set([AFTER[0]]));
    expect(files(out)).toEqual([...ROUTES, AFTER[0]!].sort());
    next.keepAfter([]);
    expect(files(out)).toEqual([...ROUTES].sort());
    expect(existsSync(path.join(out, 'contracts/x'))).toBe(false);
  });
});
