/**
 * Every URL the site links to, in one place. Pages are directories (trailing slash); downloads sit
 * beside the page they belong to.
 */

const BASE = (import.meta.env?.BASE_URL ?? '/').replace(/\/?$/, '/');

/** Prefixes a site-absolute path ("/contracts/") with the configured base. */
export function withBase(path: string): string {
  return BASE + path.replace(/^\//, '');
}

/** The site's base as a path ending in a slash (`/`, or `/catalog/` for a site built under a base). */
export const baseUrl = (): string => BASE;

/** The site's icon. */
export const faviconUrl = (): string => withBase('/favicon.svg');

/** The sitemap's index (written by @astrojs/sitemap at the base). */
export const sitemapUrl = (): string => withBase('/sitemap-index.xml');

/** The folder of the search index's first bundle (Pagefind's `pagefind.js`, see `search-index.ts`). */
export const searchBundleUrl = (): string => withBase('/pagefind/');

/** A version-free address under `/contracts/` (`container`, `container/backpack`), see `versions.ts`. */
export const latestUrl = (latestPath: string): string => withBase(`/contracts/${latestPath}/`);

/** The catalog index. */
export const catalogUrl = (): string => withBase('/contracts/');

/** A definition version's page: `/contracts/<contract>-<version>/`. */
export const definitionUrl = (cv: string): string => withBase(`/contracts/${cv}/`);

/** An adoption's page: `/contracts/<contract>-<version>/<adoption>/`. */
export const adoptionUrl = (cv: string, adoption: string): string => withBase(`/contracts/${cv}/${adoption}/`);

/** `definition.json`, byte-identical, beside the definition page. */
export const definitionFileUrl = (cv: string): string => withBase(`/contracts/${cv}/${cv}.definition.json`);

/** An adoption to start from (the definition part, empty answers, values and rows), beside the definition page. */
export const emptyAdoptionUrl = (cv: string): string => withBase(`/contracts/${cv}/${cv}.empty-adoption.json`);

/** The pack file, byte-identical, beside the definition page. */
export const packFileUrl = (cv: string): string => withBase(`/contracts/${cv}/${cv}.pack.json`);

/** The adoption file, byte-identical, beside the adoption page. */
export const adoptionFileUrl = (cv: string, adoption: string): string =>
  withBase(`/contracts/${cv}/${adoption}/${adoption}.json`);

/** Fragment id of a question on a definition or adoption page. */
export const questionAnchor = (id: string): string => `question-${id}`;

/** Fragment id of a value declaration. */
export const valueAnchor = (name: string): string => `value-${name}`;

/** Fragment id of a row set. */
export const rowSetAnchor = (name: string): string => `rows-${name}`;

/** Fragment id of a template. */
export const templateAnchor = (id: string): string => `template-${id}`;

/** Fragment id of a part of a definition's mechanism, from its heading's words ("Settle the change"). */
export const mechanismPartAnchor = (words: string): string =>
  `mechanism-${words.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'part'}`;

/** Fragment id of a generated test (names hold slashes). */
export const testAnchor = (name: string): string => `test-${name.replace(/[^a-z0-9-]+/gi, '--')}`;

/** The adoption's generated tests as Markdown, beside the adoption page (checked adoptions only). */
export const adoptionTestsUrl = (cv: string, adoption: string): string =>
  withBase(`/contracts/${cv}/${adoption}/${adoption}.tests.md`);

/** The adoption's zip (adoption file plus pack), beside the adoption page. */
export const adoptionZipUrl = (cv: string, adoption: string): string =>
  withBase(`/contracts/${cv}/${adoption}/${adoption}.zip`);

/** Upstream's authoring tool, the default of `OPENGDD_AUTHORING_TOOL`. */
export const DEFAULT_AUTHORING_TOOL = 'https://opengdd.org/authoring-tool/?contract={contract}&adoption={adoption}';

/**
 * Where a reader changes an adoption: the authoring tool the site is configured with
 * (`OPENGDD_AUTHORING_TOOL`, see astro.config.mjs), opened on this contract version and adoption.
 */
export function authoringToolUrl(cv: string, adoption: string, template = import.meta.env?.OPENGDD_AUTHORING_TOOL || DEFAULT_AUTHORING_TOOL): string {
  return template.replace(/\{contract\}/g, encodeURIComponent(cv)).replace(/\{adoption\}/g, encodeURIComponent(adoption));
}

/** The editor JSON Schema of one definition version's adoption files. */
export const adoptionSchemaUrl = (cv: string): string => withBase(`/schemas/contracts/${cv}.adoption.schema.json`);

/** The editor JSON Schema of every adoption of the catalog (it selects the definition's own by `contract` and `version`). */
export const catalogAdoptionSchemaUrl = (): string => withBase('/schemas/catalog-adoption.schema.json');

/** The social image (PNG 1200×630) of a definition version. */
export const definitionImageUrl = (cv: string): string => withBase(`/og/contracts/${cv}.png`);

/** The social image (PNG 1200×630) of an adoption. */
export const adoptionImageUrl = (cv: string, adoption: string): string => withBase(`/og/contracts/${cv}/${adoption}.png`);

/**
 * The URL to put in an `href` for a catalog-supplied address (a definition's `origin`), or
 * undefined when it must stay text. `origin` is any string (§10.2): only an absolute http(s) URL
 * becomes a link, so a `javascript:` or `data:` origin can never run when clicked.
 */
export function safeLink(address: string | undefined | null): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    // The address as written (the browser parses an href exactly as URL does).
    return url.protocol === 'http:' || url.protocol === 'https:' ? address : undefined;
  } catch {
    return undefined;
  }
}
