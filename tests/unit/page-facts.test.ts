/**
 * What the search index learnt of each HTML file, kept between builds
 * (src/lib/node/incremental/page-facts.ts): a file with the size and time recorded is not read
 * again; a file changed since, or facts made by another index writer, are.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageFacts } from '../../src/lib/node/incremental/page-facts.ts';

let out = '';
beforeEach(() => {
  out = mkdtempSync(path.join(os.tmpdir(), 'opengdd-facts-'));
  writeFileSync(path.join(out, 'a.html'), '<main data-pagefind-body>a</main>');
  writeFileSync(path.join(out, 'b.html'), '<p>b</p>');
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

const indexed = (html: string) => (html.includes('data-pagefind-body') ? html : undefined);

describe('page facts between builds', () => {
  it('are read once, then taken from the record while a file keeps its size and time', () => {
    const first = new PageFacts(out, undefined, 'writer v1', indexed);
    expect(first.of('a.html').indexed).toBe(true);
    expect(first.of('b.html').indexed).toBe(false);
    expect(first.read).toBe(2);
    const next = new PageFacts(out, first.record(), 'writer v1', indexed);
    expect(next.of('a.html')).toEqual(first.of('a.html'));
    expect(next.of('b.html')).toEqual(first.of('b.html'));
    expect(next.read).toBe(0);
  });

  it('are read again for a file written since, and for another writer', () => {
    const first = new PageFacts(out, undefined, 'writer v1', indexed);
    first.of('a.html');
    const before = first.of('b.html');
    const record = first.record();
    writeFileSync(path.join(out, 'b.html'), '<main data-pagefind-body>b</main>');
    // Even at the very time recorded, the size tells.
    const t = new Date(record.files['b.html']![1]);
    utimesSync(path.join(out, 'b.html'), t, t);
    const next = new PageFacts(out, record, 'writer v1', indexed);
    expect(next.of('b.html').indexed).toBe(true);
    expect(next.of('b.html').digest).not.toBe(before.digest);
    expect(next.of('a.html').indexed).toBe(true);
    expect(next.read).toBe(1);
    const other = new PageFacts(out, record, 'writer v2', indexed);
    other.of('a.html');
    expect(other.read).toBe(1);
  });

  it('take a size and time from the caller\'s walk of the folder as the file\'s own', () => {
    const first = new PageFacts(out, undefined, 'writer v1', indexed);
    first.of('a.html');
    first.of('b.html');
    const record = first.record();
    const walk = (file: string) => record.files[file]?.slice(0, 2) as [number, number] | undefined;
    const next = new PageFacts(out, record, 'writer v1', indexed, walk);
    expect(next.of('a.html')).toEqual(first.of('a.html'));
    expect(next.read).toBe(0);
    // A walk that found the file changed (another size) has it read, as a stat would.
    const changed = new PageFacts(out, record, 'writer v1', indexed, (file) => (file === 'b.html' ? [1, record.files[file]![1]] : walk(file)));
    changed.of('a.html');
    changed.of('b.html');
    expect(changed.read).toBe(1);
    // A file the walk did not see is stat'ed.
    const unseen = new PageFacts(out, record, 'writer v1', indexed, () => undefined);
    unseen.of('b.html');
    expect(unseen.read).toBe(0);
  });
});
