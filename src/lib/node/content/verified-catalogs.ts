/**
 * Where a build's verified catalog load is kept between the module instances that share it: the
 * site's integration, loaded by Node itself with Astro's config, starts the load (see
 * `opengdd-site.ts`); the content loaders, run by Vite's module runner, take it (see `loaders.ts`).
 * On `globalThis` under registered symbols, since the two never share a module instance. This file
 * imports nothing of the engine, so a loader that only takes the load makes Vite transform nothing
 * more.
 */
import type { CatalogModel } from '../catalog/source.ts';

type Loads = Map<string, Promise<CatalogModel>>;

function registry(key: symbol): Loads {
  return ((globalThis as Record<symbol, Loads>)[key] ??= new Map());
}

/**
 * Loads in flight or done, by folder (the cache of `readVerifiedCatalog`). The integration empties
 * it once the content layer has stored what the pages need: a large catalog's model (every file's
 * text, document and report) would otherwise stay in memory for the whole build.
 */
export function verifiedCatalogs(): Loads {
  return registry(Symbol.for('opengdd-catalog.verified-catalogs'));
}

/**
 * The load the integration started for this build, by folder, failed or not: every loader of the
 * build awaits the same one, so a catalog with errors stops the build with its findings once.
 */
export function buildLoads(): Loads {
  return registry(Symbol.for('opengdd-catalog.build-loads'));
}

/** Lets go of every load (see {@link verifiedCatalogs}). */
export function forgetVerifiedCatalogs(): void {
  verifiedCatalogs().clear();
  buildLoads().clear();
}
