/**
 * Edits the top level of a JSON text in place, so that a file the authoring commands touch keeps
 * everything they do not change byte for byte: its indentation, line endings, key order, final
 * newline, annotations and the spelling of its numbers. The text is already known to parse.
 */

/** How a JSON file is laid out. */
export interface JsonFormat {
  /** One level of indentation (`""` for a file on one line). */
  indent: string;
  newline: '\n' | '\r\n';
  finalNewline: boolean;
  /** What stands between a key and its value at the top level (`": "` by default). */
  colon: string;
}

/** One member of the top-level object: offsets into the text. */
export interface TopMember {
  key: string;
  /** Offset of the key's opening quote. */
  start: number;
  /** Offset just past the key's closing quote. */
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

/** The layout of a JSON text, with two spaces and `\n` where the text does not tell. */
export function detectFormat(text: string): JsonFormat {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /\n([ \t]+)\S/.exec(text);
  const oneLine = !/\n\s*\S/.test(text.trimEnd());
  const members = topMembers(text);
  const first = members?.members[0];
  const colon = first ? text.slice(first.keyEnd, first.valueStart) : ': ';
  return {
    indent: oneLine ? '' : (indented?.[1] ?? '  '),
    newline,
    finalNewline: /\n$/.test(text),
    colon: /^\s*:[ \t]*$/.test(colon) ? colon : ': ',
  };
}

/** The members of the top-level object, or `undefined` when the top level is not an object. */
export function topMembers(text: string): { open: number; close: number; members: TopMember[] } | undefined {
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return undefined;
  const open = i;
  const members: TopMember[] = [];
  i = skipSpace(text, i + 1);
  while (i < text.length && text[i] !== '}') {
    const start = i;
    const keyEnd = scanValue(text, i);
    const key = JSON.parse(text.slice(start, keyEnd)) as string;
    i = skipSpace(text, keyEnd);
    i = skipSpace(text, i + 1); // the colon
    const valueStart = i;
    const valueEnd = scanValue(text, i);
    members.push({ key, start, keyEnd, valueStart, valueEnd });
    i = skipSpace(text, valueEnd);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return { open, close: i, members };
}

/** A value written as a member value at `depth` (1 for the top level) in `format`. */
export function serializeValue(value: unknown, format: JsonFormat, depth = 1): string {
  const text = JSON.stringify(value, null, format.indent || undefined);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : format.indent.repeat(depth) + line))
    .join(format.newline);
}

/** Replaces the value of top-level member `key` with `valueText`. */
export function replaceMember(text: string, key: string, valueText: string): string {
  const m = find(text, key);
  return text.slice(0, m.valueStart) + valueText + text.slice(m.valueEnd);
}

/** Removes top-level member `key` with its separating comma. */
export function removeMember(text: string, key: string): string {
  const top = topMembers(text)!;
  const index = top.members.findIndex((m) => m.key === key);
  const m = top.members[index]!;
  const previous = top.members[index - 1];
  const next = top.members[index + 1];
  if (previous) return text.slice(0, previous.valueEnd) + text.slice(m.valueEnd);
  if (next) return text.slice(0, m.start) + text.slice(next.start);
  // The only member: the object becomes empty.
  return text.slice(0, top.open + 1) + text.slice(skipSpace(text, m.valueEnd));
}

/**
 * Inserts top-level member `key` after member `after`, or first when `after` is `undefined`.
 */
export function insertMember(text: string, key: string, valueText: string, format: JsonFormat, after: string | undefined): string {
  const top = topMembers(text)!;
  const lead = format.indent ? format.newline + format.indent : '';
  const member = `${JSON.stringify(key)}${format.colon}${valueText}`;
  if (top.members.length === 0) {
    const closeLead = format.indent ? format.newline : '';
    return text.slice(0, top.open + 1) + lead + member + closeLead + text.slice(top.close);
  }
  if (after === undefined) {
    const first = top.members[0]!;
    return text.slice(0, first.start) + member + ',' + lead + text.slice(first.start);
  }
  const m = find(text, after);
  return text.slice(0, m.valueEnd) + ',' + lead + member + text.slice(m.valueEnd);
}

function find(text: string, key: string): TopMember {
  const m = topMembers(text)?.members.find((x) => x.key === key);
  if (!m) throw new Error(`no top-level member "${key}"`);
  return m;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  return i;
}

/** The offset just past the JSON value starting at `i`. */
function scanValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '"') return j + 1;
    }
    return text.length;
  }
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = scanValue(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !',}] \t\r\n'.includes(text[j]!)) j++;
  return j;
}
