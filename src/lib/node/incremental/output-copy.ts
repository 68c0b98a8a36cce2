/**
 * The output folder's copy in the cache folder: a hard link to every file a finished build left in
 * the output folder, so that a build without that folder (a CI run, which caches only
 * `node_modules/.astro/`) gets it back at the cost of a link a file, and then goes on as a build
 * that kept it. Astro's own cache can hold a copy of every page its routes wrote, but it writes
 * each one a second time as it renders, copies them back one by one (7 s for the 44,000 of a 100×
 * catalog, where linking all 59,000 files of its output takes 1 s) and holds neither the search
 * index nor the files written after the routes, which would be made again in full (30 s more
 * there). Where this copy can be made, Astro's is turned off (see `astro-output-copy.ts`).
 *
 * - Links, not copies: on one filesystem the copy costs no space and little time. Where links
 *   cannot be made (the two folders on different filesystems), there is no copy, and Astro keeps
 *   its own (see `astro-output-copy.ts`): a build without the output folder copies pages back from
 *   it as before.
 * - A link shares its file: a build that rewrites an output file in place changes its copy too.
 *   The copy is trusted only as far as the last finished build's mark: each of its files must
 *   still have the size and modification time the mark records, or it is not put back.
 * - Kept up to date, not made anew: a build links again only the files whose size or modification
 *   time changed, and removes those no longer written.
 */
import { linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { removeFiles } from './tree.ts';

/** The copy's folder, in the cache folder. */
export const OUTPUT_COPY = 'opengdd/output';

/** Size and modification time (ms) of files, by path relative to their folder, `/`-separated. */
export type FileStats = Readonly<Record<string, readonly [number, number]>>;

/**
 * Links `files` (relative to the output folder `outDir`, where none of them is) back from the copy
 * `copyDir`, each only where the copy's file has the size and modification time `stats` gives it,
 * until `halted` says to stop. Returns the files put back.
 */
export function restoreFromCopy(copyDir: string, outDir: string, files: Iterable<string>, stats: FileStats, halted: () => boolean = () => false): Set<string> {
  const back = new Set<string>();
  const made = new Set<string>();
  for (const file of files) {
    if (halted()) break;
    const from = path.join(copyDir, file);
    const to = path.join(outDir, file);
    try {
      const st = statSync(from, { throwIfNoEntry: false });
      if (!st?.isFile() || !asRecorded(stats, file, st)) continue;
      linkInto(from, to, made);
      back.add(file);
    } catch {
      // Not put back: the build makes the file as it would without a copy.
    }
  }
  return back;
}

/**
 * Makes the copy `copyDir` hold exactly the files `stats` lists of the output folder `outDir`, as
 * links to them. `before` is what the copy held (the stats of the last finished build), or
 * undefined when that is not known, and the copy is made anew. Returns whether the copy is whole;
 * if not, it is removed.
 */
export function updateCopy(copyDir: string, outDir: string, stats: FileStats, before: FileStats | undefined): boolean {
  if (!before) rmSync(copyDir, { recursive: true, force: true });
  const made = new Set<string>();
  try {
    for (const [file, [size, mtimeMs]] of Object.entries(stats)) {
      if (before && asRecorded(before, file, { size, mtimeMs })) continue;
      const to = path.join(copyDir, file);
      if (before) rmSync(to, { force: true });
      linkInto(path.join(outDir, file), to, made);
    }
    if (before) removeFiles(copyDir, Object.keys(before).filter((file) => !Object.hasOwn(stats, file)));
    return true;
  } catch {
    rmSync(copyDir, { recursive: true, force: true });
    return false;
  }
}

/** Links `from` at `to`, making `to`'s folder first unless `made` holds it (then it does). */
function linkInto(from: string, to: string, made: Set<string>): void {
  const folder = path.dirname(to);
  if (!made.has(folder)) mkdirSync(folder, { recursive: true });
  made.add(folder);
  linkSync(from, to);
}

/**
 * Whether the copy can be made: the output folder `outDir` and the copy's folder `copyDir` are on
 * one filesystem (each judged by its nearest folder that exists), so a file of one can be linked
 * into the other.
 */
export function canLink(outDir: string, copyDir: string): boolean {
  const device = (dir: string): number | undefined => {
    for (let at = dir; ; at = path.dirname(at)) {
      const st = statSync(at, { throwIfNoEntry: false });
      if (st) return st.dev;
      if (path.dirname(at) === at) return undefined;
    }
  };
  const a = device(outDir);
  return a !== undefined && a === device(copyDir);
}

/** Whether `stats` records `file` with the size and modification time `st` has. */
export function asRecorded(stats: FileStats, file: string, st: { size: number; mtimeMs: number }): boolean {
  const recorded = Object.hasOwn(stats, file) ? stats[file] : undefined;
  return recorded !== undefined && st.size === recorded[0] && st.mtimeMs === recorded[1];
}
