/**
 * The search dialog's contents, built the first time it opens: an input, a compact row of filters,
 * the results (ordered and labelled by src/lib/site/search-rank.ts) and a status line that screen
 * readers announce. Imported on demand by `SearchDialog.astro`: a reader who never searches loads
 * none of this, nor Pagefind.
 *
 * Keys: ArrowDown/ArrowUp move from the input through the results' links and back, Enter follows
 * the focused link (in the input: the first result), typing on a result goes back to the input.
 */
import { SEARCH_WORDS } from '../../lib/site/model/words/site.ts';
import { excerptRuns, MAX_SECTIONS, normalizeQuery, rankResults, resultLabel, type RankedResult, type SearchCandidate } from '../../lib/site/search-rank.ts';

/** The parts of Pagefind's browser API the dialog uses (pagefind.js, Pagefind 1.x). */
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  mergeIndex(bundlePath: string, o?: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  debouncedSearch(q: string | null, o: { filters?: Record<string, string> }, ms?: number): Promise<{ results: PagefindResult[] } | null>;
}
interface PagefindResult {
  id: string;
  data(): Promise<Omit<SearchCandidate, 'rank'>>;
}

/** Results whose data is loaded and re-ranked at first; the rest follow in Pagefind's order. */
const FIRST = 24;
/** Results added by "More results". */
const MORE = 16;

/** The filters, in the order shown, with the words of their "any" choice. */
const FILTERS: { key: string; label: string; any: string }[] = [
  { key: 'group', ...SEARCH_WORDS.filters.group },
  { key: 'kind', ...SEARCH_WORDS.filters.kind },
  { key: 'contract', ...SEARCH_WORDS.filters.contract },
];

/** HTML text (Pagefind's excerpts and filter names hold entities) as plain text, markup dropped. */
function decode(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(`<body>${html}`, 'text/html').body.textContent ?? '';
}

/** A filter value as Pagefind returns it: the site escapes catalog titles for it (see format.ts). */
const filterText = (value: string): string => decode(value);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { class?: string } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const { class: className, ...rest } = props;
  const node = Object.assign(document.createElement(tag), rest);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** Whether two texts hold the same words (one starting with the other, punctuation aside). */
function sameWords(a: string, b: string): boolean {
  const [x, y] = [normalizeQuery(a), normalizeQuery(b)];
  return x.startsWith(y) || y.startsWith(x);
}

/** Runs of text with the matched words in <mark>. */
function excerptNode(excerpt: string, className: string): HTMLElement {
  const p = el('p', { class: className });
  for (const run of excerptRuns(excerpt, decode)) p.append(run.mark ? el('mark', {}, run.text) : run.text);
  return p;
}

function resultNode(r: RankedResult): HTMLLIElement {
  const link = el('a', { class: 'hit-link', href: r.url }, el('span', { class: 'hit-name' }, r.name || r.url));
  if (r.what) link.append(el('span', { class: 'hit-sep' }, ' · '), el('span', { class: 'hit-what' }, r.what));
  if (r.older) {
    link.append(el('span', { class: 'hit-older' }, el('span', { class: 'visually-hidden' }, ' · '), SEARCH_WORDS.older));
    link.title = SEARCH_WORDS.olderTitle(r.newestVersion ?? '?');
  }
  const li = el('li', { class: 'hit' }, link);
  li.dataset.label = resultLabel(r);
  if (r.older) li.dataset.older = '';
  if (r.excerpt) li.append(excerptNode(r.excerpt, 'hit-excerpt'));
  if (r.sections.length) {
    const list = el('ul', { class: 'hit-sections' });
    for (const s of r.sections.slice(0, MAX_SECTIONS)) {
      const item = el('li', {}, el('a', { class: 'section-link', href: s.url }, s.title));
      // A test's section holds little but its title: an excerpt repeating it says nothing more.
      if (!sameWords(decode(s.excerpt), s.title)) item.append(excerptNode(s.excerpt, 'section-excerpt'));
      list.append(item);
    }
    li.append(list);
  }
  return li;
}

/** The further shards of the search index, as bundle paths (none for a catalog that fits one). */
async function shardBundles(bundle: string): Promise<string[]> {
  try {
    const response = await fetch(`${bundle}shards.json`);
    const list = response.ok ? ((await response.json()) as { bundles?: unknown }).bundles : undefined;
    return Array.isArray(list) ? list.filter((b): b is string => typeof b === 'string').map((b) => `${bundle}${b}`) : [];
  } catch {
    return [];
  }
}

/**
 * Pagefind, its index and every shard merged in. `base` is the site's base (`/`, `/catalog/`):
 * the index stores each page's address from the site's root, and Pagefind puts `baseUrl` before it.
 */
async function loadPagefind(bundle: string, base: string): Promise<Pagefind> {
  const [pagefind, shards] = await Promise.all([import(/* @vite-ignore */ `${bundle}pagefind.js`) as Promise<Pagefind>, shardBundles(bundle)]);
  await pagefind.options({
    baseUrl: base,
    excerptLength: 22,
    ranking: {
      // Saturate repeated terms early: a page naming "run-inventory" forty times should not
      // outrank the contract whose alias is "inventory".
      termSaturation: 0.6,
      termFrequency: 0.6,
      // The page's name and aliases count; the other search metadata is for labels only.
      metaWeights: { title: 5, name: 6, aliases: 4, adoption: 4, contract: 1, contract_title: 1, kind: 0, version: 0, newest_version: 0 },
    },
  });
  // A large catalog's index comes in shards (see integrations/search-index.ts), merged here, all at
  // once: each merge waits on two requests of its own, and one after another a reader far from
  // the server waited on two round trips per shard before the first query (1.95 s against 1.46 s
  // at 100× the corpus, ten shards, 50 ms away). Pagefind lists each shard as its merge is called,
  // before anything loads, so the shards keep this order.
  await Promise.all(shards.map((b) => pagefind.mergeIndex(b, { baseUrl: base })));
  await pagefind.init();
  return pagefind;
}

/** The dialog's search, once built. */
interface Started {
  focus(): void;
}
const started = new WeakMap<HTMLElement, Started>();

/**
 * Opens the search in `host` (a `<site-search>` whose dialog is already open): builds it the first
 * time, then only puts the cursor back in the input.
 */
export function startSearch(host: HTMLElement): void {
  const known = started.get(host);
  if (known) return known.focus();
  const dialog = host.querySelector('dialog')!;
  const root = host.querySelector<HTMLElement>('.search-root')!;
  const bundle = host.dataset.bundle ?? '/pagefind/';
  const base = host.dataset.base ?? '/';
  host.querySelector('.close')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the frame) closes the dialog.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  const input = el('input', {
    type: 'search',
    class: 'search-input',
    placeholder: SEARCH_WORDS.placeholder,
    autocomplete: 'off',
    spellcheck: false,
  });
  input.setAttribute('aria-labelledby', 'site-search-title');
  input.setAttribute('aria-controls', 'site-search-results');
  input.setAttribute('aria-describedby', 'site-search-keys');
  const selects = new Map<string, HTMLSelectElement>();
  const filterRow = el('div', { class: 'search-filters' });
  filterRow.hidden = true;
  for (const f of FILTERS) {
    const select = el('select', { class: 'search-filter', name: f.key }, el('option', { value: '' }, f.any));
    select.setAttribute('aria-label', f.label);
    select.dataset.filter = f.key;
    selects.set(f.key, select);
    filterRow.append(select);
  }
  const status = el('p', { class: 'search-status', role: 'status' });
  status.setAttribute('aria-live', 'polite');
  const list = el('ol', { class: 'search-results', id: 'site-search-results' });
  list.setAttribute('aria-label', SEARCH_WORDS.results);
  const more = el('button', { type: 'button', class: 'search-more', hidden: true }, SEARCH_WORDS.more);
  const keys = el('p', { class: 'search-keys', id: 'site-search-keys' }, SEARCH_WORDS.keys);
  const form = el('form', { class: 'search-form', role: 'search' }, input, filterRow);
  form.addEventListener('submit', (e) => e.preventDefault());
  root.replaceChildren(form, status, el('div', { class: 'search-scroll' }, list, more), keys);
  input.focus();

  let pagefind: Pagefind | undefined;
  let pending: PagefindResult[] = [];
  let shown = 0;
  let generation = 0;

  const filters = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [key, s] of selects) if (s.value) out[key] = s.value;
    return out;
  };

  const load = async (results: PagefindResult[], from: number): Promise<SearchCandidate[]> =>
    Promise.all(results.map(async (r, i) => ({ rank: from + i, ...(await r.data()) })));

  const run = async () => {
    if (!pagefind) return;
    const mine = ++generation;
    const q = input.value.trim();
    const chosen = filters();
    if (!q && !Object.keys(chosen).length) {
      list.replaceChildren();
      more.hidden = true;
      status.textContent = '';
      delete status.dataset.query;
      return;
    }
    const search = await pagefind.debouncedSearch(q || null, { filters: chosen }, 150);
    if (!search || mine !== generation) return;
    const candidates = await load(search.results.slice(0, FIRST), 0);
    if (mine !== generation) return;
    const ranked = rankResults(q, candidates);
    pending = search.results.slice(FIRST);
    shown = ranked.length;
    list.replaceChildren(...ranked.map(resultNode));
    more.hidden = pending.length === 0;
    const total = search.results.length;
    status.textContent = SEARCH_WORDS.status(total, q);
    if (ranked[0]) status.append(el('span', { class: 'visually-hidden' }, `. First: ${resultLabel(ranked[0])}`));
    status.dataset.query = q;
  };

  more.addEventListener('click', async () => {
    const mine = generation;
    const next = pending.slice(0, MORE);
    pending = pending.slice(MORE);
    const candidates = await load(next, shown);
    if (mine !== generation) return;
    // Appended in Pagefind's order, after what is shown (never above it), one per page.
    const have = new Set([...list.querySelectorAll<HTMLAnchorElement>('a.hit-link')].map((a) => a.getAttribute('href')));
    const added = rankResults('', candidates).filter((r) => !have.has(r.url));
    shown += next.length;
    list.append(...added.map(resultNode));
    more.hidden = pending.length === 0;
    added[0] && list.querySelector<HTMLAnchorElement>(`li:nth-child(${list.children.length - added.length + 1}) a.hit-link`)?.focus();
  });

  input.addEventListener('input', () => void run());
  for (const s of selects.values()) s.addEventListener('change', () => void run());

  const links = () => [...list.querySelectorAll<HTMLAnchorElement>('a.hit-link, a.section-link')];
  root.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const all = links();
    const at = all.indexOf(target as HTMLAnchorElement);
    if (event.key === 'ArrowDown' && (target === input || at >= 0)) {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : all[at - 1]!).focus();
    } else if (event.key === 'Enter' && target === input) {
      all[0]?.click();
    } else if (at >= 0 && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing on a result goes on typing in the input.
      input.focus();
    }
  });
  // A followed link closes the dialog (the page may only scroll to a section of itself).
  list.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('a')) dialog.close();
  });

  started.set(host, {
    focus: () => {
      input.focus();
      input.select();
    },
  });

  void loadPagefind(bundle, base)
    .then(async (p) => {
      pagefind = p;
      const counts = await p.filters();
      for (const f of FILTERS) {
        const values = Object.entries(counts[f.key] ?? {}).sort(([a], [b]) => filterText(a).localeCompare(filterText(b)));
        for (const [value, n] of values) selects.get(f.key)!.append(el('option', { value }, `${filterText(value)} (${n})`));
      }
      filterRow.hidden = false;
      if (input.value) await run();
    })
    .catch(() => {
      status.textContent = SEARCH_WORDS.inDev;
    });
}
