/**
 * JSON highlighting with shiki, in both themes at once: every token carries `--shiki-light` and
 * `--shiki-dark`, and `styles/code.css` picks one by the page theme. No colour is baked in, so
 * switching the theme never re-renders.
 *
 * Speed: a catalog build highlights megabytes of JSON (every generated test's block, every
 * adoption file), and shiki's TextMate tokenizer was most of a page's render time. JSON that
 * `JSON.parse` accepts has a token structure simple enough to scan directly, so
 * {@link fastJsonHtml} writes the very HTML shiki writes for it (same tokens, same merging, same
 * escaping) in a fraction of the time. It proves itself against shiki on a probe holding every
 * kind of token before its first use, and anything it does not handle goes to shiki.
 */
import { createHighlighter, createJavaScriptRegexEngine, type Highlighter } from 'shiki';

let highlighter: Promise<Highlighter> | undefined;

function get(): Promise<Highlighter> {
  // One highlighter per build; the JavaScript regex engine avoids loading WebAssembly for one grammar.
  highlighter ??= createHighlighter({
    themes: ['github-light', 'github-dark'],
    langs: ['json'],
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

/** Options of {@link highlightJson}. */
export interface HighlightOptions {
  /** Wrap template placeholders (`{{instance}}`, `{{bind:x}}` …) in `<mark class="placeholder">`. */
  placeholders?: boolean;
}

/** shiki's HTML for `code` (the reference the fast path must equal). */
export async function shikiJsonHtml(code: string): Promise<string> {
  return (await get()).codeToHtml(code, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
  });
}

/** Highlighted HTML (`<pre class="shiki">…`) for JSON text. The text itself is never altered. */
export async function highlightJson(code: string, options: HighlightOptions = {}): Promise<string> {
  const html = ((await fastPathProven()) && fastJsonHtml(code)) || (await shikiJsonHtml(code));
  // Placeholders only occur inside string tokens (text nodes), never in shiki's attributes.
  return options.placeholders ? html.replace(/\{\{[^{}<>]+\}\}/g, '<mark class="placeholder">$&</mark>') : html;
}

// ---------------------------------------------------------------------------------------------
// The fast path.

// The colour pairs of github-light / github-dark that JSON tokens get: punctuation and whitespace;
// property names, numbers, true/false/null and escapes (one colour in both themes); string values.
const PLAIN = 0;
const BLUE = 1;
const STRING = 2;
type Kind = typeof PLAIN | typeof BLUE | typeof STRING;
const STYLE = [
  '--shiki-light:#24292E;--shiki-dark:#E1E4E8',
  '--shiki-light:#005CC5;--shiki-dark:#79B8FF',
  '--shiki-light:#032F62;--shiki-dark:#9ECBFF',
];
const PRE =
  '<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#fff;--shiki-dark-bg:#24292e" tabindex="0"><code>';

/** shiki's whitespace-only test (`mergeWhitespaces`). */
const WHITESPACE_ONLY = /^\s+$/;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/**
 * shiki's HTML for a JSON object or array, or undefined when the text is anything else (not
 * JSON, a bare value, carriage returns, line or paragraph separators), which shiki then handles.
 */
export function fastJsonHtml(code: string): string | undefined {
  if (/[\r\u2028\u2029]/.test(code)) return undefined;
  const start = /^[ \t\n]*[[{]/.test(code);
  if (!start) return undefined;
  try {
    JSON.parse(code);
  } catch {
    return undefined;
  }
  // Tokens per line, adjacent tokens of one colour merged (as TextMate does).
  const lines: [string, Kind][][] = [[]];
  const emit = (text: string, kind: Kind) => {
    const line = lines[lines.length - 1]!;
    const last = line[line.length - 1];
    if (last && last[1] === kind) last[0] += text;
    else line.push([text, kind]);
  };
  const stack: string[] = [];
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
          if (!key) {
            if (j > run) emit(code.slice(run, j), STRING);
            emit(m[0], BLUE);
            run = j + m[0].length;
          }
          j += m[0].length;
        } else j++;
      }
      emit(code.slice(run, j + 1), key ? BLUE : STRING);
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
      previous = 'v';
      i += m[0].length;
    }
  }
  let html = PRE;
  for (let n = 0; n < lines.length; n++) {
    if (n > 0) html += '\n';
    html += '<span class="line">';
    const line = lines[n]!;
    // shiki's mergeWhitespaceTokens: a whitespace-only token joins the token after it.
    let carry = '';
    for (let t = 0; t < line.length; t++) {
      const [text, kind] = line[t]!;
      if (WHITESPACE_ONLY.test(text) && t + 1 < line.length) {
        carry += text;
        continue;
      }
      html += `<span style="${STYLE[kind]}">${escapeText(carry + text)}</span>`;
      carry = '';
    }
    html += '</span>';
  }
  return html + '</code></pre>';
}

/** hast-util-to-html's escaping of text: `&` and `<` as hexadecimal references. */
function escapeText(text: string): string {
  return text.replace(/[&<]/g, (ch) => (ch === '&' ? '&#x26;' : '&#x3C;'));
}

/** JSON with every kind of token, in the layouts the site highlights, to prove the fast path on. */
const PROBES = [
  JSON.stringify({ key: 'value', 'k"e\u00e9y': ['s\n  \t x', '/<&>', 1, -2.5e-3, 0, true, false, null, {}, []], '': { a: ' ' } }, null, 2) + '\n',
  '{"a":{"b":[1,"x\\"y\\u00E9"]} , "c" : [ ] }',
  '[\n\n  "\\n\\t",\n\t{ "x": "  " }\n]\n\n',
];

let proven: Promise<boolean> | undefined;

/** Whether the fast path writes exactly what shiki writes on {@link PROBES} (checked once). */
function fastPathProven(): Promise<boolean> {
  proven ??= (async () => {
    for (const p of PROBES) {
      const fast = fastJsonHtml(p);
      if (fast === undefined || fast !== (await shikiJsonHtml(p))) return false;
    }
    return true;
  })();
  return proven;
}
