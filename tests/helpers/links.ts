/**
 * The link check of a built site, from its files (no browser): every internal address a page names
 * must lead to a file of the output folder, and every `#fragment` to an element id of the page it
 * points at, the habit of Starlight's links validator and of the Astro docs' link check.
 *
 * What counts as an address: `href` (links, `<link>`), `src` and `srcset` (images, scripts,
 * frames), the social image and a redirect page's target (`<meta property="og:image">`,
 * `<meta http-equiv="refresh">`), the files the islands fetch (`data-src`, `data-matrix`,
 * `data-unused`, the search bundle's `pagefind.js`, the `…Url` members of an island's JSON data).
 * Internal: relative, root-relative, or absolute on the site's public origin. An internal address
 * outside the site's base is broken: the host serves only the base. `<template>` content is left
 * out (its links are placeholders the islands fill in), as are scripts, styles and comments.
 *
 * The crawl (tests/crawl) checks links again in Chromium, after scripts ran; this check is the
 * cheap one that runs on every build, at the root and under a base.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileOf, htmlFiles, urlPathOf } from './crawl.ts';

/** What a link check found. */
export interface LinkReport {
  pages: number;
  /** Internal addresses checked (every occurrence). */
  links: number;
  /** Of them, those with a `#fragment` checked against the target's ids. */
  fragments: number;
  /** One sentence per broken address: `page: kind "address" …`. */
  broken: string[];
}

/** Where the site is: its base (`/`, `/catalog/`) and its public origin (`https://opengdd.org`). */
export interface LinkCheckOptions {
  base: string;
  site: string;
}

/** One address named by a page. */
interface Named {
  kind: string;
  address: string;
}

/** Everything but the markup the check reads: comments, scripts (JSON data aside), styles, templates. */
function readable(html: string): { markup: string; data: string[] } {
  const data: string[] = [];
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (_, attrs: string, body: string) => {
      if (/type=["']?application\/json/i.test(attrs)) data.push(body);
      return `<script${attrs}></script>`;
    })
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '')
    .replace(/<template\b[^>]*>[\s\S]*?<\/template\s*>/gi, '');
  return { markup, data };
}

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)(\s[^>]*)?>/g;
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** `s` with its character references decoded (named ones for markup characters, and numeric). */
export function decode(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The tags of `markup`, each with its attributes (names lower-cased, values decoded). */
function* tags(markup: string): Generator<{ name: string; attrs: Map<string, string> }> {
  for (const m of markup.matchAll(TAG)) {
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(ATTR)) attrs.set(a[1]!.toLowerCase(), decode(a[2] ?? a[3] ?? a[4] ?? ''));
    yield { name: m[1]!.toLowerCase(), attrs };
  }
}

/** Attributes that hold one address, on any element. */
const ADDRESS_ATTRS = ['href', 'src', 'data-src', 'data-matrix', 'data-unused'];
/** `<meta property>` values whose content is an address. */
const META_ADDRESSES = new Set(['og:image', 'og:url', 'twitter:image']);

/** The addresses a page names, and its element ids. */
export function pageFacts(html: string): { named: Named[]; ids: Set<string> } {
  const { markup, data } = readable(html);
  const named: Named[] = [];
  const ids = new Set<string>();
  for (const { name, attrs } of tags(markup)) {
    const id = attrs.get('id');
    if (id !== undefined) ids.add(id);
    // `<a name>` is an anchor too (HTML's scroll-to-fragment looks for it).
    if (name === 'a' && attrs.has('name')) ids.add(attrs.get('name')!);
    for (const attr of ADDRESS_ATTRS) {
      const v = attrs.get(attr);
      if (v !== undefined) named.push({ kind: `${name} ${attr}`, address: v });
    }
    const srcset = attrs.get('srcset');
    if (srcset !== undefined) {
      for (const candidate of srcset.split(',')) {
        const address = candidate.trim().split(/\s+/)[0];
        if (address) named.push({ kind: `${name} srcset`, address });
      }
    }
    if (attrs.has('data-bundle')) named.push({ kind: `${name} data-bundle`, address: `${attrs.get('data-bundle')}pagefind.js` });
    if (name === 'meta') {
      const property = attrs.get('property') ?? attrs.get('name') ?? '';
      if (META_ADDRESSES.has(property) && attrs.has('content')) named.push({ kind: `meta ${property}`, address: attrs.get('content')! });
      if (attrs.get('http-equiv')?.toLowerCase() === 'refresh') {
        const target = /url\s*=\s*(.*)$/i.exec(attrs.get('content') ?? '')?.[1]?.trim().replace(/^['"]|['"]$/g, '');
        if (target) named.push({ kind: 'meta refresh', address: target });
      }
    }
  }
  for (const json of data) {
    for (const m of json.matchAll(/"([A-Za-z]*Url)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) named.push({ kind: `data ${m[1]}`, address: JSON.parse(`"${m[2]}"`) as string });
  }
  return { named, ids };
}

/**
 * Whether this build serves `pathname` on the public host: everything under a base is the build's;
 * at the root, only what lies in a file or folder at the top of the output folder.
 */
function owns(dir: string, base: string, pathname: string): boolean {
  if (!(pathname + '/').startsWith(base)) return false;
  if (base !== '/') return true;
  const first = pathname.slice(base.length).split('/')[0]!;
  return first === '' || existsSync(path.join(dir, first));
}

/**
 * Checks every internal address and fragment of every HTML page of `dir`, a site built under
 * `options.base` and published at `options.site`.
 */
export function checkLinks(dir: string, options: LinkCheckOptions): LinkReport {
  const files = htmlFiles(dir);
  const facts = new Map(files.map((f) => [f, pageFacts(readFileSync(path.join(dir, f), 'utf8'))]));
  const report: LinkReport = { pages: files.length, links: 0, fragments: 0, broken: [] };
  const check = resolver(dir, options, (file) => facts.get(file)?.ids);
  for (const [file, { named }] of facts) {
    for (const { kind, address } of named) {
      const outcome = check(file, kind, address);
      if (outcome === 'external') continue;
      report.links += 1;
      if (outcome === 'fragment') report.fragments += 1;
      else if (outcome !== 'file') {
        report.broken.push(outcome.broken);
        if (outcome.fragment) report.fragments += 1;
      }
    }
  }
  return report;
}

/**
 * The broken addresses among `addresses`, named by a file that is not a page (the sitemap,
 * `catalog.json`), as sentences; fragments are checked against the ids of the page they name.
 */
export function checkAddresses(dir: string, options: LinkCheckOptions, from: string, addresses: readonly string[]): string[] {
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    if (!ids.has(file)) ids.set(file, pageFacts(readFileSync(path.join(dir, file), 'utf8')).ids);
    return ids.get(file);
  };
  const check = resolver(dir, options, idsOf);
  return addresses.flatMap((a) => {
    const outcome = check('index.html', from, a);
    return typeof outcome === 'object' ? [outcome.broken.replace(/^index\.html: /, '')] : [];
  });
}

/** What became of one address. */
type Outcome = 'external' | 'file' | 'fragment' | { broken: string; fragment: boolean };

/** Resolves an address named on a page (`file`, relative to `dir`) the way a browser on the host would. */
function resolver(dir: string, options: LinkCheckOptions, idsOf: (file: string) => Set<string> | undefined) {
  const base = options.base.replace(/\/?$/, '/').replace(/^\/?/, '/');
  const site = new URL(options.site);
  return (file: string, kind: string, address: string): Outcome => {
    const here = new URL(base + urlPathOf(file).slice(1), site);
    const broken = (why: string, fragment = false): Outcome => ({ broken: `${file}: ${kind} "${address}" ${why}`, fragment });
    let url: URL;
    try {
      url = new URL(address, here);
    } catch {
      return broken('is not a URL');
    }
    if (url.origin !== site.origin) return 'external';
    // The public host serves more than this build (the specification at /spec/): an absolute
    // address there is the site's only under the base, and at the root only in a folder it writes.
    if (/^[a-z][a-z0-9+.-]*:/i.test(address) && !owns(dir, base, url.pathname)) return 'external';
    if (!(url.pathname + '/').startsWith(base)) return broken(`is outside the base ${base}`);
    const target = fileOf(dir, '/' + url.pathname.slice(base.length));
    if (!target) return broken('names no file');
    if (url.hash.length <= 1) return 'file';
    let id: string;
    try {
      id = decodeURIComponent(url.hash.slice(1));
    } catch {
      id = url.hash.slice(1);
    }
    return idsOf(target)?.has(id) ? 'fragment' : broken(`leads to ${target}, which has no element with id "${id}"`, true);
  };
}
