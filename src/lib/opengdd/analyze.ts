/**
 * One call that does everything the catalog needs for one adoption: validate it (and its pack),
 * evaluate it, decide every template's liveness and render the generated tests.
 */
import { DiagnosticSink, type Diagnostic } from './diagnostics.ts';
import { designerState, evaluate, type Evaluation } from './evaluate.ts';
import { isObject } from './json.ts';
import { renderTestsMarkdown } from './render.ts';
import { analyzeTemplates, type GeneratedTest, type TemplateOutcome } from './templates.ts';
import type { Definition, Pack, Template } from './types.ts';
import { validateAdoption } from './validate/adoption.ts';

/** What {@link analyzeAdoption} reads. */
export interface AdoptionInput {
  /** The adoption id (the file name without `.json`). */
  id: string;
  /** The file path to name in diagnostics. */
  file: string;
  /** The parsed adoption file. */
  document: unknown;
  /** The pack of the adoption's identity, when present (the adoption is then checked). */
  pack?: PackInput;
  /**
   * False when the caller already holds this file's findings (the site, rendering a file the
   * catalog check has validated): the report then has no diagnostics, and costs half as much.
   */
  validate?: boolean;
}

/** A pack as read from disk. */
export interface PackInput {
  file: string;
  document: unknown;
  /** `sha256:<hex>` of the exact bytes, when the caller could compute it. */
  digest?: string;
}

/** Everything the site shows about one adoption. */
export interface AdoptionReport {
  id: string;
  status: 'checked' | 'promised';
  diagnostics: Diagnostic[];
  evaluation: Evaluation;
  /** Every pack template in pack order (empty when promised). */
  templates: TemplateOutcome[];
  /** Every generated test, in order. */
  tests: GeneratedTest[];
  /** Exactly what `opengdd --render-contract-tests` prints for this adoption. */
  markdown: string;
}

/** Validates, evaluates and expands one adoption. */
export function analyzeAdoption(input: AdoptionInput): AdoptionReport {
  const sink = new DiagnosticSink(input.file);
  const doc = input.document;
  const definition = (isObject(doc) ? doc : {}) as unknown as Definition;
  const state = designerState(doc);
  const evaluation = evaluate(definition, state, input.id);
  const templates: Template[] =
    input.pack && isObject(input.pack.document) && Array.isArray(input.pack.document.templates)
      ? ((input.pack.document as unknown as Pack).templates as Template[])
      : [];
  const outcomes = input.pack
    ? analyzeTemplates(templates, { adoptionId: input.id, definition, state, evaluation, sink })
    : [];
  const diagnostics = input.validate === false ? [] : validateAdoption({ ...input, definition, state, evaluation, outcomes, sink });
  const tests = outcomes.flatMap((o) => o.tests);
  const report = {
    id: input.id,
    status: input.pack ? 'checked' : 'promised',
    diagnostics,
    evaluation,
    templates: outcomes,
    tests,
  } as Omit<AdoptionReport, 'markdown'> as AdoptionReport;
  // Rendered when first read: a catalog check reads the findings and the counts only, and writing
  // every test's JSON out was a tenth of its work.
  let markdown: string | undefined;
  Object.defineProperty(report, 'markdown', { enumerable: true, get: () => (markdown ??= input.pack ? renderTestsMarkdown([tests]) : '') });
  return report;
}
