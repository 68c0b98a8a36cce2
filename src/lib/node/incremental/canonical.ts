/**
 * One digest of a value's data, however it was built: the page keys' (see `page-keys.ts`) measure of
 * "the same input". In a file of its own so that every key of the build is made the same way.
 */
import { createHash, randomUUID } from 'node:crypto';

/**
 * A digest of a value's canonical serialisation: object members in name order, so two values
 * equal as data give one digest however they were built. A value that is not data (a function, a
 * symbol) gives a digest no other build repeats: a page that reads one always renders.
 */
export function digestOf(value: unknown): string {
  return sha256(canonical(value));
}

/** Digests of large objects, by identity: a definition is in the key of each of its thousands of pages. */
const memo = new WeakMap<object, string>();

/** Objects whose canonical text is longer are digested and remembered rather than inlined. */
const INLINE = 512;

/**
 * Digests of long strings (a pack's text is in the props of each of its thousands of zips): a
 * string cannot key a WeakMap, but the same string object looks itself up at once. The strings are
 * those of the store's entries, which the build holds anyway.
 */
const strings = new Map<string, string>();

/** `#` and the digest of a long string: unlike a short string's JSON, never starts with a quote. */
function longString(value: string): string {
  let known = strings.get(value);
  if (known === undefined) {
    known = `#${sha256(JSON.stringify(value))}`;
    strings.set(value, known);
  }
  return known;
}

function canonical(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length > INLINE ? longString(value) : JSON.stringify(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'bigint':
      return `${value}n`;
    case 'object':
      break;
    default:
      return `not-data:${randomUUID()}`;
  }
  if (value === null) return 'null';
  const known = memo.get(value);
  if (known) return known;
  let text: string;
  if (Array.isArray(value)) text = `[${value.map(canonical).join(',')}]`;
  else if (value instanceof Date) text = `date:${value.toISOString()}`;
  else if (value instanceof Uint8Array) text = `bytes:${sha256(value)}`;
  else if (value instanceof Map) text = `map:${canonical([...value])}`;
  else if (value instanceof Set) text = `set:${canonical([...value])}`;
  else if (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null) {
    const record = value as Record<string, unknown>;
    text = `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`)
      .join(',')}}`;
  } else text = `not-data:${randomUUID()}`;
  if (text.length > INLINE) {
    text = `#${sha256(text)}`;
    memo.set(value, text);
  }
  return text;
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
