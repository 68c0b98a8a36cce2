/**
 * The site's own build steps, as one Astro integration:
 * - watch the catalog folder in dev, so an edited definition or adoption reloads;
 * - after the build, make every in-site `origin` of a definition lead to its page (redirect pages
 *   where needed; a warning for an origin that resolves nowhere), from `contracts/catalog.json`;
 * - after the build, write the version-free addresses (`/contracts/<contract>/`) that lead to the
 *   newest version, from `contracts/catalog.json` (see `latest-pages.ts`);
 * - once the content layer has synced, let go of the catalog model it was made from;
 * - after the build, index `dist/` with Pagefind's Node API, in shards for a large catalog (only
 *   `<main data-pagefind-body>` is indexed, so navigation and footers never pollute results; see
 *   `search-index.ts`);
 * - a build that fails leaves no output folder behind (see {@link guardOutput}).
 */
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { resolveOrigins, type OriginEntry } from '../lib/node/origins.ts';
import { writeSearchIndex } from './search-index.ts';
import { writeLatestPages } from '../lib/node/latest-pages.ts';

/** Options of {@link opengddSite}. */
export interface OpengddSiteOptions {
  /** Absolute folder holding `catalog/` and `packs/`. */
  catalog: string;
  /** Most pages in one shard of the search index (see `search-index.ts`). */
  searchShardPages?: number;
}

/** The integration. */
export default function opengddSite(options: OpengddSiteOptions): AstroIntegration {
  let site = new URL('https://opengdd.org/');
  let building = false;
  let finished: (() => void) | undefined;
  return {
    name: 'opengdd-site',
    hooks: {
      'astro:config:setup': ({ addWatchFile, command }) => {
        building = command === 'build';
        if (command === 'dev') {
          addWatchFile(path.join(options.catalog, 'catalog', 'groups.json'));
        }
      },
      'astro:config:done': ({ config }) => {
        if (config.site) site = new URL(config.base, config.site);
        // Runs before the content layer syncs, so a catalog error is covered too. A project that
        // keeps other files in its output folder (emptyOutDir: false) is left alone, as Astro does.
        if (building && config.vite?.build?.emptyOutDir !== false) finished = guardOutput(path.resolve(fileURLToPath(config.outDir)));
      },
      // The content layer has synced: the pages read the store, not the catalog model.
      'astro:build:start': () => forgetVerifiedCatalogs(),
      'astro:build:done': async ({ dir, logger }) => {
        const latest = writeLatestPages(fileURLToPath(dir), site.pathname);
        if (latest.length) logger.info(`Version-free addresses: ${latest.length} pages lead to the newest versions.`);
        writeOriginPages(fileURLToPath(dir), site, logger);
        const search = await writeSearchIndex(fileURLToPath(dir), options.searchShardPages);
        logger.info(`Search index: ${search.pages} pages indexed${search.shards > 1 ? ` in ${search.shards} shards` : ''}.`);
        finished?.();
      },
    },
  };
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
 * Lets go of the catalog models the loaders verified (the cache of `catalog-source.ts`, shared on
 * `globalThis` under this key). Not imported from there: that module pulls in the whole engine,
 * which the integration, loaded with Astro's config, has no use for.
 */
function forgetVerifiedCatalogs(): void {
  (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('opengdd-catalog.verified-catalogs')]?.clear();
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
