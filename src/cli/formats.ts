/**
 * The ways `check` writes its findings: one line each for a reader (`text`), a JSON report
 * (`json`), GitHub Actions workflow commands that annotate a pull request (`github`), and SARIF
 * 2.1.0 for code scanning (`sarif`). The shapes follow Spectral's and ESLint's formatters. Every
 * format keeps the escape rules of `diagnostics.ts`: a catalog's names and values reach no terminal,
 * log or viewer with a raw control or bidirectional character.
 */
import { escapeControls, formatDiagnostic, safeJson, type Diagnostic } from '../lib/opengdd/diagnostics.ts';

/** The formats of `check --format`. */
export const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

/** What a check covered, as `check --json` reports it beside the findings. */
export interface CheckSummary {
  catalog: string;
  definitions: number;
  adoptions: number;
  packs: number;
  tests: number;
  errors: number;
  warnings: number;
}

/**
 * The output of `check` in `format`. `prefix` is put before each catalog-relative file name where
 * a reader outside the catalog folder resolves it (`github`: from the repository's root, the
 * working directory of a workflow step).
 */
export function formatCheck(format: Format, summary: CheckSummary, diagnostics: readonly Diagnostic[], prefix = ''): string {
  if (format === 'json') return safeJson({ ...summary, diagnostics }, 2) + '\n';
  if (format === 'sarif') return safeJson(sarif(diagnostics), 2) + '\n';
  if (format === 'github') return diagnostics.map((d) => githubCommand(d, prefix) + '\n').join('');
  const { errors, warnings } = summary;
  return (
    diagnostics.map((d) => formatDiagnostic(d) + '\n').join('') +
    `${summary.catalog}: ${summary.definitions} definitions, ${summary.adoptions} adoptions, ${summary.packs} packs, ${summary.tests} generated tests; ` +
    `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.\n`
  );
}

/**
 * One GitHub Actions workflow command: `::error file=…,line=…,col=…,title=CODE::/pointer sentence`.
 * GitHub reads `%`, CR and LF as escapes in the message, and `:` and `,` too in a property
 * (actions/toolkit, `command.ts`); control and bidirectional characters are escaped first.
 */
export function githubCommand(d: Diagnostic, prefix = ''): string {
  const properties = [`file=${property(prefix + d.file)}`];
  if (d.line !== undefined) properties.push(`line=${d.line}`, `col=${d.column ?? 1}`);
  properties.push(`title=${property(d.code)}`);
  const text = d.pointer === '' ? d.message : `${d.pointer} ${d.message}`;
  return `::${d.severity} ${properties.join(',')}::${data(text)}`;
}

/** A command's message: GitHub's escapes of `%`, CR and LF, after the catalog's own. */
function data(text: string): string {
  return escapeControls(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value: as {@link data}, and `:` and `,`, which end a property. */
function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * A SARIF 2.1.0 log: one run, the codes as the driver's rules, one result per finding with its
 * level, sentence and place (the file relative to the catalog folder, `%SRCROOT%`; the line and
 * column when known; the JSON pointer as a logical location).
 */
export function sarif(diagnostics: readonly Diagnostic[]): object {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'opengdd-catalog',
            informationUri: 'https://opengdd.org',
            rules: codes.map((id) => ({ id, shortDescription: { text: ruleText(id) } })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: codes.indexOf(d.code),
          level: d.severity,
          message: { text: escapeControls(d.pointer === '' ? d.message : `${d.pointer} ${d.message}`) },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: d.file.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' },
                ...(d.line === undefined ? {} : { region: { startLine: d.line, startColumn: d.column ?? 1 } }),
              },
              ...(d.pointer === '' ? {} : { logicalLocations: [{ fullyQualifiedName: escapeControls(d.pointer), kind: 'member' }] }),
            },
          ],
        })),
      },
    ],
  };
}

/** A rule's one-line description: where its code is defined. */
function ruleText(code: string): string {
  return code.startsWith('CATALOG_') ? `${code}: a catalog finding (README, "Catalog findings")` : `${code}: OpenGDD v0.9 §10`;
}
