/**
 * JSON highlighting with shiki, in both themes at once: every token carries `--shiki-light` and
 * `--shiki-dark`, and `styles/code.css` picks one by the page theme. No colour is baked in, so
 * switching the theme never re-renders.
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

/** Highlighted HTML (`<pre class="shiki">…`) for JSON text. The text itself is never altered. */
export async function highlightJson(code: string, options: HighlightOptions = {}): Promise<string> {
  const html = (await get()).codeToHtml(code, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
  });
  // Placeholders only occur inside string tokens (text nodes), never in shiki's attributes.
  return options.placeholders ? html.replace(/\{\{[^{}<>]+\}\}/g, '<mark class="placeholder">$&</mark>') : html;
}
