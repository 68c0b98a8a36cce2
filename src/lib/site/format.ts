import { countsSentence } from '../opengdd/explore.ts';

/** Small text helpers shared by pages and components. */

/** Own keys of a catalog map, annotations (`_…`) left out. */
export function keysOf(map: object | undefined | null): string[] {
  return map && typeof map === 'object' ? Object.keys(map).filter((k) => !k.startsWith('_')) : [];
}

/** How many non-annotation keys a map has. */
export function countKeys(map: object | undefined | null): number {
  return keysOf(map).length;
}

/** `1 question`, `3 questions`; `irregular` for words that do not take an s. */
export function plural(n: number, word: string, irregular?: string): string {
  return `${n} ${n === 1 ? word : (irregular ?? `${word}s`)}`;
}

/** The count line of an adoption's tests (the engine's wording, shared with the island). */
export function testCountLine(tests: number, live: number, total: number): string {
  return countsSentence({ tests, live, templates: total });
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
