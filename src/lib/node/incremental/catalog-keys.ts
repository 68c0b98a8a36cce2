/**
 * The build's page keys (see `page-keys.ts`), made once per build from the collections: each
 * keyed route's `getStaticPaths` returns `withKeys(paths, (k) => k.<route>)`.
 */
import { allDefinitions, adoptionsOf, catalogVersions, navShelves, shelves } from '../content/collections.ts';
import { aboutDigest } from './about-digest.ts';
import { pageKeys, type KeyedEntry } from './page-keys.ts';

let keys: ReturnType<typeof build> | undefined;

/** The key functions of this build's catalog. */
export function catalogKeys(): ReturnType<typeof build> {
  keys ??= build();
  return keys;
}

async function build() {
  const [list, nav, versions, definitions] = await Promise.all([shelves(), navShelves(), catalogVersions(), allDefinitions()]);
  const adoptions = new Map<string, KeyedEntry[]>();
  for (const d of definitions) adoptions.set(d.id, await adoptionsOf(d.id));
  const byId = new Map(definitions.map((d) => [d.id, d]));
  // The content layer stores an about.mdx's path relative to the project root, where Astro builds.
  const root = process.cwd();
  return pageKeys({
    groups: list.map((s) => s.group),
    nav,
    versions,
    adoptionsOf: (id) => adoptions.get(id) ?? [],
    newestOf: (d) => byId.get((d.data as { newest: string }).newest),
    about: (d) => aboutDigest(d, root),
  });
}

/** The key functions, by route kind. */
export type CatalogKeys = Awaited<ReturnType<typeof build>>;

/**
 * `paths` with each path's `cacheKey` from its props, by the key function `pick` chooses: a route's
 * `getStaticPaths` returns `withKeys(paths, (k) => k.adoptionPage)`.
 */
export async function withKeys<P extends { props: Record<string, unknown> }>(
  paths: P[],
  pick: (keys: CatalogKeys) => (props: P['props']) => string,
): Promise<(P & { cacheKey?: string })[]> {
  // Only a build reuses pages; the dev server asks for a route's paths again after every change.
  if (import.meta.env.DEV) return paths;
  const key = pick(await catalogKeys());
  return paths.map((p) => ({ ...p, cacheKey: key(p.props) }));
}
