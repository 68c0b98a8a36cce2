/**
 * Where the catalog lives: `OPENGDD_CATALOG` (a folder holding catalog/ and packs/), else the
 * embedded one at the repository root.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The repository root (this file is src/cli/catalog-root.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The catalog folder to use by default. */
export function defaultCatalogRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.OPENGDD_CATALOG ? resolve(env.OPENGDD_CATALOG) : REPO_ROOT;
}
