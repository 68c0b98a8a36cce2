/**
 * What the search dialog does with Pagefind's results before it shows them: the order (exact names
 * first, a contract's newest version before its older ones), one result per page, a label that
 * says what each result is, the sections worth showing and excerpts that read as text.
 * Pure: the dialog (src/scripts/search/) and the unit tests run the same code.
 */
import { SEARCH_WORDS } from './model/words/site.ts';

/** The search metadata of a page (SearchMeta.astro writes it; Pagefind returns it as strings). */
export interface SearchPageMeta {
  /** `contract` or `adoption`; absent on other pages. */
  kind?: string;
  /** The page's own name as shown (the contract's title, the adoption's name). */
  name?: string;
  /** Pagefind's title meta (the h1), used when `name` is absent. */
  title?: string;
  /** The contract id (`container`). */
  contract?: string;
  /** The contract's title (`Container`). */
  contract_title?: string;
  /** The adoption id (`backpack`), on adoption pages. */
  adoption?: string;
  /** The definition version of the page, and the contract's newest. */
  version?: string;
  newest_version?: string;
  /** The contract's aliases, `|`-separated, on contract pages. */
  aliases?: string;
}

/** One result as Pagefind gives it (its loaded data), with its place in Pagefind's order. */
export interface SearchCandidate {
  /** Position in Pagefind's order (0 first). */
  rank: number;
  url: string;
  meta: SearchPageMeta;
  excerpt: string;
  sub_results?: { title: string; url: string; excerpt: string }[];
}

/** A result as the dialog shows it. */
export interface RankedResult {
  url: string;
  /** The page's name (the link's first words). */
  name: string;
  /** What the page is: "contract, version 2", "adoption of Container, version 2"; empty for others. */
  what: string;
  /** An older version of its contract (the newest is `newestVersion`). */
  older: boolean;
  newestVersion?: string;
  excerpt: string;
  /** Sections of the page that matched, at most {@link MAX_SECTIONS}. */
  sections: { title: string; url: string; excerpt: string }[];
  /** How the query met the page: 0 the contract it names (newest version), 1 a page of that name, 2 anything else. */
  tier: 0 | 1 | 2;
}

/** Sections shown under a result. */
export const MAX_SECTIONS = 3;

/** Lower case, accents dropped, anything but letters and digits one space: "Hunter's satchel" → "hunter s satchel". */
export function normalizeQuery(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The page path without its hash and with a trailing `index.html` dropped: one key per page. */
export function pageKey(url: string): string {
  return url.replace(/#.*$/, '').replace(/\?.*$/, '').replace(/index\.html$/, '');
}

const isOlder = (m: SearchPageMeta): boolean => !!m.version && !!m.newest_version && m.version !== m.newest_version;

/**
 * How the (normalized) query meets a page's names: 0 the newest version of a contract that the
 * query names (its title, id or an alias), 1 a page whose own name is the query (or an older
 * version of such a contract), 2 anything else.
 */
function tierOf(q: string, m: SearchPageMeta): 0 | 1 | 2 {
  if (!q) return 2;
  const is = (n: string | undefined) => !!n && normalizeQuery(n) === q;
  if (m.kind === 'contract' && [m.name, m.title, m.contract, ...(m.aliases ?? '').split('|')].some(is)) return isOlder(m) ? 1 : 0;
  return [m.name, m.title, m.adoption].some(is) ? 1 : 2;
}

/** The name and kind words of a result (see {@link RankedResult}). */
export function describeResult(m: SearchPageMeta): { name: string; what: string; older: boolean } {
  const name = (m.name || m.title || '').trim();
  const older = isOlder(m);
  if (m.kind === 'contract') return { name, what: SEARCH_WORDS.what.contract(m.version ?? '?'), older };
  if (m.kind === 'adoption') return { name, what: SEARCH_WORDS.what.adoption(m.contract_title || m.contract || '?', m.version ?? '?'), older };
  return { name, what: '', older: false };
}

/** The full label of a result, as a screen reader or a test reads it. */
export function resultLabel(r: Pick<RankedResult, 'name' | 'what' | 'older'>): string {
  return [r.name, r.what, r.older ? SEARCH_WORDS.older : ''].filter(Boolean).join(' · ');
}

/**
 * A section title as Pagefind read it, made readable: the question number badge before
 * "Question 9:" and a count glued to its heading ("Questions(6)") are the page's visual parts.
 */
export function cleanSectionTitle(title: string): string {
  return title
    .replace(/^\s*\d+\s*(?=Question \d)/, '')
    .replace(/\s*\(\s*(\d+)\s*\)\s*$/, ' ($1)')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Orders Pagefind's candidates for `query`, one per page:
 * 1. the newest version of a contract the query names (its title, id or one of its aliases): a
 *    reader typing "backpack" or "inventory" is looking for the mechanism, above its adoptions;
 * 2. pages whose own name is the query (an adoption called "backpack"), and older versions of the
 *    contract named, newest versions first, then in Pagefind's order;
 * 3. every other page in Pagefind's order, except that an older version's page follows its newest
 *    version's counterpart (the same contract page, or the same adoption) when that is found too.
 */
export function rankResults(query: string, candidates: readonly SearchCandidate[]): RankedResult[] {
  const q = normalizeQuery(query);
  const seen = new Set<string>();
  const unique = [...candidates].sort((a, b) => a.rank - b.rank).filter((c) => !seen.has(pageKey(c.url)) && seen.add(pageKey(c.url)));
  // The same thing across versions: a contract's page, or one adoption of it.
  const group = (c: SearchCandidate) => (c.meta.contract ? `${c.meta.contract}/${c.meta.kind === 'adoption' ? (c.meta.adoption ?? '') : ''}` : pageKey(c.url));
  const groupRank = new Map<string, number>();
  for (const c of unique) if (!groupRank.has(group(c))) groupRank.set(group(c), c.rank);
  const keyed = unique.map((c) => {
    const tier = tierOf(q, c.meta);
    const older = isOlder(c.meta) ? 1 : 0;
    return { c, tier: tier as 0 | 1 | 2, key: tier < 2 ? [tier, older, c.rank] : [2, groupRank.get(group(c))!, older, c.rank] };
  });
  // A section titled exactly as the query (a shelf on the catalog page) counts as a page of that name.
  for (const k of keyed) {
    if (k.tier === 2 && namedSection(q, k.c)) k.key = [1, isOlder(k.c.meta) ? 1 : 0, k.c.rank];
  }
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
    return 0;
  });
  return keyed.map(({ c, tier, key }) => {
    const d = describeResult(c.meta);
    const section = tier === 2 && key[0] === 1 ? namedSection(q, c) : undefined;
    return {
      // A result found by its section's title leads to that section.
      url: section?.url ?? c.url,
      ...d,
      ...(d.older ? { newestVersion: c.meta.newest_version } : {}),
      excerpt: c.excerpt,
      sections: pickSections(q, c),
      tier: section ? 1 : tier,
    };
  });
}

/** The section of `c` (not its top) whose title is the query, if any. */
function namedSection(q: string, c: SearchCandidate): { url: string } | undefined {
  if (!q) return undefined;
  const page = pageKey(c.url);
  return (c.sub_results ?? []).find((s) => s.url.includes('#') && pageKey(s.url) === page && normalizeQuery(cleanSectionTitle(s.title).replace(/ \(\d+\)$/, '')) === q);
}

/** The sections to show: those whose title holds the query first, then Pagefind's order; not the page's top. */
function pickSections(q: string, c: SearchCandidate): RankedResult['sections'] {
  const page = pageKey(c.url);
  const subs = (c.sub_results ?? []).filter((s) => s.url.includes('#') && pageKey(s.url) === page);
  const named = (s: { title: string }) => (q && normalizeQuery(s.title).includes(q) ? 0 : 1);
  return subs
    .map((s, i) => ({ s, i }))
    .sort((a, b) => named(a.s) - named(b.s) || a.i - b.i)
    .slice(0, MAX_SECTIONS)
    .map(({ s }) => ({ title: cleanSectionTitle(s.title), url: s.url, excerpt: s.excerpt }));
}

/**
 * An excerpt as runs of text, each marked (a matched word) or not. Pagefind's excerpt is HTML
 * whose only elements are `<mark>`; `decode` turns the rest into text (entities decoded, any
 * other markup dropped), so catalog strings are never markup in the dialog.
 */
export function excerptRuns(excerpt: string, decode: (html: string) => string): { text: string; mark: boolean }[] {
  const runs: { text: string; mark: boolean }[] = [];
  excerpt.split(/(<mark>[\s\S]*?<\/mark>)/).forEach((part) => {
    if (!part) return;
    const mark = part.startsWith('<mark>') && part.endsWith('</mark>');
    const text = decode(mark ? part.slice(6, -7) : part);
    if (text) runs.push({ text, mark });
  });
  return runs;
}
