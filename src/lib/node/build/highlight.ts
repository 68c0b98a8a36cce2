/**
 * JSON highlighting in both themes at once, coloured as shiki's github-light / github-dark colour
 * it. `styles/code.css` picks the colours by the page theme, so switching it never re-renders.
 *
 * Size and speed: a catalog build highlights megabytes of JSON (every generated test's block, every
 * adoption file). shiki writes a `<span style="--shiki-light:…;--shiki-dark:…">` per token and a
 * `<span class="line">` per line, which made the JSON view most of an adoption page's bytes, and
 * its TextMate tokenizer most of a page's render time. JSON that `JSON.parse` accepts has three
 * token colours, so {@link fastJsonHtml} scans it directly and writes a class per coloured token
 * (`jb`, `js`) and plain text for punctuation, with the colours once on the `<pre>`, and a box per
 * line (`<span class="line">`, its indentation in `--i`) so that a wrapped line keeps its indent.
 * The colours are not written here: they are read off shiki's own tokens of a probe holding every
 * kind of token, and proven character by character on every probe before first use. Anything else
 * (not JSON, or a shiki whose colours no longer fit three kinds) is shiki's own HTML, which code.css
 * also reads.
 */
import { createHighlighter, createJavaScriptRegexEngine, type Highlighter } from 'shiki';

let highlighter: Promise<Highlighter> | undefined;

function get(): Promise<Highlighter> {
  // One highlighter per build; the JavaScript regex engine avoids loading WebAssembly for one grammar.
  highlighter ??= createHighlighter({
    themes: [THEMES.light, THEMES.dark],
    langs: ['json'],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/**
 * No time limit per line: with shiki's default (500 ms) a line that takes longer on a loaded
 * machine is left in the colour of the token it stopped in, so the page, and the colours the fast
 * path is checked against, would depend on the machine's load. A quiet machine tokenizes every
 * corpus document in about 2 s in all.
 */
const TOKENIZE = { tokenizeTimeLimit: 0 } as const;

/** Options of {@link highlightJson}. */
export interface HighlightOptions {
  /** Wrap template placeholders (`{{instance}}`, `{{bind:x}}` …) in `<mark class="placeholder">`. */
  placeholders?: boolean;
  /** The block's accessible name: it can take keyboard focus (to scroll), so it needs one. */
  label?: string;
}

/** shiki's HTML for `code` (the fallback, and the reference the fast path is checked against). */
export async function shikiJsonHtml(code: string): Promise<string> {
  return (await get()).codeToHtml(code, { lang: 'json', themes: THEMES, defaultColor: false, ...TOKENIZE });
}

/** A light and a dark colour, as shiki writes them (`#rrggbb`). */
export type ColourPair = readonly [light: string, dark: string];

/** shiki's colour, in both themes, of each character of `code` (undefined for whitespace). */
export async function shikiColours(code: string): Promise<(ColourPair | undefined)[]> {
  const lines = (await get()).codeToTokensWithThemes(code, { lang: 'json', themes: THEMES, ...TOKENIZE });
  const out: (ColourPair | undefined)[] = new Array(code.length).fill(undefined);
  for (const token of lines.flat()) {
    const pair: ColourPair = [token.variants.light?.color ?? '', token.variants.dark?.color ?? ''];
    for (let i = 0; i < token.content.length; i++) {
      if (!/\s/.test(token.content[i]!)) out[token.offset + i] = pair;
    }
  }
  return out;
}

/** Highlighted HTML (`<pre class="shiki">…`) for JSON text. The text itself is never altered. */
export async function highlightJson(code: string, options: HighlightOptions = {}): Promise<string> {
  const palette = await jsonPalette();
  let html = (palette && fastJsonHtml(code, palette, { annotations: true })) || (await shikiJsonHtml(code));
  if (options.label) html = html.replace(/^<pre /, `<pre role="region" aria-label="${escapeAttribute(options.label)}" `);
  // Placeholders only occur inside string tokens (text nodes), never in attributes.
  return options.placeholders ? html.replace(/\{\{[^{}<>]+\}\}/g, '<mark class="placeholder">$&</mark>') : html;
}

/** Whether JSON text holds an annotation (§10.2 rule 2: a key that begins with `_`). */
export function hasAnnotations(code: string): boolean {
  return scanJson(code)?.some((line) => line.some((token) => token[2])) ?? false;
}

// ---------------------------------------------------------------------------------------------
// The fast path.

// JSON's token kinds, by the colour github-light / github-dark give them: punctuation and
// whitespace; property names, numbers, true/false/null and escapes; string values.
const PLAIN = 0;
const BLUE = 1;
const STRING = 2;
type Kind = typeof PLAIN | typeof BLUE | typeof STRING;
/** The class of each kind's `<span>` (plain text is not wrapped). */
const CLASS = ['', 'jb', 'js'] as const;
/** A token: its text, its colour kind, and whether it belongs to an annotation member. */
type JsonToken = [text: string, kind: Kind, annotation: boolean];

/** The colours of a JSON block: each token kind's, and the block's background. */
export interface JsonPalette {
  kinds: readonly [plain: ColourPair, blue: ColourPair, string: ColourPair];
  background: ColourPair;
}

const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/**
 * The tokens of a JSON object or array, line by line, adjacent tokens of one kind merged; or
 * undefined when the text is anything else (not JSON, a bare value, carriage returns, line or
 * paragraph separators). Joining every token, with a newline between lines, gives `code` back.
 * A member whose key begins with `_` (an annotation, §10.2 rule 2) has its tokens flagged, from
 * the key to the end of its value.
 */
function scanJson(code: string): JsonToken[][] | undefined {
  if (/[\r\u2028\u2029]/.test(code)) return undefined;
  if (!/^[ \t\n]*[[{]/.test(code)) return undefined;
  try {
    JSON.parse(code);
  } catch {
    return undefined;
  }
  const lines: JsonToken[][] = [[]];
  // The nesting depth of the annotation member being read, or -1 outside one.
  let annotationDepth = -1;
  const emit = (text: string, kind: Kind) => {
    const line = lines[lines.length - 1]!;
    const last = line[line.length - 1];
    const annotation = annotationDepth >= 0;
    if (last && last[1] === kind && last[2] === annotation) last[0] += text;
    else line.push([text, kind, annotation]);
  };
  const stack: string[] = [];
  // A value ends the annotation member it belongs to when it closes at the member's own depth.
  const valueDone = () => {
    if (annotationDepth === stack.length) annotationDepth = -1;
  };
  let previous = '';
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\n') {
      lines.push([]);
      i++;
    } else if (c === ' ' || c === '\t') {
      let j = i + 1;
      while (code[j] === ' ' || code[j] === '\t') j++;
      emit(code.slice(i, j), PLAIN);
      i = j;
    } else if (c === '"') {
      const key = stack[stack.length - 1] === '{' && (previous === '{' || previous === ',');
      let j = i + 1;
      let run = i;
      for (;;) {
        const d = code[j]!;
        if (d === '"') break;
        if (d === '\\') {
          ESCAPE.lastIndex = j;
          const m = ESCAPE.exec(code);
          if (!m) return undefined;
          // An escape in a string value takes the constant colour; in a key, the key's.
          if (!key) {
            if (j > run) emit(code.slice(run, j), STRING);
            emit(m[0], BLUE);
            run = j + m[0].length;
          }
          j += m[0].length;
        } else j++;
      }
      if (key && annotationDepth < 0 && code[i + 1] === '_') annotationDepth = stack.length;
      emit(code.slice(run, j + 1), key ? BLUE : STRING);
      if (!key) valueDone();
      previous = '"';
      i = j + 1;
    } else if (c === '{' || c === '[') {
      stack.push(c);
      emit(c, PLAIN);
      previous = c;
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      emit(c, PLAIN);
      valueDone();
      previous = c;
      i++;
    } else if (c === ',' || c === ':') {
      emit(c, PLAIN);
      previous = c;
      i++;
    } else {
      const re = c === 't' || c === 'f' || c === 'n' ? LITERAL : NUMBER;
      re.lastIndex = i;
      const m = re.exec(code);
      if (!m || m[0].length === 0) return undefined;
      emit(m[0], BLUE);
      valueDone();
      previous = 'v';
      i += m[0].length;
    }
  }
  return lines;
}

/**
 * Compact highlighted HTML for a JSON object or array in `palette`'s colours, or undefined for
 * anything {@link scanJson} leaves to shiki. Plain tokens take the block's colour. With
 * `annotations`, each line's part of an annotation member sits in a `<span class="ja">`, so the
 * reader sees it is not data (its colours stay shiki's).
 */
export function fastJsonHtml(code: string, palette: JsonPalette, options: { annotations?: boolean } = {}): string | undefined {
  const lines = scanJson(code);
  if (!lines) return undefined;
  const [plain, blue, string] = palette.kinds;
  const style =
    `--shiki-light:${plain[0]};--shiki-dark:${plain[1]};` +
    `--shiki-light-bg:${palette.background[0]};--shiki-dark-bg:${palette.background[1]};` +
    `--jb-light:${blue[0]};--jb-dark:${blue[1]};--js-light:${string[0]};--js-dark:${string[1]}`;
  let html = `<pre class="shiki json" style="${style}" tabindex="0"><code>`;
  for (let n = 0; n < lines.length; n++) {
    // The last line of a file that ends in a newline is empty: no box, or it would add a line.
    if (n === lines.length - 1 && lines[n]!.length === 0) break;
    const indent = indentColumns(lines[n]![0]?.[0] ?? '');
    html += indent ? `<span class="line" style="--i:${indent}">` : '<span class="line">';
    let open = false;
    for (const [text, kind, annotation] of lines[n]!) {
      // Indentation before an annotation's line stays outside its mark.
      const marked: boolean = Boolean(options.annotations) && annotation && (open || text.trim() !== '');
      if (marked !== open) {
        html += marked ? '<span class="ja">' : '</span>';
        open = marked;
      }
      html += kind === PLAIN ? escapeText(text) : `<span class="${CLASS[kind]}">${escapeText(text)}</span>`;
    }
    if (open) html += '</span>';
    // The newline inside the line's box: the text (what Copy and a selection take) is unchanged,
    // and no newline sits between two boxes, where it would show as an empty line.
    html += n < lines.length - 1 ? '\n</span>' : '</span>';
  }
  return html + '</code></pre>';
}

/**
 * The columns a line's indentation takes (a tab to the next multiple of `tab-size: 2`, as base.css
 * sets it): code.css indents a wrapped line's continuation past it, so a long string that wraps
 * continues under its own line, not at the block's left edge.
 */
function indentColumns(text: string): number {
  let columns = 0;
  for (const ch of text) {
    if (ch === ' ') columns++;
    else if (ch === '\t') columns += 2 - (columns % 2);
    else break;
  }
  return columns;
}

/** An attribute value escaped for double quotes. */
function escapeAttribute(text: string): string {
  return text.replace(/[&"<]/g, (ch) => (ch === '&' ? '&amp;' : ch === '"' ? '&quot;' : '&lt;'));
}

/** Text escaped as hast-util-to-html escapes it: `&` and `<` as hexadecimal references. */
function escapeText(text: string): string {
  return text.replace(/[&<]/g, (ch) => (ch === '&' ? '&#x26;' : '&#x3C;'));
}

/** JSON with every kind of token, in the layouts the site highlights, to read the colours off. */
const PROBES = [
  JSON.stringify({ key: 'value', 'k"e\u00e9y': ['s\n  \t x', '/<&>', 1, -2.5e-3, 0, true, false, null, {}, []], '': { a: ' ' } }, null, 2) + '\n',
  '{"a":{"b":[1,"x\\"y\\u00E9"]} , "c" : [ ] }',
  '[\n\n  "\\n\\t",\n\t{ "x": "  " }\n]\n\n',
];

/**
 * The colour of each token kind read off shiki's tokens of `probes`, or undefined when shiki
 * colours two characters of one kind differently, or plain text unlike its theme's foreground
 * (which the block's colour is): then the fast path cannot say what shiki says.
 */
export async function readPalette(probes: readonly string[] = PROBES): Promise<JsonPalette | undefined> {
  const h = await get();
  const light = h.getTheme(THEMES.light);
  const dark = h.getTheme(THEMES.dark);
  const kinds: (ColourPair | undefined)[] = [[light.fg, dark.fg], undefined, undefined];
  const same = (a: ColourPair, b: ColourPair) => a[0].toLowerCase() === b[0].toLowerCase() && a[1].toLowerCase() === b[1].toLowerCase();
  for (const probe of probes) {
    const lines = scanJson(probe);
    if (!lines) return undefined;
    const colours = await shikiColours(probe);
    let at = 0;
    for (const line of lines) {
      for (const [text, kind] of line) {
        for (let i = 0; i < text.length; i++, at++) {
          const pair = colours[at];
          if (!pair) continue;
          const known = kinds[kind];
          if (!known) kinds[kind] = pair;
          else if (!same(known, pair)) return undefined;
        }
      }
      at++; // the newline
    }
  }
  const [plain, blue, string] = kinds;
  if (!plain || !blue || !string) return undefined;
  return { kinds: [plain, blue, string], background: [light.bg, dark.bg] };
}

let palette: Promise<JsonPalette | undefined> | undefined;

/** The fast path's colours, read once per build; undefined sends every block to shiki. */
export function jsonPalette(): Promise<JsonPalette | undefined> {
  palette ??= readPalette();
  return palette;
}
