/**
 * Runs the command line in-process with captured streams, and reads its diagnostic lines back.
 */
import { main } from '../../src/cli/main.ts';
import type { Diagnostic } from '../../src/lib/opengdd/diagnostics.ts';

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

/** One printed diagnostic line: `file#/pointer CODE severity message`. */
export type PrintedFinding = Pick<Diagnostic, 'file' | 'pointer' | 'code' | 'severity' | 'message'>;

const LINE = /^(.*?)#(\S*) ([A-Z][A-Z_]+) (error|warning) (.*)$/;

/** Parses the diagnostic lines of an output; other lines (the summary) are left out. */
export function parseFindings(text: string): PrintedFinding[] {
  const found: PrintedFinding[] = [];
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (m) found.push({ file: m[1]!, pointer: m[2]!, code: m[3] as Diagnostic['code'], severity: m[4] as 'error' | 'warning', message: m[5]! });
  }
  return found;
}
