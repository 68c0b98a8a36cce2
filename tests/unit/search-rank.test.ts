/**
 * How the search dialog orders and labels Pagefind's results (src/lib/site/search-rank.ts), and
 * the indexed copy of a page that keeps words of adjacent elements apart (search-index.ts).
 */
import { describe, expect, it } from 'vitest';
import { cleanSectionTitle, excerptRuns, normalizeQuery, rankResults, resultLabel, type SearchCandidate } from '../../src/lib/site/search-rank.ts';
import { indexedHtml, searchedHtml } from '../../src/integrations/search-index.ts';

const contract = (v: number, newest = 2) => ({
  kind: 'contract',
  name: 'Container',
  title: 'Container',
  contract: 'container',
  contract_title: 'Container',
  version: String(v),
  newest_version: String(newest),
  aliases: 'inventory|backpack|bag|chest',
});
const adoption = (id: string, v: number, newest = 2) => ({
  kind: 'adoption',
  name: id.charAt(0).toUpperCase() + id.slice(1),
  title: id,
  contract: 'container',
  contract_title: 'Container',
  adoption: id,
  version: String(v),
  newest_version: String(newest),
});
const cand = (rank: number, url: string, meta: SearchCandidate['meta'], sub: SearchCandidate['sub_results'] = []): SearchCandidate => ({ rank, url, meta, excerpt: '', sub_results: sub });

describe('rankResults', () => {
  it('puts the newest version of the contract the query names first, then pages of that name, newest first', () => {
    // Pagefind's own order for "backpack" on the corpus: the older version's adoption first.
    const ranked = rankResults('backpack', [
      cand(0, '/contracts/container-1/backpack/', adoption('backpack', 1)),
      cand(1, '/contracts/container-2/backpack/', adoption('backpack', 2)),
      cand(2, '/contracts/container-1/', contract(1)),
      cand(3, '/contracts/container-2/', contract(2)),
      cand(4, '/contracts/job-resolution-2/salvage/', { kind: 'adoption', name: 'Salvage', contract: 'job-resolution', contract_title: 'Job resolution', adoption: 'salvage', version: '2', newest_version: '2' }),
    ]);
    expect(ranked.map((r) => r.url)).toEqual([
      '/contracts/container-2/',
      '/contracts/container-2/backpack/',
      '/contracts/container-1/backpack/',
      '/contracts/container-1/',
      '/contracts/job-resolution-2/salvage/',
    ]);
    expect(ranked.map((r) => r.tier)).toEqual([0, 1, 1, 1, 2]);
    // An adoption's own name, when no contract is called so, comes first.
    expect(rankResults('Salvage', [cand(0, '/contracts/container-2/', contract(2)), cand(1, '/contracts/job-resolution-2/salvage/', { kind: 'adoption', name: 'Salvage', adoption: 'salvage', version: '2', newest_version: '2' })])[0]!.url).toBe(
      '/contracts/job-resolution-2/salvage/',
    );
  });

  it("ranks a contract's newest version above its older one and its adoptions for its name and an alias", () => {
    for (const q of ['Container', 'inventory', 'CHEST']) {
      const ranked = rankResults(q, [
        cand(0, '/contracts/container-1/hunters-satchel/', adoption('hunters-satchel', 1)),
        cand(1, '/contracts/container-1/', contract(1)),
        cand(2, '/contracts/container-2/hunters-satchel/', adoption('hunters-satchel', 2)),
        cand(3, '/contracts/container-2/', contract(2)),
      ]);
      expect(ranked[0]!.url, q).toBe('/contracts/container-2/');
      expect(ranked[1]!.url, q).toBe('/contracts/container-1/');
    }
  });

  it("keeps Pagefind's order otherwise, an older version right after its newest counterpart", () => {
    const ranked = rankResults('slot', [
      cand(0, '/contracts/container-1/backpack/', adoption('backpack', 1)),
      cand(1, '/contracts/fact-list-2/', { kind: 'contract', name: 'Fact list', contract: 'fact-list', version: '2', newest_version: '2' }),
      cand(2, '/contracts/container-1/', contract(1)),
      cand(3, '/contracts/container-2/backpack/', adoption('backpack', 2)),
    ]);
    expect(ranked.map((r) => r.url)).toEqual([
      '/contracts/container-2/backpack/',
      '/contracts/container-1/backpack/',
      '/contracts/fact-list-2/',
      '/contracts/container-1/',
    ]);
  });

  it('leads a query naming a section (a shelf of the catalog page) to that section, among the first', () => {
    const ranked = rankResults('Inventories & holdings', [
      cand(0, '/contracts/container-2/', contract(2)),
      cand(1, '/contracts/', { title: 'Contract catalog' }, [{ title: 'Inventories & holdings', url: '/contracts/#shelf-inventories-holdings', excerpt: '' }]),
    ]);
    expect(ranked.map((r) => r.url)).toEqual(['/contracts/#shelf-inventories-holdings', '/contracts/container-2/']);
  });

  it('shows one result per page, whatever its hash or index.html', () => {
    const ranked = rankResults('x', [
      cand(0, '/contracts/container-2/', contract(2)),
      cand(1, '/contracts/container-2/index.html', contract(2)),
      cand(2, '/contracts/container-2/#questions', contract(2)),
    ]);
    expect(ranked).toHaveLength(1);
  });

  it('says what each result is, older versions marked', () => {
    const [a, b, c] = rankResults('satchel', [
      cand(0, '/contracts/container-2/backpack/', adoption('backpack', 2)),
      cand(1, '/contracts/container-1/', contract(1)),
      cand(2, '/contracts/', { title: 'Contracts' }),
    ]);
    expect(resultLabel(a!)).toBe('Backpack · adoption of Container, version 2');
    expect(resultLabel(b!)).toBe('Container · contract, version 1 · older version');
    expect(b!.newestVersion).toBe('2');
    expect(resultLabel(c!)).toBe('Contracts');
  });

  it('shows the sections whose title holds the query first, not the page top, with readable titles', () => {
    const [r] = rankResults('AT backpack/capacity-holds', [
      cand(0, '/contracts/container-2/backpack/', adoption('backpack', 2), [
        { title: 'backpack', url: '/contracts/container-2/backpack/', excerpt: '' },
        { title: 'AT backpack/delivery-that-fits — a delivery', url: '/contracts/container-2/backpack/#test-a', excerpt: '' },
        { title: 'Tests(11)', url: '/contracts/container-2/backpack/#tests', excerpt: '' },
        { title: 'AT backpack/capacity-holds — capacity holds', url: '/contracts/container-2/backpack/#test-b', excerpt: '' },
      ]),
    ]);
    expect(r!.sections.map((s) => s.url.split('#')[1])).toEqual(['test-b', 'test-a', 'tests']);
    expect(r!.sections[2]!.title).toBe('Tests (11)');
  });
});

describe('search text', () => {
  it('normalizes queries: case, accents and punctuation', () => {
    expect(normalizeQuery("  Hunter's  SATCHEL ")).toBe('hunter s satchel');
    expect(normalizeQuery('Café-déjà')).toBe('cafe deja');
  });

  it('drops the number badge before a question title and spaces a count', () => {
    expect(cleanSectionTitle('9 Question 9: What happens?')).toBe('Question 9: What happens?');
    expect(cleanSectionTitle('Questions(6)')).toBe('Questions (6)');
  });

  it('turns an excerpt into text runs, only <mark> marking', () => {
    const decode = (h: string) => h.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
    expect(excerptRuns('a <mark>bag</mark> &lt;img&gt; <b>x</b>', decode)).toEqual([
      { text: 'a ', mark: false },
      { text: 'bag', mark: true },
      { text: ' <img&gt; x', mark: false },
    ]);
  });

  it('indexes adjacent elements with a space between them, text within one element as it is', () => {
    expect(indexedHtml('<dl><dt>Questions</dt><dd>6 of 6 asked</dd></dl>')).toBe('<dl><dt>Questions</dt> <dd>6 of 6 asked</dd></dl>');
    expect(indexedHtml('<a href="#x">slot</a><code>fill-order-holds</code>')).toBe('<a href="#x">slot</a> <code>fill-order-holds</code>');
    expect(indexedHtml('<p>a <mark>b</mark>c</p>')).toBe('<p>a <mark>b</mark>c</p>');
  });

  it('reads only the head and <main> of a page: a sidebar change leaves what it reads as it was', () => {
    const page = (nav: string, body: string) =>
      `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><header>Site</header><nav>${nav}</nav><main id="main" data-pagefind-body><h1>${body}</h1><p>x</p></main><footer>f</footer></body></html>`;
    const read = searchedHtml(page('Shelf A', 'Backpack'))!;
    expect(read).toBe('<!DOCTYPE html><html lang="en"><head><title>T</title></head> <body><main id="main" data-pagefind-body><h1>Backpack</h1> <p>x</p></main></body></html>');
    expect(searchedHtml(page('Shelf A (renamed)', 'Backpack'))).toBe(read);
    expect(searchedHtml(page('Shelf A', 'Satchel'))).not.toBe(read);
    // A page without a body to index is not read at all.
    expect(searchedHtml('<html><head></head><body><main>x</main></body></html>')).toBeUndefined();
  });
});
