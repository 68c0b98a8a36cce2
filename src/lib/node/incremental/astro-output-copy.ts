/**
 * Astro's own copy of the pages its routes write, and why a build here goes without it.
 *
 * Astro's incremental build writes every file a route renders twice: into the output folder, and
 * into its cache folder (`node_modules/.astro/dist/`), to copy back a reused page that the output
 * folder no longer holds. This build keeps a copy of its whole output folder in the cache folder
 * already (hard links, see `output-copy.ts`), which gives back what Astro's would, and faster. Where
 * that copy can be made, Astro's is only work: a folder and a file more to create for each file
 * written, two more trips through Node's thread pool: 0.3 s of a 6.9 s corpus build (0.6 s with
 * a patched copy of Astro, measured before), and on a large catalog one more file per file written.
 *
 * Astro has no setting for it, so the two methods of its cache that write and read the copy are
 * switched, per build, from here: with the copy off, nothing is written, and nothing is copied back
 * (a page missing from the output folder, and not put back from this build's copy, is rendered
 * again). An older copy in the cache folder is removed, as nothing would keep it up to date.
 *
 * The methods are found by where Astro 7 keeps them. If Astro moves them, {@link setAstroOutputCopy}
 * says so and Astro's copy stays on: builds are as correct as before, and slower.
 */
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Astro's copy of the routes' files, in the cache folder (`INCREMENTAL_OUTPUT_DIR` in Astro's `core/build/incremental.js`). */
export const ASTRO_OUTPUT_COPY = 'dist';

/** The two methods of Astro's incremental-build cache that write and read its copy. */
interface CacheMethods {
  writeOutputFile(this: unknown, ...args: unknown[]): Promise<void>;
  restoreOutputFile(this: unknown, ...args: unknown[]): Promise<boolean>;
}

/** The switch, on the prototype it wraps (once per loaded copy of Astro). */
const SWITCH = Symbol.for('opengdd-site.astro-output-copy');

type Switched = CacheMethods & { [SWITCH]?: { off: boolean } };

/**
 * Turns Astro's copy of the routes' files on or off for the build that starts (see the file's
 * comment); off, it removes the copy an earlier build left in `cacheDir`. Returns false, leaving
 * the copy on, when Astro's cache is not where Astro 7 keeps it.
 */
export async function setAstroOutputCopy(on: boolean, cacheDir: string, root: string = process.cwd()): Promise<boolean> {
  const proto = await cachePrototype(root);
  if (!proto) return false;
  const state = (proto[SWITCH] ??= wrap(proto));
  state.off = !on;
  if (!on) rmSync(path.join(cacheDir, ASTRO_OUTPUT_COPY), { recursive: true, force: true });
  return true;
}

/** Wraps Astro's two methods so that they do nothing while the switch is off. */
function wrap(proto: Switched): { off: boolean } {
  const state = { off: false };
  const { writeOutputFile, restoreOutputFile } = proto;
  proto.writeOutputFile = function (...args) {
    return state.off ? Promise.resolve() : writeOutputFile.apply(this, args);
  };
  proto.restoreOutputFile = function (...args) {
    return state.off ? Promise.resolve(false) : restoreOutputFile.apply(this, args);
  };
  return state;
}

/**
 * The prototype of Astro's `IncrementalBuildCache`, from the Astro that `root`'s project runs (the
 * same module instance its build loaded); undefined where it is not found or lacks either method.
 */
async function cachePrototype(root: string): Promise<Switched | undefined> {
  try {
    // Astro's package exports do not list this module: it is imported by its file URL.
    const astroPackage = createRequire(path.join(root, 'package.json')).resolve('astro/package.json');
    const url = pathToFileURL(path.join(path.dirname(astroPackage), 'dist/core/build/incremental.js'));
    const mod = (await import(url.href)) as { IncrementalBuildCache?: { prototype?: Partial<CacheMethods> } };
    const proto = mod.IncrementalBuildCache?.prototype;
    return typeof proto?.writeOutputFile === 'function' && typeof proto.restoreOutputFile === 'function' ? (proto as Switched) : undefined;
  } catch {
    return undefined;
  }
}
