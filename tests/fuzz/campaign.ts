/**
 * A fuzz campaign: seeded cases, each one mutated catalog file checked on a temporary copy.
 *
 * A case changes one file of one definition, so it is checked on a small catalog holding what that
 * file touches and nothing else — `groups.json`, the definition's folder and its pack — as the dev
 * server re-checks a change with what depends on it: the corpus's other 15 definitions would only
 * repeat the same work. Each small catalog is copied once per campaign into a temporary folder
 * (the corpus is read in place, never copied into the project), a case writes its mutation there,
 * runs `check` through the command line's own `main` with captured output, and puts the file back.
 *
 * What a case must show (see {@link judge}): exit 0 or 1, never an exception, an "internal error"
 * or a stack trace; output in the asked format whose every error is a finding with file, pointer,
 * code, severity and sentence; no raw control or bidirectional character in any format; and the
 * catalog's bytes unchanged by the check.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.ts';
import { caseRandom, mutate } from './mutate.ts';
import { treeDigest } from '../helpers/paths.ts';

/** One small catalog of a campaign: a definition with its adoptions and pack, and the groups. */
export interface Workspace {
  /** Where the catalog was copied from (`corpus` or `embedded`) and the definition. */
  label: string;
  root: string;
  /** Catalog-relative files a case may mutate. */
  files: string[];
}

/** The output formats a case asks for in turn. */
export const FORMATS = ['json', 'text', 'github', 'sarif'] as const;

/** What a case did and how it fell short, if it did. */
export interface CaseResult {
  index: number;
  workspace: string;
  file: string;
  what: string;
  format: (typeof FORMATS)[number];
  status: number;
  errors: number | undefined;
  /** Empty when the case held. */
  problems: string[];
  /** The mutated bytes (kept to replay a case that fell short). */
  bytes: Buffer;
  /** The check's output. */
  out: string;
}

/** Copies each definition of the catalog folders `sources` into its own small temporary catalog. */
export function workspaces(sources: { label: string; dir: string }[]): { all: Workspace[]; dispose(): void } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'opengdd-fuzz-'));
  const all: Workspace[] = [];
  for (const source of sources) {
    const catalog = path.join(source.dir, 'catalog');
    for (const cv of readdirSync(catalog).sort()) {
      if (cv === 'groups.json' || cv.startsWith('.')) continue;
      const root = path.join(base, `${source.label}-${cv}`);
      mkdirSync(path.join(root, 'catalog'), { recursive: true });
      mkdirSync(path.join(root, 'packs'));
      cpSync(path.join(catalog, 'groups.json'), path.join(root, 'catalog/groups.json'));
      cpSync(path.join(catalog, cv), path.join(root, 'catalog', cv), { recursive: true });
      const pack = path.join(source.dir, 'packs', `${cv}.pack.json`);
      if (existsSync(pack)) cpSync(pack, path.join(root, 'packs', `${cv}.pack.json`));
      const files = ['catalog/groups.json', `catalog/${cv}/definition.json`, `catalog/${cv}/about.mdx`];
      const adoptions = path.join(root, 'catalog', cv, 'adoptions');
      if (existsSync(adoptions)) for (const a of readdirSync(adoptions).sort()) files.push(`catalog/${cv}/adoptions/${a}`);
      if (existsSync(pack)) files.push(`packs/${cv}.pack.json`);
      all.push({ label: `${source.label}/${cv}`, root, files });
    }
  }
  return { all, dispose: () => rmSync(base, { recursive: true, force: true }) };
}

/** The catalog folders to fuzz: the embedded one, and the corpus when `../shared/corpus` is there. */
export function sources(repoRoot: string, corpusDir: string, corpusPresent: boolean): { label: string; dir: string }[] {
  return [{ label: 'embedded', dir: repoRoot }, ...(corpusPresent ? [{ label: 'corpus', dir: corpusDir }] : [])];
}

/** A writable stand-in that keeps what is written. */
function capture(): { text(): string; write(chunk: string | Uint8Array): boolean } {
  const chunks: string[] = [];
  return {
    text: () => chunks.join(''),
    write(chunk) {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    },
  };
}

/** Runs `check` in-process as `main` does for the command line; an exception is returned, not thrown. */
export async function checkInProcess(argv: string[]): Promise<{ status: number; out: string; err: string; thrown?: unknown }> {
  const out = capture();
  const err = capture();
  try {
    const status = await main(argv, { out, err } as unknown as Parameters<typeof main>[1]);
    return { status, out: out.text(), err: err.text() };
  } catch (thrown) {
    return { status: 2, out: out.text(), err: err.text(), thrown };
  }
}

/** The mutation of case `index`: which file of which workspace, and its new bytes. */
export function planCase(all: Workspace[], seed: number, index: number): { workspace: Workspace; file: string; bytes: Buffer; what: string; format: (typeof FORMATS)[number] } {
  const random = caseRandom(seed, index);
  const workspace = random.pick(all);
  const file = random.pick(workspace.files);
  const { bytes, what } = mutate(file, readFileSync(path.join(workspace.root, file)), random);
  return { workspace, file, bytes, what, format: FORMATS[index % FORMATS.length]! };
}

/** Runs case `index` of the campaign seeded `seed` on its workspace, and puts the file back. */
export async function runCase(all: Workspace[], seed: number, index: number): Promise<CaseResult> {
  const plan = planCase(all, seed, index);
  const abs = path.join(plan.workspace.root, plan.file);
  const original = readFileSync(abs);
  writeFileSync(abs, plan.bytes);
  try {
    const before = treeDigest(plan.workspace.root);
    const run = await checkInProcess(['check', '--catalog', plan.workspace.root, '--format', plan.format]);
    const problems = judge(plan.format, run);
    if (treeDigest(plan.workspace.root) !== before) problems.push('check changed the catalog files');
    const errors = errorCount(plan.format, run.out);
    return { index, workspace: plan.workspace.label, file: plan.file, what: plan.what, format: plan.format, status: run.status, errors, problems, bytes: plan.bytes, out: run.out };
  } finally {
    writeFileSync(abs, original);
  }
}

/** A stack frame, an error's name at a line's start, or the CLI's last-resort message. */
export const TRACE = /^\s+at .+\(|^\s+at file:|\b[A-Z][A-Za-z]*Error: |internal error/m;

/**
 * Characters no format may carry raw from a catalog (the escape rules of `diagnostics.ts`): C0
 * controls but the line breaks of the output itself, DEL, and the bidirectional controls.
 */
const UNSAFE_RAW = /[\u0000-\u0009\u000b-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const FINDING_KEYS = ['file', 'pointer', 'code', 'severity', 'message'] as const;

/** What a check's run got wrong, as sentences (empty when it held). */
export function judge(format: (typeof FORMATS)[number], run: { status: number; out: string; err: string; thrown?: unknown }): string[] {
  const problems: string[] = [];
  if (run.thrown !== undefined) problems.push(`check threw: ${run.thrown instanceof Error ? run.thrown.stack : String(run.thrown)}`);
  if (run.status !== 0 && run.status !== 1) problems.push(`exit ${run.status}`);
  if (TRACE.test(run.out) || TRACE.test(run.err)) problems.push('a stack trace or an internal error was printed');
  if (UNSAFE_RAW.test(run.out) || UNSAFE_RAW.test(run.err)) problems.push(`a raw control or bidirectional character in the ${format} output`);
  if (run.thrown !== undefined) return problems;
  const errors = errorCount(format, run.out);
  if (errors === undefined) problems.push(`the ${format} output does not read as ${format}`);
  else if ((errors > 0 ? 1 : 0) !== run.status) problems.push(`exit ${run.status} with ${errors} errors`);
  if (format === 'json' && errors !== undefined) {
    const doc = JSON.parse(run.out) as { diagnostics: Record<string, unknown>[] };
    for (const d of doc.diagnostics) {
      const missing = FINDING_KEYS.filter((k) => typeof d[k] !== 'string' || (k !== 'pointer' && d[k] === ''));
      if (missing.length) problems.push(`a finding without ${missing.join(', ')}: ${JSON.stringify(d)}`);
      if (!/^[A-Z][A-Z_]+$/.test(String(d.code)) || (d.severity !== 'error' && d.severity !== 'warning')) problems.push(`a finding with a bad code or severity: ${JSON.stringify(d)}`);
      if (d.line !== undefined && !(Number.isInteger(d.line) && Number.isInteger(d.column) && (d.line as number) >= 1 && (d.column as number) >= 1)) problems.push(`a finding with a bad position: ${JSON.stringify(d)}`);
    }
  }
  return problems;
}

/** The number of errors an output reports, or undefined when it cannot be read in its format. */
export function errorCount(format: (typeof FORMATS)[number], out: string): number | undefined {
  try {
    if (format === 'json') return (JSON.parse(out) as { errors: number }).errors;
    if (format === 'sarif') {
      const log = JSON.parse(out) as { runs: { results: { level: string }[] }[] };
      return log.runs[0]!.results.filter((r) => r.level === 'error').length;
    }
    if (format === 'github') return out.split('\n').filter((l) => l.startsWith('::error ')).length;
    const m = /(\d+) errors?, \d+ warnings?\.\n$/.exec(out);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
