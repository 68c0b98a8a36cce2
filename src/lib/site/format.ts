/** Small markup helpers shared by pages and components (words live in `model/words.ts`). */

/** JSON for an inline `<script type="application/json">`: nothing in it can close the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The text of a `data-pagefind-filter` element for a catalog string (a group or contract title).
 * Pagefind's search UI writes filter values into the page with innerHTML, so a title holding
 * `<img src=x onerror=…>` would run in the search dialog. The index must therefore hold the value
 * HTML-escaped. Pagefind (1.x) decodes entities in filter text twice (`&amp;lt;` is stored as `<`),
 * so the value is escaped twice here and Astro escapes it a third time for the page: the index then
 * holds `&lt;…`, which the UI shows as the original text. tests/hardening/injection.test.ts checks
 * both halves in Chromium (no element from the title, the title readable in the filter list).
 */
export function pagefindFilterText(value: string): string {
  return escapeHtml(escapeHtml(value));
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
