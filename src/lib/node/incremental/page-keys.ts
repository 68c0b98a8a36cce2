/**
 * The cache key of every page and file a later build may reuse (Astro's
 * `experimental.incrementalBuild`): one digest of everything its bytes are made from. Astro itself
 * re-renders a path when the code of its route changes, or the Astro config, or the lockfile; the
 * content store is none of those, so whatever a page reads of the catalog must be in its key, or a
 * later build serves it stale.
 *
 * A key digests the page's props — the store entries `getStaticPaths` hands it, whole and
 * canonically serialised, so a field added to an entry is covered without a word here — and the
 * catalog-wide parts the page reads while it renders ({@link KeyParts}): the shelves of the
 * sidebar, the version lists, a contract's adoptions and newest version, its about.mdx and images.
 * Which part each route reads is said once, in {@link pageKeys}; tests/unit/page-keys.test.ts
 * proves which keys an edit of each kind changes, and that no page reads the catalog except
 * through a part named here.
 *
 * Pure apart from reading about.mdx files and their images: a test computes the keys from a
 * catalog's stored entries without Astro (see `catalog-keys.ts` for the build's side).
 */
import { digestOf } from './canonical.ts';

/**
 * Raised when what keys are made of changes meaning, so that no key of an older build can match.
 * 1: first scheme.
 */
export const KEY_SCHEME = 1;

/** A stored entry as far as keys read it: the content layer's id, data and file path. */
export interface KeyedEntry {
  id: string;
  data: unknown;
  filePath?: string | undefined;
}

/**
 * The catalog-wide reads of the pages, each exactly as the page reads it (the key digests the
 * value the page is given, not a projection that could miss a field).
 */
export interface KeyParts {
  /** Every shelf: `shelves()` with its groups (a page's crumbs name its shelf). */
  groups: unknown;
  /** What the sidebar shows of the shelves (`navShelves()`, on every page of the site's layout). */
  nav: unknown;
  /** The version lists (`catalogVersions()`: the version switcher, "a newer version" notes). */
  versions: unknown;
  /** The adoptions of a definition version, in page order (`adoptionsOf`). */
  adoptionsOf(definitionId: string): readonly KeyedEntry[];
  /** A definition version's newest version's entry (`allDefinitions().find(…)`). */
  newestOf(definition: KeyedEntry): KeyedEntry | undefined;
  /** The text of a definition version's about.mdx and its images: see {@link aboutDigest}. */
  about(definition: KeyedEntry): string;
}

/** What a route's `getStaticPaths` hands each path: its props. */
type Props = Record<string, unknown>;

/**
 * The key of every keyed route, by route: what each reads besides its props. A route not named here
 * has no key and renders in every build (the catalog page, `catalog.json`, 404: each reads the
 * whole catalog and is one file).
 */
export function pageKeys(parts: KeyParts) {
  // Every page of the site's layout: its sidebar, crumbs and version switcher.
  const site = digestOf({ groups: parts.groups, nav: parts.nav, versions: parts.versions });
  return {
    /** `contracts/<cv>/<adoption>/`: the adoption, its definition, and the layout's parts. */
    adoptionPage: (props: Props) => keyOf(props, site),
    /** `contracts/<cv>/`: also its about.mdx, its adoptions (list, counts, answers), its newest version. */
    contractPage: (props: Props & { entry: KeyedEntry }) =>
      keyOf(props, site, parts.about(props.entry), digestOf(parts.newestOf(props.entry)), digestOf(parts.adoptionsOf(props.entry.id))),
    /** `<cv>.adoptions.json`: how the version's adoptions answer. */
    adoptionsFile: (props: Props & { entry: KeyedEntry }) => keyOf(props, digestOf(parts.adoptionsOf(props.entry.id))),
    /** A file made from its props alone: downloads, schemas, the file view, the social cards. */
    file: (props: Props) => keyOf(props),
  };
}

/** The key of a page with `props` and catalog-wide parts already digested. */
function keyOf(props: Props, ...parts: string[]): string {
  return digestOf([SETTING, props, parts]);
}

/**
 * What is outside the catalog and outside Astro's own checks (config, lockfile, route code) yet in
 * the output: Node's version (`node:zlib` deflates the zips; its output may change with zlib).
 */
const SETTING = ['opengdd-page-keys', KEY_SCHEME, process.version, process.versions.zlib ?? ''];

