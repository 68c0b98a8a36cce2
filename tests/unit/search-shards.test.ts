/**
 * How the search index is split into shards: a contract version's pages stay together, shards
 * hold at most the page limit (a larger folder is a shard of its own), pages outside contract
 * folders come first, and a catalog the size of today's is one shard.
 */
import { describe, expect, it } from 'vitest';
import { planShards } from '../../src/integrations/search-index.ts';

const site = ['index.html', '404.html', 'contracts/index.html'];
const folder = (cv: string, adoptions: number) => [
  `contracts/${cv}/index.html`,
  ...Array.from({ length: adoptions }, (_, i) => `contracts/${cv}/a-${i}/index.html`),
];

describe('planShards', () => {
  it('puts a small catalog in one shard', () => {
    const shards = planShards([...site, ...folder('container-1', 6), ...folder('timed-window-2', 1)], 1000);
    expect(shards).toEqual([{ files: site, folders: ['container-1', 'timed-window-2'], pages: 12 }]);
  });

  it('never exceeds the limit except with one folder larger than it, and keeps every page once', () => {
    const files = [...site, ...folder('a-1', 3), ...folder('b-1', 9), ...folder('c-1', 2), ...folder('d-1', 2), ...folder('e-1', 4)];
    const shards = planShards(files, 6);
    expect(shards.map((s) => s.folders)).toEqual([[], ['a-1'], ['b-1'], ['c-1', 'd-1'], ['e-1']]);
    expect(shards.map((s) => s.pages)).toEqual([3, 4, 10, 6, 5]);
    for (const s of shards) if (s.folders.length !== 1) expect(s.pages).toBeLessThanOrEqual(6);
    expect(shards.reduce((n, s) => n + s.pages, 0)).toBe(files.length);
    expect(shards[0]!.files).toEqual(site);
  });

  it('keeps a contract version’s pages in the shard of its folder, in folder order', () => {
    const shards = planShards([...folder('z-1', 1), ...site, ...folder('m-2', 1)], 3);
    expect(shards).toEqual([
      { files: site, folders: [], pages: 3 },
      { files: [], folders: ['m-2'], pages: 2 },
      { files: [], folders: ['z-1'], pages: 2 },
    ]);
  });

  it('indexes by path a page under contracts/ whose folder name is not safe in a glob', () => {
    const odd = 'contracts/a,b{x}*/index.html';
    const shards = planShards([...site, odd, ...folder('m-2', 1)], 1000);
    expect(shards).toEqual([{ files: [...site, odd], folders: ['m-2'], pages: 6 }]);
  });
});
