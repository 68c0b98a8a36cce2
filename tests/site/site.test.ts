/**
 * The built site: routes, true counts, the generated tests on every adoption page, downloads that
 * are byte-identical to the catalog, and a build that stops on a faulty catalog with the engine's
 * diagnostic. Each catalog is built once (a real `astro build`).
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/lib/node/catalog/catalog.ts';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { catalogLoad } from '../helpers/catalog-load.ts';
import { attributeValues, BUILD_LOCK, copyCatalog, layout, page, remove, takeLock, textOf, type SiteBuild } from '../helpers/site.ts';
import { corpusSite, embeddedSite } from '../helpers/shared-builds.ts';
import { ASTRO_OUTPUT_COPY } from '../../src/lib/node/incremental/astro-output-copy.ts';

/** Waiting for the shared build (another file may be making it) plus the build. */
const BUILD_TIMEOUT = 300_000;

/** The text Pagefind indexed for each page URL, read back from its fragments. */
function indexedText(outDir: string): Map<string, string> {
  const dir = path.join(outDir, 'pagefind/fragment');
  const out = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    let bytes = gunzipSync(readFileSync(path.join(dir, name)));
    const marker = Buffer.from('pagefind_dcd');
    if (bytes.subarray(0, marker.length).equals(marker)) bytes = bytes.subarray(marker.length);
    const fragment = JSON.parse(bytes.toString('utf8')) as { url: string; content: string };
    out.set(fragment.url, fragment.content);
  }
  return out;
}

/** The explorer data a page embeds. */
function embeddedExplorerData(html: string): Record<string, unknown> {
  const m = /<answer-explorer[^>]*>\s*<script type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(m, 'an <answer-explorer> with its data').not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

/** Test names in the order the published validator prints them. */
function expectedNames(markdown: string): string[] {
  return [...markdown.matchAll(/^### AT (\S+) — /gm)].map((m) => m[1]!);
}

describe.skipIf(!corpusPresent)('the corpus site (OPENGDD_CATALOG=../shared/corpus)', () => {
  let site: SiteBuild;
  const definitions = corpusPresent ? layout(corpusDir) : [];

  beforeAll(() => {
    site = corpusSite();
  }, BUILD_TIMEOUT);

  it('builds without errors', () => {
    expect(site.status, site.output).toBe(0);
  });

  it('has the catalog, one page per definition and one per adoption', () => {
    expect(existsSync(path.join(site.outDir, 'contracts/index.html'))).toBe(true);
    for (const { cv, adoptions } of definitions) {
      expect(existsSync(path.join(site.outDir, `contracts/${cv}/index.html`)), cv).toBe(true);
      for (const a of adoptions) {
        expect(existsSync(path.join(site.outDir, `contracts/${cv}/${a}/index.html`)), `${cv}/${a}`).toBe(true);
      }
    }
  });

  it('shows every generated test, in the validator’s order, with its data-test-name', () => {
    for (const { cv, adoptions } of definitions) {
      for (const a of adoptions) {
        const expected = expectedNames(readFileSync(path.join(corpusDir, `expected/${cv}/${a}.tests.md`), 'utf8'));
        const html = page(site, `contracts/${cv}/${a}/index.html`);
        expect(attributeValues(html, 'data-test-name'), `${cv}/${a}`).toEqual(expected);
      }
    }
  });

  it('lists every template that does not apply, with a reason, and counts truly', () => {
    for (const { cv, adoptions } of definitions) {
      const pack = JSON.parse(readFileSync(path.join(corpusDir, `packs/${cv}.pack.json`), 'utf8'));
      for (const a of adoptions) {
        const html = page(site, `contracts/${cv}/${a}/index.html`);
        const live = attributeValues(html, 'data-live').filter((v) => v === 'true').length;
        const notLive = html.split('data-live="false"').slice(1);
        expect(live + notLive.length, `${cv}/${a}`).toBe(pack.templates.length);
        for (const chunk of notLive) {
          const reasons = /<ul class="reasons"[^>]*>([\s\S]*?)<\/ul>/.exec(chunk)?.[1] ?? '';
          expect(reasons.replace(/<[^>]+>/g, '').trim().length, `${cv}/${a}`).toBeGreaterThan(20);
        }
        const tests = attributeValues(html, 'data-test-name').length;
        const n = pack.templates.length;
        const k = live;
        const line = textOf(html, 'data-test-count');
        expect(line, `${cv}/${a}`).toContain(`${tests} test${tests === 1 ? '' : 's'} from ${k} of the ${n} template`);
      }
    }
  });

  it('reads "11 tests from 8 of the 14 templates; 6 do not apply" on Backpack', () => {
    const html = page(site, 'contracts/container-1/backpack/index.html');
    expect(textOf(html, 'data-test-count')).toBe('11 tests from 8 of the 14 templates; 6 do not apply.');
    expect(attributeValues(html, 'data-live').filter((v) => v === 'false')).toHaveLength(6);
  });

  it('serves definition, pack, adoption and test files byte for byte', () => {
    for (const { cv, adoptions } of definitions) {
      expect(readFileSync(path.join(site.outDir, `contracts/${cv}/${cv}.definition.json`))).toEqual(
        readFileSync(path.join(corpusDir, `catalog/${cv}/definition.json`)),
      );
      expect(readFileSync(path.join(site.outDir, `contracts/${cv}/${cv}.pack.json`))).toEqual(
        readFileSync(path.join(corpusDir, `packs/${cv}.pack.json`)),
      );
      for (const a of adoptions) {
        expect(readFileSync(path.join(site.outDir, `contracts/${cv}/${a}/${a}.json`))).toEqual(
          readFileSync(path.join(corpusDir, `catalog/${cv}/adoptions/${a}.json`)),
        );
        expect(readFileSync(path.join(site.outDir, `contracts/${cv}/${a}/${a}.tests.md`), 'utf8')).toBe(
          readFileSync(path.join(corpusDir, `expected/${cv}/${a}.tests.md`), 'utf8'),
        );
      }
    }
  });

  it('zips an adoption with its pack, ready for a package’s contracts/ folder', () => {
    const files = unzipSync(readFileSync(path.join(site.outDir, 'contracts/container-1/backpack/backpack.zip')));
    expect(Object.keys(files).sort()).toEqual(['contracts/backpack.json', 'contracts/container-1.pack.json']);
    expect(Buffer.from(files['contracts/backpack.json']!)).toEqual(
      readFileSync(path.join(corpusDir, 'catalog/container-1/adoptions/backpack.json')),
    );
    expect(Buffer.from(files['contracts/container-1.pack.json']!)).toEqual(readFileSync(path.join(corpusDir, 'packs/container-1.pack.json')));
  });

  it('writes the Pagefind index, with only <main> as the indexed body', () => {
    expect(existsSync(path.join(site.outDir, 'pagefind/pagefind-entry.json'))).toBe(true);
    const html = page(site, 'contracts/container-1/index.html');
    expect(html.match(/\sdata-pagefind-body[\s>=]/g)).toHaveLength(1);
    expect(html).toMatch(/<main[^>]*data-pagefind-body/);
  });

  it('indexes each text once, where it belongs: questions and options on the contract, test names on the adoption', () => {
    const indexed = indexedText(site.outDir);
    const definition = JSON.parse(readFileSync(path.join(corpusDir, 'catalog/container-1/definition.json'), 'utf8')) as {
      questions: Record<string, { asks: string; options: Record<string, { meaning?: string }> }>;
    };
    const contract = indexed.get('/contracts/container-1/')!;
    const adoption = indexed.get('/contracts/container-1/backpack/')!;
    expect(contract).toBeDefined();
    expect(adoption).toBeDefined();
    const question = Object.values(definition.questions)[0]!;
    // Pagefind keeps the words, not the exact spacing: compare the first words.
    const words = (text: string) => text.split(/\s+/).slice(0, 6).join(' ');
    expect(contract).toContain(words(question.asks));
    // …and on the contract page only: a phrase of a question does not find every adoption.
    expect(adoption).not.toContain(words(question.asks));
    const meaning = Object.values(question.options).find((o) => o.meaning)?.meaning;
    if (meaning) expect(contract).toContain(words(meaning));
    const markdown = readFileSync(path.join(corpusDir, 'expected/container-1/backpack.tests.md'), 'utf8');
    const names = expectedNames(markdown);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(adoption, name).toContain(name);
    // A test's steps restate its template: the adoption page does not index them again.
    const step = /"then": \[\n\s+"([^"]+)"/.exec(markdown)![1]!;
    expect(adoption).not.toContain(step);
    expect(contract).not.toContain('AT <your-adoption>');
  });

  it('embeds only an adoption’s own state for the explorer, and names the definition and pack it fetches', () => {
    for (const { cv, adoptions } of definitions) {
      for (const a of adoptions) {
        const data = embeddedExplorerData(page(site, `contracts/${cv}/${a}/index.html`));
        expect(data.definition, `${cv}/${a}`).toBeUndefined();
        expect(readFileSync(path.join(site.outDir, String(data.definitionUrl)))).toEqual(readFileSync(path.join(corpusDir, `catalog/${cv}/definition.json`)));
        expect(readFileSync(path.join(site.outDir, String(data.packUrl)))).toEqual(readFileSync(path.join(corpusDir, `packs/${cv}.pack.json`)));
        const file = JSON.parse(readFileSync(path.join(corpusDir, `catalog/${cv}/adoptions/${a}.json`), 'utf8')) as { answers?: object };
        expect((data.supplied as { answers: object }).answers, `${cv}/${a}`).toEqual(file.answers ?? {});
      }
    }
  });

  it('gives every page a canonical URL on the site', () => {
    const html = page(site, 'contracts/container-1/backpack/index.html');
    expect(html).toContain('<link rel="canonical" href="https://opengdd.org/contracts/container-1/backpack/">');
  });
});

describe('the embedded catalog site', () => {
  let site: SiteBuild;
  const definitions = layout(repoRoot);

  beforeAll(() => {
    site = embeddedSite();
  }, BUILD_TIMEOUT);

  it('builds, with a page per definition and adoption', () => {
    expect(site.status, site.output).toBe(0);
    for (const { cv, adoptions } of definitions) {
      expect(existsSync(path.join(site.outDir, `contracts/${cv}/index.html`)), cv).toBe(true);
      for (const a of adoptions) expect(existsSync(path.join(site.outDir, `contracts/${cv}/${a}/index.html`)), `${cv}/${a}`).toBe(true);
    }
  });

  it("keeps no second copy of its pages: Astro's own is off, the output folder's links stand in", () => {
    expect(site.status, site.output).toBe(0);
    expect(site.output).not.toMatch(/incremental-build cache is not where/);
    // Between builds (they share the cache folder). No build of this checkout writes Astro's copy,
    // so finding one, whichever build left it, means the switch failed.
    const release = takeLock(BUILD_LOCK);
    try {
      expect(existsSync(path.join(repoRoot, 'node_modules/.astro', ASTRO_OUTPUT_COPY))).toBe(false);
    } finally {
      release();
    }
  });

  it('prints one line of what the catalog check covered, after content sync', async () => {
    const { model } = await loadCatalog(repoRoot);
    const adoptions = model.definitions.flatMap((d) => d.adoptions);
    const tests = adoptions.reduce((n, a) => n + a.report.tests.length, 0);
    const packs = definitions.filter(({ cv }) => existsSync(path.join(repoRoot, `packs/${cv}.pack.json`))).length;
    const line = `${definitions.length} definitions, ${adoptions.length} adoptions, ${packs} packs checked; ${tests.toLocaleString('en-US')} tests generated; 0 errors`;
    const at = site.output.indexOf(line);
    expect(at, site.output).toBeGreaterThan(site.output.indexOf('Synced content'));
    // A line of its own, not run together with Astro's progress lines.
    expect(site.output.slice(0, at)).toMatch(/\[opengdd-site\] $/);
  });

  it('renders the about.mdx prose of a definition', () => {
    const about = readFileSync(path.join(repoRoot, 'catalog/clamped-meter-1/about.mdx'), 'utf8');
    const heading = /^## (.+)$/m.exec(about)?.[1];
    expect(heading, 'clamped-meter-1/about.mdx has a ## heading').toBeTruthy();
    expect(page(site, 'contracts/clamped-meter-1/index.html')).toContain(heading);
  });

  it('publishes an image that sits beside an about.mdx, through the image pipeline', () => {
    const images = definitions.flatMap(({ cv }) =>
      [...readFileSync(path.join(repoRoot, `catalog/${cv}/about.mdx`), 'utf8').matchAll(/!\[([^\]]+)\]\(\.\/([^)]+)\)/g)].map((m) => ({ cv, alt: m[1]!, file: m[2]! })),
    );
    expect(images.length, 'the embedded catalog shows at least one local image').toBeGreaterThan(0);
    for (const { cv, alt, file } of images) {
      const tag = (page(site, `contracts/${cv}/index.html`).match(/<img\b[^>]*>/g) ?? []).find((t) => t.includes(` alt="${alt}"`));
      expect(tag, `${cv}: <img> for ${file}`).toBeDefined();
      const src = / src="(\/_astro\/[^"]+)"/.exec(tag!)?.[1];
      expect(src, tag).toBeDefined();
      expect(existsSync(path.join(site.outDir, src!)), src).toBe(true);
      // Width and height from the file: the page does not jump when the image arrives.
      expect(tag).toMatch(/ width="\d+" height="\d+"/);
    }
  });

  it('shows a definition without a pack as promised', () => {
    for (const { cv } of definitions) {
      const html = page(site, `contracts/${cv}/index.html`);
      const promised = !existsSync(path.join(repoRoot, `packs/${cv}.pack.json`));
      expect(html.includes('data-state-label="Promised"'), cv).toBe(promised);
    }
  });
});

// The build stops on these through the catalog load its content loaders run; that load is run here
// in-process, and tests/hardening/build.test.ts proves with real builds (one per layer that reports
// findings, and the faults that could reach further) that the build prints exactly its lines and stops.
describe('a faulty catalog stops the build with the engine’s diagnostic', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(remove));

  const checked = layout(repoRoot).find(({ cv, adoptions }) => adoptions.length > 0 && existsSync(path.join(repoRoot, `packs/${cv}.pack.json`)))!;

  it('names the definition of a wrong pack digest', async () => {
    const dir = copyCatalog(repoRoot);
    dirs.push(dir);
    const file = path.join(dir, `catalog/${checked.cv}/definition.json`);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/"sha256:[0-9a-f]/, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0')));
    const load = await catalogLoad(dir);
    expect(load.stops).toBe(true);
    expect(load.printed).toMatch(new RegExp(`catalog/${checked.cv}/definition\\.json:\\d+:\\d+ /pack CONTRACT_PACK_HASH error `));
    // An Astro error: its name, the findings, and a hint (build.test.ts sees Astro print them so).
    expect(load.name).toBe('CatalogError');
    expect(load.printed).toMatch(/^The catalog has \d+ errors?:\n.*CONTRACT_PACK_HASH/);
    expect(load.hint).toMatch(/^Each line names the file, the line and column, the JSON pointer, the code/);
    expect(load.printed).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(load.printed).not.toContain('Stack trace');
  });

  it('names the adoption whose definition copy diverges', async () => {
    const dir = copyCatalog(repoRoot);
    dirs.push(dir);
    const adoption = checked.adoptions[0]!;
    const file = path.join(dir, `catalog/${checked.cv}/adoptions/${adoption}.json`);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.summary = `${doc.summary} (edited)`;
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const load = await catalogLoad(dir);
    expect(load.stops).toBe(true);
    expect(load.printed).toMatch(new RegExp(`catalog/${checked.cv}/adoptions/${adoption}\\.json:\\d+:\\d+ /summary CONTRACT_DEFINITION_DIVERGENT error`));
    expect(load.printed).not.toContain('Stack trace');
  });
});
