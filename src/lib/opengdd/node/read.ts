/**
 * The thin file-reading edge: bytes, UTF-8, size limits and JSON parsing with one-sentence errors.
 * Node-only; the engine core never imports it.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { ContractCode, Diagnostic } from '../diagnostics.ts';

/** Files larger than this are refused before parsing (a catalog file is a few kilobytes). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** A file read from disk: its exact bytes and text. */
export interface ReadFile {
  bytes: Uint8Array;
  text: string;
}

/** `sha256:<hex>` of exact bytes (§10.8). */
export function sha256Digest(bytes: Uint8Array): string {
  return 'sha256:' + createHash('sha256').update(bytes).digest('hex');
}

/** Reads a file as strict UTF-8 within the size limit; reports problems as diagnostics. */
export async function readText(path: string, display: string, out: Diagnostic[]): Promise<ReadFile | undefined> {
  try {
    const info = await stat(path);
    if (info.size > MAX_FILE_BYTES) {
      out.push(diag('CATALOG_LAYOUT', display, '', `The file is ${(info.size / 1048576).toFixed(1)} MB; catalog files are limited to ${MAX_FILE_BYTES / 1048576} MB.`));
      return undefined;
    }
    const bytes = new Uint8Array(await readFile(path));
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

/** Parses JSON, reporting a syntax error with its line and column under `code`. */
export function parseJson(text: string, display: string, code: ContractCode, out: Diagnostic[]): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    out.push(diag(code, display, '', `The file does not parse as JSON: ${jsonErrorWhere(text, (e as Error).message)}.`));
    return undefined;
  }
}

function jsonErrorWhere(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  const detail = message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
  if (!m) return detail.charAt(0).toLowerCase() + detail.slice(1);
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `${detail.charAt(0).toLowerCase() + detail.slice(1)} at line ${line}, column ${column}`;
}

/** Builds one error diagnostic. */
export function diag(code: ContractCode, file: string, pointer: string, message: string, severity: 'error' | 'warning' = 'error'): Diagnostic {
  return { code, severity, file, pointer, message };
}
