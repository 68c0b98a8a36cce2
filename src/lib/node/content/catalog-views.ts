/**
 * The catalog-wide views the pages read (shelves, the sidebar's view of them, the version lists),
 * made from the collections' entries. Apart from `collections.ts`, which reads the entries from the
 * content layer, so that the page keys' test (tests/unit/page-keys.test.ts) makes the very same
 * views from a catalog's entries without Astro.
 */
import { latestRoutes, type VersionedDefinition } from '../../site/versions.ts';

/** A group entry as the views read it. */
interface GroupLike {
  id: string;
  data: { title: string; order: number };
}

/** A definition entry as the views read it. */
interface DefinitionLike {
  id: string;
  data: { title: string; contract: string; version: number; group: string; newest: string; adoptions: string[] };
}

/** A shelf: a group and the newest version of each of its contracts. */
export interface ShelfOf<G, D> {
  group: G;
  contracts: D[];
}

/** The shelves in `groups.json` order, each with its contracts' newest versions (in `definitions` order). */
export function shelvesOf<G extends GroupLike, D extends DefinitionLike>(groups: readonly G[], definitions: readonly D[]): ShelfOf<G, D>[] {
  const newest = definitions.filter((d) => d.id === d.data.newest);
  return [...groups]
    .sort((a, b) => a.data.order - b.data.order)
    .map((group) => ({ group, contracts: newest.filter((d) => d.data.group === group.id) }));
}

/** What the sidebar shows of a shelf: its group's id and title, its contracts' ids, titles and names. */
export interface NavShelf {
  group: { id: string; title: string };
  contracts: { id: string; title: string; contract: string }[];
}

/**
 * The shelves as the sidebar shows them (non-empty ones only), and nothing more: every page of the
 * site's layout shows it, so it is in every page's cache key (`incremental/page-keys.ts`), where a field the
 * sidebar does not show would make an edit of it re-render every page.
 */
export function navOf(shelves: readonly ShelfOf<GroupLike, DefinitionLike>[]): NavShelf[] {
  return shelves
    .filter((s) => s.contracts.length > 0)
    .map(({ group, contracts }) => ({
      group: { id: group.id, title: group.data.title },
      contracts: contracts.map((d) => ({ id: d.id, title: d.data.title, contract: d.data.contract })),
    }));
}

/** The version lists: every version as `site/versions.ts` reads it, and the version-free paths written. */
export interface CatalogVersions {
  versions: VersionedDefinition[];
  latest: ReadonlySet<string>;
}

/** The version lists of `definitions`. */
export function versionsOf(definitions: readonly DefinitionLike[]): CatalogVersions {
  const versions = definitions.map((e) => ({ id: e.id, contract: e.data.contract, version: e.data.version, adoptions: e.data.adoptions }));
  return { versions, latest: new Set(latestRoutes(versions).routes.map((r) => r.path)) };
}
