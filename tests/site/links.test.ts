/**
 * Issue 21, points 4 and 5: every internal address and `#fragment` of every built page resolves
 * (see links.ts for what is read), on the run's shared builds: the embedded catalog and the corpus
 * (skipped with a message when ../shared/corpus is absent) at the root, and the embedded catalog
 * under a base (`/catalog/`), where an address outside the base is broken too. The machine-readable
 * files are held to the same: every address of the sitemap and of `contracts/catalog.json`.
 * The figures of each check are printed.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusPresent } from '../helpers/paths.ts';
import { checkAddresses, checkLinks } from '../helpers/links.ts';
import { BASE, baseSite, corpusSite, embeddedSite } from '../helpers/shared-builds.ts';
import type { SiteBuild } from '../helpers/site.ts';

/** The public origin the builds use (astro.config.mjs). */
const SITE = process.env.SITE_URL?.trim() || 'https://opengdd.org';

if (!corpusPresent) console.warn(`links.test: ${corpusDir} is absent; the corpus build's link check is skipped.`);

/** Every absolute address on the site's origin in the sitemap and in catalog.json. */
function machineAddresses(dir: string): string[] {
  const origin = new URL(SITE).origin;
  const sitemaps = readdirSync(dir).filter((f) => /^sitemap-.*\.xml$/.test(f));
  const texts = [...sitemaps.map((f) => readFileSync(path.join(dir, f), 'utf8')), readFileSync(path.join(dir, 'contracts/catalog.json'), 'utf8')];
  const found = texts.flatMap((t) => [...t.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]));
  // The catalog's own `site` member names the origin itself, not a file.
  return [...new Set(found.filter((a) => a.startsWith(origin) && new URL(a).pathname !== '/'))];
}

const CASES: { label: string; base: string; present: boolean; build: () => SiteBuild }[] = [
  { label: 'the embedded catalog at the root', base: '/', present: true, build: embeddedSite },
  { label: 'the corpus at the root (skipped when absent)', base: '/', present: corpusPresent, build: corpusSite },
  { label: `the embedded catalog under ${BASE}`, base: BASE, present: true, build: baseSite },
];

describe.each(CASES)('links of $label', ({ label, base, present, build }) => {
  it.skipIf(!present)(
    'every internal address of every page names a file, every fragment an id of its page',
    () => {
      const site = build();
      expect(site.status, site.output).toBe(0);
      const report = checkLinks(site.outDir, { base, site: SITE });
      console.info(
        `links of ${label}: ${report.pages} pages, ${report.links} internal addresses, ${report.fragments} fragments checked; ${report.broken.length} broken`,
      );
      expect(report.broken).toEqual([]);
      expect(report.links).toBeGreaterThan(report.pages);
      expect(report.fragments).toBeGreaterThan(0);
    },
    300_000,
  );

  it.skipIf(!present)(
    'every address of the sitemap and of catalog.json names a file under the base',
    () => {
      const site = build();
      const addresses = machineAddresses(site.outDir);
      expect(addresses.length).toBeGreaterThan(10);
      expect(checkAddresses(site.outDir, { base, site: SITE }, 'sitemap and catalog.json', addresses)).toEqual([]);
    },
    300_000,
  );
});

describe('the check itself, on a site of four files', () => {
  it('finds a missing file, a missing fragment and an address outside the base; passes the rest', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-links-'));
    try {
      mkdirSync(path.join(dir, 'contracts'));
      writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
      writeFileSync(path.join(dir, 'contracts/index.html'), '<main><h2 id="shelf-a">A</h2><template><a href="/x/{id}/">placeholder</a></template></main>');
      writeFileSync(
        path.join(dir, 'index.html'),
        [
          '<link rel="icon" href="/catalog/favicon.svg">',
          '<a href="contracts/#shelf-a">ok</a>',
          '<a href="https://opengdd.org/catalog/contracts/">ok, absolute</a>',
          '<a href="https://opengdd.org/spec/">the host\'s, not this build\'s</a>',
          '<a href="contracts/#shelf-b">no such id</a>',
          '<img srcset="/catalog/missing.png 2x">',
          '<link rel="sitemap" href="/sitemap-index.xml">',
          '<meta property="og:image" content="https://opengdd.org/catalog/og.png">',
        ].join(''),
      );
      const report = checkLinks(dir, { base: '/catalog/', site: SITE });
      expect(report.broken).toEqual([
        'index.html: a href "contracts/#shelf-b" leads to contracts/index.html, which has no element with id "shelf-b"',
        'index.html: img srcset "/catalog/missing.png" names no file',
        'index.html: link href "/sitemap-index.xml" is outside the base /catalog/',
        'index.html: meta og:image "https://opengdd.org/catalog/og.png" names no file',
      ]);
      expect(report.links).toBe(7);
      // At the root, an absolute address outside the folders the build writes is the host's.
      expect(checkLinks(dir, { base: '/', site: SITE }).broken.filter((b) => b.includes('/spec/'))).toEqual([]);
      expect(report.fragments).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
