/**
 * What the site publishes for machines and link previews: `/contracts/catalog.json`, the spec's JSON
 * Schemas and an editor schema per definition version, in-site `origin` URLs that lead to their
 * definition's page, social images, the "what changed" section of older versions and the picture of
 * which questions gate which.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { escapeXml, socialSvg, wrapText } from '../../src/lib/site/social.ts';
import { buildSite, copyCatalog, layout, page, remove, type SiteBuild } from '../helpers/site.ts';
import { corpusSite, embeddedSite } from '../helpers/shared-builds.ts';

/** Waiting for the build lock or the shared build (another file may be making it) plus a build. */
const BUILD_TIMEOUT = 300_000;
const SITE = 'https://opengdd.org';

interface CatalogJson {
  site: string;
  definitions: {
    id: string;
    contract: string;
    version: number;
    status: 'checked' | 'promised';
    digest: string | null;
    newest: boolean;
    origin: string | null;
    urls: { page: string; definition: string; pack: string | null; schema: string };
    adoptions: { id: string; urls: { page: string; json: string; zip: string } }[];
  }[];
}

/** The file in the build that answers a URL of the site (a directory answers with its index.html). */
function fileFor(build: SiteBuild, url: string): string {
  expect(url.startsWith(`${SITE}/`), url).toBe(true);
  const p = decodeURI(new URL(url).pathname);
  const abs = path.join(build.outDir, p);
  return p.endsWith('/') || (existsSync(abs) && !existsSync(`${abs}.`) && readdirSafe(abs)) ? path.join(abs, 'index.html') : abs;
}

function readdirSafe(p: string): boolean {
  try {
    readdirSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Width and height from a PNG's IHDR chunk (and that it is a PNG at all). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The canonical URL a built HTML page declares. */
function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

describe.skipIf(!corpusPresent)('machine-readable files of the corpus site', () => {
  let site: SiteBuild;
  const definitions = corpusPresent ? layout(corpusDir) : [];

  beforeAll(() => {
    site = corpusSite();
  }, BUILD_TIMEOUT);

  it('builds without errors or origin warnings', () => {
    expect(site.status, site.output).toBe(0);
    expect(site.output).not.toMatch(/Origin .* resolves to no page/);
  });

  it('lists every definition and adoption in catalog.json, with URLs that exist in the build', () => {
    const catalog = JSON.parse(page(site, 'contracts/catalog.json')) as CatalogJson;
    expect(catalog.definitions.map((d) => d.id).sort()).toEqual(definitions.map((d) => d.cv));
    for (const d of catalog.definitions) {
      const expected = definitions.find((x) => x.cv === d.id)!;
      expect(d.adoptions.map((a) => a.id).sort(), d.id).toEqual(expected.adoptions);
      expect(`${d.contract}-${d.version}`).toBe(d.id);
      const hasPack = existsSync(path.join(corpusDir, `packs/${d.id}.pack.json`));
      expect(d.status, d.id).toBe(hasPack ? 'checked' : 'promised');
      expect(d.digest === null, d.id).toBe(!hasPack);
      if (d.digest) expect(readFileSync(path.join(corpusDir, `catalog/${d.id}/definition.json`), 'utf8')).toContain(d.digest);
      const urls = [d.urls.page, d.urls.definition, d.urls.schema, ...(d.urls.pack ? [d.urls.pack] : [])];
      for (const a of d.adoptions) urls.push(a.urls.page, a.urls.json, a.urls.zip);
      for (const url of urls) expect(existsSync(fileFor(site, url)), url).toBe(true);
    }
    // Exactly one newest version per contract, and it is the highest.
    const contracts = new Set(catalog.definitions.map((d) => d.contract));
    for (const c of contracts) {
      const versions = catalog.definitions.filter((d) => d.contract === c);
      const newest = versions.filter((d) => d.newest);
      expect(newest, c).toHaveLength(1);
      expect(newest[0]!.version).toBe(Math.max(...versions.map((d) => d.version)));
    }
  });

  it('publishes an editor schema per definition that accepts every adoption of it', () => {
    for (const { cv, adoptions } of definitions) {
      const schema = JSON.parse(page(site, `schemas/contracts/${cv}.adoption.schema.json`));
      expect(schema.$id).toBe(`${SITE}/schemas/contracts/${cv}.adoption.schema.json`);
      const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
      for (const a of adoptions) {
        const doc = JSON.parse(readFileSync(path.join(corpusDir, `catalog/${cv}/adoptions/${a}.json`), 'utf8'));
        expect(validate(doc), `${cv}/${a}: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(true);
      }
      expect(page(site, `contracts/${cv}/index.html`)).toContain(`href="/schemas/contracts/${cv}.adoption.schema.json"`);
    }
  });

  it('publishes the spec schemas byte for byte', () => {
    const names = readdirSync(path.join(repoRoot, 'schemas')).filter((f) => f.endsWith('.schema.json'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(readFileSync(path.join(site.outDir, 'schemas', name)), name).toEqual(readFileSync(path.join(repoRoot, 'schemas', name)));
    }
  });

  it('resolves every definition’s origin to its page, with or without the trailing slash', () => {
    for (const { cv } of definitions) {
      const origin = JSON.parse(readFileSync(path.join(corpusDir, `catalog/${cv}/definition.json`), 'utf8')).origin as string;
      expect(origin.startsWith(`${SITE}/`), cv).toBe(true);
      const bare = origin.replace(/\/+$/, '');
      for (const url of [bare, `${bare}/`]) {
        const file = path.join(site.outDir, decodeURI(new URL(url).pathname), 'index.html');
        expect(existsSync(file), url).toBe(true);
        expect(canonicalOf(readFileSync(file, 'utf8')), url).toBe(`${SITE}/contracts/${cv}/`);
      }
    }
  });

  it('makes a 1200×630 PNG social image per definition and adoption, named by og:image', () => {
    for (const { cv, adoptions } of definitions) {
      const pages = [
        { html: `contracts/${cv}/index.html`, png: `og/contracts/${cv}.png` },
        ...adoptions.map((a) => ({ html: `contracts/${cv}/${a}/index.html`, png: `og/contracts/${cv}/${a}.png` })),
      ];
      for (const p of pages) {
        expect(pngSize(readFileSync(path.join(site.outDir, p.png))), p.png).toEqual({ width: 1200, height: 630 });
        expect(page(site, p.html)).toContain(`<meta property="og:image" content="${SITE}/${p.png}">`);
      }
    }
  });
});

describe('older versions and the question picture (embedded catalog)', () => {
  let site: SiteBuild;

  beforeAll(() => {
    site = embeddedSite();
  }, BUILD_TIMEOUT);

  it('builds', () => {
    expect(site.status, site.output).toBe(0);
  });

  it('says on clamped-meter-1 what changed in version 2, with a link to it', () => {
    const html = page(site, 'contracts/clamped-meter-1/index.html');
    expect(html).toMatch(/<h2 id="changes"[^>]*>\s*What changed in version 2/);
    // Up to the next section's head (a heading with its self-link beside it).
    const changes = /<div class="version-changes[^"]*"[\s\S]*?<\/div>\s*<div class="section-head/.exec(html)?.[0] ?? '';
    expect(changes).toContain('href="/contracts/clamped-meter-2/"');
    const items = [...changes.matchAll(/data-change-area="([^"]+)" data-change-kind="([^"]+)" data-change-name="([^"]+)"/g)].map(
      (m) => `${m[2]} ${m[1]} ${m[3]}`,
    );
    // The rewritten summary shows both texts, the changed words marked.
    const summary = /data-change-area="summary"[\s\S]*?<\/li>/.exec(changes)?.[0] ?? '';
    expect(summary).toMatch(/<del[^>]*>[\s\S]*?\S[\s\S]*?<\/del>/);
    expect(summary).toMatch(/<ins[^>]*>[\s\S]*?\S[\s\S]*?<\/ins>/);
    expect(Number(/data-changes="(\d+)"/.exec(changes)?.[1])).toBe(items.length);
    const v1 = JSON.parse(readFileSync(path.join(repoRoot, 'catalog/clamped-meter-1/definition.json'), 'utf8'));
    const v2 = JSON.parse(readFileSync(path.join(repoRoot, 'catalog/clamped-meter-2/definition.json'), 'utf8'));
    const added = Object.keys(v2.questions).filter((q) => !(q in v1.questions));
    expect(added.length).toBeGreaterThan(0);
    for (const q of added) expect(items, q).toContain(`added question ${q}`);
    const removedRules = Object.keys(v1.rules ?? {}).filter((r) => !(r in (v2.rules ?? {})));
    for (const r of removedRules) expect(items, r).toContain(`removed rule ${r}`);
    expect(items.some((i) => i.includes(' template '))).toBe(true);
    // The newest version has no such section.
    expect(page(site, 'contracts/clamped-meter-2/index.html')).not.toContain('id="changes"');
  });

  it('draws which questions gate which, as an accessible picture with a text list', () => {
    const def = JSON.parse(readFileSync(path.join(repoRoot, 'catalog/clamped-meter-2/definition.json'), 'utf8'));
    const gated = Object.entries(def.questions as Record<string, { when?: { flag?: object } }>).filter(([, q]) => q.when?.flag);
    expect(gated.length).toBeGreaterThan(0);
    const html = page(site, 'contracts/clamped-meter-2/index.html');
    const figure = /<figure class="gates[^"]*"[\s\S]*?<\/figure>/.exec(html)?.[0] ?? '';
    // A labelled group, not role="img": the boxes are links, and an image's content is hidden from
    // assistive technology (axe: nested-interactive).
    expect(figure).toMatch(/<svg[^>]*role="group"[^>]*aria-labelledby="gates-title-clamped-meter-2 /);
    expect(figure).toMatch(/<title id="gates-title-clamped-meter-2"[^>]*>Which questions of clamped-meter-2 gate which<\/title>/);
    // Each question by its number and name, as its heading numbers it (the id is beside the heading).
    const ids = Object.keys(def.questions);
    const named = (q: string) => `>${ids.indexOf(q) + 1} ${q.charAt(0).toUpperCase()}${q.slice(1).replace(/-/g, ' ')}</a>`;
    const list = /<ul class="gates-list[^"]*"[\s\S]*?<\/ul>/.exec(figure)?.[0] ?? '';
    for (const [id, q] of gated) {
      expect(list, id).toContain(named(id));
      for (const gate of Object.keys(q.when!.flag!)) expect(list, `${id} ← ${gate}`).toContain(named(gate));
    }
    expect(list).not.toContain('<code');
  });
});

describe('origins pointing into the site elsewhere', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(remove));

  /** Sets a definition's origin, and the copy of it in each of its adoptions. */
  function setOrigin(root: string, cv: string, origin: string): void {
    const files = [path.join(root, `catalog/${cv}/definition.json`)];
    const adoptions = path.join(root, `catalog/${cv}/adoptions`);
    if (existsSync(adoptions)) files.push(...readdirSync(adoptions).filter((f) => f.endsWith('.json')).map((f) => path.join(adoptions, f)));
    for (const file of files) {
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.origin = origin;
      writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
    }
  }

  it(
    'writes a redirect page at a free path, and warns about an origin that can lead nowhere',
    () => {
      const dir = copyCatalog(repoRoot);
      dirs.push(dir);
      setOrigin(dir, 'clamped-meter-1', `${SITE}/contracts/old-health-bar`);
      setOrigin(dir, 'spawn-wave-1', `${SITE}/contracts/clamped-meter-2/`);
      const build = buildSite(dir, 'origins');
      dirs.push(build.outDir);
      expect(build.status, build.output).toBe(0);

      const redirect = page(build, 'contracts/old-health-bar/index.html');
      expect(canonicalOf(redirect)).toBe(`${SITE}/contracts/clamped-meter-1/`);
      expect(redirect).toContain(`<meta http-equiv="refresh" content="0; url=${SITE}/contracts/clamped-meter-1/">`);
      expect(redirect).toContain(`<a href="${SITE}/contracts/clamped-meter-1/">`);

      expect(build.output).toMatch(
        /\[opengdd-site\] Origin https:\/\/opengdd\.org\/contracts\/clamped-meter-2\/ of spawn-wave-1 points into the site but resolves to no page of it/,
      );
      expect(build.output).not.toMatch(/of clamped-meter-1 points into the site but resolves to no page/);
      // The other definition's page is left as it is.
      expect(canonicalOf(page(build, 'contracts/clamped-meter-2/index.html'))).toBe(`${SITE}/contracts/clamped-meter-2/`);
    },
    BUILD_TIMEOUT,
  );
});

describe('the social image card', () => {
  it('escapes every piece of catalog text', () => {
    const svg = socialSvg({
      kicker: 'a & b',
      title: '<script>x</script> "A&B"',
      subtitle: "it's <b>bold</b>",
      facts: ['1 < 2', '"quoted"'],
      status: 'checked',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;x&lt;/script&gt; &quot;A&amp;B&quot;');
    expect(svg).toContain('a &amp; b');
    expect(svg).toContain('1 &lt; 2');
    expect(svg).toContain('it&apos;s');
    // Still one well-formed SVG element at the top.
    expect(svg.trim()).toMatch(/^<svg [^>]*width="1200" height="630"[\s\S]*<\/svg>$/);
  });

  it('drops characters XML forbids and wraps long titles', () => {
    expect(escapeXml('a\u0001b')).toBe('ab');
    const lines = wrapText('word '.repeat(40), 26, 3);
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)!.endsWith('…')).toBe(true);
    expect(lines.every((l) => l.length <= 27)).toBe(true);
  });
});
