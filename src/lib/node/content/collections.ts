/**
 * Read-side helpers over the content collections: shelves, newest versions, adoptions of a
 * definition. Collections are read once per build and memoised, since every page's sidebar
 * needs the same shelves; in dev they are read per request, since the store follows the catalog.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { withDefinitionFiles, type DefinitionData } from '../catalog/definition-files.ts';
import { navOf, shelvesOf, versionsOf, type CatalogVersions, type NavShelf, type ShelfOf } from './catalog-views.ts';

/** A definition entry, with its files' texts and documents (see `definition-files.ts`). */
export type DefinitionEntry = Omit<CollectionEntry<'definitions'>, 'data'> & { data: DefinitionData };
/** An adoption entry. */
export type AdoptionEntry = CollectionEntry<'adoptions'>;
/** A group entry. */
export type GroupEntry = CollectionEntry<'groups'>;

/** A shelf of the catalog: a group and the newest version of each of its contracts. */
export type Shelf = ShelfOf<GroupEntry, DefinitionEntry>;

let shelvesCache: Promise<Shelf[]> | undefined;
let definitionsCache: Promise<DefinitionEntry[]> | undefined;
let adoptionsCache: Promise<AdoptionEntry[]> | undefined;
let versionsCache: Promise<CatalogVersions> | undefined;

/** Every definition version, ordered by title then version. */
export function allDefinitions(): Promise<DefinitionEntry[]> {
  if (import.meta.env.DEV) definitionsCache = undefined;
  definitionsCache ??= getCollection('definitions').then((list) =>
    list
      .map((entry): DefinitionEntry => ({ ...entry, data: withDefinitionFiles(entry.data) }))
      .sort((a, b) => a.data.title.localeCompare(b.data.title) || a.data.version - b.data.version),
  );
  return definitionsCache;
}

/** Every adoption, ordered by definition then adoption id. */
export function allAdoptions(): Promise<AdoptionEntry[]> {
  if (import.meta.env.DEV) adoptionsCache = undefined;
  adoptionsCache ??= getCollection('adoptions').then((list) => list.sort((a, b) => a.id.localeCompare(b.id)));
  return adoptionsCache;
}

/** The shelves in `groups.json` order, each with its contracts' newest versions. */
export function shelves(): Promise<Shelf[]> {
  if (import.meta.env.DEV) shelvesCache = undefined;
  shelvesCache ??= (async () => {
    const [groups, definitions] = await Promise.all([getCollection('groups'), allDefinitions()]);
    return shelvesOf(groups, definitions);
  })();
  return shelvesCache;
}

/** The shelves as the sidebar shows them (see `navOf`): every page's key holds exactly this. */
export async function navShelves(): Promise<NavShelf[]> {
  return navOf(await shelves());
}

/** The adoptions of one definition version, in id order. */
export async function adoptionsOf(definitionId: string): Promise<AdoptionEntry[]> {
  return (await allAdoptions()).filter((a) => a.data.definitionId === definitionId);
}

/**
 * Every definition version as the version helpers read it (`site/versions.ts`), and the paths under
 * `/contracts/` of the version-free addresses that are written. Made once per build: every contract
 * and adoption page's version switcher needs them, and making them is linear in the catalog's
 * adoptions, which per page made a large catalog's build quadratic.
 */
export function catalogVersions(): Promise<CatalogVersions> {
  if (import.meta.env.DEV) versionsCache = undefined;
  versionsCache ??= allDefinitions().then(versionsOf);
  return versionsCache;
}
