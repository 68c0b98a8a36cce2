/**
 * Where the catalog lives. One folder holds `catalog/` and `packs/`; `OPENGDD_CATALOG` names it
 * (relative to the working directory), otherwise the repository root with its embedded catalog.
 * Shared by `astro.config.mjs` (Vite file access, watching) and the content loaders, so both
 * always agree on the folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: three levels above this file (`src/lib/node/`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The absolute catalog folder for this build. */
export function catalogDir(env: Record<string, string | undefined> = process.env): string {
  const named = env.OPENGDD_CATALOG?.trim();
  return named ? path.resolve(process.cwd(), named) : REPO_ROOT;
}
