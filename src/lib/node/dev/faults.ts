/**
 * Dev-only middleware (added by the site's integration under `astro dev`): while the latest check
 * of the catalog has errors, every page answers with the findings instead of a page built from the
 * last clean catalog, which would no longer be what the files say. The terminal has printed the
 * findings once already (see `live-catalog.ts`); nothing is logged per request. The page holds
 * Vite's client, so it reloads by itself when the store changes after the next check.
 */
import type { MiddlewareHandler } from 'astro';
import { formatDiagnostic } from '../../opengdd/index.ts';
import { devFaults } from './state.ts';

/** Astro's middleware entry point. */
export const onRequest: MiddlewareHandler = (_context, next) => {
  const faults = devFaults();
  if (faults.length === 0) return next();
  return new Response(faultPage(faults.map(formatDiagnostic)), {
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
};

/** The findings as a page: one `file#pointer CODE severity sentence` line each, escaped. */
function faultPage(lines: readonly string[]): string {
  const title = `The catalog has ${lines.length} error${lines.length === 1 ? '' : 's'}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title} · OpenGDD contracts</title>
<script type="module" src="/@vite/client"></script>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}pre{white-space:pre-wrap;background:#fff4f4;border-left:4px solid #c00;padding:1rem}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<pre id="catalog-findings">${lines.map(escapeHtml).join('\n')}</pre>
<p>Each line names the file, the line and column, the JSON pointer, the code and what is wrong. Fix the files; this page
follows as soon as the catalog checks clean.</p>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
