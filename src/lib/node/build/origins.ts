/**
 * A definition's `origin` URL, when it points into this site, must lead to that definition's page,
 * with or without the trailing slash. A directory page (`<path>/index.html`) already answers both
 * forms; an origin at any other free path gets a small redirect page there. An origin that points
 * into the site but cannot lead to the definition (its path is another page or file) is reported.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_NAME_BYTES } from '../../site/file-names.ts';
import { leadPage } from './lead-page.ts';

/** One definition as `catalog.json` lists it. */
export interface OriginEntry {
  id: string;
  title: string;
  version: number;
  origin: string | null;
  /** Absolute URL of the definition's page. */
  page: string;
}

/** What happened to one origin. */
export type OriginOutcome =
  | { id: string; kind: 'outside' }
  | { id: string; kind: 'page'; path: string }
  | { id: string; kind: 'redirect'; path: string; file: string }
  | { id: string; kind: 'unresolved'; path: string; reason: string };

/** The site-absolute path of `origin` when it points into `site` (under its base), else undefined. */
export function inSitePath(origin: string, site: URL): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.host !== site.host) return undefined;
  const base = site.pathname.replace(/\/?$/, '/');
  // `origin` is any string: a malformed escape (`%E0%A4%A`) would make decodeURI throw at the end
  // of the build, and a decoded control character (`%00`) cannot name a file. Such a path leads to
  // no page of the site; it is left alone, like an origin elsewhere.
  let p: string;
  try {
    p = decodeURI(url.pathname);
  } catch {
    return undefined;
  }
  if (/[\u0000-\u001f\u007f]/.test(p)) return undefined;
  if (!(p + '/').startsWith(base)) return undefined;
  return p;
}

const strip = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The redirect page at an origin path. */
export function redirectPage(target: string, title: string): string {
  return leadPage({ title, canonical: target, target, why: 'origin' });
}

/**
 * Makes every in-site origin of `entries` resolve to its definition's page in `outDir` (writing
 * redirect pages where the path is free) and says what happened to each.
 */
export function resolveOrigins(entries: OriginEntry[], site: URL, outDir: string): OriginOutcome[] {
  const base = site.pathname.replace(/\/?$/, '/');
  return entries.map((e): OriginOutcome => {
    const p = e.origin ? inSitePath(e.origin, site) : undefined;
    if (p === undefined) return { id: e.id, kind: 'outside' };
    const pagePath = new URL(e.page).pathname;
    if (strip(p) === strip(pagePath)) return { id: e.id, kind: 'page', path: p };
    const rel = strip(p).slice(base.length).replace(/^\/+/, '');
    const segments = rel.split('/');
    if (!rel || segments.some((s) => s === '.' || s === '..' || s === '')) {
      return { id: e.id, kind: 'unresolved', path: p, reason: 'it is the site’s root' };
    }
    const asFile = path.join(outDir, ...segments);
    const asDir = path.join(asFile, 'index.html');
    if (existsSync(asDir) || existsSync(asFile)) {
      return { id: e.id, kind: 'unresolved', path: p, reason: 'another page or file of the site is at that path' };
    }
    if (/\.[a-z0-9]+$/i.test(segments.at(-1)!)) {
      return { id: e.id, kind: 'unresolved', path: p, reason: 'the path names a file, not a page' };
    }
    // The origin is any string: a part longer than a file name can be would stop the build (ENAMETOOLONG).
    if (segments.some((s) => Buffer.byteLength(s) > MAX_NAME_BYTES)) {
      return { id: e.id, kind: 'unresolved', path: p, reason: `a part of the path is longer than a file name can be (${MAX_NAME_BYTES} bytes)` };
    }
    mkdirSync(path.dirname(asDir), { recursive: true });
    writeFileSync(asDir, redirectPage(e.page, `${e.title} ${e.version}`));
    return { id: e.id, kind: 'redirect', path: p, file: asDir };
  });
}
