/**
 * The output floor for `npm run bench`: a throwaway plain Astro project (`bench/.work/floor/`) that
 * writes exactly the files a finished corpus build wrote and indexes the same pages with Pagefind,
 * so that the corpus build against it is what the generator costs beyond its output.
 *
 * How each file of the finished build is written again (the rule follows how our build writes it):
 * - every HTML page: a route. `…/index.html` through one `.astro` page (`[...page].astro`, its
 *   getStaticPaths listing the finished pages, each page reading its file and emitting it as a
 *   static string with `set:html`), `404.html` through `404.astro`, any other `.html` through the
 *   endpoint below. The few origin redirect pages our integration writes after the build are pages
 *   here too (a page is the cheapest way Astro has to write HTML, so the floor stays a floor).
 * - every other file our build writes through a route (JSON, JSON Schemas, Markdown, zips, social
 *   PNGs): one endpoint (`[...file].js`) that returns the finished file's bytes. Astro's cost per
 *   route is Astro's, not the generator's, so the floor pays it too.
 * - files our build does not render (the bundler's `_astro/` assets, `public/`, the sitemap our
 *   sitemap integration writes): the floor's `public/`, copied by Astro. Bundling the site's own
 *   scripts and styles, and making the sitemap, are the generator's work.
 * - `pagefind/`: written by the floor's own Pagefind run after its build, through a byte-for-byte
 *   copy of `src/integrations/search-index.ts` (the same Node API calls and shard settings).
 * {@link compareOutputs} then checks that the floor wrote the same files with the same bytes.
 */
import { cpSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { linkNodeModules, repo, work } from './build.ts';

/** Every file under `dir`, relative and `/`-separated, sorted. */
export function filesOf(dir: string, skip: (rel: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) walk(join(d, e.name), r);
      else out.push(r);
    }
  };
  if (existsSync(dir)) walk(dir, '');
  return out.sort();
}

/** Where a file of the finished build comes from in the floor. */
export type FloorSource = 'page' | 'endpoint' | 'public';

/** The site's `public/` files, which Astro copies into every build. */
const PUBLIC_FILES = new Set(filesOf(join(repo, 'public')));

/** How the floor writes `file` (relative to the output folder); see the module comment. */
export function floorSource(file: string): FloorSource {
  if (file.endsWith('.html')) return file === 'index.html' || file.endsWith('/index.html') || file === '404.html' ? 'page' : 'endpoint';
  if (file.startsWith('_astro/') || PUBLIC_FILES.has(file) || /^sitemap[^/]*\.xml$/.test(file)) return 'public';
  return 'endpoint';
}

const isPagefind = (rel: string) => rel === 'pagefind';

/** What {@link prepareOutputFloor} set up. */
export interface OutputFloor {
  dir: string;
  /** Files the floor's build writes, Pagefind's aside, by how. */
  files: Record<FloorSource, number>;
  bytes: number;
}

/**
 * Sets up the floor project at `bench/.work/floor/` from the finished build in `dist` (its
 * `pagefind/` is left out: the floor writes its own).
 */
export function prepareOutputFloor(dist: string): OutputFloor {
  const dir = join(work, 'floor');
  rmSync(dir, { recursive: true, force: true });
  const output = join(dir, 'output');
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  mkdirSync(join(dir, 'public'), { recursive: true });
  const sorted: Record<FloorSource, string[]> = { page: [], endpoint: [], public: [] };
  let bytes = 0;
  for (const file of filesOf(dist, isPagefind)) {
    const source = floorSource(file);
    sorted[source].push(file);
    const target = join(source === 'public' ? join(dir, 'public') : output, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(dist, file), target);
    bytes += readFileSync(target).length;
  }
  const pages = sorted.page.filter((f) => f !== '404.html').map((f) => f.replace(/(^|\/)index\.html$/, ''));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-output-floor', type: 'module', private: true }, null, 2) + '\n');
  cpSync(join(repo, 'src/integrations/search-index.ts'), join(dir, 'search-index.ts'));
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import { fileURLToPath } from 'node:url';
import { writeSearchIndex } from './search-index.ts';

// As astro.config.mjs of the site: OPENGDD_SEARCH_SHARD_PAGES, when set, is the shard size.
const shardPages = Number(process.env.OPENGDD_SEARCH_SHARD_PAGES);
export default {
  site: 'https://opengdd.org',
  build: { format: 'directory' },
  integrations: [{
    name: 'floor-search-index',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeSearchIndex(fileURLToPath(dir), Number.isInteger(shardPages) && shardPages > 0 ? shardPages : undefined);
      },
    },
  }],
};
`,
  );
  // getStaticPaths is hoisted out of an .astro page's frontmatter: it holds its own list.
  const at = (file: string) => JSON.stringify(join(output, file));
  writeFileSync(
    join(dir, 'src/pages/[...page].astro'),
    `---
import { readFileSync } from 'node:fs';
export function getStaticPaths() {
  return ${JSON.stringify(pages)}.map((page) => ({ params: { page: page || undefined }, props: { file: page ? page + '/index.html' : 'index.html' } }));
}
const html = readFileSync(${JSON.stringify(output + '/')} + Astro.props.file, 'utf8');
---
<Fragment set:html={html} />
`,
  );
  if (sorted.page.includes('404.html')) {
    writeFileSync(join(dir, 'src/pages/404.astro'), `---\nimport { readFileSync } from 'node:fs';\nconst html = readFileSync(${at('404.html')}, 'utf8');\n---\n<Fragment set:html={html} />\n`);
  }
  writeFileSync(
    join(dir, 'src/pages/[...file].js'),
    `import { readFileSync } from 'node:fs';
export function getStaticPaths() {
  return ${JSON.stringify(sorted.endpoint)}.map((file) => ({ params: { file } }));
}
export function GET({ params }) {
  return new Response(readFileSync(${JSON.stringify(output + '/')} + params.file));
}
`,
  );
  linkNodeModules(dir);
  return { dir, files: { page: sorted.page.length, endpoint: sorted.endpoint.length, public: sorted.public.length }, bytes };
}

/** Files of two output folders that differ: missing on either side, or with other bytes. */
export function compareOutputs(expected: string, actual: string) {
  const a = filesOf(expected);
  const b = new Set(filesOf(actual));
  const missing: string[] = [];
  const different: string[] = [];
  for (const f of a) {
    if (!b.has(f)) missing.push(f);
    else if (!readFileSync(join(expected, f)).equals(readFileSync(join(actual, f)))) different.push(f);
    b.delete(f);
  }
  return { files: a.length, missing, extra: [...b], different };
}
