/**
 * The one seam between the site and the engine's catalog reader.
 *
 * Everything the site knows about a catalog comes through {@link readVerifiedCatalog}: it loads the
 * folder once per build, stops the build on any error diagnostic (one line per finding, no stack
 * trace), and hands warnings to the caller's logger. Swapping the reader is a change to this file only.
 *
 * The engine's model holds live objects (condition facts, closures); {@link toSiteModel} copies out the
 * plain data the content layer can store.
 */
import {
  formatDiagnostic,
  plainReport,
  type GeneratedTest,
  type PlainAdoptionReport,
  type PlainEvaluation,
  type TemplateOutcome,
  type Diagnostic,
  type NotLiveReason as EngineReason,
} from '../opengdd/index.ts';
import * as engine from './catalog.ts';

// ---------------------------------------------------------------------------------------------
// The model the site builds on: the engine's `CatalogModel`, reduced to plain data.

/** A shelf of the catalog index, from `catalog/groups.json`. */
export type CatalogGroup = engine.CatalogGroup;

/** Why a template does not apply (the engine's structured reason). */
export type NotLiveReason = EngineReason;

/** One generated acceptance test, whether one template applies, how an adoption evaluates, and
 * everything the engine says about it — the engine's own types, as plain data. */
export type { GeneratedTest, TemplateOutcome };
export type Evaluation = PlainEvaluation;
export type AdoptionReport = PlainAdoptionReport;

/** One adoption file of a definition, its report as plain data. */
export interface CatalogAdoption extends Omit<engine.CatalogAdoption, 'report'> {
  report: AdoptionReport;
}

/** One definition version with its about page, pack and adoptions. */
export interface CatalogDefinition extends Omit<engine.CatalogDefinition, 'adoptions'> {
  adoptions: CatalogAdoption[];
}

/** A whole catalog folder. */
export interface CatalogModel extends Omit<engine.CatalogModel, 'definitions'> {
  definitions: CatalogDefinition[];
}

// ---------------------------------------------------------------------------------------------
// The verified entry point.

/** Thrown when the catalog has error diagnostics; the message is the findings, one per line. */
export class CatalogError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(
      `The catalog has ${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'}:\n` +
        diagnostics.map(formatDiagnostic).join('\n'),
    );
    this.name = 'CatalogError';
    // The findings are the whole story; a stack trace would only point into the site's own code,
    // and Astro prints none for an error without one.
    this.stack = '';
  }
}

/** What the caller's logger must offer (Astro's loader logger does). */
export interface WarningSink {
  warn(message: string): void;
}

/**
 * Loads in flight or done, by folder. On `globalThis` under a registered symbol, so the site's
 * integration can let go of them once the content layer has stored what the pages need: a large
 * catalog's model (every file's text, document and report) would otherwise stay in memory for the
 * whole build.
 */
const cache: Map<string, Promise<CatalogModel>> = ((globalThis as Record<symbol, Map<string, Promise<CatalogModel>>>)[
  Symbol.for('opengdd-catalog.verified-catalogs')
] ??= new Map());

/**
 * Loads and verifies the catalog at `dir`, once per process (all collections share one load).
 * Rejects with {@link CatalogError} when any diagnostic is an error; reports warnings once.
 */
export function readVerifiedCatalog(dir: string, logger: WarningSink): Promise<CatalogModel> {
  let pending = cache.get(dir);
  if (!pending) {
    pending = (async () => {
      const { model, diagnostics } = await engine.loadCatalog(dir);
      const errors = diagnostics.filter((d) => d.severity === 'error');
      if (errors.length) throw new CatalogError(errors);
      for (const d of diagnostics) logger.warn(formatDiagnostic(d));
      return toSiteModel(model);
    })();
    cache.set(dir, pending);
    // A failed load is not cached: the next build (dev restart) reads the folder again.
    pending.catch(() => cache.delete(dir));
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------

/** Copies the plain data the site uses out of the engine's model. */
function toSiteModel(model: engine.CatalogModel): CatalogModel {
  return {
    root: model.root,
    groups: model.groups.map(({ id, title, description }) => ({ id, title, description })),
    definitions: model.definitions.map((d) => ({
      id: d.id,
      contract: d.contract,
      version: d.version,
      definition: d.definition,
      raw: d.raw,
      about: { ...d.about },
      ...(d.pack ? { pack: { file: d.pack.file, raw: d.pack.raw, document: d.pack.document, digest: d.pack.digest } } : {}),
      status: d.status,
      adoptions: d.adoptions.map((a) => ({
        id: a.id,
        file: a.file,
        raw: a.raw,
        document: a.document,
        report: plainReport(a.report),
      })),
    })),
  };
}
