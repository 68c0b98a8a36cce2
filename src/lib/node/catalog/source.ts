/**
 * The one seam between the site and the engine's catalog reader.
 *
 * Everything the site knows about a catalog comes through {@link readVerifiedCatalog}: it loads the
 * folder once per build, stops the build on any error diagnostic (an Astro error: one line per
 * finding, a hint, no stack trace), and hands warnings to the caller's logger. The dev server checks
 * through {@link checkCatalogFolder}, which never throws (see `live-catalog.ts`). Swapping the reader is a
 * change to this file only.
 *
 * The engine's model holds live objects (condition facts, closures); {@link toSiteModel} copies out the
 * plain data the content layer can store, and of each adoption only what the loaders store (see
 * {@link siteAdoption}).
 */
import {
  formatDiagnostic,
  templateCounts,
  type GeneratedTest,
  type PlainAdoptionReport,
  type PlainEvaluation,
  type TemplateCounts,
  type TemplateOutcome,
  type Diagnostic,
  type NotLiveReason as EngineReason,
} from '../../opengdd/index.ts';
import { AstroError } from 'astro/errors';
import * as engine from './catalog.ts';
import { textDigest } from './digest.ts';
import { rememberedChecks } from '../incremental/check-memo.ts';
import { verifiedCatalogs } from '../content/verified-catalogs.ts';

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

/**
 * One adoption file of a definition as the site keeps it from the check: where it is, the digest
 * of its text as checked, and what the check found. Not its document or report: the pages make
 * those again from the file (see `adoption-file.ts`), and a large catalog's reports, held from the
 * check until the content layer has stored its entries, were most of a build's memory.
 */
export interface CatalogAdoption {
  id: string;
  /** Absolute path of the file. */
  file: string;
  /** `sha256:` digest of the text as checked (see `textDigest`). */
  digest: string;
  /** The text as checked: kept only by a check asked for it (the dev server's, see `live-catalog.ts`). */
  raw?: string;
  diagnostics: Diagnostic[];
  counts: TemplateCounts;
}

/** One definition version with its about page, pack and adoptions. */
export type CatalogDefinition = engine.CatalogDefinition<CatalogAdoption>;

/** A whole catalog folder. */
export type CatalogModel = engine.CatalogModel<CatalogAdoption>;

/** Options of {@link checkCatalogFolder}. */
export interface CheckOptions {
  /** See `LoadOptions.recall` in `catalog.ts`. */
  recall?: engine.AdoptionRecall<CatalogAdoption>;
  /** Keep each adoption's text in the model (`raw`). */
  texts?: boolean;
}

// ---------------------------------------------------------------------------------------------
// The verified entry point.

/**
 * Thrown when the catalog has error diagnostics: an Astro error (so Astro prints it as its own, with
 * a title and a hint, and no stack trace), whose message is the findings, one
 * `file#pointer CODE severity sentence` line each.
 */
export class CatalogError extends AstroError {
  /** The heading Astro's error overlay shows. */
  readonly title: string;
  /** The error findings. (A field, not a parameter property: Node's type stripping loads this file.) */
  readonly diagnostics: Diagnostic[];
  constructor(
    diagnostics: Diagnostic[],
    hint = 'Each line names the file, the line and column, the JSON pointer, the code and what is wrong. Fix those files and build again; `npx opengdd-catalog check` lists the same findings.',
  ) {
    super(findingsText(diagnostics), hint);
    this.diagnostics = diagnostics;
    this.name = 'CatalogError';
    this.title = `The catalog has ${count(diagnostics.length, 'error')}`;
    // The findings are the whole story; a stack trace would only point into the site's own code,
    // and Astro prints none for an error without one.
    this.stack = '';
  }

  /**
   * Astro gives an error whose `toString()` mentions "document" or "window" its own hint
   * ("Browser APIs are not available on the server", astro/dist/core/errors/dev/utils.js), in place
   * of this one; a finding may well say "document". Astro prints the name and message itself, so
   * only that guess reads this.
   */
  override toString(): string {
    return `${this.name}: ${this.title}`;
  }
}

/** "The catalog has N errors:" and one line per finding. */
export function findingsText(diagnostics: readonly Diagnostic[]): string {
  return `The catalog has ${count(diagnostics.length, 'error')}:\n` + diagnostics.map(formatDiagnostic).join('\n');
}

/** What the caller's logger must offer (Astro's loader logger does). */
export interface WarningSink {
  warn(message: string): void;
}

/** A check of a whole catalog folder: what could be read, and every finding. */
export interface CatalogCheck {
  model: CatalogModel;
  diagnostics: Diagnostic[];
  errors: Diagnostic[];
  /** One line of what was checked (see {@link checkedLine}). */
  summary: string;
}

/** Reads and checks the catalog at `dir`, never throwing for what is in it. */
export async function checkCatalogFolder(dir: string, options: CheckOptions = {}): Promise<CatalogCheck> {
  const { model, diagnostics } = await engine.loadCatalog(dir, {
    ...(options.recall ? { recall: options.recall } : {}),
    keep: (a) => siteAdoption(a, options.texts ?? false),
  });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const site = toSiteModel(model);
  return { model: site, diagnostics, errors, summary: checkedLine(site, diagnostics) };
}

/**
 * What a check covered, for the build log: "16 definitions, 75 adoptions, 16 packs checked; 2,606
 * tests generated; 0 errors" (and the warnings, when there are some).
 */
export function checkedLine(model: CatalogModel, diagnostics: readonly Diagnostic[]): string {
  const adoptions = model.definitions.flatMap((d) => d.adoptions);
  const packs = model.definitions.filter((d) => d.pack).length;
  const tests = adoptions.reduce((n, a) => n + a.counts.tests, 0);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  return (
    `${count(model.definitions.length, 'definition')}, ${count(adoptions.length, 'adoption')}, ${count(packs, 'pack')} checked; ` +
    `${count(tests, 'test')} generated; ${count(errors, 'error')}${warnings ? `, ${count(warnings, 'warning')}` : ''}`
  );
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** Loads in flight or done, by folder (shared with the site's integration, see `verified-catalogs.ts`). */
const cache = verifiedCatalogs();

/**
 * What each verified load checked, by folder, for the integration to print once the content layer
 * has synced (see `opengdd-site.ts`); on `globalThis` for the same reason as the cache.
 */
const summaries: Map<string, string> = ((globalThis as Record<symbol, Map<string, string>>)[Symbol.for('opengdd-catalog.check-summaries')] ??= new Map());

/**
 * Loads and verifies the catalog at `dir`, once per process (all collections share one load).
 * Rejects with {@link CatalogError} when any diagnostic is an error; reports warnings once. With
 * `checks`, the check of an unchanged adoption is taken from that file (see `check-memo.ts`).
 */
export function readVerifiedCatalog(dir: string, logger: WarningSink, options: { checks?: string } = {}): Promise<CatalogModel> {
  let pending = cache.get(dir);
  if (!pending) {
    pending = (async () => {
      const memo = options.checks === undefined ? undefined : rememberedChecks<CatalogAdoption>(options.checks);
      const { model, diagnostics, errors, summary } = await checkCatalogFolder(dir, memo ? { recall: memo } : {});
      memo?.save();
      if (errors.length) throw new CatalogError(errors);
      for (const d of diagnostics) logger.warn(formatDiagnostic(d));
      summaries.set(dir, summary);
      return model;
    })();
    cache.set(dir, pending);
    // A failed load is not cached: the next build (dev restart) reads the folder again.
    pending.catch(() => cache.delete(dir));
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------

/** What the site keeps of a checked adoption (see {@link CatalogAdoption}). */
function siteAdoption(a: engine.CatalogAdoption, keepText: boolean): CatalogAdoption {
  return {
    id: a.id,
    file: a.file,
    digest: textDigest(a.raw),
    ...(keepText ? { raw: a.raw } : {}),
    diagnostics: a.report.diagnostics,
    counts: templateCounts(a.report.templates),
  };
}

/** Copies the plain data the site uses out of the engine's model. */
function toSiteModel(model: engine.CatalogModel<CatalogAdoption>): CatalogModel {
  return {
    root: model.root,
    groups: model.groups.map(({ id, title, description }) => ({ id, title, description })),
    definitions: model.definitions.map((d) => ({
      id: d.id,
      contract: d.contract,
      version: d.version,
      definition: d.definition,
      raw: d.raw,
      file: d.file,
      about: { ...d.about },
      ...(d.pack ? { pack: { file: d.pack.file, raw: d.pack.raw, document: d.pack.document, digest: d.pack.digest } } : {}),
      status: d.status,
      adoptions: d.adoptions,
    })),
  };
}
