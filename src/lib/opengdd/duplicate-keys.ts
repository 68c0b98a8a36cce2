/**
 * Keys that an object of a JSON text names more than once. `JSON.parse` keeps the last of them
 * without a word, while every view of the file (an editor, the site's JSON view) shows all: what
 * the checks judge and what a reader sees would differ. One pass over the text, no parse tree.
 */
import { pointer } from './diagnostics.ts';

/** One repeated key: where it repeats, as a pointer and a place in the text. */
export interface DuplicateKey {
  /** JSON pointer of the member, e.g. `/answers`. */
  pointer: string;
  key: string;
  /** 1-based line and column of the repeated key's opening quote. */
  line: number;
  column: number;
}

/** A container being read: an object with the keys seen so far, or an array with its index. */
interface Frame {
  keys?: Set<string>;
  /** The current member's key (objects) or index (arrays). */
  at: string | number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Every repeated key of `text`, which must be valid JSON (call it after `JSON.parse` succeeded).
 * A key repeated n times gives n − 1 entries, each at its own repetition.
 */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: { at: (string | number)[]; key: string; offset: number }[] = [];
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const frame = stack[stack.length - 1];
      if (frame?.keys && frame.expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (frame.keys.has(key)) found.push({ at: stack.slice(0, -1).map((f) => f.at), key, offset: i });
        else frame.keys.add(key);
        frame.at = key;
        frame.expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) stack.push({ keys: new Set(), at: '', expectKey: true });
    else if (c === 0x5b /* [ */) stack.push({ at: 0, expectKey: false });
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) stack.pop();
    else if (c === 0x2c /* , */) {
      const frame = stack[stack.length - 1]!;
      if (frame.keys) frame.expectKey = true;
      else frame.at = (frame.at as number) + 1;
    }
  }
  return withPlaces(text, found);
}

/** The index of the quote that closes the string opening at `start` (its length when none does). */
export function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end > 0) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

/** Adds line and column to each finding, counting lines once over the text. */
function withPlaces(text: string, found: { at: (string | number)[]; key: string; offset: number }[]): DuplicateKey[] {
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  return found.map(({ at, key, offset }) => {
    for (; scanned < offset; scanned++) {
      if (text.charCodeAt(scanned) === 0x0a) {
        line++;
        lineStart = scanned + 1;
      }
    }
    return { pointer: pointer(...at, key), key, line, column: offset - lineStart + 1 };
  });
}
