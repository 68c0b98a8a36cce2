/**
 * The fuzzer's mutations: a seeded random source, and changes to one catalog file's bytes — of its
 * JSON structure (a member deleted, renamed or retyped, `null` or a hostile string where a value
 * was, deep nesting, a repeated key, a huge number), of an about.mdx's frontmatter and prose, and of
 * its bytes (truncated, invalid UTF-8, a BOM, flipped bytes). Each mutation says what it did, so a
 * reader of a failed case knows where to look.
 */

/** A seeded pseudo-random source (mulberry32): the same seed gives the same cases on every machine. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }
}

/** The random source of case `index` of a campaign seeded `seed`: each case replays on its own. */
export function caseRandom(seed: number, index: number): Random {
  // Two rounds of an integer hash, so neighbouring cases do not start from neighbouring states.
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return new Random(h ^ (h >>> 16));
}

/** Strings a catalog from someone else may hold where a name or a sentence belongs. */
export const HOSTILE = [
  '\u202e',
  'key\u202eevil',
  '\u2066isolate\u2069',
  '\u200fmark',
  'nul\u0000byte',
  'line\nbreak',
  'carriage\rreturn',
  'bell\u0007',
  'x'.repeat(100_000),
  '{{',
  '{{answers.x}}',
  '{{ rows }}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  '',
  ' ',
  '%0A::error::x,y:z',
  '\ud800',
  'a\u0301\u0301\u0301',
  'javascript:alert(1)',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** A mutated file: its new bytes and what was done. */
export interface Mutation {
  bytes: Buffer;
  what: string;
}

/** Text standing for raw JSON in a document until it is written (a number JSON.stringify cannot write). */
const RAW = '\u0000raw\u0000';

const HUGE = ['1e400', '-1e400', '123456789012345678901234567890', '-0', '1.5', '9007199254740993', '1e-400', '0.1e1'];

/** Mutates one file's bytes: structure-aware for JSON and about.mdx, else byte-level. */
export function mutate(rel: string, bytes: Buffer, random: Random): Mutation {
  const structured = random.next() < 0.7;
  if (structured && rel.endsWith('.json')) {
    let doc: Json | undefined;
    try {
      doc = JSON.parse(bytes.toString('utf8')) as Json;
    } catch {
      doc = undefined;
    }
    if (doc !== undefined) return mutateJson(doc, random);
  }
  if (structured && rel.endsWith('.mdx')) return mutateAbout(bytes.toString('utf8'), random);
  return mutateBytes(bytes, random);
}

/** Every path of a document (containers and leaves), the root included, up to a bound. */
function paths(doc: Json, limit = 5000): Path[] {
  const found: Path[] = [];
  const walk = (value: Json, at: Path) => {
    if (found.length >= limit) return;
    found.push(at);
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...at, i]));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
  };
  walk(doc, []);
  return found;
}

function get(doc: Json, at: Path): Json {
  return at.reduce<Json>((v, k) => (v as Record<string, Json>)[k as string]!, doc);
}

/** Sets the value at `at` (the root when empty); returns the new document. */
function set(doc: Json, at: Path, value: Json): Json {
  if (at.length === 0) return value;
  const parent = get(doc, at.slice(0, -1)) as Record<string | number, Json>;
  parent[at[at.length - 1]!] = value;
  return doc;
}

/** A value of another type than `value`'s. */
function retyped(value: Json, random: Random): Json {
  const options: Json[] = [null, 0, -1, 42.5, true, false, 'text', [], {}, [null], { x: null }];
  const other = options.filter((o) => typeof o !== typeof value || Array.isArray(o) !== Array.isArray(value) || (o === null) !== (value === null));
  return structuredClone(random.pick(other));
}

function mutateJson(doc: Json, random: Random): Mutation {
  const all = paths(doc);
  const at = random.pick(all);
  const where = '/' + at.join('/');
  const members = all.filter((p) => p.length > 0 && typeof p[p.length - 1] === 'string');
  const objects = all.filter((p) => { const v = get(doc, p); return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0; });
  const strings = all.filter((p) => typeof get(doc, p) === 'string');
  const kind = random.below(8);
  let what: string;
  let result = doc;
  if (kind === 0 && members.length) {
    const m = random.pick(members);
    const parent = get(doc, m.slice(0, -1)) as Record<string, Json>;
    delete parent[m[m.length - 1] as string];
    what = `deleted /${m.join('/')}`;
  } else if (kind === 1 && members.length) {
    const m = random.pick(members);
    const parent = get(doc, m.slice(0, -1)) as Record<string, Json>;
    const old = m[m.length - 1] as string;
    const name = random.next() < 0.5 ? random.pick(HOSTILE) : `${old}-renamed`;
    // Rebuilt in order, so the renamed member keeps its place.
    const rebuilt: Record<string, Json> = {};
    for (const [k, v] of Object.entries(parent)) Object.defineProperty(rebuilt, k === old ? name : k, { value: v, enumerable: true, writable: true, configurable: true });
    result = set(doc, m.slice(0, -1), rebuilt);
    what = `renamed /${m.join('/')} to ${JSON.stringify(name.slice(0, 40))}`;
  } else if (kind === 2) {
    result = set(doc, at, retyped(get(doc, at), random));
    what = `retyped ${where}`;
  } else if (kind === 3 && strings.length) {
    const s = random.pick(strings);
    result = set(doc, s, null);
    what = `null at string /${s.join('/')}`;
  } else if (kind === 4 && strings.length) {
    const s = random.pick(strings);
    const hostile = random.pick(HOSTILE);
    result = set(doc, s, random.next() < 0.5 ? hostile : `${get(doc, s) as string}${hostile}`);
    what = `hostile string ${JSON.stringify(hostile.slice(0, 40))} at /${s.join('/')}`;
  } else if (kind === 5) {
    const depth = random.pick([10, 63, 64, 65, 200, 5000]);
    const inner = JSON.stringify(get(doc, at));
    const [open, close] = random.next() < 0.5 ? ['[', ']'] : ['{"n":', '}'];
    // Written as text: JSON.stringify itself overflows the stack a few thousand levels down.
    const marker = `${RAW}nest`;
    result = set(doc, at, marker);
    const text = JSON.stringify(result, null, 2).replace(JSON.stringify(marker), () => open.repeat(depth) + inner + close.repeat(depth));
    return { bytes: Buffer.from(text + '\n'), what: `nested ${where} ${depth} deep in ${open}` };
  } else if (kind === 6 && objects.length) {
    const o = random.pick(objects);
    const value = get(doc, o) as Record<string, Json>;
    const key = random.pick(Object.keys(value));
    const twice = random.next() < 0.5 ? value[key]! : retyped(value[key]!, random);
    // JSON.stringify cannot repeat a key: a marker member is replaced in the text.
    const marker = `${RAW}dup`;
    const rebuilt: Record<string, Json> = { [marker]: null };
    for (const [k, v] of Object.entries(value)) Object.defineProperty(rebuilt, k, { value: v, enumerable: true, writable: true, configurable: true });
    result = set(doc, o, rebuilt);
    const text = JSON.stringify(result, null, 2).replace(`${JSON.stringify(marker)}: null`, `${JSON.stringify(key)}: ${JSON.stringify(twice)}`);
    return { bytes: Buffer.from(text + '\n'), what: `repeated key ${JSON.stringify(key)} in /${o.join('/')}` };
  } else {
    const number = random.pick(HUGE);
    result = set(doc, at, `${RAW}${number}`);
    const text = JSON.stringify(result, null, 2).replace(JSON.stringify(`${RAW}${number}`), number);
    return { bytes: Buffer.from(text + '\n'), what: `number ${number} at ${where}` };
  }
  return { bytes: Buffer.from(JSON.stringify(result, null, 2) + '\n'), what };
}

function mutateAbout(text: string, random: Random): Mutation {
  const lines = text.split('\n');
  const close = lines.indexOf('---', 1);
  const front = close > 0 ? lines.slice(1, close).map((_, i) => i + 1) : [];
  const kind = random.below(6);
  if (kind === 0 && front.length) {
    const i = random.pick(front);
    const [removed] = lines.splice(i, 1);
    return { bytes: Buffer.from(lines.join('\n')), what: `about.mdx: deleted frontmatter line ${JSON.stringify(removed)}` };
  }
  if (kind === 1 && front.length) {
    const i = random.pick(front);
    const key = /^(\s*-?\s*[\w-]*:?)/.exec(lines[i]!)![1];
    const hostile = random.pick(HOSTILE);
    lines[i] = `${key} ${JSON.stringify(hostile)}`;
    return { bytes: Buffer.from(lines.join('\n')), what: `about.mdx: frontmatter line ${i + 1} set to ${JSON.stringify(hostile.slice(0, 40))}` };
  }
  if (kind === 2 && front.length) {
    const i = random.pick(front);
    lines.splice(i, 0, random.pick(['title: null', 'group: []', 'aliases: "x"', 'benefit: {a: 1}', ': :', '  - nested', 'title: [unclosed', '"\\u202e": x']));
    return { bytes: Buffer.from(lines.join('\n')), what: `about.mdx: frontmatter line ${i + 1} inserted` };
  }
  const prose = random.pick([
    '{{', '{1+1}', '<script>alert(1)</script>', "import x from '../../secret'", 'export const y = 1', '![x](../../../etc/passwd)',
    '[a](javascript:alert(1))', '\u202e reversed', '<div onclick="x">', '{'.repeat(300), '> '.repeat(40) + 'deep', '![img](./missing.png)',
  ]);
  const at = random.below(lines.length + 1);
  lines.splice(at, 0, prose);
  return { bytes: Buffer.from(lines.join('\n')), what: `about.mdx: line ${at + 1} inserted ${JSON.stringify(prose.slice(0, 40))}` };
}

function mutateBytes(bytes: Buffer, random: Random): Mutation {
  const kind = random.below(5);
  const at = random.below(bytes.length + 1);
  if (kind === 0) return { bytes: bytes.subarray(0, at), what: `truncated at byte ${at}` };
  if (kind === 1) {
    const bad = random.pick([[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80]]);
    return { bytes: Buffer.concat([bytes.subarray(0, at), Buffer.from(bad), bytes.subarray(at)]), what: `invalid UTF-8 ${bad.map((b) => b.toString(16)).join(' ')} at byte ${at}` };
  }
  if (kind === 2) return { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]), what: 'a BOM prepended' };
  if (kind === 3) return { bytes: Buffer.alloc(0), what: 'emptied' };
  const flipped = Buffer.from(bytes);
  const n = 1 + random.below(4);
  const where: number[] = [];
  for (let i = 0; i < n && flipped.length; i++) {
    const p = random.below(flipped.length);
    flipped[p] = flipped[p]! ^ (1 << random.below(8));
    where.push(p);
  }
  return { bytes: flipped, what: `flipped bits at bytes ${where.join(', ')}` };
}
