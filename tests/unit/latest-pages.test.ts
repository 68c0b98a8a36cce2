/**
 * The pages at version-free addresses (src/lib/node/build/latest-pages.ts): an immediate refresh and a
 * visible link by path, the canonical link to the public URL, text escaped; written only where no
 * built file is, never outside the output folder.
 */
import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { latestPage, writeLatestPages } from '../../src/lib/node/build/latest-pages.ts';
import { redirectOf } from '../helpers/crawl.ts';
import { remove } from '../helpers/site.ts';

describe('latest pages', () => {
  it('refresh at once to the path, link to it visibly, and name the public URL as canonical', () => {
    const html = latestPage({ path: '/contracts/container/', target: 'https://opengdd.org/contracts/container-2/', title: 'Container, version 2 <b>' });
    expect(redirectOf(html)).toEqual({ delay: 0, target: '/contracts/container-2/' });
    expect(html).toContain('<link rel="canonical" href="https://opengdd.org/contracts/container-2/">');
    expect(html).toContain('<a href="/contracts/container-2/">Container, version 2 &lt;b&gt;</a>');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('are written from catalog.json where no file is, and never outside the output folder', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'opengdd-latest-'));
    try {
      mkdirSync(path.join(out, 'contracts/taken'), { recursive: true });
      writeFileSync(path.join(out, 'contracts/taken/index.html'), 'a page');
      const entry = (p: string) => ({ path: p, target: 'https://opengdd.org/contracts/container-2/', title: 'Container, version 2' });
      writeFileSync(
        path.join(out, 'contracts/catalog.json'),
        JSON.stringify({ latest: [entry('/contracts/container/'), entry('/contracts/container/backpack/'), entry('/contracts/taken/'), entry('/../escape/')] }),
      );
      expect(writeLatestPages(out, '/')).toEqual(['/contracts/container/', '/contracts/container/backpack/']);
      expect(readFileSync(path.join(out, 'contracts/taken/index.html'), 'utf8')).toBe('a page');
      expect(redirectOf(readFileSync(path.join(out, 'contracts/container/backpack/index.html'), 'utf8'))?.target).toBe('/contracts/container-2/');
    } finally {
      remove(out);
    }
  });

  it("a page a previous build wrote is left alone where still right, written again where not", () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'opengdd-latest-'));
    try {
      const entry = (p: string) => ({ path: p, target: 'https://opengdd.org/contracts/container-2/', title: 'Container, version 2' });
      mkdirSync(path.join(out, 'contracts'), { recursive: true });
      writeFileSync(path.join(out, 'contracts/catalog.json'), JSON.stringify({ latest: [entry('/contracts/container/'), entry('/contracts/container/backpack/')] }));
      expect(writeLatestPages(out, '/')).toHaveLength(2);
      const right = path.join(out, 'contracts/container/index.html');
      const old = new Date(2001, 0, 1);
      utimesSync(right, old, old);
      writeFileSync(path.join(out, 'contracts/container/backpack/index.html'), 'stale');
      const files: string[] = [];
      const ours = new Set(['contracts/container/index.html', 'contracts/container/backpack/index.html']);
      expect(writeLatestPages(out, '/', { ours, files })).toEqual(['/contracts/container/', '/contracts/container/backpack/']);
      expect(files).toEqual([...ours]);
      expect(statSync(right).mtimeMs).toBe(old.getTime());
      expect(redirectOf(readFileSync(path.join(out, 'contracts/container/backpack/index.html'), 'utf8'))?.target).toBe('/contracts/container-2/');
    } finally {
      remove(out);
    }
  });
});
