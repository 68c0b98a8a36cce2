/**
 * One build per catalog per test run. Most site and browser tests only read a finished build of the
 * corpus or of the embedded catalog; building it once for all of them (instead of once per test
 * file) is most of what keeps the suite short.
 *
 * The first test file to ask for a build makes it, under a lock of its own, into
 * `tests/.work/sites/<run>/<key>/`; every later ask, from any worker process, reads the same folder
 * and the recorded outcome. `<run>` comes from the site project's global setup (`global-setup.ts`),
 * which removes the folder when the run ends, so a build is never carried over to another run.
 * `<key>` covers the catalog folder, the environment and the bytes of the catalog and of the site's
 * sources, so a watch-mode rerun after an edit builds afresh.
 *
 * A shared build is read-only for tests: `remove()` leaves it alone, and a test that changes a
 * catalog or an output folder builds its own with `buildSite`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { corpusDir, repoRoot, sha256, treeDigest } from './paths.ts';
import { buildSite, SHARED_SITES, takeLock, type SiteBuild } from './site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder name under tests/.work/sites/ (see global-setup.ts). */
    opengddSitesRun: string;
  }
}

/**
 * The environment of the embedded catalog's shared build: its search index is written in shards of
 * four pages, so that a small catalog exercises the sharded index a large one gets (the crawl's
 * search tests read across shards). Only the files under `pagefind/` differ from a default build;
 * the corpus build keeps the default (one shard), so both layouts are covered.
 */
export const EMBEDDED_ENV: Readonly<Record<string, string>> = { OPENGDD_SEARCH_SHARD_PAGES: '4' };

/** What the key of a build covers besides its catalog: the site's own sources. */
const SOURCES = ['src', 'public', 'schemas', 'astro.config.mjs', 'package-lock.json'];

/**
 * The run's build of `catalog` (undefined or the repository root: the embedded catalog, with
 * {@link EMBEDDED_ENV} unless `env` is given). Check `status` before reading it; a failed build is
 * shared too, so every reader reports the same output.
 */
export function sharedSite(catalog: string | undefined, env?: Record<string, string>): SiteBuild {
  const dir = catalog && path.resolve(catalog) !== path.resolve(repoRoot) ? path.resolve(catalog) : undefined;
  const vars = env ?? (dir ? {} : { ...EMBEDDED_ENV });
  const key = sha256(
    JSON.stringify({
      catalog: dir ?? '(embedded)',
      env: Object.entries(vars).sort(),
      bytes: dir ? treeDigest(dir) : [treeDigest(path.join(repoRoot, 'catalog')), treeDigest(path.join(repoRoot, 'packs'))],
      sources: SOURCES.filter((s) => existsSync(path.join(repoRoot, s))).map((s) => digestOf(path.join(repoRoot, s))),
    }),
  ).slice(0, 16);
  const label = dir ? path.basename(dir) : 'embedded';

  const home = path.join(SHARED_SITES, runFolder(), `${label}-${key}`);
  const result = path.join(home, 'result.json');
  mkdirSync(path.dirname(home), { recursive: true });
  const release = takeLock(`${home}.lock`);
  try {
    if (!existsSync(result)) {
      // No outcome yet (or a holder died mid-build): whatever is in the folder is not a build.
      rmSync(home, { recursive: true, force: true });
      mkdirSync(home, { recursive: true });
      const build = buildSite(dir, `shared-${label}`, { outDir: path.join(home, 'dist'), env: vars, first: true });
      writeFileSync(result, JSON.stringify({ status: build.status, output: build.output }));
    }
  } finally {
    release();
  }
  const { status, output } = JSON.parse(readFileSync(result, 'utf8')) as { status: number; output: string };
  return { status, output, outDir: path.join(home, 'dist') };
}

/** The corpus's shared build (callers skip when the corpus is absent). */
export function corpusSite(): SiteBuild {
  return sharedSite(corpusDir);
}

/** The embedded catalog's shared build. */
export function embeddedSite(): SiteBuild {
  return sharedSite(undefined);
}

/** The base of {@link baseSite}: a project site on GitHub Pages, a studio's intranet. */
export const BASE = '/catalog/';

/**
 * The embedded catalog's shared build under {@link BASE} (`OPENGDD_BASE`, as `astro build --base`),
 * its search index in shards as the embedded build's: every URL of the site, the search bundle and
 * its merged shards under a base.
 */
export function baseSite(): SiteBuild {
  return sharedSite(undefined, { ...EMBEDDED_ENV, OPENGDD_BASE: BASE });
}

/**
 * The run's folder name; outside the site project (no global setup) a folder of this process,
 * removed when it exits.
 */
function runFolder(): string {
  let run: string | undefined;
  try {
    run = inject('opengddSitesRun');
  } catch {
    run = undefined;
  }
  if (run) return run;
  const own = `local-${process.pid}`;
  if (!ownFolder) {
    ownFolder = path.join(SHARED_SITES, own);
    const folder = ownFolder;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  return own;
}

let ownFolder: string | undefined;

function digestOf(p: string): string {
  try {
    return treeDigest(p);
  } catch {
    // A file, not a folder.
    return sha256(readFileSync(p));
  }
}
