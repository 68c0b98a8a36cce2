/**
 * Content Layer loaders for the catalog. All three read one verified catalog load (see
 * `catalog-source.ts`), so an error anywhere stops the build before a page is made.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { readVerifiedCatalog } from './catalog-source.ts';
import { catalogDir } from './catalog-dir.ts';

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

/** Replaces the collection's entries with `entries`, keeping unchanged ones (same digest). */
function sync(
  { store, generateDigest }: LoaderContext,
  entries: { id: string; data: Record<string, unknown>; filePath?: string; deferredRender?: boolean }[],
): void {
  const stale = new Set(store.keys());
  for (const entry of entries) {
    stale.delete(entry.id);
    // The file path is part of the digest: with the data alone, two catalog folders holding the
    // same definition (OPENGDD_CATALOG switched between builds) look unchanged, Astro keeps the
    // first entry's filePath, and the page renders the other folder's about.mdx prose (or fails
    // when that folder is gone).
    store.set({ ...entry, digest: generateDigest({ data: entry.data, filePath: entry.filePath ?? '' }) });
  }
  // A catalog switched by OPENGDD_CATALOG between builds must not leave the old entries behind.
  for (const id of stale) store.delete(id);
}

/** Loads the catalog for `context`, turning a catalog error into a clean build failure. */
async function load(context: LoaderContext) {
  return readVerifiedCatalog(catalogDir(), context.logger.fork('opengdd-catalog'));
}

/** Shelves of `groups.json`, in catalog order. */
export function groupsLoader(): Loader {
  return {
    name: 'opengdd-groups',
    load: async (context) => {
      const model = await load(context);
      const entries = [];
      for (const [order, group] of model.groups.entries()) {
        const data = await context.parseData({
          id: group.id,
          data: storable({ title: group.title, description: group.description, order }),
        });
        entries.push({ id: group.id, data });
      }
      sync(context, entries);
    },
  };
}

/** One entry per definition version; its `about.mdx` body renders through @astrojs/mdx. */
export function definitionsLoader(): Loader {
  return {
    name: 'opengdd-definitions',
    load: async (context) => {
      const model = await load(context);
      const root = fileURLToPath(context.config.root);
      const entries = [];
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
            definition: d.definition,
            raw: d.raw,
            pack: d.pack ? { raw: d.pack.raw, digest: d.pack.digest, document: d.pack.document } : null,
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
      sync(context, entries);
    },
  };
}

/** `sha256:<hex>` of a text's UTF-8 bytes. */
export function textDigest(text: string): string {
  return 'sha256:' + createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * One entry per adoption (`<contract>-<version>/<adoption>`): its file, digest, findings and counts.
 * Nothing else is stored: Astro holds the whole data store in memory and bundles it into the build
 * as one string, several copies at once, so every stored byte per adoption counts thousands of
 * times in a large catalog. Pages derive the rest from the file (see `adoption-file.ts`).
 */
export function adoptionsLoader(): Loader {
  return {
    name: 'opengdd-adoptions',
    load: async (context) => {
      const model = await load(context);
      const entries = [];
      for (const d of model.definitions) {
        for (const a of d.adoptions) {
          const id = `${d.id}/${a.id}`;
          const data = await context.parseData({
            id,
            data: storable({
              adoption: a.id,
              definitionId: d.id,
              file: a.file,
              digest: textDigest(a.raw),
              diagnostics: a.report.diagnostics,
              counts: {
                tests: a.report.tests.length,
                live: a.report.templates.filter((t) => t.live).length,
                templates: a.report.templates.length,
              },
            }),
          });
          entries.push({ id, data });
        }
      }
      sync(context, entries);
    },
  };
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
