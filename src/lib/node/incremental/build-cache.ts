/**
 * What a build keeps for the next one: Astro's incremental-build cache (`node_modules/.astro/`, the
 * folder a CI caches) and the output folder itself.
 *
 * - Trusted only after a build that finished. Astro writes its incremental-build manifest as soon
 *   as the pages are written, before the site's own after-build steps; and a build stopped while
 *   pages render has already replaced the stored copies of the pages it rendered, which the old
 *   manifest would then restore under their old keys. So a build removes the "finished" mark as it
 *   starts and writes it as its very last step, and a build that finds no mark starts cold. The
 *   mark holds the digest of the manifest it vouches for and the output folder it was built into:
 *   a manifest another build wrote since (two builds of one project at once, or into another
 *   folder), or a build into another folder, starts cold too.
 * - The output folder is kept rather than emptied: Astro then leaves a reused page where it is,
 *   instead of copying it back from its cache (a millisecond a file, a minute for a large catalog).
 *   Kept are only the files the routes of the last finished build wrote into this same folder, as
 *   its mark lists them; everything else (bundles, the search index, the pages written after the
 *   build, the sitemap, `public/`) is removed, to be written again. Outputs of routes that are gone
 *   are removed once the build knows its own (see {@link BuildCache.prune}).
 * - The search index's folder is kept with them, with the key of each of its bundles: the search
 *   index writer reuses a bundle whose key is unchanged and writes the others anew (see
 *   `search-reuse.ts`).
 * - Nothing changed: a build whose inputs (`inputs.ts`) are those of the last finished build, and
 *   whose output folder holds exactly the files that build left, each with the size and
 *   modification time it had, has nothing to write (see {@link nothingChanged}).
 * - A kept file must still have the size and modification time the mark gives it: a folder
 *   restored from another run (a CI cache of `dist/` apart from `node_modules/.astro/`) or changed
 *   by hand loses what no longer matches.
 * - What is missing comes back from the output folder's copy in the cache folder (hard links, see
 *   `output-copy.ts`), so a CI run that caches only `node_modules/.astro/` starts as if it had kept
 *   `dist/`. A page neither kept nor in the copy is rendered again (or, where the copy cannot be
 *   made and Astro keeps its own, copied back from Astro's cache); any search-index file lost drops
 *   the whole index, to be written anew.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PageFactsRecord } from './page-facts.ts';
import { createHash } from 'node:crypto';
import { asRecorded, canLink, OUTPUT_COPY, restoreFromCopy, updateCopy } from './output-copy.ts';
import { readyOutputAside } from './ready-output.ts';
import { removeFiles, walkFiles } from './tree.ts';

/** Astro's incremental-build manifest, in its cache folder. */
export const ASTRO_MANIFEST = 'incremental-build.json';
/** The mark of a finished build, in the cache folder: the output folder and its routes' files. */
export const FINISHED_MARK = 'opengdd/build-finished.json';

interface Mark {
  outDir: string;
  /** SHA-256 of Astro's manifest as this build left it. */
  manifest: string;
  /** The files the routes wrote, relative to `outDir`, `/`-separated. */
  outputs: string[];
  /** Size and modification time (ms) of every file the build left in `outDir`. */
  stats: Record<string, [number, number]>;
  /** The digest of the build's inputs (see `inputs.ts`), when it was made. */
  inputs?: string;
  /** The files the site wrote after the routes and lets the next build keep (see {@link BuildCache.after}). */
  after?: string[];
  /** The key of each search-index bundle written, by its folder relative to `outDir`. */
  search?: Record<string, string>;
  /** What the search index learnt of each HTML file (see `page-facts.ts`). */
  pages?: PageFactsRecord;
  /** Whether the cache folder holds a copy of every file of `stats` (see `output-copy.ts`). */
  copy?: boolean;
}

/** The search index's folder in the output folder. */
const SEARCH_DIR = 'pagefind';

/**
 * Set on `globalThis` while a build runs with the last finished build's pages to reuse: the pages'
 * code (another module instance) reads it through {@link reusesPages}.
 */
const REUSE = Symbol.for('opengdd-site.reuses-pages');

/**
 * Whether this build starts with a finished build's pages to reuse, so that most routes will not
 * render: work done ahead for them (the social cards, `social-png.ts`) would be thrown away.
 */
export function reusesPages(): boolean {
  return (globalThis as Record<symbol, unknown>)[REUSE] === true;
}

/** A build's side of the cache. */
export interface BuildCache {
  /** Removes the outputs of the last build's routes that this build's routes (`outputs`) no longer write. */
  prune(outputs: readonly string[]): void;
  /**
   * The files the last finished build wrote after its routes (the version-free pages) and that are
   * still as it left them: for this build's writer to leave alone where they are still right.
   */
  after: ReadonlySet<string>;
  /** This build wrote, or found right, the after-build files `files`: the others kept go. */
  keepAfter(files: readonly string[]): void;
  /**
   * Takes the size and modification time of every file of the output folder outside the search
   * index's folder, once nothing but the search index will write there, and returns those files
   * (relative, `/`-separated): the search index takes its pages from them and the mark their
   * stats, so a large site's tree is walked once for both, and only the index's folder again.
   */
  survey(): string[];
  /** The size and modification time {@link survey} found `file` with (relative, `/`-separated). */
  surveyed(file: string): readonly [size: number, mtimeMs: number] | undefined;
  /**
   * Marks the build finished, its routes having written `outputs` (relative to the output folder)
   * and the search index writer its bundles with the keys `search`.
   */
  finish(outputs: readonly string[], search: ReadonlyMap<string, string>, pages?: PageFactsRecord, inputs?: string): void;
  /** The keys of the search-index bundles the output folder holds, by folder (empty: it holds none). */
  search: ReadonlyMap<string, string>;
  /** What the last finished build learnt of the output folder's HTML files, when it is trusted. */
  pages: PageFactsRecord | undefined;
  /**
   * Whether this build will leave a copy of the output folder in the cache folder (see
   * `output-copy.ts`): the two folders are on one filesystem, and the last finished build's copy,
   * if there was one, could be made. Then Astro's own copy is not needed (`astro-output-copy.ts`).
   */
  copies: boolean;
}

/**
 * At a build's start, with the cache folder `cacheDir` and the output folder `outDir` (both
 * absolute): forgets what an unfinished build left, and clears the mark until this build finishes;
 * then readies the output folder (see the file's comment). All but readying the output folder,
 * which runs on a worker thread (`ready-output.ts`), is done before the promise is returned, the
 * removal of an untrusted manifest among it; the promise resolves once the folder is ready.
 */
export async function startBuildCache(cacheDir: string, outDir: string): Promise<BuildCache> {
  const markFile = path.join(cacheDir, FINISHED_MARK);
  const manifestFile = path.join(cacheDir, ASTRO_MANIFEST);
  const found = readMark(markFile);
  const mark = found && found.outDir === outDir && found.manifest === fileDigest(manifestFile) ? found : undefined;
  if (!mark) rmSync(manifestFile, { force: true });
  (globalThis as Record<symbol, unknown>)[REUSE] = mark !== undefined;
  rmSync(markFile, { force: true });
  const same = mark !== undefined;
  const copyDir = path.join(cacheDir, OUTPUT_COPY);
  // What the copy of the output folder holds (see output-copy.ts), when the mark vouches for it.
  const copied = same && mark.copy === true ? mark.stats : undefined;
  const kept = same ? new Set(mark.outputs) : new Set<string>();
  const afterBefore = same ? new Set(mark.after ?? []) : new Set<string>();
  let afterNow: readonly string[] = [];
  let surveyed: Mark['stats'] | undefined;
  const ready = await readyOutputAside({
    outDir,
    copyDir,
    searchDir: SEARCH_DIR,
    ...(same ? { last: { stats: mark.stats, keep: [...kept, ...afterBefore], copied: copied !== undefined } } : {}),
  });
  const present = new Set(ready.present);
  const after = new Set([...afterBefore].filter((file) => present.has(file)));
  const searchLost = ready.searchLost;
  return {
    search: new Map(same && !searchLost ? Object.entries(mark.search ?? {}) : []),
    pages: mark?.pages,
    copies: canLink(outDir, copyDir) && !(same && mark.copy === false),
    after,
    prune(outputs) {
      const now = new Set(outputs);
      removeFiles(outDir, [...kept].filter((file) => !now.has(file) && !after.has(file)));
    },
    keepAfter(files) {
      const now = new Set(files);
      removeFiles(outDir, [...after].filter((file) => !now.has(file)));
      afterNow = files;
    },
    survey() {
      surveyed = fileStats(outDir, { skip: SEARCH_DIR });
      return Object.keys(surveyed);
    },
    surveyed(file) {
      return surveyed && Object.hasOwn(surveyed, file) ? surveyed[file] : undefined;
    },
    finish(outputs, search, pages, inputs) {
      const stats = surveyed ? Object.assign(surveyed, fileStats(outDir, { from: SEARCH_DIR })) : fileStats(outDir);
      const mark: Mark = {
        outDir,
        manifest: fileDigest(manifestFile),
        outputs: [...outputs],
        after: [...afterNow],
        stats,
        copy: updateCopy(copyDir, outDir, stats, copied),
        search: Object.fromEntries(search),
        ...(pages ? { pages } : {}),
        ...(inputs ? { inputs } : {}),
      };
      mkdirSync(path.dirname(markFile), { recursive: true });
      writeFileSync(markFile, JSON.stringify(mark));
    },
  };
}

/**
 * Whether the last finished build had the inputs `inputs` (see `inputs.ts`), was built into
 * `outDir`, and left it exactly as it is now: the same files, each with the size and modification
 * time it had. Then a build has nothing to write; returns the number of files found as they were.
 * Files missing from the output folder (a CI run starts without it) are first put back from the
 * copy in the cache folder (see `output-copy.ts`), where it holds them as they were. Otherwise
 * undefined, and nothing else is touched.
 */
export function nothingChanged(cacheDir: string, outDir: string, inputs: string): number | undefined {
  const mark = readMark(path.join(cacheDir, FINISHED_MARK));
  if (!mark || mark.inputs !== inputs || mark.outDir !== outDir || mark.manifest !== fileDigest(path.join(cacheDir, ASTRO_MANIFEST))) return undefined;
  const recorded = Object.keys(mark.stats).length;
  const found = new Set<string>();
  let other = false;
  walkFiles(outDir, (file, st) => {
    if (asRecorded(mark.stats, file, st)) found.add(file);
    else other = true;
    return !other;
  });
  if (other || recorded === 0) return undefined;
  if (found.size < recorded) {
    const missing = Object.keys(mark.stats).filter((file) => !found.has(file));
    if (!mark.copy || restoreFromCopy(path.join(cacheDir, OUTPUT_COPY), outDir, missing, mark.stats).size < missing.length) return undefined;
  }
  return recorded;
}

/**
 * Size and modification time of every file under `outDir` (relative, `/`-separated), `.git` aside;
 * with `from`, only those in that folder of it; with `skip`, none in that one.
 */
function fileStats(outDir: string, only: { from?: string; skip?: string } = {}): Mark['stats'] {
  const stats: Mark['stats'] = {};
  walkFiles(
    outDir,
    (file, st) => {
      stats[file] = [st.size, st.mtimeMs];
      return true;
    },
    only,
  );
  return stats;
}

/** The SHA-256 of a file, or `absent`. */
function fileDigest(file: string): string {
  return readOnce(file, 'absent', () => createHash('sha256').update(readFileSync(file)).digest('hex'));
}

function readMark(file: string): Mark | undefined {
  return readOnce(file, undefined, () => {
    const mark = JSON.parse(readFileSync(file, 'utf8')) as Mark;
    return typeof mark.outDir === 'string' && Array.isArray(mark.outputs) && typeof mark.stats === 'object' && mark.stats !== null ? mark : undefined;
  });
}

/** What {@link readOnce} last made of each file, under the file's identity when it was read. */
const reads = new Map<string, { identity: string; value: unknown }>();

/**
 * `read()` of `file`, or `otherwise` where the file is missing or `read` fails; made once while the
 * file stays as it was (the same inode, size and times). A build reads the mark and digests Astro's
 * manifest for the nothing-changed test, then again as it starts: at 100× about 100 ms each time.
 */
function readOnce<T>(file: string, otherwise: T, read: () => T): T {
  try {
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return otherwise;
    const identity = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    const known = reads.get(file);
    if (known?.identity === identity) return known.value as T;
    const value = read();
    reads.set(file, { identity, value });
    return value;
  } catch {
    return otherwise;
  }
}
