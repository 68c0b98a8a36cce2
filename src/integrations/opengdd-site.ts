/**
 * The site's own build steps, as one Astro integration:
 * - as a build starts, read and check the catalog, for the content loaders to store (see
 *   {@link startCatalogLoad});
 * - in dev, follow the catalog folder: after a change under `catalog/` or `packs/`, run the catalog
 *   loaders again (they re-check it, see `live-catalog.ts`), and while it has errors answer every
 *   page with its findings (`dev/faults.ts`);
 * - once the content layer has synced, print one line of what the catalog check covered;
 * - after the build, make every in-site `origin` of a definition lead to its page (redirect pages
 *   where needed; a warning for an origin that resolves nowhere), from `contracts/catalog.json`;
 * - after the build, write the version-free addresses (`/contracts/<contract>/`) that lead to the
 *   newest version, from `contracts/catalog.json` (see `latest-pages.ts`);
 * - once the content layer has synced, let go of the catalog model it was made from;
 * - after the build, index `dist/` with Pagefind's Node API, in shards for a large catalog (only
 *   `<main data-pagefind-body>` is indexed, so navigation and footers never pollute results; see
 *   `search-index.ts`);
 * - in a build, no dependency is pre-bundled for a browser (see {@link noDepsOptimizer}), and the
 *   browser's shape validators are compiled ahead of time, not with `new Function` (see
 *   `standalone-shapes.ts`);
 * - a large catalog's build keeps V8's heap near its live size (see `build/heap.ts`), and every
 *   build starts the search indexer while its process is small (see `startSearchIndexer`);
 * - a build that fails leaves no output folder behind (see {@link guardOutput});
 * - a build keeps its output folder, a hard-linked copy of it in the cache folder (for a CI run
 *   that caches only that folder) and what it learnt (catalog checks, search-index shards) for
 *   the next one, which reuses every page whose key is unchanged (see `incremental/build-cache.ts`);
 *   where that copy can be made, Astro's own copy of each page is not written (see
 *   `incremental/astro-output-copy.ts`).
 */
import { existsSync, readdirSync, readFileSync, realpathSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger, RefreshContentOptions } from 'astro';
import type { Plugin, ViteDevServer } from 'vite';
import { CATALOG_CHANGE, CATALOG_SETTLE, changeSeen, LOADER_NAMES } from '../lib/node/dev/catalog-change.ts';
import { resolveOrigins, type OriginEntry } from '../lib/node/build/origins.ts';
import { htmlFilesOf, searchedHtml, startSearchIndexer, writeSearchIndex, type SearchReuse } from './search-index.ts';
import { standaloneShapes } from './standalone-shapes.ts';
import { writeLatestPages } from '../lib/node/build/latest-pages.ts';
import { BOUNDED_FROM_ADOPTIONS, boundHeapGrowth } from '../lib/node/build/heap.ts';
import { buildLoads, forgetVerifiedCatalogs } from '../lib/node/content/verified-catalogs.ts';
import { nothingChanged, startBuildCache, type BuildCache } from '../lib/node/incremental/build-cache.ts';
import { buildInputs } from '../lib/node/incremental/inputs.ts';
import { SearchBundles } from '../lib/node/incremental/search-reuse.ts';
import { setAstroOutputCopy } from '../lib/node/incremental/astro-output-copy.ts';
import { PageFacts } from '../lib/node/incremental/page-facts.ts';

/** Options of {@link opengddSite}. */
export interface OpengddSiteOptions {
  /** Absolute folder holding `catalog/` and `packs/` (followed in dev). */
  catalog: string;
  /**
   * Why there is no catalog folder (`OPENGDD_CATALOG` names a missing folder or a file): thrown once
   * the output folder is known, so that a failed build removes it like any other (see
   * {@link guardOutput}). Thrown by the config itself, it stopped the build before this integration
   * ran, and the previous build stayed in place.
   */
  catalogError?: Error;
  /** Most pages in one shard of the search index (see `search-index.ts`). */
  searchShardPages?: number;
}

/** The integration. */
export default function opengddSite(options: OpengddSiteOptions): AstroIntegration {
  let site = new URL('https://opengdd.org/');
  let building = false;
  let finished: (() => void) | undefined;
  let cache: BuildCache | undefined;
  let cacheReady: Promise<BuildCache> | undefined;
  let keepsOwnOutput = false;
  /** The digest of this build's inputs (see `incremental/inputs.ts`), when it could be made. */
  let inputs: string | undefined;
  /** The project's folder and its cache folder (absolute). */
  let root = process.cwd();
  let cacheDir = '';
  return {
    name: 'opengdd-site',
    hooks: {
      'astro:config:setup': ({ addMiddleware, command, config, updateConfig, logger }) => {
        building = command === 'build';
        // A project that keeps other files in its output folder is left alone, as Astro does.
        keepsOwnOutput = config.vite?.build?.emptyOutDir === false;
        if (building && !keepsOwnOutput && !options.catalogError) {
          inputs = inputsOf(config.root, options.catalog);
          if (inputs) skipUnchangedBuild(config.cacheDir, config.outDir, inputs, logger);
        }
        if (building) {
          updateConfig({ vite: { plugins: [noDepsOptimizer(), standaloneShapes()] } });
          // The output folder is kept for the next build and tidied here (see incremental/build-cache.ts).
          if (!keepsOwnOutput) updateConfig({ vite: { build: { emptyOutDir: false } } });
        }
        if (command === 'dev') addMiddleware({ entrypoint: new URL('../lib/node/dev/faults.ts', import.meta.url), order: 'pre' });
      },
      'astro:server:setup': ({ server, refreshContent, logger }) => {
        if (refreshContent) followCatalog(options.catalog, server.watcher, refreshContent, logger);
      },
      'astro:config:done': ({ config, logger }) => {
        if (config.site) site = new URL(config.base, config.site);
        // Runs before the content layer syncs, so a catalog error is covered too.
        const outDir = path.resolve(fileURLToPath(config.outDir));
        root = fileURLToPath(config.root);
        cacheDir = path.resolve(fileURLToPath(config.cacheDir));
        if (building && !keepsOwnOutput) finished = guardOutput(outDir);
        // Before Astro reads its incremental-build manifest and writes into the output folder; a
        // build that does not finish leaves no mark, so the next one trusts nothing of it. Files
        // come back from the output folder's copy while the content layer syncs.
        if (building && !keepsOwnOutput) {
          cacheReady = startBuildCache(cacheDir, outDir);
          // Awaited once the content layer has synced; a build stopped before must not see it unhandled.
          cacheReady.catch(() => undefined);
        }
        if (options.catalogError) {
          if (!building) throw options.catalogError;
          // A usage error, as `check` says it (exit 2), in its one line: not an error of this hook.
          logger.error(options.catalogError.message);
          process.exit(2);
        }
        if (building) startCatalogLoad(options.catalog, logger.fork('opengdd-catalog'), path.join(cacheDir, CHECKS));
        // While the process is small: see startSearchIndexer.
        if (building) startSearchIndexer();
      },
      // The content layer has synced: the pages read the store, not the catalog model. Astro
      // writes into the output folder from here on, so it must be ready.
      'astro:build:start': async ({ logger }) => {
        for (const line of takeCheckSummaries()) logger.info(line);
        forgetVerifiedCatalogs();
        cache = await cacheReady;
        // Before the routes write: Astro's copy of their files is off where this build's copy stands
        // in for it, and on otherwise (an earlier build in this process may have turned it off).
        const off = cache?.copies === true;
        if (!(await setAstroOutputCopy(!off, cacheDir, root)) && off) {
          logger.warn("Astro's incremental-build cache is not where Astro 7 keeps it: Astro writes its own copy of every page as well (slower builds, same output).");
        }
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        // What the routes wrote: before anything reads the folder, the outputs of gone routes go.
        const outputs = [...assets.values()].flat().map((url) => path.relative(fileURLToPath(dir), fileURLToPath(url)).split(path.sep).join('/'));
        cache?.prune(outputs);
        // The version-free pages the last build left are kept where still right (not where a route now writes).
        const built = new Set(outputs);
        const latestFiles: string[] = [];
        const latest = writeLatestPages(fileURLToPath(dir), site.pathname, {
          ours: new Set([...(cache?.after ?? [])].filter((f) => !built.has(f))),
          files: latestFiles,
        });
        cache?.keepAfter(latestFiles);
        if (latest.length) logger.info(`Version-free addresses: ${latest.length} pages lead to the newest versions.`);
        writeOriginPages(fileURLToPath(dir), site, logger);
        const writer = readFileSync(new URL('./search-index.ts', import.meta.url), 'utf8');
        // Nothing but the search index writes into the output folder from here on.
        const files = cache?.survey();
        const reuse: SearchReuse | undefined = cache && {
          bundles: new SearchBundles(fileURLToPath(dir), cache.search, writer),
          facts: new PageFacts(fileURLToPath(dir), cache.pages, writer, searchedHtml, (file) => cache?.surveyed(file)),
        };
        const search = await writeSearchIndex(fileURLToPath(dir), options.searchShardPages, reuse, files && htmlFilesOf(files));
        logger.info(`Search index: ${search.pages} pages indexed${search.shards > 1 ? ` in ${search.shards} shards` : ''}.`);
        finished?.();
        cache?.finish(outputs, reuse?.bundles.keys ?? new Map(), reuse?.facts.record(), inputs);
      },
    },
  };
}

/**
 * Runs the catalog loaders again after each change under `catalog/` or `packs/` of `catalog`, as
 * Vite's watcher reports it. Changes a few milliseconds apart (an editor's save may be several
 * events) make one refresh. Through `refreshContent` the content layer writes its store as soon as
 * the loaders are done; entries a loader sets from a watcher callback of its own are written only
 * after Astro's half-second debounce, half of the second an edit may take to show.
 */
function followCatalog(
  catalog: string,
  watcher: ViteDevServer['watcher'],
  refresh: (options: RefreshContentOptions) => Promise<void>,
  logger: AstroIntegrationLogger,
): void {
  const roots = new Set<string>();
  for (const base of new Set([catalog, realOrSame(catalog)])) for (const sub of ['catalog', 'packs']) roots.add(path.join(base, sub));
  // Vite watches the project; a catalog named by OPENGDD_CATALOG may lie outside it.
  watcher.add([...roots]);
  let change = 0;
  let timer: NodeJS.Timeout | undefined;
  let settle: NodeJS.Timeout | undefined;
  const loaders = Object.values(LOADER_NAMES);
  watcher.on('all', (_event: string, file: string) => {
    if (![...roots].some((root) => file === root || file.startsWith(root + path.sep))) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const n = ++change;
      refreshUntilSeen(refresh, n)
        .then(() => {
          // A request that was being rendered while the store changed may have put what it read
          // of the old store into Astro's caches (getStaticPaths results are kept per route), and
          // nothing would clear them before the next change. A second store write, once such
          // requests are done, makes Astro drop its caches again.
          clearTimeout(settle);
          settle = setTimeout(() => void refresh({ loaders, context: { [CATALOG_SETTLE]: n } }).catch(() => undefined), SETTLED_MS);
        })
        .catch((e: unknown) => logger.error(`The catalog could not be loaded again: ${e instanceof Error ? e.message : String(e)}`));
    }, SETTLE_MS);
  });
}

/** How long the catalog folder must be quiet before a refresh. */
const SETTLE_MS = 20;
/** How long after a refresh the store is written once more (see {@link followCatalog}). */
const SETTLED_MS = 1000;

/**
 * Refreshes the catalog collections for change `n` until their loaders have run for it (or a later
 * change). Astro reloads the content config after any `.json` or `.mdx` file changes, and while it
 * does, `refreshContent` returns without running a loader; so it is asked again shortly after.
 */
async function refreshUntilSeen(refresh: (options: RefreshContentOptions) => Promise<void>, n: number): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    await refresh({ loaders: Object.values(LOADER_NAMES), context: { [CATALOG_CHANGE]: n } });
    if (changeSeen() >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the content layer did not run the catalog loaders within 10 s.');
}

function realOrSame(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * A failed build must not leave an output folder that looks like a site. Astro stops a build on a
 * catalog error before it touches the output folder, so the previous, complete-looking build would
 * stay there; a failure while pages are written leaves half a site. Neither may be mistaken for the
 * result of this build (a deploy step that only looks for `dist/index.html`), so when the process
 * exits before the build finished, the folder is emptied (`.git` kept, as Astro's own emptying does)
 * and removed if nothing is left. Astro has no "build failed" hook; process exit is the one moment
 * that always comes. Returns the function that marks the build finished.
 */
function guardOutput(outDir: string): () => void {
  const latest = ((globalThis as Record<symbol, Map<string, object>>)[GUARDS] ??= new Map());
  const token = {};
  // Several builds in one process (the programmatic API) into one folder: only the latest counts.
  latest.set(outDir, token);
  let done = false;
  process.once('exit', () => {
    if (done || latest.get(outDir) !== token || !existsSync(outDir)) return;
    for (const name of readdirSync(outDir)) {
      if (name !== '.git') rmSync(path.join(outDir, name), { recursive: true, force: true });
    }
    const removed = readdirSync(outDir).length === 0;
    if (removed) rmdirSync(outDir);
    process.stderr.write(
      `opengdd-site: the build did not finish; ${outDir} was ${removed ? 'removed' : 'emptied'} so that no partial or stale site passes for its result.\n`,
    );
  });
  return () => {
    done = true;
  };
}

const GUARDS = Symbol.for('opengdd-site.output-guards');

/**
 * Turns off Vite's dependency optimizer in a build. Astro syncs the content layer through a
 * short-lived Vite dev server, and for it Vite pre-bundles the dev toolbar's dependencies (which
 * Astro lists for the dev server's browser) while the catalog loaders run: work in every build for
 * a toolbar that a build never serves. A production build itself optimizes nothing (Vite has not
 * pre-bundled for builds since 5.1), so only that sync server changes. Astro's list is emptied where
 * the configs hold it; a returned config would only add to it.
 */
function noDepsOptimizer(): Plugin {
  const off = (o: { optimizeDeps?: { include?: string[]; noDiscovery?: boolean } }) => {
    o.optimizeDeps = { ...o.optimizeDeps, include: [], noDiscovery: true };
  };
  return { name: 'opengdd-no-deps-optimizer', enforce: 'post', config: off, configEnvironment: (_name, options) => off(options) };
}

/**
 * Starts the build's catalog load (read and check the folder, see `catalog/source.ts`) for the
 * content loaders to take (see `verified-catalogs.ts`). Here, and not in the loaders, so that Node
 * loads the engine itself (type stripping, as it loads this file) while Vite starts: through Vite's
 * module runner every module of the engine was transformed, with its source map, one at a time,
 * before each sync. Imported when a build starts, so the dev server and `astro sync` never load it.
 */
function startCatalogLoad(catalog: string, logger: AstroIntegrationLogger, checks: string): void {
  const load = import('../lib/node/catalog/source.ts').then((m) => m.readVerifiedCatalog(catalog, logger, { checks }));
  // As soon as the catalog's size is known, before the content layer stores it (see build/heap.ts).
  load.then((model) => {
    if (model.definitions.reduce((n, d) => n + d.adoptions.length, 0) >= BOUNDED_FROM_ADOPTIONS) boundHeapGrowth();
  }, () => undefined);
  // The loaders report a failure (the catalog's findings stop the build there); until one awaits
  // it, a rejection must not count as unhandled.
  load.catch(() => undefined);
  buildLoads().set(catalog, load);
}

/**
 * The digest of the build's inputs (see `incremental/inputs.ts`); undefined when they cannot all be
 * read (the build then goes on, and finds what is wrong), or when `--force` asks for a full build.
 */
function inputsOf(root: URL, catalog: string): string | undefined {
  if (process.argv.includes('--force')) return undefined;
  try {
    return buildInputs(fileURLToPath(root), catalog, process.argv.slice(2), process.env);
  } catch {
    return undefined;
  }
}

/**
 * Ends the build here, successfully, when its inputs are those of the last finished build and the
 * output folder is exactly as that build left it (see `nothingChanged`): the site is already
 * there, byte for byte. Only `astro build` from the command line (a script that calls Astro's
 * build() would end with it); a build with another outcome goes on.
 */
function skipUnchangedBuild(cacheDir: URL, outDir: URL, inputs: string, logger: AstroIntegrationLogger): void {
  if (!/[\\/]astro(?:\.m?js)?$/.test(process.argv[1] ?? '')) return;
  const files = nothingChanged(path.resolve(fileURLToPath(cacheDir)), path.resolve(fileURLToPath(outDir)), inputs);
  if (files === undefined) return;
  logger.info(`Nothing changed since the last build: its ${files.toLocaleString('en-US')} files in ${path.relative(process.cwd(), fileURLToPath(outDir)) || '.'} are this build's.`);
  // Node writes to a pipe or a file at once on Linux and macOS: the line is out before the exit.
  process.exit(0);
}

/** The catalog checks kept between builds, in the cache folder (see `incremental/check-memo.ts`). */
const CHECKS = 'opengdd/checks.json';

/**
 * The one-line summaries of the catalog checks the loaders made ("16 definitions, … checked; …"),
 * shared on `globalThis` by `catalog/source.ts` under this key; taken, so each is printed once.
 */
function takeCheckSummaries(): string[] {
  const summaries = (globalThis as Record<symbol, Map<string, string> | undefined>)[Symbol.for('opengdd-catalog.check-summaries')];
  const lines = [...(summaries?.values() ?? [])];
  summaries?.clear();
  return lines;
}

/** Resolves the definitions' in-site origins (see `origins.ts`), reporting through the logger. */
function writeOriginPages(outDir: string, site: URL, logger: { info(m: string): void; warn(m: string): void }): void {
  const file = path.join(outDir, 'contracts', 'catalog.json');
  if (!existsSync(file)) return;
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as {
    definitions: { id: string; title: string; version: number; origin: string | null; urls: { page: string } }[];
  };
  const entries: OriginEntry[] = catalog.definitions.map((d) => ({
    id: d.id,
    title: d.title,
    version: d.version,
    origin: d.origin,
    page: d.urls.page,
  }));
  for (const outcome of resolveOrigins(entries, site, outDir)) {
    const d = entries.find((e) => e.id === outcome.id)!;
    if (outcome.kind === 'redirect') logger.info(`Origin ${d.origin} of ${d.id}: redirect page written at ${outcome.path}.`);
    if (outcome.kind === 'unresolved') {
      logger.warn(`Origin ${d.origin} of ${d.id} points into the site but resolves to no page of it: ${outcome.reason}.`);
    }
  }
}
