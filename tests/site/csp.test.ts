/**
 * Issue 21, point 6, from the files: every page of the run's builds (embedded and corpus at the
 * root, the embedded catalog under a base) carries a strict Content-Security-Policy before anything
 * it governs — no 'unsafe-inline', no 'unsafe-eval' in script-src or style-src — and that policy
 * allows every inline script, inline style and style attribute the page holds by its hash. The 404
 * page and the pages written after the build (version-free addresses, origin redirects, the root's
 * redirect) are held to the same: a policy of their own, or nothing it would have to allow.
 * The crawl (tests/crawl) loads the pages and uses them under this policy, and fails on a violation.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusPresent } from '../helpers/paths.ts';
import { htmlFiles, redirectOf } from '../helpers/crawl.ts';
import { policyProblems } from '../helpers/csp.ts';
import { BASE, baseSite, corpusSite, embeddedSite } from '../helpers/shared-builds.ts';
import type { SiteBuild } from '../helpers/site.ts';

const CASES: { label: string; present: boolean; build: () => SiteBuild }[] = [
  { label: 'the embedded catalog', present: true, build: embeddedSite },
  { label: 'the corpus (skipped when absent)', present: corpusPresent, build: corpusSite },
  { label: `the embedded catalog under ${BASE}`, present: true, build: baseSite },
];

describe.each(CASES)('the Content-Security-Policy of $label', ({ present, build }) => {
  it.skipIf(!present)(
    'every page: a strict policy before any script or style, allowing each inline one by its hash',
    () => {
      const site = build();
      expect(site.status, site.output).toBe(0);
      const problems: string[] = [];
      let stubs = 0;
      const files = htmlFiles(site.outDir);
      for (const file of files) {
        const html = readFileSync(path.join(site.outDir, file), 'utf8');
        if (redirectOf(html)) stubs++;
        for (const p of policyProblems(html)) problems.push(`${file}: ${p}`);
      }
      expect(problems).toEqual([]);
      // The build writes both kinds: pages Astro renders, and redirect stubs written after it.
      expect(stubs).toBeGreaterThan(0);
      expect(files.length).toBeGreaterThan(stubs);
      expect(files).toContain('404.html');
    },
    300_000,
  );
});
