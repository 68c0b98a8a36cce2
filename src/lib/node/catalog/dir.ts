/**
 * Where the catalog lives. One folder holds `catalog/` and `packs/`; `OPENGDD_CATALOG` names it
 * (relative to the working directory), otherwise the repository root with its embedded catalog.
 * Shared by `astro.config.mjs` (Vite file access, watching), the content loaders and the command
 * line, so all agree on the folder, and all refuse a named folder that cannot be one in the same
 * words.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: three levels above this file (`src/lib/node/`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * A catalog folder named by the user (`--catalog`, `OPENGDD_CATALOG`) that is missing, a file, or
 * a folder without `catalog/`: a usage error, not a finding about a catalog. The message is the
 * whole story (it names the path as given), so it carries no stack trace; Astro prints none then.
 */
export class CatalogDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogDirError';
    this.stack = '';
  }
}

/**
 * Resolves a folder named by `source` (e.g. `--catalog` or `OPENGDD_CATALOG`) against the working
 * directory and checks that it can be a catalog folder; throws {@link CatalogDirError} otherwise.
 */
export function namedCatalogDir(given: string, source: string): string {
  const dir = path.resolve(process.cwd(), given);
  const shown = dir === given ? `"${given}"` : `"${given}" (${dir})`;
  const info = statSync(dir, { throwIfNoEntry: false });
  const expect = 'it must name a folder holding catalog/ and packs/';
  if (!info) throw new CatalogDirError(`${source} names ${shown}, which does not exist; ${expect}.`);
  if (!info.isDirectory()) throw new CatalogDirError(`${source} names ${shown}, which is a file, not a folder; ${expect}.`);
  if (!statSync(path.join(dir, 'catalog'), { throwIfNoEntry: false })?.isDirectory()) {
    const inside = existsSync(path.join(dir, 'groups.json')) ? ` (it looks like the catalog/ folder itself: name ${path.dirname(dir)})` : '';
    throw new CatalogDirError(`${source} names ${shown}, which holds no catalog/ folder${inside}; ${expect}.`);
  }
  return dir;
}

/** The absolute catalog folder for this build; throws {@link CatalogDirError} for a bad `OPENGDD_CATALOG`. */
export function catalogDir(env: Record<string, string | undefined> = process.env): string {
  const named = env.OPENGDD_CATALOG?.trim();
  return named ? namedCatalogDir(named, 'OPENGDD_CATALOG') : REPO_ROOT;
}
