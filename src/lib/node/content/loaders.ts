/**
 * Content Layer loaders for the catalog. In a build all three read one verified catalog load (see
 * `catalog/source.ts`), so an error anywhere stops the build before a page is made. In dev they run
 * again after every change to the catalog folder (see `live-catalog.ts`): a clean check updates the
 * store, a check with errors leaves it as it was while the pages show the findings.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { CatalogAdoption, CatalogModel } from '../catalog/source.ts';
import { catalogDir } from '../catalog/dir.ts';
import { rememberTexts } from '../dev/state.ts';
import { CATALOG_CHANGE, CATALOG_SETTLE, LOADER_NAMES, markChangeSeen } from '../dev/catalog-change.ts';
import { buildLoads } from './verified-catalogs.ts';
import { textDigest } from '../catalog/digest.ts';

/**
 * A deep copy of catalog data without members named `__proto__`. JSON.parse keeps such a key as
 * an ordinary own member, and §10.2 rule 2 makes it an annotation (it starts with `_`), so a valid
 * catalog may hold one; but Astro's data store (devalue) refuses to serialise it and the build
 * would stop with a stack trace. The site shows no annotation, so nothing visible is lost; the
 * downloads keep the exact bytes (`raw`).
 */
export function storable<T>(value: T): T {
  if (Array.isArray(value)) return value.map(storable) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key !== '__proto__') out[key] = storable((value as Record<string, unknown>)[key]);
  }
  return out as T;
}

/** An entry as a loader hands it to {@link sync}. */
interface Entry {
  id: string;
  data: Record<string, unknown>;
  filePath?: string;
  deferredRender?: boolean;
  /** Its digest, when the loader made it already (see {@link adoptionsLoader}). */
  digest?: string;
}

/** The digest Astro keeps of an entry: of its data and file path. */
function digestOf({ generateDigest }: LoaderContext, entry: Entry): string {
  // The file path is part of the digest: with the data alone, two catalog folders holding the
  // same definition (OPENGDD_CATALOG switched between builds) look unchanged, Astro keeps the
  // first entry's filePath, and the page renders the other folder's about.mdx prose (or fails
  // when that folder is gone).
  return generateDigest({ data: entry.data, filePath: entry.filePath ?? '' });
}

/** Replaces the collection's entries with `entries`, keeping unchanged ones (same digest). */
function sync(context: LoaderContext, entries: Entry[]): void {
  const { store } = context;
  const stale = new Set(store.keys());
  for (const entry of entries) {
    stale.delete(entry.id);
    store.set({ ...entry, digest: entry.digest ?? digestOf(context, entry) });
  }
  // A catalog switched by OPENGDD_CATALOG between builds, or a file removed in dev, must not leave
  // its entries behind.
  for (const id of stale) store.delete(id);
}

/**
 * Stores the entries `entriesOf` makes from the catalog: once from the verified load in a build
 * (a catalog error stops it); in dev from the check of the folder for this sync, which the site's
 * integration asks for after every change (see `live-catalog.ts`).
 */
async function load(context: LoaderContext, entriesOf: (model: CatalogModel) => Promise<Entry[]>): Promise<void> {
  const dir = catalogDir();
  const logger = context.logger.fork('opengdd-catalog');
  // Only a dev server hands loaders a watcher.
  if (!context.watcher) {
    // The site's integration started the load as the build began, the engine loaded by Node
    // itself; imported here, the engine would be Vite's to transform, module by module, before
    // every sync. Without the integration, the load starts here.
    const model = buildLoads().get(dir) ?? (await import('../catalog/source.ts')).readVerifiedCatalog(dir, logger);
    sync(context, await entriesOf(await model));
    return;
  }
  const { checkFor } = await import('../dev/live-catalog.ts');
  const settle = context.refreshContextData?.[CATALOG_SETTLE];
  if (settle !== undefined) {
    // Nothing to check: the store is written again so that Astro drops what it cached meanwhile.
    context.meta.set('catalog-settled', String(settle));
    return;
  }
  const change = context.refreshContextData?.[CATALOG_CHANGE];
  const { generation, check } = await checkFor(dir, logger, change);
  // A check with errors leaves the entries of the last clean one; the pages show the findings.
  if (check.errors.length === 0) sync(context, await entriesOf(check.model));
  // Set after every check, so that the store is written and an open page reloads even when a fix
  // leaves the entries exactly as they were before the fault.
  context.meta.set('catalog-check', String(generation));
  if (typeof change === 'number') markChangeSeen(change);
}

/** Shelves of `groups.json`, in catalog order. */
export function groupsLoader(): Loader {
  return {
    name: LOADER_NAMES.groups,
    load: (context) =>
      load(context, async (model) => {
        const entries: Entry[] = [];
        for (const [order, group] of model.groups.entries()) {
          const data = await context.parseData({
            id: group.id,
            data: storable({ title: group.title, description: group.description, order }),
          });
          entries.push({ id: group.id, data });
        }
        return entries;
      }),
  };
}

/** One entry per definition version; its `about.mdx` body renders through @astrojs/mdx. */
export function definitionsLoader(): Loader {
  return {
    name: LOADER_NAMES.definitions,
    load: (context) =>
      load(context, async (model) => {
        const root = fileURLToPath(context.config.root);
        const entries: Entry[] = [];
        for (const d of model.definitions) {
          const siblings = model.definitions.filter((o) => o.contract === d.contract);
          const versions = siblings.map((o) => o.version).sort((a, b) => a - b);
          const newest = siblings.find((o) => o.version === versions.at(-1))!.id;
          const hasBody = d.about.body.trim().length > 0;
          const data = await context.parseData({
            id: d.id,
            filePath: d.about.file,
            data: storable({
              contract: d.contract,
              version: d.version,
              title: d.about.title,
              group: d.about.group,
              aliases: d.about.aliases,
              benefit: d.about.benefit,
              status: d.status,
              // The files, not their documents: see `definition-files.ts`.
              file: d.file,
              digest: textDigest(d.raw),
              pack: d.pack ? { file: d.pack.file, digest: d.pack.digest, textDigest: textDigest(d.pack.raw) } : null,
              adoptions: d.adoptions.map((a) => a.id),
              versions,
              newest,
              hasBody,
            }),
          });
          // deferredRender: Astro imports the MDX file itself when a page calls render(entry).
          entries.push(
            hasBody
              ? { id: d.id, data, filePath: toPosix(path.relative(root, d.about.file)), deferredRender: true }
              : { id: d.id, data },
          );
        }
        return entries;
      }),
  };
}

/**
 * The entry made of each adoption the dev server's checks handed the loader, by what the check
 * kept of it: a re-check after a change hands back the same object for every file it did not
 * check again (see `live-catalog.ts`), whose entry is then neither parsed, copied nor digested
 * again (7,500 of them after every edit of the 100× catalog).
 */
const madeEntries = new WeakMap<CatalogAdoption, Entry>();

/**
 * One entry per adoption (`<contract>-<version>/<adoption>`): its file, digest, findings and counts.
 * Nothing else is stored: Astro holds the whole data store in memory and bundles it into the build
 * as one string, several copies at once, so every stored byte per adoption counts thousands of
 * times in a large catalog. Pages derive the rest from the file (see `adoption-file.ts`).
 */
export function adoptionsLoader(): Loader {
  return {
    name: LOADER_NAMES.adoptions,
    load: (context) =>
      load(context, async (model) => {
        const entries: Entry[] = [];
        // Every text the pages read back by digest, the definitions' and packs' too (one call,
        // since rememberTexts keeps about twice as many texts as it is given).
        const texts: [string, string][] = [];
        for (const d of model.definitions) {
          texts.push([textDigest(d.raw), d.raw]);
          if (d.pack) texts.push([textDigest(d.pack.raw), d.pack.raw]);
          for (const a of d.adoptions) {
            const id = `${d.id}/${a.id}`;
            if (a.raw !== undefined) texts.push([a.digest, a.raw]);
            const made = context.watcher ? madeEntries.get(a) : undefined;
            if (made?.id === id) {
              entries.push(made);
              continue;
            }
            const data = await context.parseData({
              id,
              data: storable({ adoption: a.id, definitionId: d.id, file: a.file, digest: a.digest, diagnostics: a.diagnostics, counts: a.counts }),
            });
            const entry: Entry = { id, data };
            if (context.watcher) {
              entry.digest = digestOf(context, entry);
              madeEntries.set(a, entry);
            }
            entries.push(entry);
          }
        }
        // In dev, pages read a file's text as it was checked (see `dev/state.ts`).
        if (context.watcher) rememberTexts(texts);
        return entries;
      }),
  };
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
