/**
 * The JSON highlighter's fast path writes exactly the HTML shiki writes, on every JSON document of
 * the embedded catalog (and of the corpus when present), every JSON value inside them as the pages
 * stringify it, and generated JSON with every kind of token; anything else falls back to shiki.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastJsonHtml, highlightJson, shikiJsonHtml } from '../../src/lib/site/highlight.ts';
import { corpusDir, repoRoot } from '../helpers/paths.ts';

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? jsonFiles(p) : name.endsWith('.json') ? [p] : [];
  });
}

/** The file, and each object or array inside it as `JSON.stringify(value, null, 2)`. */
function samples(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out = [text];
  const visit = (v: unknown) => {
    if (v === null || typeof v !== 'object') return;
    out.push(JSON.stringify(v, null, 2));
    Object.values(v).forEach(visit);
  };
  visit(JSON.parse(text));
  return out;
}

/** A small deterministic PRNG, for generated documents. */
function prng(seed: number) {
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

describe('JSON highlighting', () => {
  const roots = ['catalog', 'packs', 'schemas'].map((d) => path.join(repoRoot, d)).concat(corpusDir);

  it('writes what shiki writes for every catalog document and value', async () => {
    let checked = 0;
    for (const file of roots.flatMap(jsonFiles)) {
      for (const code of samples(file).slice(0, 12)) {
        const fast = fastJsonHtml(code);
        expect(fast, file).toBeDefined();
        expect(fast, file).toBe(await shikiJsonHtml(code));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it('writes what shiki writes for generated JSON with escapes, markup, unicode and odd layouts', async () => {
    const random = prng(7);
    const pieces = ['a', ' ', '  ', '\t', '\n', '"', '\\', '/', '<', '&', '>', 'é', '\u00a0', '{{x}}', '😀', '\u0001', '\ufeff', '</script>'];
    const str = () => Array.from({ length: Math.floor(random() * 6) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const value = (depth: number): unknown => {
      const k = Math.floor(random() * (depth > 3 ? 4 : 6));
      if (k === 0) return str();
      if (k === 1) return Math.floor((random() - 0.5) * 1e6) / (random() < 0.5 ? 1 : 1000);
      if (k === 2) return [true, false, null, 1e21, -0.5e-7][Math.floor(random() * 5)];
      if (k === 3) return str();
      if (k === 4) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [str(), value(depth + 1)]));
    };
    for (let i = 0; i < 400; i++) {
      const code = JSON.stringify({ k: value(0), a: [value(0)] }, null, [2, 4, '\t', 0][i % 4] as number | string);
      expect(fastJsonHtml(code), code).toBe(await shikiJsonHtml(code));
    }
  }, 120_000);

  it('leaves to shiki what it does not handle, and highlightJson gives the same HTML either way', async () => {
    for (const code of ['not json', '"a bare string"', '42', '{"a": 1}\r\n', '{"a": "\u2028"}', '{"a": 1,}']) {
      expect(fastJsonHtml(code), code).toBeUndefined();
      expect(await highlightJson(code)).toBe(await shikiJsonHtml(code));
    }
    const code = JSON.stringify({ text: 'Given {{instance}} at {{bind:x}}' }, null, 2);
    expect(await highlightJson(code, { placeholders: true })).toBe(
      (await shikiJsonHtml(code)).replace(/\{\{[^{}<>]+\}\}/g, '<mark class="placeholder">$&</mark>'),
    );
  });
});
