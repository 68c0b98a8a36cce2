/**
 * The key under which the site's integration names a change to the catalog folder in the context
 * of a content refresh (`refreshContent({ loaders, context: { [CATALOG_CHANGE]: n } })`), so that
 * the three catalog loaders of one refresh share one check of the folder. A module of its own: the
 * integration, loaded with Astro's config, must not pull in the engine.
 */
export const CATALOG_CHANGE = 'opengddCatalogChange';

/**
 * The key under which the integration asks the loaders, a second after a change was handled, to
 * write the store once more (see `opengdd-site.ts`).
 */
export const CATALOG_SETTLE = 'opengddCatalogSettle';

/** The names of the catalog's loaders, which a refresh after a catalog change runs again. */
export const LOADER_NAMES = { groups: 'opengdd-groups', definitions: 'opengdd-definitions', adoptions: 'opengdd-adoptions' } as const;

const SEEN = Symbol.for('opengdd-catalog.seen-change');

/** Records that the catalog loaders have run for change `n` (called by the loaders). */
export function markChangeSeen(n: number): void {
  (globalThis as Record<symbol, number | undefined>)[SEEN] = Math.max(n, changeSeen());
}

/**
 * The latest change the catalog loaders ran for (0: none). On `globalThis`: the loaders run as
 * modules of Vite's runner, the integration as one of Astro's config.
 */
export function changeSeen(): number {
  return (globalThis as Record<symbol, number | undefined>)[SEEN] ?? 0;
}
