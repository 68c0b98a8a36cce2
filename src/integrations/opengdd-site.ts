/**
 * The site's own build steps, as one Astro integration:
 * - watch the catalog folder in dev, so an edited definition or adoption reloads;
 * - after the build, index `dist/` with Pagefind's Node API (only `<main data-pagefind-body>` is
 *   indexed, so navigation and footers never pollute results).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Options of {@link opengddSite}. */
export interface OpengddSiteOptions {
  /** Absolute folder holding `catalog/` and `packs/`. */
  catalog: string;
}

/** The integration. */
export default function opengddSite(options: OpengddSiteOptions): AstroIntegration {
  return {
    name: 'opengdd-site',
    hooks: {
      'astro:config:setup': ({ addWatchFile, command }) => {
        if (command === 'dev') {
          addWatchFile(path.join(options.catalog, 'catalog', 'groups.json'));
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
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
