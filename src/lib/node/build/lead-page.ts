/**
 * The small static page written after the build at an address that only leads elsewhere (a
 * version-free address, an in-site origin): a refresh at once, the canonical link, a visible link
 * for a reader whose browser does not follow, and a policy under which nothing runs. Its words
 * are the site's (`LEAD_WORDS`).
 */
import { LEAD_WORDS, pageTitle } from '../../site/model/words/site.ts';

/**
 * The Content-Security-Policy of the pages written after the build: they run no script and need
 * no style, so none may run. Astro's policy covers only the pages it renders.
 */
export const REDIRECT_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'";

/** Escapes text for HTML. */
function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** What a lead page says and where it leads. */
export interface Lead {
  /** What the target is, in words ("Container, version 2"). */
  title: string;
  /** The canonical URL. */
  canonical: string;
  /** Where the refresh and the link go. */
  target: string;
  /** Why this address leads there, as `LEAD_WORDS` words it. */
  why: 'latest' | 'origin';
}

/** The page's HTML. */
export function leadPage({ title, canonical, target, why }: Lead): string {
  const t = esc(target);
  const link = `<a href="${t}">${esc(title)}</a>`;
  const sentence = why === 'latest' ? LEAD_WORDS.latest(link) : LEAD_WORDS.origin(link, `<a href="${t}">${t}</a>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(pageTitle(title))}</title>
<meta name="robots" content="noindex">
<meta http-equiv="content-security-policy" content="${REDIRECT_POLICY}">
<link rel="canonical" href="${esc(canonical)}">
<meta http-equiv="refresh" content="0; url=${t}">
</head>
<body>
<p>${sentence}</p>
</body>
</html>
`;
}
