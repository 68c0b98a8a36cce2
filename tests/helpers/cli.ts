/**
 * Runs the command line in-process with captured streams (or as the real bin in a child process),
 * and reads its diagnostic lines back.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { Diagnostic } from '../../src/lib/opengdd/diagnostics.ts';
import { repoRoot } from './paths.ts';

/** What one run printed and returned. */
export interface CliRun {
  status: number;
  out: string;
  err: string;
}

/** A writable stand-in that keeps what is written. */
function sink(): { chunks: string[]; write(chunk: string | Uint8Array): boolean } {
  const chunks: string[] = [];
  return {
    chunks,
    write(chunk) {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    },
  };
}

/** Runs `opengdd-catalog <argv…>` in this process. */
export async function runCli(argv: string[]): Promise<CliRun> {
  const out = sink();
  const err = sink();
  const io = { out, err } as unknown as Parameters<typeof main>[1];
  const status = await main(argv, io);
  return { status, out: out.chunks.join(''), err: err.chunks.join('') };
}

/** One printed diagnostic line: `file:line:column /pointer CODE severity message`. */
export type PrintedFinding = Pick<Diagnostic, 'file' | 'pointer' | 'code' | 'severity' | 'message' | 'line' | 'column'>;

/** The place and the pointer are left out when unknown and when the finding names the whole file. */
const LINE = /^(.*?)(?::(\d+):(\d+))? (?:(\/\S*) )?([A-Z][A-Z_]+) (error|warning) (.*)$/;

/** Parses the diagnostic lines of an output; other lines (the summary) are left out. */
export function parseFindings(text: string): PrintedFinding[] {
  const found: PrintedFinding[] = [];
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const f: PrintedFinding = { file: m[1]!, pointer: m[4] ?? '', code: m[5] as Diagnostic['code'], severity: m[6] as 'error' | 'warning', message: m[7]! };
    if (m[2] !== undefined) Object.assign(f, { line: Number(m[2]), column: Number(m[3]) });
    found.push(f);
  }
  return found;
}

/** What a printed finding line starts with, whatever its place: `file[:line:column] [/pointer ]CODE severity `. */
export function findingStart(f: { file: string; pointer: string; code: string }, severity = 'error'): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${esc(f.file)}(?::\\d+:\\d+)? ${f.pointer ? `${esc(f.pointer)} ` : ''}${f.code} ${severity} `);
}

/**
 * Runs the real `bin/opengdd-catalog.mjs` in a child process (Node and tsx as a user runs it), for
 * what only a process shows: its exit status and everything it prints, stack traces included.
 */
export function runBin(argv: string[], env: Record<string, string | undefined> = {}): CliRun {
  const merged: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/opengdd-catalog.mjs'), ...argv], { env: merged, encoding: 'utf8' });
  return { status: run.status ?? -1, out: run.stdout, err: run.stderr };
}
