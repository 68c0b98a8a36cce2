/**
 * Search-index bundles kept between builds. Pagefind cannot add to or merge an index it wrote, but
 * given the same pages in the same order it writes the same bytes; so a bundle (one shard of the
 * index, see `search-index.ts`) whose ordered pages, each by address and the digest of the HTML
 * handed over, are those of the last finished build is left as that build wrote it, and only the
 * others are written again. The key also holds the code of the index writer and Pagefind's
 * version; the output folder's bundles and their keys come from `build-cache.ts`, which keeps them
 * only after a build that finished.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundles of one build's search index: which are kept, and the keys of all. */
export class SearchBundles {
  /** The key of every bundle of this build, by folder relative to the output folder. */
  readonly keys = new Map<string, string>();

  private readonly outDir: string;
  private readonly before: ReadonlyMap<string, string>;
  private readonly writer: string;

  /**
   * (No parameter properties: Node loads this file, through the site's integration, by stripping
   * its types, and they are not types.)
   * @param outDir the output folder (absolute)
   * @param before the keys of the bundles it holds, from the last finished build
   * @param writer the source of the index writer (its code is part of every key)
   */
  constructor(outDir: string, before: ReadonlyMap<string, string>, writer: string) {
    this.outDir = outDir;
    this.before = before;
    this.writer = writer;
  }

  /**
   * Whether the bundle at `bundle` (relative to the output folder) already holds the index of
   * `pages`, each given as its address and the digest of its file (the writer's code, in the key,
   * makes what the indexer is handed of it). If not, what the folder held is removed, for the
   * bundle to be written anew.
   */
  kept(bundle: string, pages: Iterable<{ url: string; digest: string }>): boolean {
    const hash = createHash('sha256').update(`${KEY_SCHEME}\0${pagefindVersion()}\0${this.writer}\0${bundle}\0`);
    for (const page of pages) hash.update(`${page.url}\0${page.digest}\0`);
    const key = hash.digest('hex');
    this.keys.set(bundle, key);
    if (this.before.get(bundle) === key && existsSync(path.join(this.outDir, bundle, 'pagefind-entry.json'))) return true;
    this.clear(bundle);
    return false;
  }

  /** Removes the bundles under `pagefind/shards/` that this build does not write. */
  dropOthers(): void {
    const shards = path.join(this.outDir, 'pagefind', 'shards');
    if (!existsSync(shards)) return;
    for (const name of readdirSync(shards)) {
      if (!this.keys.has(`pagefind/shards/${name}`)) rmSync(path.join(shards, name), { recursive: true, force: true });
    }
  }

  /** Empties a bundle's folder; the first bundle's holds the others under `shards/`, which stay. */
  private clear(bundle: string): void {
    const dir = path.join(this.outDir, bundle);
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (bundle === 'pagefind' && name === 'shards') continue;
      rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/** Raised when what a bundle key is made of changes meaning. */
const KEY_SCHEME = 2;

/** Pagefind's version (its index format), or a value no build repeats when it cannot be read. */
function pagefindVersion(): string {
  try {
    // Its package exports only its entry (lib/index.js), not its package.json.
    const file = path.join(path.dirname(fileURLToPath(import.meta.resolve('pagefind'))), '..', 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string }).version;
  } catch {
    return `unknown:${Math.random()}`;
  }
}
