/**
 * The bench's output floor (bench/floor.ts): each finished file is written the way our build wrote
 * it, and the check that the floor wrote the same output notices every kind of difference.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareOutputs, floorSource } from '../../bench/floor.ts';

describe('floorSource', () => {
  it('makes every index page and the 404 page a page route', () => {
    for (const f of ['index.html', 'contracts/index.html', 'contracts/container-2/backpack/index.html', '404.html']) expect(floorSource(f)).toBe('page');
  });
  it('writes other HTML and every other rendered file through the endpoint', () => {
    for (const f of ['contracts/old.html', 'contracts/catalog.json', 'contracts/container-2/backpack/backpack.zip', 'og/contracts/container-2.png', 'schemas/definition.schema.json', 'contracts/x/y/y.tests.md']) {
      expect(floorSource(f)).toBe('endpoint');
    }
  });
  it('copies what our build does not render: bundled assets, public files, the sitemap', () => {
    for (const f of ['_astro/start.ClM88blN.js', '_astro/index.DLZKwRAo.css', 'favicon.svg', 'sitemap-index.xml', 'sitemap-0.xml']) expect(floorSource(f)).toBe('public');
  });
  it('does not take a sitemap-like name inside a folder for the sitemap', () => {
    expect(floorSource('contracts/sitemap-0.xml')).toBe('endpoint');
  });
});

describe('compareOutputs', () => {
  const root = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (dir: string, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, dir, name)), { recursive: true });
      writeFileSync(join(root, dir, name), text);
    }
    return join(root, dir);
  };

  it('finds no difference between equal folders', () => {
    const files = { 'index.html': '<!DOCTYPE html><p>a</p>', 'contracts/a/index.html': 'b', 'pagefind/x.pf_meta': 'c' };
    expect(compareOutputs(write('same-a', files), write('same-b', files))).toEqual({ files: 3, missing: [], extra: [], different: [] });
  });

  it('names missing, extra and different files', () => {
    const expected = write('exp', { 'index.html': 'a', 'gone.json': 'b', 'sub/changed.md': 'c' });
    const actual = write('act', { 'index.html': 'a', 'sub/changed.md': 'C', 'new.png': 'd' });
    expect(compareOutputs(expected, actual)).toEqual({ files: 3, missing: ['gone.json'], extra: ['new.png'], different: ['sub/changed.md'] });
  });
});
