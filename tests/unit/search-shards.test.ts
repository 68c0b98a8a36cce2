/**
 * How the search index is split into shards: a contract version's pages stay together when they
 * fit in a shard, a larger folder is split between whole adoption folders, no shard exceeds the
 * page limit unless one adoption folder does, pages outside contract folders come first, every
 * page is indexed exactly once, and a catalog the size of today's is one shard.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlFiles, htmlFilesOf, indexablePages, planShards, shardFiles, type SearchShard } from '../../src/integrations/search-index.ts';

const site = ['index.html', '404.html', 'contracts/index.html'];
const folder = (cv: string, adoptions: number) => [
  `contracts/${cv}/index.html`,
  ...Array.from({ length: adoptions }, (_, i) => `contracts/${cv}/a-${i}/index.html`),
];

/** The pages a shard covers, reading its globs the way Pagefind does (`**` = any folders). */
function covered(shard: SearchShard, files: readonly string[]): string[] {
  const expand = (glob: string): string[] => {
    const brace = /\{([^{}]*)\}/.exec(glob);
    if (brace) return brace[1]!.split(',').flatMap((alt) => expand(glob.slice(0, brace.index) + alt + glob.slice(brace.index + brace[0].length)));
    return [glob];
  };
  const patterns = shard.globs.flatMap(expand).map(
    (g) => new RegExp(`^${g.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/(?<![.)])\*/g, '[^/]*')}$`),
  );
  return [...shard.files, ...files.filter((f) => patterns.some((p) => p.test(f)))];
}

function expectEveryPageOnce(shards: SearchShard[], files: readonly string[]): void {
  const all = shards.flatMap((s) => covered(s, files)).sort();
  expect(all).toEqual([...files].sort());
  for (const s of shards) expect(covered(s, files)).toHaveLength(s.pages);
  // The files the indexer is handed, shard by shard, are the same pages.
  for (const s of shards) expect(shardFiles(s, files).sort()).toEqual(covered(s, files).sort());
}

describe('planShards', () => {
  it('puts a small catalog in one shard', () => {
    const files = [...site, ...folder('container-1', 6), ...folder('timed-window-2', 1)];
    const shards = planShards(files, 1000);
    expect(shards).toEqual([{ files: site, globs: ['contracts/container-1/**/*.html', 'contracts/timed-window-2/**/*.html'], pages: 12 }]);
    expectEveryPageOnce(shards, files);
  });

  it('never exceeds the limit, keeps folders that fit whole, and keeps every page once', () => {
    const files = [...site, ...folder('a-1', 3), ...folder('b-1', 4), ...folder('c-1', 2), ...folder('d-1', 2), ...folder('e-1', 4)];
    const shards = planShards(files, 6);
    expect(shards.map((s) => s.globs.map((g) => g.split('/')[1]))).toEqual([[], ['a-1'], ['b-1'], ['c-1', 'd-1'], ['e-1']]);
    expect(shards.map((s) => s.pages)).toEqual([3, 4, 5, 6, 5]);
    for (const s of shards) expect(s.pages).toBeLessThanOrEqual(6);
    expect(shards[0]!.files).toEqual(site);
    expectEveryPageOnce(shards, files);
  });

  it('splits a folder larger than the limit between whole adoption folders', () => {
    const big = folder('big-1', 9);
    const files = [...site, ...big, ...folder('z-1', 1)];
    const shards = planShards(files, 4);
    for (const s of shards) expect(s.pages).toBeLessThanOrEqual(4);
    expect(shards.flatMap((s) => s.globs)).toEqual([
      'contracts/big-1/*.html',
      'contracts/big-1/{a-0,a-1,a-2,a-3}/**/*.html',
      'contracts/big-1/{a-4,a-5,a-6,a-7}/**/*.html',
      'contracts/big-1/{a-8}/**/*.html',
      'contracts/z-1/**/*.html',
    ]);
    expectEveryPageOnce(shards, files);
  });

  it('keeps a contract version’s pages in the shard of its folder, in folder order', () => {
    const files = [...folder('z-1', 1), ...site, ...folder('m-2', 1)];
    const shards = planShards(files, 3);
    expect(shards).toEqual([
      { files: site, globs: [], pages: 3 },
      { files: [], globs: ['contracts/m-2/**/*.html'], pages: 2 },
      { files: [], globs: ['contracts/z-1/**/*.html'], pages: 2 },
    ]);
  });

  it('indexes by path a page whose folder name is not safe in a glob', () => {
    const odd = 'contracts/a,b{x}*/index.html';
    const shards = planShards([...site, odd, ...folder('m-2', 1)], 1000);
    expect(shards).toEqual([{ files: [...site, odd], globs: ['contracts/m-2/**/*.html'], pages: 6 }]);
    const oddAdoption = 'contracts/big-1/we{ird}/index.html';
    const files = [...folder('big-1', 3), oddAdoption];
    const split = planShards(files, 2);
    expect(split.flatMap((s) => s.files)).toEqual([oddAdoption]);
    expectEveryPageOnce(split, files);
  });
});

describe('indexablePages', () => {
  it('keeps the pages that mark a body and leaves out redirect pages and bare views', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'indexable-'));
    try {
      const put = (rel: string, html: string) => {
        mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        writeFileSync(path.join(dir, rel), html);
      };
      put('contracts/container-2/index.html', '<html><body><main id="main" data-pagefind-body tabindex="-1">x</main></body></html>');
      put('contracts/container-2/backpack/index.html', '<main data-pagefind-body="">x</main>');
      put('contracts/container/index.html', '<html><head><meta http-equiv="refresh" content="0; url=/contracts/container-2/"></head></html>');
      put('contracts/container-2/backpack/file/index.html', '<pre data-pagefind-ignore>{"data-pagefind-body": 1}</pre>');
      const files = ['contracts/container-2/backpack/file/index.html', 'contracts/container-2/backpack/index.html', 'contracts/container-2/index.html', 'contracts/container/index.html'];
      expect(indexablePages(dir, files)).toEqual(['contracts/container-2/backpack/index.html', 'contracts/container-2/index.html']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('htmlFilesOf', () => {
  it('picks from a list of the files what htmlFiles finds by walking the folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'html-files-'));
    try {
      const all = [
        '404.html',
        'index.html',
        'contracts/a-1/index.html',
        'contracts/a-1/x/index.html',
        'contracts/a-1/x/x.zip',
        'contracts/catalog.json',
        '_astro/page.abc.js',
        '_astro/x.html',
        'pagefind/pagefind-entry.json',
        'pagefind/shards/1/x.html',
        'og/pagefind/index.html',
        'pagefind.html',
      ];
      for (const rel of all) {
        mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        writeFileSync(path.join(dir, rel), 'x');
      }
      const walked = htmlFiles(dir);
      expect(walked).toEqual(['404.html', 'contracts/a-1/index.html', 'contracts/a-1/x/index.html', 'index.html', 'og/pagefind/index.html', 'pagefind.html']);
      expect(htmlFilesOf([...all].reverse())).toEqual(walked);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
