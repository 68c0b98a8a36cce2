/**
 * Where the members of a JSON text are: the 1-based line and column that a JSON pointer names, so
 * that a finding can say `file:12:7` as editors, terminals and CI logs link it. One pass over the
 * text, no parse tree; the text must be valid JSON (call it after `JSON.parse` succeeded).
 */
import { escapePointerSegment } from './diagnostics.ts';
import { stringEnd } from './duplicate-keys.ts';

/** A place in a text: 1-based line and column (in UTF-16 code units, as editors and SARIF count). */
export interface Place {
  line: number;
  column: number;
}

interface Frame {
  object: boolean;
  pointer: string;
  /** Objects: the next string is a key; the pointer of the current member. */
  expectKey: boolean;
  member: string;
  /** Arrays: the index of the current element. */
  index: number;
}

const DELIMITER = /[,\]}\s]/;

/**
 * The places of the `wanted` pointers found in `text`: for a member, where its key starts (as
 * Spectral and editors point at a member); for the root or an array element, where its value
 * starts. A key an object repeats is placed at its last occurrence, the one `JSON.parse` keeps.
 */
export function jsonPlaces(text: string, wanted: ReadonlySet<string>): Map<string, Place> {
  const found = new Map<string, Place>();
  const stack: Frame[] = [];
  let line = 1;
  let lineStart = 0;
  const record = (ptr: string, at: number) => {
    if (wanted.has(ptr)) found.set(ptr, { line, column: at - lineStart + 1 });
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      lineStart = i + 1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === ':' || c === '\ufeff') continue;
    const top = stack[stack.length - 1];
    if (c === ',') {
      if (top?.object) top.expectKey = true;
      else if (top) top.index++;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      continue;
    }
    if (top?.object && top.expectKey) {
      const end = stringEnd(text, i);
      const raw = text.slice(i + 1, end);
      const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
      top.member = `${top.pointer}/${escapePointerSegment(key)}`;
      top.expectKey = false;
      record(top.member, i);
      i = end;
      continue;
    }
    const ptr = !top ? '' : top.object ? top.member : `${top.pointer}/${top.index}`;
    if (!top?.object) record(ptr, i);
    if (c === '{') stack.push({ object: true, pointer: ptr, expectKey: true, member: '', index: 0 });
    else if (c === '[') stack.push({ object: false, pointer: ptr, expectKey: false, member: '', index: 0 });
    else if (c === '"') i = stringEnd(text, i);
    else while (i + 1 < text.length && !DELIMITER.test(text[i + 1]!)) i++;
  }
  return found;
}

/** `pointer` and each of its ancestors, the pointer itself first, the root (`""`) last. */
export function pointerAncestors(pointer: string): string[] {
  const out = [pointer];
  for (let p = pointer; p !== ''; ) {
    p = p.slice(0, p.lastIndexOf('/'));
    out.push(p);
  }
  return out;
}
