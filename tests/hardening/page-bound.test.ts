/**
 * A planted fault of size (issue 11, fault 4): one row set of 25,000 rows (a file well under the
 * 2 MB limit; each row gives a per-row test). The build still succeeds, and the adoption's page
 * stays bounded — it shows the first rows and tests with their counts and says where the rest are
 * — while the downloads (the adoption file and the tests' Markdown) hold everything.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths.ts';
import { attributeValues, buildSite, copyCatalog, remove, textOf } from '../helpers/site.ts';

const ROWS = 25_000;
const temps: string[] = [];
afterAll(() => temps.forEach(remove));

describe('one row set of 25,000 rows', () => {
  it(
    'builds, and the adoption page stays a bounded page while the downloads hold every row and test',
    () => {
      const root = copyCatalog(repoRoot);
      temps.push(root);
      const file = path.join(root, 'catalog/clamped-meter-2/adoptions/ranger-stamina.json');
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.rows.marks = Array.from({ length: ROWS }, (_, i) => ({ id: `m-${i}`, at: 0, 'reacts-when': 'falling-past', reaction: 'lockout' }));
      writeFileSync(file, JSON.stringify(doc));
      expect(statSync(file).size).toBeLessThan(2 * 1024 * 1024);

      const build = buildSite(root, 'page-bound');
      temps.push(build.outDir);
      expect(build.status, build.output).toBe(0);

      const dir = path.join(build.outDir, 'contracts/clamped-meter-2/ranger-stamina');
      const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
      // A few MB at most (the explorer's embedded copy of the rows is most of it), not hundreds.
      expect(html.length).toBeLessThan(4 * 1024 * 1024);
      expect(html).toContain('25,000 rows; the first 200 are shown');
      expect(html).toContain('The other 24,800 rows are in the adoption file');
      expect((html.match(/<tr data-row-id=/g) ?? []).length).toBe(200);
      const shown = attributeValues(html, 'data-test-name').filter((n) => n.startsWith('ranger-stamina/mark-reacts/'));
      expect(shown).toHaveLength(100);
      expect(html).toContain('The other 24,900 tests of this template are in the tests’ Markdown');
      // The count still says every test.
      expect(Number(/^(\d+) tests/.exec(textOf(html, 'data-test-count') ?? '')?.[1])).toBeGreaterThanOrEqual(ROWS);

      // The downloads hold everything.
      const markdown = readFileSync(path.join(dir, 'ranger-stamina.tests.md'), 'utf8');
      expect(markdown.match(/^### AT ranger-stamina\/mark-reacts\//gm) ?? []).toHaveLength(ROWS);
      expect(JSON.parse(readFileSync(path.join(dir, 'ranger-stamina.json'), 'utf8')).rows.marks).toHaveLength(ROWS);
    },
    600_000,
  );
});
