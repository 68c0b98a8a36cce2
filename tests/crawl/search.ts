/**
 * The site search as a reader uses it: the header's Search button opens the dialog, Pagefind's UI
 * loads, a query is typed, and the results list is read back once it has settled.
 */
import type { Page } from 'playwright-core';

/** One result of the list: the page it links to, and its sub-results (page#section). */
export interface SearchHit {
  href: string;
  nested: string[];
}

/** Opens the search dialog on the current page (Pagefind's input focused). */
export async function openSearch(page: Page): Promise<void> {
  await page.click('site-search button.open');
  await page.waitForSelector('site-search dialog[open] .pagefind-ui__search-input', { timeout: 15_000 });
}

/**
 * Types `query` into the open dialog and returns the results shown (Pagefind's UI shows five at
 * first), once the message names this query and no result is still loading.
 */
export async function search(page: Page, query: string): Promise<{ message: string; hits: SearchHit[] }> {
  const input = page.locator('site-search .pagefind-ui__search-input');
  await input.fill('');
  await input.fill(query);
  await page.waitForFunction(
    (q) => {
      const message = document.querySelector('site-search .pagefind-ui__message')?.textContent?.trim() ?? '';
      const settled = new RegExp(`^(\\d+ results? for|No results for) ${q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`).test(message);
      return settled && !document.querySelector('site-search .pagefind-ui__result .pagefind-ui__loading');
    },
    query,
    { timeout: 15_000 },
  );
  return page.evaluate(() => ({
    message: document.querySelector('site-search .pagefind-ui__message')?.textContent?.trim() ?? '',
    hits: [...document.querySelectorAll('site-search .pagefind-ui__result')].map((li) => ({
      href: li.querySelector('.pagefind-ui__result-title a')?.getAttribute('href') ?? '',
      nested: [...li.querySelectorAll('.pagefind-ui__result-nested a')].map((a) => a.getAttribute('href') ?? ''),
    })),
  }));
}
