/**
 * One digest of everything a build of the site is made from, as the build starts: the catalog's
 * files, the site's own sources, its config and lockfile, the versions of Node and Astro, the
 * command line and the environment variables a build reads. Two builds with the same digest write
 * the same bytes, so a build that finds the digest of the last finished build, and that build's
 * output folder as it left it, has nothing to do (see `build-cache.ts`, {@link nothingChanged}).
 *
 * When in doubt, a file is in: every file under the site's source folders and the catalog's
 * `catalog/` and `packs/`, whole (names and bytes), so a file the build reads in a way no key
 * foresaw is still covered.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Raised when what the digest is made of changes meaning. */
const SCHEME = 1;

/**
 * The project's folders and files a build reads (beside `node_modules/`, which the lockfile stands
 * for), Vite's `.env` files among them (their `PUBLIC_` variables reach the pages).
 */
const PROJECT = [
  'src',
  'public',
  'schemas',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];

/** Environment variables a build reads: the site's own, Astro's and Vite's (`PUBLIC_`, `VITE_`). */
const ENV = /^(?:OPENGDD_|PUBLIC_|VITE_|ASTRO_)|^(?:SITE_URL|BASE_URL|NODE_ENV)$/;

/**
 * The digest of a build's inputs: the project at `root`, the catalog folder `catalog`, the
 * command line `argv` (its options: `--base`, `--site`, `--outDir`…), the variables of `env`.
 */
export function buildInputs(root: string, catalog: string, argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256');
  const add = (...parts: string[]) => hash.update(`${parts.join('\0')}\0`);
  add('opengdd-build-inputs', String(SCHEME), process.version, astroVersion(root));
  add('argv', ...argv);
  for (const name of Object.keys(env).filter((n) => ENV.test(n)).sort()) add('env', name, env[name] ?? '');
  const tree = (base: string, label: string, names: readonly string[]) => {
    for (const name of names) {
      const full = path.join(base, name);
      if (!existsSync(full)) {
        add(label, name, 'absent');
        continue;
      }
      for (const file of filesUnder(full)) hash.update(`${label}\0${path.relative(base, file)}\0`).update(readFileSync(file)).update('\0');
    }
  };
  tree(root, 'project', PROJECT);
  tree(path.resolve(catalog), 'catalog', ['catalog', 'packs']);
  return hash.digest('hex');
}

/** `target` itself when it is a file, else every file under it, in name order. */
function filesUnder(target: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    let entries;
    try {
      entries = readdirSync(p, { withFileTypes: true });
    } catch {
      out.push(p);
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(p, e.name);
      if (e.isDirectory() || e.isSymbolicLink()) walk(full);
      else out.push(full);
    }
  };
  walk(target);
  return out;
}

/** Astro's version, or a value no build repeats when it cannot be read. */
function astroVersion(root: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(root, 'node_modules', 'astro', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return `unknown:${Math.random()}`;
  }
}
