/**
 * Astro's own copy of the routes' files (src/lib/node/incremental/astro-output-copy.ts), switched
 * off where the output folder's copy stands in for it. Run against the Astro this project builds
 * with: after an upgrade that moves Astro's cache, the first test fails rather than every build
 * quietly writing each page twice again.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASTRO_OUTPUT_COPY, setAstroOutputCopy } from '../../src/lib/node/incremental/astro-output-copy.ts';
import { canLink } from '../../src/lib/node/incremental/output-copy.ts';
import { repoRoot } from '../helpers/paths.ts';

interface AstroCache {
  writeOutputFile(settings: object, outputFile: string, body: string): Promise<void>;
  restoreOutputFile(settings: object, outputFile: string, destination: URL): Promise<boolean>;
}

/** Astro's cache class, from the module its build loads. */
async function astroCache(settings: object): Promise<AstroCache> {
  const astro = path.dirname(createRequire(path.join(repoRoot, 'package.json')).resolve('astro/package.json'));
  const mod = (await import(pathToFileURL(path.join(astro, 'dist/core/build/incremental.js')).href)) as {
    IncrementalBuildCache: { load(settings: object, ...hashes: string[]): AstroCache };
  };
  return mod.IncrementalBuildCache.load(settings, 'config', 'lockfile', 'key');
}

let root = '';
let cacheDir = '';
let settings: object = {};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'opengdd-astro-copy-'));
  cacheDir = path.join(root, 'node_modules/.astro');
  settings = { config: { cacheDir: pathToFileURL(cacheDir + path.sep) } };
});
afterEach(async () => {
  await setAstroOutputCopy(true, cacheDir, repoRoot);
  rmSync(root, { recursive: true, force: true });
});

describe("Astro's copy of the routes' files", () => {
  it('is found in the Astro this project builds with', async () => {
    expect(await setAstroOutputCopy(true, cacheDir, repoRoot)).toBe(true);
  });

  it('on, as Astro has it: each file written is kept in the cache folder, and copied back from there', async () => {
    const cache = await astroCache(settings);
    await cache.writeOutputFile(settings, 'contracts/a-1/index.html', '<p>a</p>');
    expect(readFileSync(path.join(cacheDir, ASTRO_OUTPUT_COPY, 'contracts/a-1/index.html'), 'utf8')).toBe('<p>a</p>');
    const back = path.join(root, 'dist/contracts/a-1/index.html');
    expect(await cache.restoreOutputFile(settings, 'contracts/a-1/index.html', pathToFileURL(back))).toBe(true);
    expect(readFileSync(back, 'utf8')).toBe('<p>a</p>');
  });

  it('off: nothing is written, nothing is copied back, and a copy an earlier build left is removed', async () => {
    const cache = await astroCache(settings);
    await cache.writeOutputFile(settings, 'contracts/a-1/index.html', '<p>old</p>');
    expect(await setAstroOutputCopy(false, cacheDir, repoRoot)).toBe(true);
    expect(existsSync(path.join(cacheDir, ASTRO_OUTPUT_COPY))).toBe(false);
    await cache.writeOutputFile(settings, 'contracts/b-1/index.html', '<p>b</p>');
    expect(existsSync(path.join(cacheDir, ASTRO_OUTPUT_COPY))).toBe(false);
    // Even a copy that is there (another process wrote it) is not used: nothing keeps it current.
    mkdirSync(path.join(cacheDir, ASTRO_OUTPUT_COPY, 'contracts/b-1'), { recursive: true });
    writeFileSync(path.join(cacheDir, ASTRO_OUTPUT_COPY, 'contracts/b-1/index.html'), '<p>stale</p>');
    const back = path.join(root, 'dist/contracts/b-1/index.html');
    expect(await cache.restoreOutputFile(settings, 'contracts/b-1/index.html', pathToFileURL(back))).toBe(false);
    expect(existsSync(back)).toBe(false);
  });

  it('is switched per build: on again, Astro keeps its copy as before', async () => {
    const cache = await astroCache(settings);
    await setAstroOutputCopy(false, cacheDir, repoRoot);
    await setAstroOutputCopy(true, cacheDir, repoRoot);
    await cache.writeOutputFile(settings, 'index.html', 'x');
    expect(readFileSync(path.join(cacheDir, ASTRO_OUTPUT_COPY, 'index.html'), 'utf8')).toBe('x');
  });

  it('is left on, and said so, where Astro is not found', async () => {
    expect(await setAstroOutputCopy(false, cacheDir, root)).toBe(false);
  });
});

describe('whether the output folder can be linked into the cache folder', () => {
  it('yes on one filesystem, judged by the nearest folders that exist', () => {
    expect(canLink(path.join(root, 'dist/not/yet'), path.join(cacheDir, 'opengdd/output'))).toBe(true);
  });

  it.runIf(existsSync('/proc/self'))('no across filesystems', () => {
    expect(canLink('/proc/self/not-a-folder', path.join(cacheDir, 'opengdd/output'))).toBe(false);
  });
});
