/**
 * Builds the site the way a user does (`bin/astro.mjs build`, as `npm run build`, in a child
 * process) into a temporary folder, and reads the result back. Builds run one at a time: they
 * share the project's `.astro/` folder (and `node_modules/.astro/`); the shared builds of the run
 * go before a test's own (`first`).
 * A test that only reads a build of the corpus or the embedded catalog takes the one build of the
 * run from `shared-builds.ts` instead of building its own.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './paths.ts';

/** The outcome of one build. */
export interface SiteBuild {
  status: number;
  /** stdout and stderr together, as a reader of the terminal sees them. */
  output: string;
  outDir: string;
}

/**
 * Runs `astro build` for the catalog folder `catalog` (undefined: the embedded one), into a new
 * temporary folder or into `options.outDir` (which may already hold files, e.g. a previous build),
 * with `options.env` added to the environment.
 */
export function buildSite(
  catalog: string | undefined,
  label: string,
  options: {
    outDir?: string;
    env?: Record<string, string>;
    /** A Node script to run instead of `astro build`, given the output folder as its argument. */
    script?: string;
    /**
     * Goes before the builds waiting without it: a shared build (`shared-builds.ts`) that many
     * test files wait for, ahead of one test's own build of a planted fault.
     */
    first?: boolean;
  } = {},
): SiteBuild {
  const outDir = options.outDir ?? mkdtempSync(path.join(os.tmpdir(), `opengdd-site-${label}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...options.env };
  if (catalog) env.OPENGDD_CATALOG = catalog;
  else delete env.OPENGDD_CATALOG;
  // Vitest mirrors import.meta.env into process.env (BASE_URL "/"), and Vite lets a BASE_URL of the
  // environment stand for the site's base on the pages: a build under a base would link outside it.
  if (!options.env?.BASE_URL) delete env.BASE_URL;
  const release = takeLock(BUILD_LOCK, { first: options.first === true });
  const args = options.script ? [options.script, outDir] : [path.join(repoRoot, 'bin/astro.mjs'), 'build', '--outDir', outDir];
  const run = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  release();
  return { status: run.status ?? 1, output: `${run.stdout}${run.stderr}`, outDir };
}

/** The lock of the builds of this checkout (they share its `.astro/`); gitignored. */
export const BUILD_LOCK = path.join(repoRoot, 'tests/.work/build.lock');

/**
 * Test files run in parallel worker processes, but builds share `.astro/`: a lock folder (`dir`)
 * lets one holder at a time in across them (a lock whose holder died is taken over). A holder asking
 * with `first` goes before those asking without it: while it waits, it leaves a mark beside the
 * lock (`<dir>.first-<pid>`), and they wait for the marks of live processes to go. Returns the
 * release function. Not re-entrant: a holder that asks again waits forever.
 */
export function takeLock(dir: string, options: { first?: boolean } = {}): () => void {
  const owner = path.join(dir, 'pid');
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  mkdirSync(path.dirname(dir), { recursive: true });
  const mark = `${dir}.first-${process.pid}`;
  if (options.first) writeFileSync(mark, '');
  for (;;) {
    try {
      if (!options.first && firstWaiting(dir)) throw new Error('a first holder waits');
      mkdirSync(dir);
      writeFileSync(owner, String(process.pid));
      if (options.first) rmSync(mark, { force: true });
      return () => rmSync(dir, { recursive: true, force: true });
    } catch {
      let holder = Number.NaN;
      try {
        holder = Number(readFileSync(owner, 'utf8'));
      } catch {
        /* being created or removed */
      }
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) rmSync(dir, { recursive: true, force: true });
      else Atomics.wait(sleeper, 0, 0, 250);
    }
  }
}

/** Whether a holder asking with `first` waits for the lock `dir` (marks of dead processes are removed). */
function firstWaiting(dir: string): boolean {
  const prefix = `${path.basename(dir)}.first-`;
  let waiting = false;
  for (const name of readdirSync(path.dirname(dir))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid !== process.pid && alive(pid)) waiting = true;
    else if (pid !== process.pid) rmSync(path.join(path.dirname(dir), name), { force: true });
  }
  return waiting;
}

/** Whether a process with this id is running (a lock's holder, a server a test started). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Copies a catalog folder (catalog/ + packs/) into a temporary folder that a test may change. */
export function copyCatalog(from: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-catalog-'));
  cpSync(path.join(from, 'catalog'), path.join(dir, 'catalog'), { recursive: true });
  if (existsSync(path.join(from, 'packs'))) cpSync(path.join(from, 'packs'), path.join(dir, 'packs'), { recursive: true });
  return dir;
}

/** Where the shared builds of a run live (see `shared-builds.ts`); gitignored. */
export const SHARED_SITES = path.join(repoRoot, 'tests/.work/sites');

/**
 * Removes a temporary folder. A shared build (under {@link SHARED_SITES}) is left alone: other test
 * files read it, and the run removes it at its end.
 */
export function remove(dir: string): void {
  const rel = path.relative(SHARED_SITES, path.resolve(dir));
  if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return;
  rmSync(dir, { recursive: true, force: true });
}

/** Definition folders (sorted) and their adoption ids (sorted) of a catalog folder. */
export function layout(root: string): { cv: string; adoptions: string[] }[] {
  const catalog = path.join(root, 'catalog');
  return readdirSync(catalog, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const dir = path.join(catalog, e.name, 'adoptions');
      const adoptions = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)) : [];
      return { cv: e.name, adoptions: adoptions.sort() };
    })
    .sort((a, b) => a.cv.localeCompare(b.cv));
}

/** The text of a built file (`rel` relative to the output folder). */
export function page(build: SiteBuild, rel: string): string {
  return readFileSync(path.join(build.outDir, rel), 'utf8');
}

/** Every value of `attr` in the HTML, in document order. */
export function attributeValues(html: string, attr: string): string[] {
  const re = new RegExp(`\\s${attr}="([^"]*)"`, 'g');
  return [...html.matchAll(re)].map((m) => decodeEntities(m[1]!));
}

/** The text content of the first element carrying `attr` (tags stripped, whitespace collapsed). */
export function textOf(html: string, attr: string): string | undefined {
  // The attribute may end the tag (`<p data-test-count>`): it is followed by space, `=` or `>`, not consumed.
  const m = new RegExp(`<([a-z0-9]+)[^>]*\\s${attr}(?=[\\s>=])[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return m ? decodeEntities(m[2]!.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim() : undefined;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
