/**
 * The Pagefind index of a built site, through Pagefind's Node API, written in shards.
 *
 * Why shards: Pagefind's indexer holds the whole index in memory and, while writing it, about
 * three times that; for thousands of adoption pages it needed more memory than the rest of the
 * build together. So the pages are indexed in shards of at most {@link DEFAULT_SHARD_PAGES}
 * pages, one indexer at a time (each one stopped before the next starts), and the search dialog
 * merges them (Pagefind's `mergeIndex`). A contract version's pages always share a shard; a
 * catalog the size of today's fits in one, `pagefind/`, and needs no merging. Further shards are
 * written to `pagefind/shards/<n>/`, listed in `pagefind/shards.json` (relative to `pagefind/`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Pages per shard: Pagefind's indexer stays within a few hundred megabytes for this many. */
export const DEFAULT_SHARD_PAGES = 1000;

/** One shard: the contract-version folders it indexes whole, and other pages by path. */
export interface SearchShard {
  /** `<contract>-<version>` folders under `contracts/`, indexed whole. */
  folders: string[];
  /** Other HTML files, relative to the output folder (`/`-separated). */
  files: string[];
  pages: number;
}

/** Every HTML file of the built site (relative, `/`-separated), Pagefind's and Astro's assets aside. */
export function htmlFiles(outDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!(rel === '' && (e.name === 'pagefind' || e.name === '_astro'))) walk(path.join(dir, e.name), r);
      } else if (e.name.endsWith('.html')) out.push(r);
    }
  };
  walk(outDir, '');
  return out.sort();
}

/**
 * Splits the site's pages into shards of at most `maxPages` (a folder larger than that is a shard
 * of its own): first the pages outside contract-version folders, then the folders in order.
 */
export function planShards(files: readonly string[], maxPages = DEFAULT_SHARD_PAGES): SearchShard[] {
  const folders = new Map<string, number>();
  const loose: string[] = [];
  for (const f of files) {
    // Only a folder name that is safe inside a glob (a `<contract>-<version>` is); anything else
    // under contracts/ (a redirect page at an origin's path, say) is indexed by path.
    const m = /^contracts\/([a-z0-9][a-z0-9-]*)\/.+/.exec(f);
    if (m) folders.set(m[1]!, (folders.get(m[1]!) ?? 0) + 1);
    else loose.push(f);
  }
  const shards: SearchShard[] = [{ folders: [], files: loose, pages: loose.length }];
  for (const [folder, pages] of [...folders].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let shard = shards[shards.length - 1]!;
    if (shard.pages > 0 && shard.pages + pages > maxPages) shards.push((shard = { folders: [], files: [], pages: 0 }));
    shard.folders.push(folder);
    shard.pages += pages;
  }
  return shards;
}

/** The URL Pagefind gives a file of the output folder (`contracts/index.html` → `/contracts/`). */
function pageUrl(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/**
 * Indexes every page of `outDir` and writes the index to `outDir/pagefind/` (and its further
 * shards, listed in `pagefind/shards.json`). Returns the number of pages indexed.
 */
export async function writeSearchIndex(outDir: string, maxPages = DEFAULT_SHARD_PAGES): Promise<{ pages: number; shards: number }> {
  // Imported lazily: Pagefind starts a native service process, only needed at the end of a build.
  const pagefind = await import('pagefind');
  const shards = planShards(htmlFiles(outDir), maxPages);
  const bundles: string[] = [];
  let pages = 0;
  for (const [n, shard] of shards.entries()) {
    try {
      const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
      if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
      for (const file of shard.files) {
        const added = await index.addHTMLFile({ url: pageUrl(file), content: readFileSync(path.join(outDir, file), 'utf8') });
        if (added.errors.length) throw new Error(`Pagefind could not index ${file}: ${added.errors.join('; ')}`);
      }
      if (shard.folders.length) {
        // Folder names are lowercase letters, digits and hyphens (planShards): safe inside a glob.
        const glob = `{${shard.folders.map((f) => `contracts/${f}`).join(',')}}/**/*.html`;
        const added = await index.addDirectory({ path: outDir, glob });
        if (added.errors.length) throw new Error(`Pagefind indexing failed: ${added.errors.join('; ')}`);
        pages += added.page_count;
      }
      const bundle = n === 0 ? 'pagefind' : `pagefind/shards/${n}`;
      const written = await index.writeFiles({ outputPath: path.join(outDir, bundle) });
      if (written.errors.length) throw new Error(`Pagefind could not write: ${written.errors.join('; ')}`);
      // Listed relative to the first bundle, where the search dialog loads Pagefind from.
      if (n > 0) bundles.push(`shards/${n}/`);
    } finally {
      // Each shard's indexer ends before the next starts: only one holds an index in memory.
      await pagefind.close();
    }
  }
  pages += shards[0]!.files.length;
  writeFileSync(path.join(outDir, 'pagefind', 'shards.json'), `${JSON.stringify({ bundles }, null, 2)}\n`);
  return { pages, shards: shards.length };
}
