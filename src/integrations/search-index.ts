/**
 * The Pagefind index of a built site, through Pagefind's Node API, written in shards.
 *
 * Why shards: Pagefind's indexer holds the whole index in memory and, while writing it, about
 * three times that; for thousands of adoption pages it needed more memory than the rest of the
 * build together. So the pages are indexed in shards of at most {@link DEFAULT_SHARD_PAGES}
 * pages, one index at a time (each one deleted before the next is made), and the search dialog
 * merges them (Pagefind's `mergeIndex`). A contract version's pages share a shard when they fit in
 * one; a larger folder is split between its adoptions' folders. A catalog the size of today's fits
 * in one shard, `pagefind/`, and needs no merging. Further shards are written to
 * `pagefind/shards/<n>/`, listed in `pagefind/shards.json` (relative to `pagefind/`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SearchBundles } from '../lib/node/incremental/search-reuse.ts';
import type { PageFacts } from '../lib/node/incremental/page-facts.ts';

/**
 * What a build reuses of the last one's search index (see `incremental/`): its bundles, and what
 * it learnt of each page file (indexed or not, digest), so that unchanged files are not read.
 */
export interface SearchReuse {
  bundles: SearchBundles;
  facts: PageFacts;
}

/**
 * Pages per shard. Pagefind's indexer holds about three times a shard's index while writing it,
 * and a build that changes one page indexes its whole shard again (1,000 pages took 2.6 s of a
 * 10.8 s build at 100× the corpus; 500 take half). What the reader pays per shard is five requests
 * on opening the search (its entry, metadata and filters) and one per query, all at once (see
 * `scripts/search/start.ts`): at 100×, 50 ms from the server, 19 shards of 500 open in 1.5-2.0 s
 * and answer a query in 0.60-0.66 s, against 1.46-1.55 s and 0.54-0.89 s for 10 of 1,000 (34 of
 * 250: 2.5 s and 0.74-0.84 s); the whole index is written in about the same time at any size.
 */
export const DEFAULT_SHARD_PAGES = 500;

/**
 * Pages handed to the indexer before the first of them is answered. The service indexes them in
 * the order they are sent, one after another (the bytes it writes are the same with 1, 4, 16 or
 * 64 in flight); with a few in flight the build reads and prepares the next page meanwhile. 500
 * pages of the 100× catalog: 1.0 s one at a time, 0.65-0.70 s with 4 or more.
 */
const PAGES_IN_FLIGHT = 4;

/** One shard: globs of the pages Pagefind reads from the output folder, and pages it is handed. */
export interface SearchShard {
  /** Globs relative to the output folder, each a contract-version folder or a part of one. */
  globs: string[];
  /** Other HTML files, relative to the output folder (`/`-separated). */
  files: string[];
  pages: number;
}

/** Every HTML file of the built site (relative, `/`-separated), Pagefind's and Astro's assets aside. */
export function htmlFiles(outDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!(rel === '' && ASSET_FOLDERS.has(e.name))) walk(path.join(dir, e.name), r);
      } else if (e.name.endsWith('.html')) out.push(r);
    }
  };
  walk(outDir, '');
  return out.sort();
}

/** {@link htmlFiles}, from a list of every file of the built site (relative, `/`-separated). */
export function htmlFilesOf(files: Iterable<string>): string[] {
  const out: string[] = [];
  for (const f of files) if (f.endsWith('.html') && !ASSET_FOLDERS.has(f.slice(0, f.indexOf('/')))) out.push(f);
  return out.sort();
}

/** The output folder's top folders of assets: Pagefind's and Astro's. */
const ASSET_FOLDERS = new Set(['pagefind', '_astro']);

/** A name that is safe inside a glob, as `<contract>-<version>` and adoption ids are. */
const GLOB_SAFE = /^[a-z0-9][a-z0-9-]*$/;

/** Map entries in code-unit order of their names (the order of `htmlFiles`). */
const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** Pages that go into a shard together: one glob, or one file by path. */
interface Unit {
  glob?: string;
  file?: string;
  pages: number;
}

/**
 * Splits the site's pages into shards of at most `maxPages`: first the pages outside
 * contract-version folders, then the folders in order, each whole when it fits in a shard and
 * otherwise in parts of whole adoption folders (one adoption folder larger than the limit is a
 * part of its own).
 */
export function planShards(files: readonly string[], maxPages = DEFAULT_SHARD_PAGES): SearchShard[] {
  const folders = new Map<string, string[]>();
  const loose: string[] = [];
  for (const f of files) {
    // Only a folder name that is safe inside a glob; anything else under contracts/ (a redirect
    // page at an origin's path, say) is indexed by path.
    const m = /^contracts\/([^/]+)\/.+/.exec(f);
    if (!m || !GLOB_SAFE.test(m[1]!)) loose.push(f);
    else if (folders.has(m[1]!)) folders.get(m[1]!)!.push(f);
    else folders.set(m[1]!, [f]);
  }
  const shards: SearchShard[] = [{ globs: [], files: loose, pages: loose.length }];
  for (const [folder, pages] of [...folders].sort(byName)) {
    const units = pages.length <= maxPages ? [{ glob: `contracts/${folder}/**/*.html`, pages: pages.length }] : folderParts(folder, pages, maxPages);
    for (const unit of units) {
      let shard = shards[shards.length - 1]!;
      if (shard.pages > 0 && shard.pages + unit.pages > maxPages) shards.push((shard = { globs: [], files: [], pages: 0 }));
      if (unit.glob) shard.globs.push(unit.glob);
      if (unit.file) shard.files.push(unit.file);
      shard.pages += unit.pages;
    }
  }
  return shards;
}

/** A contract-version folder too large for one shard, in parts of at most `maxPages` pages. */
function folderParts(folder: string, pages: readonly string[], maxPages: number): Unit[] {
  const base = `contracts/${folder}/`;
  const own = pages.filter((p) => !p.slice(base.length).includes('/'));
  const byAdoption = new Map<string, number>();
  const units: Unit[] = own.length ? [{ glob: `${base}*.html`, pages: own.length }] : [];
  for (const p of pages) {
    const rest = p.slice(base.length);
    const slash = rest.indexOf('/');
    if (slash < 0) continue;
    const name = rest.slice(0, slash);
    if (GLOB_SAFE.test(name)) byAdoption.set(name, (byAdoption.get(name) ?? 0) + 1);
    else units.push({ file: p, pages: 1 });
  }
  let part: { names: string[]; pages: number } = { names: [], pages: 0 };
  const close = () => {
    if (part.names.length) units.push({ glob: `${base}{${part.names.join(',')}}/**/*.html`, pages: part.pages });
    part = { names: [], pages: 0 };
  };
  for (const [name, count] of [...byAdoption].sort(byName)) {
    if (part.pages > 0 && part.pages + count > maxPages) close();
    part.names.push(name);
    part.pages += count;
  }
  close();
  return units;
}

/** The URL Pagefind gives a file of the output folder (`contracts/index.html` → `/contracts/`). */
function pageUrl(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/** A glob without braces as the source of a regular expression (a double star and slash: any folders). */
function globSource(glob: string): string {
  return glob.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/(?<![.)])\*/g, '[^/]*');
}

/**
 * The pages of `files` a shard's globs cover (the three forms {@link planShards} writes). A brace
 * group of adoption folders is one pattern and a set of names, not a pattern per name: a large
 * catalog's shard lists a thousand folders, and every page was tried against each.
 */
export function shardFiles(shard: SearchShard, files: readonly string[]): string[] {
  const matchers = shard.globs.map((glob) => {
    const brace = /\{([^{}/]*)\}/.exec(glob);
    if (!brace) {
      const re = new RegExp(`^${globSource(glob)}$`);
      return (f: string) => re.test(f);
    }
    const names = new Set(brace[1]!.split(','));
    const re = new RegExp(`^${globSource(glob.slice(0, brace.index))}([^/]*)${globSource(glob.slice(brace.index + brace[0].length))}$`);
    return (f: string) => names.has(re.exec(f)?.[1] ?? '\0');
  });
  return [...shard.files, ...files.filter((f) => matchers.some((m) => m(f)))];
}

/** A page Pagefind indexes: one with a `data-pagefind-body` element. */
const INDEXED_BODY = /<[a-z][^>]*\sdata-pagefind-body[\s=>]/;

/**
 * The pages of `files` that mark a body to index. Every page of the site does, in <main>; the
 * others (version-free redirect pages, the adoption file views) must not reach an indexer at all:
 * Pagefind drops a page without a body only when another page of the same index has one, so a
 * shard holding only such pages would index them whole, and a shard left with none would have no
 * index for the dialog to merge. Each file is read once here, one at a time.
 */
export function indexablePages(outDir: string, files: readonly string[]): string[] {
  return files.filter((f) => hasIndexedBody(readFileSync(path.join(outDir, f), 'utf8')));
}

/** Whether a page's HTML marks a body to index (see {@link indexablePages}). */
export function hasIndexedBody(html: string): boolean {
  return INDEXED_BODY.test(html);
}

/**
 * What the index reads of a page (`undefined` for a page it does not index, see
 * {@link indexablePages}): the page's head and its <main> in a body of their own, spaced as
 * {@link indexedHtml} spaces them. <main> is the page's only `data-pagefind-body`, and its title,
 * filters and metadata are inside it; the rest (the header, the sidebar of shelves, the footer) is
 * not indexed, but handed to Pagefind it would be read, and a page's facts would have to change
 * with it: a shelf renamed in groups.json changed every page's sidebar, and every shard of the
 * index was written again. Handed only what is digested, the index cannot depend on anything else.
 */
export function searchedHtml(html: string): string | undefined {
  if (!hasIndexedBody(html)) return undefined;
  const head = html.indexOf('</head>');
  const start = html.search(/<main[\s>]/);
  const end = html.lastIndexOf('</main>');
  const part = head >= 0 && start > head && end > start ? `${html.slice(0, head)}</head><body>${html.slice(start, end + '</main>'.length)}</body></html>` : html;
  return indexedHtml(part);
}

/** Elements whose text stands apart from what follows it when they meet another element. */
const ADJACENT = /(<\/[a-zA-Z][a-zA-Z0-9-]*\s*>)(?=<[a-zA-Z])/g;

/**
 * The HTML Pagefind reads for a page: the page with a space wherever one element closes and the
 * next opens with no text between them. Pagefind joins the text of adjacent elements, so a term
 * and its definition (`<dt>Questions</dt><dd>6 of 6 asked</dd>`) or a link and the code beside it
 * read as one word ("Questions6") in the index and in excerpts. Only the indexed copy changes;
 * the page as served keeps its bytes. Text inside one element (`<mark>x</mark>y`) is untouched, but
 * a callout's label, displayed as a block, is set apart from the text after it.
 */
export function indexedHtml(html: string): string {
  return html.replace(ADJACENT, '$1 ').replace(LABEL_THEN_TEXT, '$1 ');
}

/**
 * A callout's label, shown on a line of its own above the callout's text (base.css) but written as
 * a <span> straight before it, and Astro's compressed HTML leaves no space between: "A newer
 * version exists" and "This page shows…" read as "existsThis" in the index and its excerpts.
 */
const LABEL_THEN_TEXT = /(<span class="callout-label(?: [^"]*)?"[^>]*>[^<]*<\/span>)(?=[^\s<])/g;

type Pagefind = typeof import('pagefind');

/** The indexer started by {@link startSearchIndexer}, with the index of the first shard. */
let started: Promise<{ pagefind: Pagefind; first: Awaited<ReturnType<Pagefind['createIndex']>> }> | undefined;

/**
 * Starts Pagefind's indexer, a native service process, and makes the first shard's index in it,
 * for {@link writeSearchIndex} to use at the end of the build. Started as the build begins because
 * spawning a process forks the one that spawns it: at the end of a large build that is over a
 * gigabyte of memory mapped again for a moment (and counted twice by anything that adds up the
 * process tree's memory), once per shard when each shard had an indexer process of its own. Idle,
 * the service holds a few megabytes, and Pagefind does not let it keep Node running.
 */
export function startSearchIndexer(): void {
  started ??= import('pagefind').then(async (pagefind) => ({ pagefind, first: await pagefind.createIndex({ forceLanguage: 'en' }) }));
  // writeSearchIndex reports a failure to start; until it awaits this, a rejection is not unhandled.
  started.catch(() => undefined);
}

/**
 * Indexes every page of `outDir` and writes the index to `outDir/pagefind/` (and its further
 * shards, listed in `pagefind/shards.json`). Returns the number of pages indexed. With `reuse`, a
 * bundle the last build wrote for the very same pages is kept as it is (see `search-reuse.ts`).
 * `html` is the site's HTML files ({@link htmlFiles}), when the caller has walked the folder already.
 */
export async function writeSearchIndex(
  outDir: string,
  maxPages = DEFAULT_SHARD_PAGES,
  reuse?: SearchReuse,
  html?: readonly string[],
): Promise<{ pages: number; shards: number }> {
  startSearchIndexer();
  const pending = started!;
  started = undefined;
  const { pagefind, first } = await pending;
  const all = html ?? htmlFiles(outDir);
  const files = reuse ? all.filter((f) => reuse.facts.of(f).indexed) : indexablePages(outDir, all);
  const shards = planShards(files, maxPages);
  const bundles: string[] = [];
  let pages = 0;
  try {
    for (const [n, shard] of shards.entries()) {
      const bundle = n === 0 ? 'pagefind' : `pagefind/shards/${n}`;
      const listed = shardFiles(shard, files);
      if (reuse?.bundles.kept(bundle, listed.map((file) => ({ url: pageUrl(file), digest: reuse.facts.of(file).digest })))) {
        pages += listed.length;
        if (n > 0) bundles.push(`shards/${n}/`);
        continue;
      }
      const { index, errors } = n === 0 ? first : await pagefind.createIndex({ forceLanguage: 'en' });
      if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
      // A few pages are in flight at a time (never the whole shard's HTML in memory at once), so
      // the next page is read while the service indexes the one before.
      const inFlight = new Set<Promise<void>>();
      for (const file of listed) {
        const html = readFileSync(path.join(outDir, file), 'utf8');
        // Every listed page has a body to index: undefined only for a file changed since it was listed.
        const added = index.addHTMLFile({ url: pageUrl(file), content: searchedHtml(html) ?? indexedHtml(html) }).then(({ errors }) => {
          inFlight.delete(added);
          if (errors.length) throw new Error(`Pagefind could not index ${file}: ${errors.join('; ')}`);
        });
        // A failure is thrown by the race or the wait below; the pages still in flight when it is
        // thrown must not end the process as unhandled rejections.
        added.catch(() => undefined);
        inFlight.add(added);
        if (inFlight.size >= PAGES_IN_FLIGHT) await Promise.race(inFlight);
        pages += 1;
      }
      await Promise.all(inFlight);
      const written = await index.writeFiles({ outputPath: path.join(outDir, bundle) });
      if (written.errors.length) throw new Error(`Pagefind could not write: ${written.errors.join('; ')}`);
      // Listed relative to the first bundle, where the search dialog loads Pagefind from.
      if (n > 0) bundles.push(`shards/${n}/`);
      // Each shard's index goes before the next is made, so only one is held in memory; the
      // service reuses what it frees.
      await index.deleteIndex();
    }
    reuse?.bundles.dropOthers();
  } finally {
    await pagefind.close();
  }
  writeFileSync(path.join(outDir, 'pagefind', 'shards.json'), `${JSON.stringify({ bundles }, null, 2)}\n`);
  return { pages, shards: shards.length };
}
