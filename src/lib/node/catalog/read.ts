/**
 * The thin file-reading edge: bytes, UTF-8, size limits and JSON parsing with one-sentence errors.
 * Node-only; the engine core never imports it.
 */
import { constants } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { pointer, type ContractCode, type Diagnostic } from '../../opengdd/diagnostics.ts';
import { duplicateKeys } from '../../opengdd/duplicate-keys.ts';
import { placeFindings } from './finding-places.ts';

/** Files larger than this are refused before parsing (a catalog file is a few kilobytes). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** A file read from disk: its exact bytes and text. */
export interface ReadFile {
  bytes: Uint8Array;
  text: string;
}

export { sha256Digest } from './digest.ts';

/**
 * Reads a file as strict UTF-8 within the size limit; reports problems as diagnostics. With
 * `within` (a catalog folder), a file that is, or lies under, a symbolic link leading out of that
 * folder is refused: a catalog from someone else must not publish the files of the machine that
 * builds it.
 */
export async function readText(
  path: string,
  display: string,
  out: Diagnostic[],
  within?: string,
  /** `within` with its links followed, when the caller has it (see {@link readTexts}). */
  withinReal?: Promise<string>,
  /** How the file is opened (`fs.constants`); by default for reading, following links. */
  flag?: number,
): Promise<ReadFile | undefined> {
  try {
    if (within && !(await isInside(path, within, withinReal))) {
      out.push(diag('CATALOG_LAYOUT', display, '', 'The file is a link to a place outside the catalog folder; a catalog is read only from inside itself.'));
      return undefined;
    }
    const info = await stat(path);
    if (info.size > MAX_FILE_BYTES) {
      out.push(diag('CATALOG_LAYOUT', display, '', `The file is ${(info.size / 1048576).toFixed(1)} MB; catalog files are limited to ${MAX_FILE_BYTES / 1048576} MB.`));
      return undefined;
    }
    const bytes = new Uint8Array(await readFile(path, flag === undefined ? {} : { flag }));
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      out.push(diag('CATALOG_ENCODING', display, '', 'The file is not valid UTF-8 text.'));
      return undefined;
    }
    return { bytes, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch (e) {
    out.push(diag('CATALOG_LAYOUT', display, '', `The file cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`));
    return undefined;
  }
}

/** A file to read with {@link readTexts}: its path and the name findings give it. */
export interface TextToRead {
  path: string;
  display: string;
  /**
   * Listed as a regular file, not a link, in a folder the caller found inside `within`: then it
   * lies inside too, and is read without following its place again (see {@link readTexts}).
   */
  regular?: boolean;
}

/** Opens a file for reading, refusing a symbolic link (where the system has the flag). */
const NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** What {@link readTexts} yields for one file. */
export interface ReadOutcome {
  file: ReadFile | undefined;
  /** The findings reading it made. */
  found: Diagnostic[];
}

/**
 * {@link readText} for many files, a few ahead of the caller, yielding each outcome in the order
 * given with the findings its reading made (for the caller to add where one `readText` would
 * have). Read one after another, each waited for, a large catalog's check spent half its time
 * idle: 7,500 adoption files took 3.3 s of a 6.4 s load, waiting on the file system.
 *
 * A file listed as `regular` is not followed to its real place (`realpath` walks every folder of
 * the path: 7,500 of them were 213 ms of a warm build's main thread at 100×, besides the thread
 * pool's work); it is opened refusing a link, so one put in its place since it was listed cannot
 * lead out of the catalog.
 */
export async function* readTexts(
  files: readonly TextToRead[],
  within?: string,
  ahead = 16,
): AsyncGenerator<ReadOutcome, void> {
  const pending: Promise<ReadOutcome>[] = [];
  // The folder's own links are followed once, not once a file.
  const withinReal = within === undefined ? undefined : realpath(within);
  // Each file's reading reports a failure here as its finding; unawaited, it is no unhandled rejection.
  withinReal?.catch(() => undefined);
  let next = 0;
  const start = () => {
    const { path, display, regular } = files[next++]!;
    const found: Diagnostic[] = [];
    // readText reports every failure as a finding and never rejects.
    const read = regular ? readText(path, display, found, undefined, undefined, NO_FOLLOW) : readText(path, display, found, within, withinReal);
    pending.push(read.then((file) => ({ file, found })));
  };
  while (next < files.length && pending.length < ahead) start();
  while (pending.length) {
    const outcome = await pending.shift()!;
    if (next < files.length) start();
    yield outcome;
  }
}

/** Whether `path`, with every symbolic link followed, lies inside the folder `root` (also followed). */
export async function isInside(path: string, root: string, rootReal: Promise<string> = realpath(root)): Promise<boolean> {
  const [real, base] = await Promise.all([realpath(path), rootReal]);
  return real.startsWith(base.endsWith(sep) ? base : base + sep);
}

/**
 * Arrays and objects nested deeper than this are refused: the engine, ajv and the site walk
 * documents recursively, and a 2 MB file can nest a million levels. A catalog document nests
 * fewer than ten.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Parses JSON, reporting a syntax error with its line and column under `code`, a document
 * nested deeper than {@link MAX_JSON_DEPTH} with the pointer where it goes too deep, and each key
 * an object repeats (the value is still returned: the last of them, as `JSON.parse` keeps it).
 */
export function parseJson(text: string, display: string, code: ContractCode, out: Diagnostic[]): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const where = jsonErrorWhere(text, (e as Error).message);
    out.push({ ...diag(code, display, '', `The file does not parse as JSON: ${where.sentence}.`), ...where.place });
    return undefined;
  }
  const tooDeep = tooDeepAt(value);
  if (tooDeep !== undefined) {
    const found = diag(code, display, tooDeep, `The document nests deeper than ${MAX_JSON_DEPTH} arrays and objects here; catalog documents nest a few levels.`);
    const items = [found];
    placeFindings(items, new Map([[display, { text, kind: 'json' }]]));
    out.push(items[0]!);
    return undefined;
  }
  out.push(...duplicateFindings(text, display, code));
  return { value };
}

/** Repeated keys past this many are counted in one last finding, not listed. */
const MAX_DUPLICATES_LISTED = 20;

/** One error per repeated key of a (valid) JSON text. */
function duplicateFindings(text: string, display: string, code: ContractCode): Diagnostic[] {
  const duplicates = duplicateKeys(text);
  const listed: Diagnostic[] = duplicates.slice(0, MAX_DUPLICATES_LISTED).map((d) =>
    ({
      ...diag(code, display, d.pointer, `The key "${d.key}" appears again in this object at line ${d.line}, column ${d.column}; a JSON reader keeps only the last, while the file shows both. Keep one.`),
      line: d.line,
      column: d.column,
    }),
  );
  const more = duplicates.length - listed.length;
  if (more > 0) listed.push(diag(code, display, '', `…and ${more.toLocaleString('en-US')} more repeated keys.`));
  return listed;
}

/** The pointer of the first container nested deeper than the limit, found without recursion. */
function tooDeepAt(root: unknown): string | undefined {
  interface Visit {
    value: unknown;
    depth: number;
    parent?: Visit;
    key?: string;
  }
  const stack: Visit[] = [{ value: root, depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    if (visit.value === null || typeof visit.value !== 'object') continue;
    const depth = visit.depth + 1;
    if (depth > MAX_JSON_DEPTH) {
      const keys: string[] = [];
      for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) keys.unshift(v.key);
      return pointer(...keys);
    }
    for (const [key, child] of Object.entries(visit.value)) stack.push({ value: child, depth, parent: visit, key });
  }
  return undefined;
}

/** A parse error's sentence, with where it happened when the parser says (a byte position). */
function jsonErrorWhere(text: string, message: string): { sentence: string; place?: { line: number; column: number } } {
  // An unfinished text ends where the input does; V8's message then gives no position.
  const m = /position (\d+)/.exec(message) ?? (/end of JSON input/i.test(message) ? [, String(text.length)] : null);
  const detail = message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
  const sentence = detail.charAt(0).toLowerCase() + detail.slice(1);
  if (!m) return { sentence };
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return { sentence: `${sentence} at line ${line}, column ${column}`, place: { line, column } };
}

/** Builds one error diagnostic. */
export function diag(code: ContractCode, file: string, pointer: string, message: string, severity: 'error' | 'warning' = 'error'): Diagnostic {
  return { code, severity, file, pointer, message };
}
