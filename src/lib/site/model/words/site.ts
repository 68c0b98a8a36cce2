/**
 * The words of the site around every page — header, footer, layout, search, theme, copy buttons,
 * the page that is not found. No imports: an island script takes its few words from here without
 * pulling the page model into the browser.
 * Pure: no DOM, no Node.
 */

/**
 * A sentence with names set in code: a string is text, `{ code }` a name or file a reader types,
 * `{ strong }` words set apart (see Rich.astro).
 */
export type Rich = readonly (string | { code: string } | { strong: string })[];

/** The site's name, as a page title ends and as social cards say it. */
export const SITE_NAME = 'OpenGDD contracts';

/** The name a social card signs with, at its foot (lib/site/social.ts). */
export const SOCIAL_BRAND = 'OpenGDD';

/** The header, the layout's landmarks and the footer. */
export const SITE_WORDS = {
  brand: 'OpenGDD',
  brandSection: 'Contracts',
  nav: 'Site',
  catalog: 'Catalog',
  specification: 'Specification',
  skip: 'Skip to content',
  sidebar: 'Contracts',
  allContracts: 'All contracts',
  breadcrumb: 'Breadcrumb',
  crumbRoot: 'Contracts',
  onThisPage: 'On this page',
  footer: {
    before: 'The ',
    catalog: 'OpenGDD contract catalog',
    middle: ': reusable descriptions of game mechanisms, with the acceptance tests each adoption generates. Format: ',
    spec: 'OpenGDD v0.9, §10 Contracts',
    after: '.',
  },
} as const;

/** "Link to the section Questions": the self-link beside each heading. */
export const selfLinkLabel = (heading: string): string => `Link to the section ${heading}`;

/** The page title: "Backpack · OpenGDD contracts". */
export const pageTitle = (title: string): string => (title === SITE_NAME ? title : `${title} · ${SITE_NAME}`);

/** The sentence of a page written only to lead elsewhere; the links come as HTML. */
export const LEAD_WORDS = {
  latest: (link: string) => `This address always leads to the newest version: ${link}.`,
  origin: (link: string, address: string) => `This address is the origin of ${link}; its page is at ${address}.`,
} as const;

/** The search button and dialog, and what the dialog says once it has loaded. */
export const SEARCH_WORDS = {
  open: 'Search',
  title: 'Search the catalog',
  close: 'Close',
  filters: {
    group: { label: 'Shelf', any: 'All shelves' },
    kind: { label: 'Kind', any: 'All kinds' },
    contract: { label: 'Contract', any: 'All contracts' },
  },
  older: 'older version',
  /** What a result is (lib/site/search-rank.ts): "contract, version 2", "adoption of Container, version 2". */
  what: {
    contract: (version: string) => `contract, version ${version}`,
    adoption: (contract: string, version: string) => `adoption of ${contract}, version ${version}`,
  },
  olderTitle: (newest: number | string) => `An earlier version; the newest is version ${newest}`,
  placeholder: 'A name, an alias, a question or a test name',
  results: 'Results',
  more: 'More results',
  keys: 'Arrow keys move through the results, Enter opens one, Escape closes.',
  /** "3 results for backpack", "No results with these filters". */
  status: (total: number, query: string) => {
    const what = query ? `for ${query}` : 'with these filters';
    return total === 0 ? `No results ${what}` : `${total} ${total === 1 ? 'result' : 'results'} ${what}`;
  },
  inDev: 'Search is available on the built site (npm run build), not in development.',
} as const;

/** The theme control. */
export const THEME_WORDS = {
  label: 'Theme',
  auto: 'Auto',
  light: 'Light',
  dark: 'Dark',
} as const;

/** A copy button: its label, and what it says after a press. */
export const COPY_WORDS = {
  copy: 'Copy',
  copied: 'Copied',
  failed: 'Copy failed — select the text instead',
} as const;

/** The page at an address where nothing is published. */
export const NOT_FOUND_WORDS = {
  title: 'Page not found',
  description: 'This page is not in the OpenGDD contract catalog.',
  body: 'Nothing is published at this address. Every published contract version keeps its page, so the link may have a typo, or name an adoption that was renamed.',
  way: { before: 'Go to the ', catalog: 'contract catalog', middle: ', or press ', after: ' to search contracts, questions and adoptions.' },
} as const;
