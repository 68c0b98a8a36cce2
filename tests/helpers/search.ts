/**
 * The site search as a reader uses it: the header's Search button opens the dialog, its contents
 * and Pagefind load, a query is typed, and the results list is read back once it has settled.
 */
import type { Page } from 'playwright-core';

/** One result of the list: the page it links to, and its sections shown under it (page#section). */
export interface SearchHit {
  href: string;
  nested: string[];
}

/** Opens the search dialog on the current page (its input focused, Pagefind loaded). */
export async function openSearch(page: Page): Promise<void> {
  await page.click('site-search button.open');
  await page.waitForSelector('site-search dialog[open] .search-input', { timeout: 15_000 });
  await page.waitForSelector('site-search .search-filters:not([hidden])', { timeout: 15_000 });
}

/**
 * Types `query` into the open dialog and returns the results shown, once the status line says
 * they are this query's (the dialog marks it with the query it answers).
 */
export async function search(page: Page, query: string): Promise<{ message: string; hits: SearchHit[] }> {
  const input = page.locator('site-search .search-input');
  await input.fill('');
  await input.fill(query);
  await page.waitForFunction((q) => document.querySelector<HTMLElement>('site-search .search-status')?.dataset.query === q.trim(), query, { timeout: 15_000 });
  return page.evaluate(() => ({
    message: document.querySelector('site-search .search-status')?.firstChild?.textContent?.trim() ?? '',
    hits: [...document.querySelectorAll('site-search .hit')].map((li) => ({
      href: li.querySelector('a.hit-link')?.getAttribute('href') ?? '',
      nested: [...li.querySelectorAll('a.section-link')].map((a) => a.getAttribute('href') ?? ''),
    })),
  }));
}

/** One excerpt the open dialog shows: the address it belongs to, and its text as read. */
export interface ShownExcerpt {
  href: string;
  text: string;
}

/** Every excerpt of the results shown now (a result's own and its sections'). */
export async function shownExcerpts(page: Page): Promise<ShownExcerpt[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('site-search .hit')].flatMap((li) => {
      const own = li.querySelector(':scope > .hit-excerpt');
      const href = li.querySelector('a.hit-link')?.getAttribute('href') ?? '';
      const sections = [...li.querySelectorAll('.hit-sections > li')].flatMap((s) => {
        const text = s.querySelector('.section-excerpt')?.textContent;
        return text ? [{ href: s.querySelector('a.section-link')?.getAttribute('href') ?? href, text }] : [];
      });
      return [...(own?.textContent ? [{ href, text: own.textContent }] : []), ...sections];
    }),
  );
}

/** A word as compared: lower case, without the punctuation around it. */
const word = (w: string) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The words of a text, as compared. */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const w of text.split(/\s+/)) if (word(w)) words.add(word(w));
  return words;
}

/**
 * The words of a page's HTML with every element boundary a space: never two words joined across
 * elements. What the page shows joined across an inline element (`<code>x</code>s`) is not among
 * them; the page's own text, as the browser lays it out, has those (see the crawl's search tests).
 */
export function boundaryWords(html: string): Set<string> {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
  return wordsOf(text);
}

/** The words of an excerpt found in none of `known`: words glued where two elements meet, unless the page shows them so. */
export function gluedWords(excerpt: string, ...known: ReadonlySet<string>[]): string[] {
  return excerpt.split(/\s+/).filter((w) => word(w) !== '' && !known.some((k) => k.has(word(w))));
}

/**
 * The words of the page's text as the browser lays it out (`innerText` of <main>, every fold
 * opened): words in two elements shown apart (blocks, a label on a line of its own) are apart.
 */
export async function shownWords(page: Page, url: string): Promise<Set<string>> {
  await page.goto(url);
  const text = await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    return (document.querySelector('main') ?? document.body).innerText;
  });
  return wordsOf(text);
}
