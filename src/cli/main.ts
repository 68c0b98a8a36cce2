/**
 * `opengdd-catalog`: render the generated tests of adoptions, check a whole catalog folder, and
 * the authoring commands that write into one when asked (`sync`, `new`).
 * Exit 0 when clean, 1 when there are errors (or changes `sync --check` would make), 2 on a usage error.
 */
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { analyzeAdoption } from '../lib/opengdd/analyze.ts';
import { formatDiagnostic, hasErrors, oneLine, readableDiagnostics, type Diagnostic } from '../lib/opengdd/diagnostics.ts';
import { isObject } from '../lib/opengdd/json.ts';
import { renderTestsMarkdown } from '../lib/opengdd/render.ts';
import { checkPackShape, soundPack } from '../lib/opengdd/shape.ts';
import { closestName } from '../lib/opengdd/suggest.ts';
import { loadCatalog } from '../lib/node/catalog/catalog.ts';
import { placeFindings, type PlacedText } from '../lib/node/catalog/finding-places.ts';
import { parseJson, readText, sha256Digest } from '../lib/node/catalog/read.ts';
import { catalogDir, CatalogDirError, namedCatalogDir } from '../lib/node/catalog/dir.ts';
import { formatCheck, FORMATS, type Format } from './formats.ts';
import { lineDiff } from './line-diff.ts';
import { newAdoption, newContract, parseDefinitionId } from './new.ts';
import { applySync, planSync } from './sync.ts';
import { commandNames, isCommand, Refusal, usage, UsageError } from './usage.ts';

type Io = { out: NodeJS.WritableStream; err: NodeJS.WritableStream };

/** Runs the command line; returns the exit status. */
export async function main(argv: string[], io: Io = { out: process.stdout, err: process.stderr }): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === '--help' || command === '-h' || command === 'help') {
      const about = command === 'help' ? rest[0] : undefined;
      if (about !== undefined && !isCommand(about)) throw new UsageError(`unknown command "${about}"`);
      io.out.write(usage(about) + '\n');
      return 0;
    }
    if (command && isCommand(command) && rest.some((a) => a === '--help' || a === '-h')) {
      io.out.write(usage(command) + '\n');
      return 0;
    }
    if (command === 'render-tests') return await renderTests(rest, io);
    if (command === 'check') return await check(rest, io);
    if (command === 'sync') return await sync(rest, io);
    if (command === 'new') return await create(rest, io);
    const near = command && closestName(command, commandNames());
    throw new UsageError(command ? `unknown command "${command}"${near ? `; did you mean \`${near}\`?` : ''}` : 'no command given');
  } catch (e) {
    if (e instanceof UsageError || e instanceof CatalogDirError) {
      const about = e instanceof UsageError ? e.command : command && isCommand(command) ? command : undefined;
      io.err.write(`opengdd-catalog: ${e.message}\n${usage(about)}\n`);
      return 2;
    }
    if (e instanceof Refusal) {
      io.err.write(`opengdd-catalog ${command}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/** The catalog folder: `--catalog <dir>` when given, else `OPENGDD_CATALOG` or the embedded one. */
function rootOf(given: string | undefined): string {
  return given === undefined ? catalogDir() : namedCatalogDir(given, '--catalog');
}

/** Reads `--catalog <dir>` at `args[i]`; returns the folder. */
function catalogArg(args: string[], i: number, command: string): string {
  const dir = args[i + 1];
  if (dir === undefined || dir === '') throw new UsageError('--catalog needs a folder', command);
  return dir;
}

async function renderTests(args: string[], io: Io): Promise<number> {
  let packPath: string | undefined;
  const adoptionPaths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--pack') {
      packPath = args[++i];
      if (!packPath) throw new UsageError('--pack needs a file', 'render-tests');
    } else if (a.startsWith('-')) throw new UsageError(`unknown option "${a}"`, 'render-tests');
    else adoptionPaths.push(a);
  }
  if (!packPath) throw new UsageError('render-tests needs --pack <pack.json>', 'render-tests');
  if (adoptionPaths.length === 0) throw new UsageError('render-tests needs at least one adoption file', 'render-tests');

  const diagnostics: Diagnostic[] = [];
  const packFile = await readText(resolve(packPath), packPath, diagnostics);
  const packParsed = packFile && parseJson(packFile.text, packPath, 'CONTRACT_PACK_SHAPE', diagnostics);
  // As in a catalog: the tests come only from templates whose shape held (see soundPack).
  const packShape = packParsed ? checkPackShape(packParsed.value, packPath) : [];
  diagnostics.push(...packShape);
  const packJson = packParsed && { value: soundPack(packParsed.value, packShape) };
  /** The texts of the files that parsed, to place their findings (see placeFindings). */
  const texts = new Map<string, PlacedText>(packParsed ? [[packPath, { text: packFile.text, kind: 'json' }]] : []);
  const packIdentity = /([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)\.pack\.json$/.exec(basename(packPath));

  const reports = [];
  for (const path of adoptionPaths) {
    const file = await readText(resolve(path), path, diagnostics);
    const parsed = file && parseJson(file.text, path, 'CONTRACT_INSTANCE_JSON', diagnostics);
    if (!parsed) continue;
    texts.set(path, { text: file.text, kind: 'json' });
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
  placeFindings(diagnostics, texts);
  io.out.write(renderTestsMarkdown(reports.map((r) => r.tests)));
  writeDiagnostics(readableDiagnostics(diagnostics), io.err);
  return hasErrors(diagnostics) ? 1 : 0;
}

async function check(args: string[], io: Io): Promise<number> {
  let root: string | undefined;
  let format: Format = 'text';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--catalog') root = catalogArg(args, i++, 'check');
    else if (a === '--json') format = 'json';
    else if (a === '--format') format = formatArg(args[++i]);
    else throw new UsageError(`unknown argument "${a}"`, 'check');
  }
  const dir = rootOf(root);
  const { model, diagnostics } = await loadCatalog(dir);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const adoptions = model.definitions.reduce((n, d) => n + d.adoptions.length, 0);
  const tests = model.definitions.reduce((n, d) => n + d.adoptions.reduce((m, a) => m + a.report.tests.length, 0), 0);
  const packs = model.definitions.filter((d) => d.pack).length;
  const summary = { catalog: dir, definitions: model.definitions.length, adoptions, packs, tests, errors, warnings: diagnostics.length - errors };
  io.out.write(formatCheck(format, summary, diagnostics, repositoryPrefix(dir)));
  return errors > 0 ? 1 : 0;
}

/** The value of `--format`. */
function formatArg(value: string | undefined): Format {
  if (value !== undefined && (FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new UsageError(value === undefined ? `--format needs one of ${FORMATS.join(', ')}` : `unknown format "${value}" (${FORMATS.join(', ')})`, 'check');
}

/**
 * The catalog folder as a path from the working directory (`sub/dir/`), when it lies inside it:
 * a workflow step runs at the repository's root, and GitHub places annotations by that path.
 */
function repositoryPrefix(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? '' : `${rel.split(sep).join('/')}/`;
}

async function sync(args: string[], io: Io): Promise<number> {
  let root: string | undefined;
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--catalog') root = catalogArg(args, i++, 'sync');
    else if (a === '--check') dryRun = true;
    else throw new UsageError(`unknown argument "${a}"`, 'sync');
  }
  const dir = rootOf(root);
  const plan = await planSync(dir);
  writeDiagnostics(plan.problems, io.err);
  for (const file of plan.files) {
    for (const change of file.changes) io.out.write(oneLine(`${file.rel}#${change.pointer} ${change.what}`) + "\n");
    if (dryRun) for (const line of lineDiff(file.before, file.after)) io.out.write(`  ${line}\n`);
  }
  if (!dryRun) await applySync(plan);
  const n = plan.files.length;
  const files = `${n} file${n === 1 ? '' : 's'}`;
  const verb = n === 0 ? 'nothing to change' : dryRun ? `${files} would change (run sync to write ${n === 1 ? 'it' : 'them'})` : `${files} written`;
  const skipped = plan.problems.length ? `; ${plan.problems.length} left alone (above)` : '';
  io.out.write(`${dir}: ${verb}, ${plan.unchanged} already in agreement${skipped}.\n`);
  return (dryRun && n > 0) || plan.problems.length > 0 ? 1 : 0;
}

async function create(args: string[], io: Io): Promise<number> {
  let root: string | undefined;
  let group: string | undefined;
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--catalog') root = catalogArg(args, i++, 'new');
    else if (a === '--group') {
      group = args[++i];
      if (!group) throw new UsageError('--group needs a group id', 'new');
    } else if (a.startsWith('-')) throw new UsageError(`unknown option "${a}"`, 'new');
    else positional.push(a);
  }
  if (positional.length === 0) throw new UsageError('new needs <contract>-<version>, and for an adoption its id', 'new');
  if (positional.length > 2) throw new UsageError(`new takes at most two names, not ${positional.length}`, 'new');
  const def = parseDefinitionId(positional[0]!);
  if (positional[1] !== undefined && group !== undefined) throw new UsageError('--group belongs to a new contract, not to an adoption', 'new');
  const dir = rootOf(root);
  const made = positional[1] === undefined ? await newContract(dir, def, group) : await newAdoption(dir, def, positional[1]);
  for (const rel of made.created) io.out.write(`created ${rel}\n`);
  for (const note of made.notes) io.out.write(`${note}\n`);
  return 0;
}

function writeDiagnostics(diagnostics: Diagnostic[], stream: NodeJS.WritableStream): void {
  for (const d of diagnostics) stream.write(formatDiagnostic(d) + '\n');
}
