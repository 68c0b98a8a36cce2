/**
 * `opengdd-catalog`: render the generated tests of adoptions, or check a whole catalog folder.
 * Exit 0 when clean, 1 when there are errors, 2 on a usage error.
 */
import { basename, resolve } from 'node:path';
import { analyzeAdoption } from '../lib/opengdd/analyze.ts';
import { formatDiagnostic, hasErrors, readableDiagnostics, type Diagnostic } from '../lib/opengdd/diagnostics.ts';
import { isObject } from '../lib/opengdd/json.ts';
import { renderTestsMarkdown } from '../lib/opengdd/render.ts';
import { loadCatalog } from '../lib/node/catalog.ts';
import { parseJson, readText, sha256Digest } from '../lib/node/read.ts';
import { catalogDir } from '../lib/node/catalog-dir.ts';

const USAGE = `Usage:
  opengdd-catalog render-tests --pack <pack.json> <adoption.json>...
      Print the generated tests as Markdown (byte-identical to opengdd --render-contract-tests).
  opengdd-catalog check [--catalog <dir>] [--json]
      Check a catalog folder holding catalog/ and packs/ (default: $OPENGDD_CATALOG or the embedded one).`;

class UsageError extends Error {}

/** Runs the command line; returns the exit status. */
export async function main(argv: string[], io = { out: process.stdout, err: process.stderr }): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === 'render-tests') return await renderTests(rest, io);
    if (command === 'check') return await check(rest, io);
    if (command === '--help' || command === '-h' || command === 'help') {
      io.out.write(USAGE + '\n');
      return 0;
    }
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  } catch (e) {
    if (e instanceof UsageError) {
      io.err.write(`opengdd-catalog: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}

async function renderTests(args: string[], io: { out: NodeJS.WritableStream; err: NodeJS.WritableStream }): Promise<number> {
  let packPath: string | undefined;
  const adoptionPaths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--pack') {
      packPath = args[++i];
      if (!packPath) throw new UsageError('--pack needs a file');
    } else if (a.startsWith('-')) throw new UsageError(`unknown option "${a}"`);
    else adoptionPaths.push(a);
  }
  if (!packPath) throw new UsageError('render-tests needs --pack <pack.json>');
  if (adoptionPaths.length === 0) throw new UsageError('render-tests needs at least one adoption file');

  const diagnostics: Diagnostic[] = [];
  const packFile = await readText(resolve(packPath), packPath, diagnostics);
  const packJson = packFile && parseJson(packFile.text, packPath, 'CONTRACT_PACK_SHAPE', diagnostics);
  const packIdentity = /([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)\.pack\.json$/.exec(basename(packPath));

  const reports = [];
  for (const path of adoptionPaths) {
    const file = await readText(resolve(path), path, diagnostics);
    const parsed = file && parseJson(file.text, path, 'CONTRACT_INSTANCE_JSON', diagnostics);
    if (!parsed) continue;
    const id = basename(path).replace(/\.json$/, '');
    const doc = parsed.value;
    const matches =
      packFile && packJson && packIdentity && isObject(doc) && doc.contract === packIdentity[1] && doc.version === Number(packIdentity[2]);
    const report = analyzeAdoption({
      id,
      file: path,
      document: doc,
      ...(matches ? { pack: { file: packPath, document: packJson.value, digest: sha256Digest(packFile.bytes) } } : {}),
    });
    diagnostics.push(...report.diagnostics);
    if (report.status === 'checked') reports.push(report);
  }
  reports.sort((a, b) => a.id.localeCompare(b.id));
  io.out.write(renderTestsMarkdown(reports.map((r) => r.tests)));
  writeDiagnostics(readableDiagnostics(diagnostics), io.err);
  return hasErrors(diagnostics) ? 1 : 0;
}

async function check(args: string[], io: { out: NodeJS.WritableStream; err: NodeJS.WritableStream }): Promise<number> {
  let root: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--catalog') {
      root = args[++i];
      if (!root) throw new UsageError('--catalog needs a folder');
    } else if (a === '--json') json = true;
    else throw new UsageError(`unknown argument "${a}"`);
  }
  const dir = resolve(root ?? catalogDir());
  const { model, diagnostics } = await loadCatalog(dir);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const adoptions = model.definitions.reduce((n, d) => n + d.adoptions.length, 0);
  const tests = model.definitions.reduce((n, d) => n + d.adoptions.reduce((m, a) => m + a.report.tests.length, 0), 0);
  const summary = { catalog: dir, definitions: model.definitions.length, adoptions, packs: model.definitions.filter((d) => d.pack).length, tests, errors, warnings };
  if (json) io.out.write(JSON.stringify({ ...summary, diagnostics }, null, 2) + '\n');
  else {
    writeDiagnostics(diagnostics, io.out);
    io.out.write(
      `${dir}: ${summary.definitions} definitions, ${adoptions} adoptions, ${summary.packs} packs, ${tests} generated tests; ` +
        `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.\n`,
    );
  }
  return errors > 0 ? 1 : 0;
}

function writeDiagnostics(diagnostics: Diagnostic[], stream: NodeJS.WritableStream): void {
  for (const d of diagnostics) stream.write(formatDiagnostic(d) + '\n');
}
