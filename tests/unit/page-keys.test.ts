/**
 * The page keys of the incremental build (src/lib/node/incremental/page-keys.ts), on the embedded catalog's
 * stored entries as the content loaders make them: an edit of each kind changes the keys of the
 * pages that show it, and no other; and no page reads the catalog except through the props or a
 * part its key covers. (That a reused page is byte for byte a cold build's is the bench's to prove:
 * `npm run bench -- --incremental-only`.)
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { navOf, shelvesOf, versionsOf } from '../../src/lib/node/content/catalog-views.ts';
import { withDefinitionFiles } from '../../src/lib/node/catalog/definition-files.ts';
import { adoptionsLoader, definitionsLoader, groupsLoader } from '../../src/lib/node/content/loaders.ts';
import { aboutDigest } from '../../src/lib/node/incremental/about-digest.ts';
import { digestOf } from '../../src/lib/node/incremental/canonical.ts';
import { pageKeys, type KeyedEntry } from '../../src/lib/node/incremental/page-keys.ts';
import { repoRoot } from '../helpers/paths.ts';

interface Entry extends KeyedEntry {
  data: Record<string, unknown> & Record<string, any>;
}

interface Catalog {
  groups: Entry[];
  definitions: Entry[];
  adoptions: Entry[];
  /** about.mdx texts by definition id, for an edit of one; others are read from the file. */
  about?: Map<string, string>;
}

/** The stored entries of one collection, as its loader sets them in a build. */
async function stored(loader: { load: (context: LoaderContext) => Promise<void> }): Promise<Entry[]> {
  const entries = new Map<string, Entry>();
  const logger = { info() {}, warn() {}, error() {}, debug() {}, fork: () => logger };
  const context = {
    store: {
      set: (e: Entry) => void entries.set(e.id, e),
      keys: () => [...entries.keys()],
      delete: (id: string) => void entries.delete(id),
    },
    generateDigest: (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex'),
    parseData: async ({ data }: { data: unknown }) => data,
    config: { root: pathToFileURL(repoRoot) },
    logger,
    meta: new Map(),
  } as unknown as LoaderContext;
  await loader.load(context);
  return [...entries.values()];
}

/** Every key of the pages that the test names, by output path. */
function keysOf(c: Catalog): Map<string, string> {
  const definitions = c.definitions
    .map((e) => ({ ...e, data: withDefinitionFiles(e.data as never) as unknown as Entry['data'] }))
    .sort((a, b) => a.data.title.localeCompare(b.data.title) || a.data.version - b.data.version);
  const adoptions = [...c.adoptions].sort((a, b) => a.id.localeCompare(b.id));
  const shelves = shelvesOf(c.groups as never[], definitions as never[]);
  const k = pageKeys({
    groups: shelves.map((s) => s.group),
    nav: navOf(shelves),
    versions: versionsOf(definitions as never[]),
    adoptionsOf: (id) => adoptions.filter((a) => a.data.definitionId === id),
    newestOf: (d) => definitions.find((o) => o.id === (d.data as Entry['data']).newest),
    about: (d) => (c.about?.has(d.id) ? digestOf(c.about.get(d.id)) : aboutDigest(d, repoRoot)),
  });
  const out = new Map<string, string>();
  for (const d of definitions) {
    out.set(`${d.id}/`, k.contractPage({ entry: d }));
    out.set(`${d.id}.adoptions.json`, k.adoptionsFile({ entry: d }));
    out.set(`${d.id}.definition.json`, k.file({ raw: d.data.raw }));
  }
  for (const a of adoptions) {
    const definition = definitions.find((d) => d.id === a.data.definitionId)!;
    out.set(`${a.id}/`, k.adoptionPage({ entry: a, definition }));
    out.set(`${a.id}/file/`, k.file({ entry: a }));
    out.set(`${a.id}.tests.md`, k.file({ entry: a, definition }));
  }
  return out;
}

/** The paths whose keys differ between two catalogs (a path in one only counts as changed). */
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort();
}

/** `c` with one entry of `kind` replaced by an edited copy (the loaders make new entries too). */
function edit(c: Catalog, kind: 'groups' | 'definitions' | 'adoptions', id: string, change: (data: Entry['data']) => void): Catalog {
  const list = c[kind].map((e) => {
    if (e.id !== id) return e;
    const copy = structuredClone(e);
    change(copy.data);
    return copy;
  });
  expect(list).not.toEqual(c[kind]);
  return { ...c, [kind]: list };
}

const ADOPTION = 'clamped-meter-1/knight-health';
const DEFINITION = 'clamped-meter-1';

let base: Catalog;
let before: Map<string, string>;
let pages: string[];
/** Every HTML page of the site's layout the test keys (the file view has no layout). */
let laidOut: string[];

beforeAll(async () => {
  vi.stubEnv('OPENGDD_CATALOG', '');
  base = { groups: await stored(groupsLoader()), definitions: await stored(definitionsLoader()), adoptions: await stored(adoptionsLoader()) };
  vi.unstubAllEnvs();
  before = keysOf(base);
  pages = [...before.keys()].sort();
  laidOut = pages.filter((p) => p.endsWith('/') && !p.endsWith('/file/'));
}, 60_000);

describe('page keys', () => {
  it('are the same for the same catalog, and differ between pages', () => {
    expect(base.adoptions.some((a) => a.id === ADOPTION)).toBe(true);
    expect(keysOf(base)).toEqual(before);
    expect(new Set(before.values()).size).toBe(before.size);
  });

  it('an adoption edited: its pages and files, its contract page and its adoptions.json', () => {
    const after = keysOf(edit(base, 'adoptions', ADOPTION, (d) => (d.digest = 'sha256:' + '0'.repeat(64))));
    expect(changed(before, after)).toEqual([`${ADOPTION}.tests.md`, `${ADOPTION}/`, `${ADOPTION}/file/`, `${DEFINITION}.adoptions.json`, `${DEFINITION}/`].sort());
  });

  it("an adoption's counts changed: its own pages and its contract's, which show them", () => {
    const after = keysOf(edit(base, 'adoptions', ADOPTION, (d) => (d.counts.tests += 1)));
    expect(changed(before, after)).toContain(`${DEFINITION}/`);
    expect(changed(before, after)).toContain(`${ADOPTION}/`);
  });

  it('a definition edited: its contract page, its adoptions pages and files; no other contract', () => {
    const after = keysOf(edit(base, 'definitions', DEFINITION, (d) => (d.benefit += ' Edited.')));
    const mine = (p: string) => p.startsWith(`${DEFINITION}/`) || p.startsWith(`${DEFINITION}.`);
    const expected = pages.filter((p) => mine(p) && !p.endsWith('/file/') && p !== `${DEFINITION}.definition.json`);
    expect(changed(before, after)).toEqual(expected);
  });

  it("a newest version's title edited: every page of the layout (the sidebar names it)", () => {
    const newest = base.definitions.find((d) => d.id === d.data.newest)!.id;
    const after = keysOf(edit(base, 'definitions', newest, (d) => (d.title += ' (edited)')));
    expect(changed(before, after).filter((p) => laidOut.includes(p))).toEqual(laidOut);
  });

  it('groups.json edited: every page of the layout, and no download', () => {
    const after = keysOf(edit(base, 'groups', base.groups[0]!.id, (d) => (d.title += ' (edited)')));
    expect(changed(before, after)).toEqual(laidOut);
  });

  it('an about.mdx edited: its contract page only', () => {
    const d = base.definitions.find((e) => e.id === DEFINITION)!;
    const text = readFileSync(path.resolve(repoRoot, d.filePath!), 'utf8');
    const same = keysOf({ ...base, about: new Map([[DEFINITION, text]]) });
    const after = keysOf({ ...base, about: new Map([[DEFINITION, text + '\nOne more sentence.\n']]) });
    expect(changed(same, after)).toEqual([`${DEFINITION}/`]);
  });

  it("an about.mdx's digest follows its text and its images' bytes; an unreadable one matches nothing", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-keys-'));
    try {
      const entry = { id: 'x-1', data: { hasBody: true }, filePath: 'about.mdx' };
      writeFileSync(path.join(dir, 'about.mdx'), 'Prose.\n\n![A map](./map.png)\n');
      writeFileSync(path.join(dir, 'map.png'), 'one');
      const first = aboutDigest(entry, dir);
      expect(aboutDigest(entry, dir)).toBe(first);
      writeFileSync(path.join(dir, 'map.png'), 'two');
      const second = aboutDigest(entry, dir);
      expect(second).not.toBe(first);
      writeFileSync(path.join(dir, 'about.mdx'), 'Prose!\n\n![A map](./map.png)\n');
      expect(aboutDigest(entry, dir)).not.toBe(second);
      rmSync(path.join(dir, 'map.png'));
      expect(aboutDigest(entry, dir)).not.toBe(aboutDigest(entry, dir));
      expect(aboutDigest({ ...entry, data: { hasBody: false } }, dir)).toBe('no-about');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an adoption added: its pages, its contract page, and every page of the layout (version lists)', () => {
    const copy = structuredClone(base.adoptions.find((a) => a.id === ADOPTION)!);
    copy.id = `${DEFINITION}/squire-health`;
    copy.data.adoption = 'squire-health';
    const definitions = base.definitions.map((d) => (d.id === DEFINITION ? { ...d, data: { ...d.data, adoptions: [...d.data.adoptions, 'squire-health'] } } : d));
    const after = keysOf({ ...base, definitions, adoptions: [...base.adoptions, copy] });
    const diff = changed(before, after);
    for (const p of [...laidOut, `${DEFINITION}.adoptions.json`, `${copy.id}/`, `${copy.id}/file/`]) expect(diff).toContain(p);
  });
});

describe('the canonical digest', () => {
  it('ignores member order, and tells apart what a page could show differently', () => {
    expect(digestOf({ a: 1, b: [1, 'x'] })).toBe(digestOf({ b: [1, 'x'], a: 1 }));
    for (const [x, y] of [
      [{ a: 1 }, { a: '1' }],
      [{ a: undefined }, {}],
      [[1, 2], [2, 1]],
      [new Set(['a']), ['a']],
      [{ a: 'x'.repeat(600) }, { a: 'x'.repeat(601) }],
    ] as const) {
      expect(digestOf(x)).not.toBe(digestOf(y));
    }
  });

  it('never repeats for what is not data', () => {
    const f = () => 1;
    expect(digestOf({ f })).not.toBe(digestOf({ f }));
  });
});

/**
 * Every read of the catalog by the pages' code (the routes, their components and layouts, the page
 * gatherers): the key part that covers it. A read that is not here fails the test: put what it
 * reads in the page's key (page-keys.ts), then here.
 */
const COVERED: Record<string, string[]> = {
  // Reads of getStaticPaths: what they read becomes the props, which every key digests whole.
  'pages/contracts/[cv]/[adoption]/[name].json.ts': ['allAdoptions'],
  'pages/contracts/[cv]/[adoption]/[name].tests.md.ts': ['allAdoptions', 'allDefinitions'],
  'pages/contracts/[cv]/[adoption]/[name].zip.ts': ['allAdoptions', 'allDefinitions'],
  'pages/contracts/[cv]/[adoption]/file/index.astro': ['allAdoptions'],
  'pages/contracts/[cv]/[adoption]/index.astro': ['allAdoptions', 'allDefinitions'],
  'pages/contracts/[cv]/[name].definition.json.ts': ['allDefinitions'],
  'pages/contracts/[cv]/[name].empty-adoption.json.ts': ['allDefinitions'],
  'pages/contracts/[cv]/[name].pack.json.ts': ['allDefinitions'],
  'pages/contracts/[cv]/index.astro': ['allDefinitions'],
  'pages/og/contracts/[cv].png.ts': ['allDefinitions'],
  'pages/og/contracts/[cv]/[adoption].png.ts': ['allAdoptions', 'allDefinitions'],
  'pages/schemas/contracts/[cv].adoption.schema.json.ts': ['allDefinitions'],
  // adoptionsFile: `adoptionsOf` (answersOf reads the same adoptions).
  'pages/contracts/[cv]/[name].adoptions.json.ts': ['allDefinitions', 'answersOf'],
  // Routes without a key: they render in every build.
  'pages/contracts/catalog.json.ts': ['allDefinitions'],
  'pages/schemas/catalog-adoption.schema.json.ts': ['allDefinitions'],
  'lib/node/pages/catalog-page.ts': ['allAdoptions', 'allDefinitions', 'shelves'],
  // adoptionPage: `groups` (its shelf) and `versions` (the newest version).
  'lib/node/pages/adoption-page.ts': ['catalogVersions', 'shelves'],
  // contractPage: `about` (render), `groups`, `adoptionsOf` (and answersOf), `newestOf` (allDefinitions).
  'lib/node/pages/contract-page.ts': ['adoptionsOf', 'allDefinitions', 'answersOf', 'import:astro:content', 'render', 'shelves'],
  // Every page of the layout: `nav` and `versions`.
  'components/SidebarNav.astro': ['navShelves'],
  'components/VersionSwitcher.astro': ['catalogVersions'],
};

/** Every function `collections.ts` exports: a helper added there is looked for too. */
const HELPERS = [...readFileSync(path.join(repoRoot, 'src/lib/node/content/collections.ts'), 'utf8').matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]!);

/**
 * Calls that read the catalog (the collections' helpers, the content layer's, files), and imports
 * of the modules that can (`import:astro:content`, `import:node:fs`).
 */
const READS = new RegExp(
  `(?<![.\\w$])(${[...HELPERS, 'answersOf', 'getCollection', 'getEntry', 'render', 'readFileSync', 'readFile', 'checkedFileText'].join('|')})\\s*\\(|from\\s+'((?:node:)?fs(?:\\/promises)?|astro:content)'`,
  'g',
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|astro|mdx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('what the pages read', () => {
  it('is covered by their keys', () => {
    expect(HELPERS).toContain('navShelves');
    const src = path.join(repoRoot, 'src');
    const found: Record<string, string[]> = {};
    for (const dir of ['pages', 'components', 'layouts', 'lib/node/pages']) {
      for (const file of sources(path.join(src, dir))) {
        const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
        const names = [...new Set([...text.matchAll(READS)].map((m) => m[1] ?? `import:${m[2]}`))].sort();
        if (names.length) found[path.relative(src, file)] = names;
      }
    }
    expect(found).toEqual(COVERED);
  });
});
