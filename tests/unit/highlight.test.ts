/**
 * The JSON highlighter's compact HTML shows exactly the text, and colours every character as shiki
 * colours it in both themes, on every JSON document of the embedded catalog (and of the corpus when
 * present), every JSON value inside them as the pages stringify it, and generated JSON with every
 * kind of token; anything else falls back to shiki's own HTML.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fastJsonHtml,
  highlightJson,
  jsonPalette,
  readPalette,
  shikiColours,
  shikiJsonHtml,
  type ColourPair,
  type JsonPalette,
} from '../../src/lib/node/build/highlight.ts';
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

const decode = (t: string) => t.replace(/&#x3C;/g, '<').replace(/&#x26;/g, '&');

/**
 * The text of compact HTML and each character's colour pair, read as styles/code.css reads it:
 * plain text takes the block's `--shiki-light/-dark`, a `jb` or `js` span its kind's pair.
 */
function compactColours(html: string): { text: string; colours: (ColourPair | undefined)[] } {
  const head = /^<pre class="shiki json" style="([^"]*)" tabindex="0"><code>/.exec(html);
  expect(head, html.slice(0, 120)).not.toBeNull();
  expect(html.endsWith('</code></pre>')).toBe(true);
  const vars = Object.fromEntries(head![1]!.split(';').map((d) => d.split(':') as [string, string]));
  const pair = (prefix: string): ColourPair => [vars[`--${prefix}-light`]!, vars[`--${prefix}-dark`]!];
  const byClass: Record<string, ColourPair> = { '': pair('shiki'), jb: pair('jb'), js: pair('js') };
  const inner = html.slice(head![0].length, -'</code></pre>'.length);
  let text = '';
  const colours: (ColourPair | undefined)[] = [];
  // A line's box (and its end) is markup, not text.
  for (const m of inner.matchAll(/<span class="(jb|js)">([^<]*)<\/span>|<span class="line"(?: style="--i:\d+")?>|<\/span>|([^<]+)/g)) {
    if (m[2] === undefined && m[3] === undefined) continue;
    const piece = decode(m[2] ?? m[3]!);
    const c = byClass[m[1] ?? '']!;
    for (const ch of piece) colours.push(...Array.from({ length: ch.length }, () => (/\s/.test(ch) ? undefined : c)));
    text += piece;
  }
  return { text, colours };
}

const lower = (c: ColourPair | undefined) => c && c.map((x) => x.toLowerCase()).join(' ');

/** Asserts that the compact HTML of `code` shows `code` in shiki's colours, character by character. */
async function expectLikeShiki(code: string, palette: JsonPalette, label = code): Promise<void> {
  const html = fastJsonHtml(code, palette);
  expect(html, label).toBeDefined();
  const { text, colours } = compactColours(html!);
  expect(text, label).toBe(code);
  const theirs = await shikiColours(code);
  for (let i = 0; i < code.length; i++) {
    if (lower(colours[i]) !== lower(theirs[i])) {
      expect(`${lower(colours[i])} at ${i} (${JSON.stringify(code.slice(Math.max(0, i - 20), i + 20))})`, label).toBe(`${lower(theirs[i])} at ${i} (${JSON.stringify(code.slice(Math.max(0, i - 20), i + 20))})`);
    }
  }
}

describe('JSON highlighting', () => {
  const roots = ['catalog', 'packs', 'schemas'].map((d) => path.join(repoRoot, d)).concat(corpusDir);

  it('reads three colours off shiki, and code.css gives each class its pair', async () => {
    const palette = await jsonPalette();
    expect(palette).toBeDefined();
    const css = readFileSync(path.join(repoRoot, 'src/styles/code.css'), 'utf8');
    for (const cls of ['jb', 'js']) {
      expect(css).toMatch(new RegExp(`\\.shiki \\.${cls} \\{\\s*--shiki-light: var\\(--${cls}-light\\);\\s*--shiki-dark: var\\(--${cls}-dark\\);`));
    }
    expect(await readPalette(['not json'])).toBeUndefined();
  });

  it('shows every catalog document and value in the colours shiki gives it', async () => {
    const palette = (await jsonPalette())!;
    let checked = 0;
    for (const file of roots.flatMap(jsonFiles)) {
      for (const code of samples(file).slice(0, 12)) {
        await expectLikeShiki(code, palette, file);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it('shows generated JSON with escapes, markup, unicode and odd layouts in the colours shiki gives it', async () => {
    const palette = (await jsonPalette())!;
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
      await expectLikeShiki(code, palette);
    }
  }, 120_000);

  it('puts each line in a box of its own that knows its indentation, the newline inside it', async () => {
    const palette = (await jsonPalette())!;
    for (const code of ['{\n  "a": [\n    1,\n\n\t\t2\n  ]\n}\n', '{"a": 1}', '[\n  "x"\n]\n\n']) {
      const html = fastJsonHtml(code, palette)!;
      const boxes = [...html.matchAll(/<span class="line"(?: style="--i:(\d+)")?>((?:<span class="j[bs]">[^<]*<\/span>|[^<])*)<\/span>/g)];
      // The final newline of a file ends its last line; it opens no empty box after it.
      const lines = code.split('\n');
      if (lines.at(-1) === '') lines.pop();
      expect(boxes.map((b) => decode(b[2]!.replace(/<[^>]+>/g, '')))).toEqual(lines.map((l, i) => (i < lines.length - 1 || code.endsWith('\n') ? `${l}\n` : l)));
      // Indentation in columns, a tab to the next even column (base.css: tab-size 2).
      const columns = (l: string) => [.../^[ \t]*/.exec(l)![0]].reduce((c, ch) => (ch === ' ' ? c + 1 : c + 2 - (c % 2)), 0);
      expect(boxes.map((b) => Number(b[1] ?? 0))).toEqual(lines.map(columns));
    }
    const css = readFileSync(path.join(repoRoot, 'src/styles/code.css'), 'utf8');
    expect(css).toMatch(/\.shiki\.json \.line \{\s*display: block;\s*padding-inline-start: calc\(\(var\(--i, 0\) \+ 2\) \* 1ch\);\s*text-indent: calc\(\(var\(--i, 0\) \+ 2\) \* -1ch\);/);
  });

  it('leaves to shiki what it does not handle, and marks placeholders either way', async () => {
    const palette = (await jsonPalette())!;
    for (const code of ['not json', '"a bare string"', '42', '{"a": 1}\r\n', '{"a": "\u2028"}', '{"a": 1,}']) {
      expect(fastJsonHtml(code, palette), code).toBeUndefined();
      expect(await highlightJson(code)).toBe(await shikiJsonHtml(code));
    }
    const code = JSON.stringify({ text: 'Given {{instance}} at {{bind:x}}' }, null, 2);
    expect(await highlightJson(code, { placeholders: true })).toBe(
      fastJsonHtml(code, palette)!.replace(/\{\{[^{}<>]+\}\}/g, '<mark class="placeholder">$&</mark>'),
    );
    expect(await highlightJson('{"a": "{{x}}"}\r\n', { placeholders: true })).toContain('<mark class="placeholder">{{x}}</mark>');
  });
});

/** Compact HTML with every `<span class="ja">` and its closing tag taken out. */
function withoutAnnotationMarks(html: string): string {
  const stack: boolean[] = [];
  return html.replace(/<span class="ja">|<span[^>]*>|<\/span>/g, (tag) => {
    if (tag === '<span class="ja">') {
      stack.push(true);
      return '';
    }
    if (tag === '</span>') return stack.pop() ? '' : tag;
    stack.push(false);
    return tag;
  });
}

describe('annotations (§10.2 rule 2) in the JSON view', () => {
  it('marks each annotation member from its key to the end of its value, line by line', async () => {
    const palette = (await jsonPalette())!;
    const code = '{\n  "a": 1,\n  "_note": "x",\n  "b": { "_n": [1,\n    2], "c": "_not" },\n  "_o": { "k": null }\n}\n';
    const html = fastJsonHtml(code, palette, { annotations: true })!;
    const marked = [...html.matchAll(/<span class="ja">((?:<span class="j[bs]">[^<]*<\/span>|[^<])*)<\/span>/g)].map((m) =>
      decode(m[1]!.replace(/<[^>]+>/g, '')),
    );
    expect(marked).toEqual(['"_note": "x"', '"_n": [1,', '2]', '"_o": { "k": null }']);
  });

  it('changes nothing else: without the marks, the HTML is the unannotated HTML of every catalog document', async () => {
    const palette = (await jsonPalette())!;
    const files = [...jsonFiles(path.join(repoRoot, 'catalog')), ...jsonFiles(path.join(corpusDir, 'catalog'))];
    let annotated = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const html = fastJsonHtml(code, palette, { annotations: true })!;
      if (html.includes('class="ja"')) annotated++;
      expect(withoutAnnotationMarks(html)).toBe(fastJsonHtml(code, palette));
    }
    // The corpus's container-1 adoptions carry `_note_*` annotations.
    if (existsSync(corpusDir)) expect(annotated).toBeGreaterThan(0);
  });

  it('gives the focusable block a name', async () => {
    const html = await highlightJson('{"a": 1}', { label: 'The "x" file' });
    expect(html).toMatch(/^<pre role="region" aria-label="The &quot;x&quot; file" class="shiki json"/);
  });
});
