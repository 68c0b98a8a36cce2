/**
 * The digest of a build's inputs (src/lib/node/incremental/inputs.ts): the same project, catalog,
 * command line and environment give the same digest; a change to any of them another.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInputs } from '../../src/lib/node/incremental/inputs.ts';
import { repoRoot } from '../helpers/paths.ts';

let root = '';
let catalog = '';
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'opengdd-inputs-'));
  mkdirSync(path.join(root, 'src/pages'), { recursive: true });
  writeFileSync(path.join(root, 'src/pages/index.astro'), '<p>site</p>');
  writeFileSync(path.join(root, 'astro.config.mjs'), 'export default {};');
  mkdirSync(path.join(root, 'node_modules/astro'), { recursive: true });
  writeFileSync(path.join(root, 'node_modules/astro/package.json'), '{"version":"7.3.5"}');
  catalog = path.join(root, 'elsewhere');
  cpSync(path.join(repoRoot, 'catalog'), path.join(catalog, 'catalog'), { recursive: true });
  mkdirSync(path.join(catalog, 'packs'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ENV = { OPENGDD_BASE: '/catalog/', HOME: '/home/a' };
const digest = (env: NodeJS.ProcessEnv = ENV, argv = ['build']) => buildInputs(root, catalog, argv, env);

describe('the digest of a build’s inputs', () => {
  it('is the same for the same inputs, whatever else the environment holds', () => {
    expect(digest()).toBe(digest());
    expect(digest({ ...ENV, HOME: '/home/b' })).toBe(digest());
  });

  it('changes with a catalog file, a source file, a new file, the command line or a variable the build reads', () => {
    const before = digest();
    const edits: [string, () => void, () => void][] = [
      ['catalog', () => writeFileSync(path.join(catalog, 'catalog/groups.json'), '[]'), () => cpSync(path.join(repoRoot, 'catalog/groups.json'), path.join(catalog, 'catalog/groups.json'))],
      ['source', () => writeFileSync(path.join(root, 'src/pages/index.astro'), '<p>site!</p>'), () => writeFileSync(path.join(root, 'src/pages/index.astro'), '<p>site</p>')],
      ['.env', () => writeFileSync(path.join(root, '.env'), 'PUBLIC_X=1'), () => rmSync(path.join(root, '.env'))],
      ['new pack', () => writeFileSync(path.join(catalog, 'packs/x-1.pack.json'), '{}'), () => rmSync(path.join(catalog, 'packs/x-1.pack.json'))],
      ['Astro', () => writeFileSync(path.join(root, 'node_modules/astro/package.json'), '{"version":"7.4.0"}'), () => writeFileSync(path.join(root, 'node_modules/astro/package.json'), '{"version":"7.3.5"}')],
    ];
    for (const [what, edit, undo] of edits) {
      edit();
      const after = digest();
      undo();
      expect(after, what).not.toBe(before);
      expect(digest(), what).toBe(before);
    }
    expect(digest({ ...ENV, OPENGDD_BASE: '/' })).not.toBe(before);
    expect(digest({ ...ENV, SITE_URL: 'https://example.org' })).not.toBe(before);
    expect(digest(ENV, ['build', '--site', 'https://example.org'])).not.toBe(before);
  });
});
