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
