/**
 * Issue 21, points 4 and 5: every internal address and `#fragment` of every built page resolves
 * (see links.ts for what is read), on the run's shared builds: the embedded catalog and the corpus
 * (skipped with a message when ../shared/corpus is absent) at the root, and the embedded catalog
 * under a base (`/catalog/`), where an address outside the base is broken too. The machine-readable
 * files are held to the same: every address of the sitemap and of `contracts/catalog.json`.
 * The figures of each check are printed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusPresent } from '../helpers/paths.ts';
import { checkAddresses, checkLinks } from './links.ts';
import { BASE, baseSite, corpusSite, embeddedSite } from './shared-builds.ts';
import type { SiteBuild } from './helpers.ts';

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
