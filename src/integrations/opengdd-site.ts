/**
 * The site's own build steps, as one Astro integration:
 * - watch the catalog folder in dev, so an edited definition or adoption reloads;
 * - after the build, make every in-site `origin` of a definition lead to its page (redirect pages
 *   where needed; a warning for an origin that resolves nowhere), from `contracts/catalog.json`;
 * - after the build, index `dist/` with Pagefind's Node API (only `<main data-pagefind-body>` is
 *   indexed, so navigation and footers never pollute results).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { resolveOrigins, type OriginEntry } from '../lib/site/origins.ts';

/** Options of {@link opengddSite}. */
export interface OpengddSiteOptions {
  /** Absolute folder holding `catalog/` and `packs/`. */
  catalog: string;
}

/** The integration. */
export default function opengddSite(options: OpengddSiteOptions): AstroIntegration {
  let site = new URL('https://opengdd.org/');
  return {
    name: 'opengdd-site',
    hooks: {
      'astro:config:setup': ({ addWatchFile, command }) => {
        if (command === 'dev') {
          addWatchFile(path.join(options.catalog, 'catalog', 'groups.json'));
        }
      },
      'astro:config:done': ({ config }) => {
        if (config.site) site = new URL(config.base, config.site);
      },
      'astro:build:done': async ({ dir, logger }) => {
        writeOriginPages(fileURLToPath(dir), site, logger);
        await writeSearchIndex(fileURLToPath(dir), logger);
      },
    },
  };
}

/** Builds the Pagefind index for every HTML page in `outDir` and writes it to `outDir/pagefind/`. */
async function writeSearchIndex(
  outDir: string,
  logger: { info(m: string): void; warn(m: string): void },
): Promise<void> {
  // Imported lazily: Pagefind starts a native service process, only needed at the end of a build.
  const pagefind = await import('pagefind');
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: outDir });
    if (added.errors.length) throw new Error(`Pagefind indexing failed: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
    if (written.errors.length) throw new Error(`Pagefind could not write: ${written.errors.join('; ')}`);
    logger.info(`Search index: ${added.page_count} pages indexed.`);
  } finally {
    await pagefind.close();
  }
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
