/**
 * The version-free addresses (`/contracts/<contract>/`, `/contracts/<contract>/<adoption>/`) as
 * small static pages that lead to the newest version's page: a refresh at once, the canonical link
 * of the page they lead to, and a visible link for a reader whose browser does not follow. Written
 * after the build from `contracts/catalog.json` (its `latest` list, see `src/lib/site/versions.ts`),
 * like the origin pages, so they stay out of the sitemap and the search index.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { leadPage } from './lead-page.ts';

/** One version-free address as `catalog.json` lists it. */
export interface LatestEntry {
  /** Site-absolute path of the address (`/contracts/container/`). */
  path: string;
  /** Absolute URL of the page it leads to. */
  target: string;
  /** What the target is, in words ("Container, version 2"). */
  title: string;
}

/** The page at a version-free address. */
export function latestPage(entry: LatestEntry): string {
  // The canonical link names the public URL; the refresh and the link stay on the host that serves
  // the page (a preview or a mirror), by path.
  return leadPage({ title: entry.title, canonical: entry.target, target: new URL(entry.target).pathname, why: 'latest' });
}

/** Options of {@link writeLatestPages}. */
export interface LatestPagesOptions {
  /**
   * Files (relative to the output folder, `/`-separated) a previous build wrote here and left: not
   * built files, so each is written again, unless it already holds the very page (then it is left
   * as it is, its time unchanged, for the next build to take as it was; see `incremental/`).
   */
  ours?: ReadonlySet<string>;
  /** Receives the file of each page written or found right. */
  files?: string[];
}

/**
 * Writes the page of every version-free address listed in `outDir/contracts/catalog.json` that no
 * built file occupies; returns the paths written.
 */
export function writeLatestPages(outFolder: string, base: string, options: LatestPagesOptions = {}): string[] {
  const outDir = path.resolve(outFolder);
  const file = path.join(outDir, 'contracts', 'catalog.json');
  if (!existsSync(file)) return [];
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as { latest?: LatestEntry[] };
  const written: string[] = [];
  const prefix = base.replace(/\/?$/, '/');
  for (const entry of catalog.latest ?? []) {
    // The path is site-absolute with the base; the file sits under the output folder without it.
    const rel = entry.path.startsWith(prefix) ? entry.path.slice(prefix.length) : entry.path.replace(/^\//, '');
    const target = path.join(outDir, rel, 'index.html');
    if (!target.startsWith(outDir + path.sep)) continue;
    const file = path.relative(outDir, target).split(path.sep).join('/');
    const page = latestPage(entry);
    if (options.ours?.has(file)) {
      if (readFileSync(target, 'utf8') !== page) writeFileSync(target, page);
    } else {
      if (existsSync(target)) continue;
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, page);
    }
    options.files?.push(file);
    written.push(entry.path);
  }
  return written;
}
