/**
 * The explorer's data: the page's own state plus the definition and pack files it names, read
 * once each; no pack is read for a promised definition; a file that cannot be read fails the load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExplorerData, type EmbeddedExplorerData } from '../../src/scripts/explorer/data.ts';
import { repoRoot } from '../helpers/paths.ts';

const embedded = (packUrl: string | null): EmbeddedExplorerData => ({
  page: 'adoption',
  cv: 'clamped-meter-2',
  adoption: 'mana-well',
  definitionUrl: '/contracts/clamped-meter-2/clamped-meter-2.definition.json',
  packUrl,
  packDigest: null,
  supplied: { answers: { a: 'b' }, values: {}, rows: {} },
  verification: {},
});

const files: Record<string, string> = {
  '/contracts/clamped-meter-2/clamped-meter-2.definition.json': readFileSync(path.join(repoRoot, 'catalog/clamped-meter-2/definition.json'), 'utf8'),
  '/contracts/clamped-meter-2/clamped-meter-2.pack.json': readFileSync(path.join(repoRoot, 'packs/clamped-meter-2.pack.json'), 'utf8'),
};

describe('loadExplorerData', () => {
  it('completes the embedded state with the definition and pack files it names', async () => {
    const read: string[] = [];
    const data = await loadExplorerData(embedded('/contracts/clamped-meter-2/clamped-meter-2.pack.json'), async (url) => {
      read.push(url);
      return files[url]!;
    });
    expect(read.sort()).toEqual(Object.keys(files).sort());
    expect(data.definition).toEqual(JSON.parse(files['/contracts/clamped-meter-2/clamped-meter-2.definition.json']!));
    expect(data.pack).toEqual(JSON.parse(files['/contracts/clamped-meter-2/clamped-meter-2.pack.json']!));
    expect(data.supplied.answers).toEqual({ a: 'b' });
    expect(data).not.toHaveProperty('definitionUrl');
  });

  it('reads no pack when none is published', async () => {
    const read: string[] = [];
    const data = await loadExplorerData(embedded(null), async (url) => {
      read.push(url);
      return files[url]!;
    });
    expect(read).toEqual(['/contracts/clamped-meter-2/clamped-meter-2.definition.json']);
    expect(data.pack).toBeNull();
  });

  it('fails when a file cannot be read', async () => {
    await expect(
      loadExplorerData(embedded('/missing.pack.json'), async (url) => {
        if (!(url in files)) throw new Error(`${url}: HTTP 404`);
        return files[url]!;
      }),
    ).rejects.toThrow('/missing.pack.json: HTTP 404');
  });
});
