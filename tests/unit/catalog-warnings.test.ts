/**
 * Files out of place that do not stop a build, through `opengdd-catalog check`: a stray file or
 * folder beside definition.json, an adoption file saved outside adoptions/, and a definition whose
 * pack digest names no pack of the catalog are warnings (exit 0), and the catalog stays as it was.
 * A pack out of place is an error: see `pack-beside-definition` in tests/hardening/faults.ts.
 */
import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFindings, runCli } from '../helpers/cli.ts';
import { repoRoot, treeDigest } from '../helpers/paths.ts';
import { copyCatalog, remove } from '../helpers/site.ts';

const temps: string[] = [];
afterAll(() => temps.forEach(remove));

const SPAWN = 'catalog/spawn-wave-1';

async function checkWith(plant: (root: string) => void) {
  const root = copyCatalog(repoRoot);
  temps.push(root);
  plant(root);
  const before = treeDigest(root);
  const run = await runCli(['check', '--catalog', root]);
  expect(treeDigest(root), 'the catalog folder is byte-identical afterwards').toBe(before);
  return { run, findings: parseFindings(run.out) };
}

describe('check on files out of place', () => {
  it('warns of a stray file, a stray folder and an adoption beside definition.json, and exits 0', async () => {
    const { run, findings } = await checkWith((root) => {
      writeFileSync(path.join(root, SPAWN, 'notes.txt'), 'draft\n');
      mkdirSync(path.join(root, SPAWN, 'drafts'));
      copyFileSync(path.join(root, SPAWN, 'adoptions/castle-siege.json'), path.join(root, SPAWN, 'castle-keep.json'));
    });
    expect(run.status, run.out).toBe(0);
    const layout = findings.filter((f) => f.code === 'CATALOG_LAYOUT' && f.file.startsWith(SPAWN));
    expect(layout.map((f) => `${f.file}#${f.pointer} ${f.severity}`).sort()).toEqual([
      `${SPAWN}/castle-keep.json# warning`,
      `${SPAWN}/drafts# warning`,
      `${SPAWN}/notes.txt# warning`,
    ]);
    expect(layout.find((f) => f.file.endsWith('castle-keep.json'))!.message).toMatch(/adoption files belong in catalog\/spawn-wave-1\/adoptions\//);
  });

  it('takes an image about.mdx shows as expected, and one it does not show as a stray', async () => {
    const { findings } = await checkWith((root) => {
      copyFileSync(path.join(root, 'catalog/clamped-meter-2/meter.svg'), path.join(root, SPAWN, 'unused.svg'));
    });
    const layout = findings.filter((f) => f.code === 'CATALOG_LAYOUT' && f.file.startsWith('catalog/clamped-meter-2/'));
    expect(layout, 'meter.svg is shown by its about.mdx').toEqual([]);
    expect(findings).toContainEqual(expect.objectContaining({ file: `${SPAWN}/unused.svg`, code: 'CATALOG_LAYOUT', severity: 'warning' }));
  });

  it('warns once per definition whose pack digest names no pack of the catalog (its adoptions are promised)', async () => {
    const { run, findings } = await checkWith((root) => {
      // Out of the catalog folder altogether: nothing is left for check to read.
      renameSync(path.join(root, 'packs/spawn-wave-1.pack.json'), path.join(root, 'spawn-wave-1.pack.json'));
    });
    expect(run.status, run.out).toBe(0);
    const cited = findings.filter((f) => f.pointer === '/pack' && f.code === 'CATALOG_LAYOUT');
    expect(cited).toContainEqual(
      expect.objectContaining({ file: `${SPAWN}/definition.json`, severity: 'warning', message: expect.stringMatching(/its 3 adoptions cite pack sha256:[0-9a-f]{64}, but the catalog has no packs\/spawn-wave-1\.pack\.json/) }),
    );
    // The embedded catalog's two promised seeds cite the public catalog's packs: a warning each, no more.
    expect(cited.map((f) => f.file).sort()).toEqual(['catalog/container-1/definition.json', `${SPAWN}/definition.json`, 'catalog/timed-window-2/definition.json']);
  });
});
