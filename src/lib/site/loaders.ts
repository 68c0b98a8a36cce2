/**
 * Content Layer loaders for the catalog. All three read one verified catalog load (see
 * `catalog-source.ts`), so an error anywhere stops the build before a page is made, and the
 * engine's work (evaluation, test generation) happens once per build, not once per page.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { readVerifiedCatalog, type CatalogDefinition, type TemplateOutcome } from './catalog-source.ts';
import { catalogDir } from './catalog-dir.ts';
import { reasonSentence } from './reasons.ts';

/** Replaces the collection's entries with `entries`, keeping unchanged ones (same digest). */
function sync(
  { store, generateDigest }: LoaderContext,
  entries: { id: string; data: Record<string, unknown>; filePath?: string; deferredRender?: boolean }[],
): void {
  const stale = new Set(store.keys());
  for (const entry of entries) {
    stale.delete(entry.id);
    store.set({ ...entry, digest: generateDigest(entry.data) });
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
          data: { title: group.title, description: group.description, order },
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
          data: {
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
          },
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

/** One entry per adoption (`<contract>-<version>/<adoption>`), with the engine's report. */
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
            data: {
              adoption: a.id,
              definitionId: d.id,
              raw: a.raw,
              document: a.document,
              diagnostics: a.report.diagnostics,
              evaluation: a.report.evaluation,
              templates: a.report.templates.map((t) => storedOutcome(t, d)),
              markdown: a.report.markdown,
            },
          });
          entries.push({ id, data });
        }
      }
      sync(context, entries);
    },
  };
}

function storedOutcome(outcome: TemplateOutcome, d: CatalogDefinition) {
  return {
    template: outcome.template,
    live: outcome.live,
    reasons: outcome.reasons.map((r) => reasonSentence(r, d.definition)),
    tests: outcome.tests,
  };
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
