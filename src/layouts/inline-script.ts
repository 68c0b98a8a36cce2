/**
 * An inline script the Content-Security-Policy allows. Astro hashes the scripts and styles it
 * bundles, but not an `is:inline` one; a script that must run before the first paint (the theme)
 * stays inline, so its hash is added to the page's policy here, from the very text the page holds.
 */
import { createHash } from 'node:crypto';

/** The page's CSP helpers (`Astro.csp`; undefined where no policy is made, as in dev). */
interface Csp {
  insertScriptHash(hash: `sha256-${string}`): void;
  insertStyleHash(entry: { hash: `sha256-${string}`; kind: 'attribute' }): void;
  insertStyleResource(entry: { resource: string; kind: 'attribute' }): void;
}

const sha256 = (text: string): `sha256-${string}` => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/**
 * Returns `html`, with the value of every `style` attribute in it allowed by the page's policy
 * (`style-src-attr 'unsafe-hashes'` and one hash per distinct value; `style-src` itself stays
 * free of inline styles). The highlighted JSON view sets its palette and each line's indentation
 * as custom properties in `style` attributes: a handful of values per page, none of them text
 * from a catalog.
 */
export function allowedStyleAttributes(csp: Csp | undefined, html: string): string {
  if (!csp) return html;
  const values = new Set([...html.matchAll(/<[^>]*\sstyle="([^"]*)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')));
  if (values.size === 0) return html;
  csp.insertStyleResource({ resource: "'unsafe-hashes'", kind: 'attribute' });
  for (const v of values) csp.insertStyleHash({ hash: sha256(v), kind: 'attribute' });
  return html;
}

/** Returns `code` for `<script is:inline set:html={…}>`, its hash added to the page's `script-src`. */
export function allowedInline(csp: Csp | undefined, code: string): string {
  csp?.insertScriptHash(sha256(code));
  return code;
}
