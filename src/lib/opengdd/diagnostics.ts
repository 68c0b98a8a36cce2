/**
 * Diagnostics: every problem the engine finds, in the spec's vocabulary.
 * A diagnostic names the file, a JSON pointer into it, the spec code (§10 tables) and one sentence.
 */

/** How serious a finding is. `error` makes an adoption (and a catalog) invalid. */
export type Severity = 'error' | 'warning';

/** The codes of §10 (contracts) that this engine reports, plus the catalog's own. */
export type ContractCode =
  | 'CONTRACT_ANSWER_MISSING'
  | 'CONTRACT_ANSWER_NOT_ASKED'
  | 'CONTRACT_ANSWER_UNKNOWN'
  | 'CONTRACT_BINDING_MAP'
  | 'CONTRACT_BINDING_SHAPE'
  | 'CONTRACT_CITATION_GRAMMAR'
  | 'CONTRACT_CITATION_DANGLING'
  | 'CONTRACT_CITATION_CROSS_ADOPTION'
  | 'CONTRACT_CITATION_CYCLE'
  | 'CONTRACT_DEFINITION_DIVERGENT'
  | 'CONTRACT_ENVELOPE_REQUIRED'
  | 'CONTRACT_ENVELOPE_TYPE'
  | 'CONTRACT_ENVELOPE_UNKNOWN'
  | 'CONTRACT_INJECTION'
  | 'CONTRACT_INSTANCE_FILENAME'
  | 'CONTRACT_INSTANCE_JSON'
  | 'CONTRACT_NAME_GRAMMAR'
  | 'CONTRACT_NAME_UNIQUE'
  | 'CONTRACT_ORIGIN_ABSENT'
  | 'CONTRACT_PACK_HASH'
  | 'CONTRACT_PACK_ORPHAN'
  | 'CONTRACT_PACK_SHAPE'
  | 'CONTRACT_PLACEHOLDER'
  | 'CONTRACT_QUESTION_CONDITION'
  | 'CONTRACT_QUESTION_CYCLE'
  | 'CONTRACT_QUESTION_OTHERWISE'
  | 'CONTRACT_REFERENCE'
  | 'CONTRACT_ROWS_BINDING'
  | 'CONTRACT_ROWS_SHAPE'
  | 'CONTRACT_ROW_CHOICE'
  | 'CONTRACT_ROW_FIELD'
  | 'CONTRACT_ROW_FIELD_SHAPE'
  | 'CONTRACT_ROW_ID'
  | 'CONTRACT_ROW_RANGE'
  | 'CONTRACT_ROW_WHEN_EMPTY'
  | 'CONTRACT_RULE_FAILED'
  | 'CONTRACT_RULE_FORBIDDEN'
  | 'CONTRACT_RULE_INVALID'
  | 'CONTRACT_TEST_DIRECTION_CLAIMS'
  | 'CONTRACT_VALUE_CONDITION'
  | 'CONTRACT_VALUE_FORM'
  | 'CONTRACT_VALUE_INACTIVE'
  | 'CONTRACT_VALUE_MISSING'
  | 'CONTRACT_VALUE_RANGE'
  | 'CONTRACT_VALUE_TYPE'
  | 'CONTRACT_VALUE_UNKNOWN'
  | 'CONTRACT_WHEN_DOMAIN'
  /** The catalog's own findings (not §10 codes: a catalog is not a package; README, "Catalog findings"). */
  | 'CATALOG_LAYOUT'
  | 'CATALOG_GROUPS'
  | 'CATALOG_ABOUT'
  | 'CATALOG_ENCODING';

/** One finding. `pointer` is an RFC 6901 JSON pointer into `file` ("" for the whole file). */
export interface Diagnostic {
  code: ContractCode;
  severity: Severity;
  /** Path of the file, as the caller named it (catalog-relative where possible). */
  file: string;
  /** JSON pointer into the file, e.g. `/answers/capacity-limit`. */
  pointer: string;
  /** One clear sentence. */
  message: string;
  /** True when the finding only follows from another one (e.g. a missing answer). */
  dependent?: boolean;
  /**
   * Where the pointed-at member is in the file, 1-based as editors count: where its key starts (a
   * member), or its value (the root, an array element). Set by the reader of the file (the catalog
   * loader), which has its text; absent for a file that could not be read as text.
   */
  line?: number;
  column?: number;
}

/** Longest quoted text a message keeps whole: a finding stays one readable line. */
const MAX_QUOTE = 80;

/**
 * A message as one readable line, whatever the catalog values it quotes: control characters
 * (a newline in a value) and bidirectional controls written as escapes (see {@link escapeControls}),
 * and every quoted text longer than {@link MAX_QUOTE} characters cut short
 * (`"abc…" (1,500,000 characters)`) — a value can be megabytes. Applied where findings leave the
 * engine for a reader (the catalog loader, the command line), so the browser's bundle does without it.
 */
export function oneLine(text: string): string {
  const message = escapeControls(text);
  if (message.length <= 2 * MAX_QUOTE) return message;
  const clipped = message.replace(/"([^"]*)"/g, (whole, inner: string) =>
    inner.length <= MAX_QUOTE ? whole : `"${codePoints(inner, MAX_QUOTE)}…" (${inner.length.toLocaleString('en-US')} characters)`,
  );
  // A value holding quotes of its own is not one quoted run: the whole line is held too.
  return clipped.length <= MAX_MESSAGE ? clipped : `${codePoints(clipped, MAX_MESSAGE)}… (${clipped.length.toLocaleString('en-US')} characters)`;
}

const CONTROL: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Characters a terminal must not receive raw from a catalog: C0 controls and DEL (a newline would
 * break the line), and the Unicode bidirectional controls — the Arabic letter mark, the left-to-right
 * and right-to-left marks, the embeddings, overrides and isolates (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069) — which reorder the rest of the line as it is shown, so that a
 * finding could read as something else than it says.
 */
const UNSAFE = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every character of {@link UNSAFE} written as an escape (`\n`, `\u202e`). */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => CONTROL[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `JSON.stringify`, with every character of {@link UNSAFE} that it leaves raw inside a string (DEL
 * and the bidirectional controls, such as U+202E) written as a `\u` escape: the same value for a
 * JSON reader, and text that a terminal or a log shows as it is.
 */
export function safeJson(value: unknown, space?: number): string {
  // JSON.stringify escapes every other control inside a string; a raw newline is its own layout.
  return JSON.stringify(value, null, space).replace(UNSAFE, (c) => (c === '\n' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** Longest message kept whole. */
const MAX_MESSAGE = 1000;

/** The start of `text`, at most `n` UTF-16 units, not cut inside a surrogate pair. */
function codePoints(text: string, n: number): string {
  const head = text.slice(0, n);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** Escapes one JSON-pointer segment (RFC 6901). */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON pointer from segments: `pointer('answers', 'x')` → `/answers/x`. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + escapePointerSegment(s)).join('');
}

/** Collects diagnostics for one file. */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];
  readonly #seen = new Set<string>();
  // A field and an assignment, not a parameter property: Node's own TypeScript type stripping
  // (the site's integration loads the engine that way, see `opengdd-site.ts`) has no parameter properties.
  readonly file: string;
  constructor(file: string) {
    this.file = file;
  }

  /** Reports an error at `ptr`. */
  error(code: ContractCode, ptr: string, message: string, dependent?: boolean): void {
    this.add(code, 'error', ptr, message, dependent);
  }

  /** Reports a warning at `ptr`. */
  warn(code: ContractCode, ptr: string, message: string): void {
    this.add(code, 'warning', ptr, message);
  }

  /** Adds a finding; the same finding twice (e.g. one placeholder in a title and a text) is kept once. */
  add(code: ContractCode, severity: Severity, ptr: string, message: string, dependent?: boolean): void {
    const d: Diagnostic = { code, severity, file: this.file, pointer: ptr, message };
    const key = diagnosticKey(d);
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    if (dependent) d.dependent = true;
    this.items.push(d);
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * One line: `file:line:column /pointer CODE severity message` — the `path:line:column` form that
 * terminals, editors and CI logs turn into a link (the place left out when unknown, the pointer
 * when it names the whole file). The file and the pointer come from a catalog's names (a key may
 * hold a newline or a right-to-left override), so they are escaped as messages are.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const place = d.line === undefined ? '' : `:${d.line}:${d.column ?? 1}`;
  const at = d.pointer === '' ? '' : `${escapeControls(d.pointer)} `;
  return `${escapeControls(d.file)}${place} ${at}${d.code} ${d.severity} ${d.message}`;
}

/** What makes two findings the same finding: file, pointer, code, severity and message. */
function diagnosticKey(d: Diagnostic): string {
  return `${d.file}\u0000${d.pointer}\u0000${d.code}\u0000${d.severity}\u0000${d.message}`;
}

/**
 * Findings as they go to a reader: each one once (a finding reached by two paths, e.g. one
 * placeholder in a title and a text, or one file read by two checks), in first-found order, every
 * message one line ({@link oneLine}).
 */
export function readableDiagnostics(items: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of items) {
    const key = diagnosticKey(d);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...d, message: oneLine(d.message) });
  }
  return out;
}
