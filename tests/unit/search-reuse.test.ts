/**
 * Search-index bundles kept between builds (src/lib/node/incremental/search-reuse.ts): a bundle is kept only
 * for the same pages, in the same order, with the same file digests; any other is emptied for writing
 * (the first bundle's `shards/` aside), and shards the build no longer writes are removed.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchBundles } from '../../src/lib/node/incremental/search-reuse.ts';

let out = '';
beforeEach(() => {
  out = mkdtempSync(path.join(os.tmpdir(), 'opengdd-search-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

function bundle(dir: string): void {
  mkdirSync(path.join(out, dir), { recursive: true });
  writeFileSync(path.join(out, dir, 'pagefind-entry.json'), '{}');
}

const PAGES = [
  { url: '/a/', digest: 'da' },
  { url: '/b/', digest: 'db' },
];

/** The keys a first build records for `pages` in the first bundle and one shard. */
function firstBuild(pages = PAGES): ReadonlyMap<string, string> {
  const first = new SearchBundles(out, new Map(), 'writer v1');
  expect(first.kept('pagefind', pages)).toBe(false);
  expect(first.kept('pagefind/shards/1', pages)).toBe(false);
  bundle('pagefind');
  bundle('pagefind/shards/1');
  return first.keys;
}

describe('search-index bundles between builds', () => {
  it('are kept for the same pages in the same order, by the same writer', () => {
    const keys = firstBuild();
    const next = new SearchBundles(out, keys, 'writer v1');
    expect(next.kept('pagefind', PAGES)).toBe(true);
    expect(next.keys).toEqual(new Map([['pagefind', keys.get('pagefind')]]));
  });

  it('are written anew for a changed page, order, address or writer', () => {
    const keys = firstBuild();
    const changes = [
      [{ ...PAGES[0]!, digest: 'da2' }, PAGES[1]!],
      [PAGES[1]!, PAGES[0]!],
      [{ ...PAGES[0]!, url: '/c/' }, PAGES[1]!],
      [PAGES[0]!],
    ];
    for (const pages of changes) {
      // Each check empties the folder it refuses: the bundle is written again before the next.
      bundle('pagefind/shards/1');
      expect(new SearchBundles(out, keys, 'writer v1').kept('pagefind/shards/1', pages)).toBe(false);
    }
    bundle('pagefind/shards/1');
    expect(new SearchBundles(out, keys, 'writer v1').kept('pagefind/shards/1', PAGES)).toBe(true);
    expect(new SearchBundles(out, keys, 'writer v2').kept('pagefind', PAGES)).toBe(false);
  });

  it("emptied, the first bundle keeps the other shards' folder; shards not written go", () => {
    const keys = firstBuild();
    bundle('pagefind/shards/2');
    const next = new SearchBundles(out, keys, 'writer v1');
    expect(next.kept('pagefind', [PAGES[0]!])).toBe(false);
    expect(existsSync(path.join(out, 'pagefind/pagefind-entry.json'))).toBe(false);
    expect(existsSync(path.join(out, 'pagefind/shards/1/pagefind-entry.json'))).toBe(true);
    expect(next.kept('pagefind/shards/1', PAGES)).toBe(true);
    next.dropOthers();
    expect(existsSync(path.join(out, 'pagefind/shards/1'))).toBe(true);
    expect(existsSync(path.join(out, 'pagefind/shards/2'))).toBe(false);
  });

  it('are written anew when the folder lost them', () => {
    const keys = firstBuild();
    rmSync(path.join(out, 'pagefind/shards/1'), { recursive: true });
    expect(new SearchBundles(out, keys, 'writer v1').kept('pagefind/shards/1', PAGES)).toBe(false);
  });
});
