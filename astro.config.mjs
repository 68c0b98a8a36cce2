// @ts-check
/**
 * The OpenGDD contract catalog site.
 *
 * - `SITE_URL` overrides the public origin (canonical URLs, sitemap, OpenGraph, `origin` matching).
 * - `OPENGDD_BASE` is the path the site is served under (`/catalog/` for a project site on GitHub
 *   Pages); `astro build --base /catalog/` does the same. Every URL of the site comes from
 *   `src/lib/site/urls.ts`, which reads it. The default is the root.
 * - `OPENGDD_CATALOG` names a folder holding `catalog/` and `packs/`; the default is this
 *   repository's embedded catalog. The folder is only ever read.
 * - `OPENGDD_SEARCH_SHARD_PAGES` sets the most pages per search-index shard (default 500; the
 *   tests set it low to exercise a sharded index on a small catalog).
 * - `OPENGDD_AUTHORING_TOOL` is the address each adoption page links to for changing the adoption,
 *   with `{contract}` (`<contract>-<version>`) and `{adoption}` in it; the default is upstream's.
 */
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { catalogDir, CatalogDirError } from './src/lib/node/catalog/dir.ts';
import opengddSite from './src/integrations/opengdd-site.ts';

const site = process.env.SITE_URL?.trim() || 'https://opengdd.org';
const base = process.env.OPENGDD_BASE?.trim() || undefined;
/** A bad `OPENGDD_CATALOG` is thrown by the integration, which first makes sure no old site survives. */
let catalogError;
let catalog = '.';
try {
  catalog = catalogDir();
} catch (e) {
  if (!(e instanceof CatalogDirError)) throw e;
  catalogError = e;
}
const shardPages = Number(process.env.OPENGDD_SEARCH_SHARD_PAGES);
const authoringTool =
  process.env.OPENGDD_AUTHORING_TOOL?.trim() || 'https://opengdd.org/authoring-tool/?contract={contract}&adoption={adoption}';

/** The site's root path, the base as Astro resolved it (from the config or `--base`). */
let root = '/';
/** Whether a page's path is the site's root. @param {string} pathname */
const isRoot = (pathname) => pathname.replace(/\/+$/, '') === root.replace(/\/+$/, '');

export default defineConfig({
  site,
  ...(base ? { base } : {}),
  // 'ignore', not 'always': pages are directories either way, and `astro preview` then serves
  // `/contracts/<cv>` as well as `/contracts/<cv>/` (an `origin` may be written without the slash).
  trailingSlash: 'ignore',
  // concurrency: pages render four at a time. A social image waits on sharp's threads and the next
  // page renders meanwhile (a third off a build's page time on 2 cores); the output is identical.
  // inlineStylesheets 'never': the site's CSS is one cached file, not repeated inside every page's HTML.
  build: { format: 'directory', concurrency: 4, inlineStylesheets: 'never' },
  // A later build reuses each page and file whose cache key (src/lib/node/incremental/page-keys.ts)
  // and route code are unchanged, from node_modules/.astro/ (see README, "The second build").
  experimental: { incrementalBuild: true },
  // Astro's Node log, but a run of reused paths is one line, not one line each (see the file).
  logger: { entrypoint: './src/lib/node/build/log-destination.ts' },
  // 'class', not the default 'attribute': a scoped element carries ` astro-xxxxxxxx` in its class
  // (15 bytes) rather than ` data-astro-cid-xxxxxxxx` (24), with the same specificity.
  scopedStyleStrategy: 'class',
  // A strict Content-Security-Policy in every page's <head> (a <meta>, as a static host sends no
  // headers of ours): scripts and styles only from the site itself or with the hash Astro lists for
  // each inline one; no 'unsafe-inline', no 'unsafe-eval'. Pagefind runs its WebAssembly search
  // core in a worker (pagefind/pagefind-worker.js, which a <meta> policy does not reach); where it
  // cannot start one it compiles the core in the page, which needs 'wasm-unsafe-eval' (it allows
  // WebAssembly and nothing else).
  security: { csp: { scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] } } },
  // A code block in an about.mdx is highlighted with classes (Prism), not shiki's inline colours:
  // the policy above allows no inline style, and the colours follow the page's theme
  // (src/styles/code.css).
  markdown: { syntaxHighlight: 'prism' },
  integrations: [
    mdx(),
    // The root (the base) only redirects; an adoption's file/ view is a part of its page, not a page to list.
    { name: 'opengdd-root', hooks: { 'astro:config:done': ({ config }) => void (root = config.base) } },
    sitemap({ filter: (page) => !isRoot(new URL(page).pathname) && !new URL(page).pathname.endsWith('/file/') }),
    opengddSite({ catalog, ...(catalogError ? { catalogError } : {}), ...(Number.isInteger(shardPages) && shardPages > 0 ? { searchShardPages: shardPages } : {}) }),
  ],
  vite: {
    // Read by src/lib/site/urls.ts (authoringToolUrl) on the pages.
    define: { 'import.meta.env.OPENGDD_AUTHORING_TOOL': JSON.stringify(authoringTool) },
    // The catalog may sit outside the project (OPENGDD_CATALOG); the dev server must be allowed
    // to read its about.mdx files.
    server: { fs: { allow: [catalog, '.'] } },
    build: {
      // A component's script is a cached file of its own, never inlined into each page: under the
      // Content-Security-Policy every inline script needs its hash in every page's policy (Astro
      // lists the hashes of all of a build's inline scripts on each page, ~50 bytes each that gzip
      // cannot shrink), and inlined, the same code was sent again with every page. Other assets
      // keep Vite's default (undefined: inline below 4 KB).
      assetsInlineLimit: (file) => (/\.[cm]?js$/.test(file) ? false : undefined),
      rolldownOptions: {
        // Astro 7.3 marks MDX modules with a directive that rolldown warns about on every about.mdx
        // (withastro/astro#18087). It is harmless; every other warning still shows.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && String(log.id ?? log.message).includes('.mdx')) return;
          handler(level, log);
        },
      },
    },
  },
});
