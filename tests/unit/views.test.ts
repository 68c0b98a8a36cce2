/**
 * The one renderer of the explorer's views (src/lib/site/view/h.ts) and its hooks: the HTML the
 * build writes is escaped and leaves out absent attributes; the island and the views name every
 * `data-*` hook through src/lib/site/hooks.ts, never as a string of their own. (That the island's
 * DOM matches the build's HTML is checked in a browser: tests/e2e/explorer.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as HOOKS from '../../src/lib/site/hooks.ts';
import { h, toHtml } from '../../src/lib/site/view/h.ts';
import { generatedTest } from '../../src/lib/site/view/generated-test.ts';
import { repoRoot } from '../helpers/paths.ts';

describe('toHtml', () => {
  it('escapes text and attribute values, writes `true` bare and leaves out false, null and undefined', () => {
    const html = toHtml(h('p', { title: 'a "b" & c', hidden: true, open: false, id: null, lang: undefined }, '<b> & \'x\'', h('br'), 3));
    expect(html).toBe('<p title="a &quot;b&quot; &amp; c" hidden>&lt;b&gt; &amp; &#39;x&#39;<br>3</p>');
  });

  it('flattens nested children and drops empty ones', () => {
    expect(toHtml(h('ul', null, [h('li', null, 'a'), [false, h('li', null, 'b')], null]))).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('a generated test carries the hook tools rely on, from the hooks module', () => {
    const html = toHtml(generatedTest({ name: 'x/a&b', title: 'T', text: 't', test: { type: 'scenario', given: 'g', when: 'w', then: ['t'] } }));
    expect(html).toContain(` ${HOOKS.testName}="x/a&amp;b"`);
    expect(HOOKS.testName).toBe('data-test-name');
  });
});

describe('hooks', () => {
  const dirs = ['src/scripts/explorer', 'src/lib/site/view'];
  const files = dirs.flatMap((d) => readdirSync(path.join(repoRoot, d)).filter((f) => f.endsWith('.ts')).map((f) => path.join(d, f)));

  /** The code of a file, its comments left out (they may name a hook). */
  const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

  it('the island and the views write no data-* name of their own (Pagefind’s aside)', () => {
    const found = files.flatMap((f) =>
      [...code(readFileSync(path.join(repoRoot, f), 'utf8')).matchAll(/['"`[]data-(?!pagefind-)[a-z-]+/g)].map((m) => `${f}: ${m[0]}`),
    );
    expect(files.length).toBeGreaterThan(8);
    expect(found).toEqual([]);
  });

  it('every hook name is a data-* attribute, the names tools rely on spelled as before', () => {
    const names = Object.entries(HOOKS).filter(([, v]) => typeof v === 'string') as [string, string][];
    for (const [k, v] of names) expect(v, k).toMatch(/^data-[a-z]+(-[a-z]+)*$/);
    expect([HOOKS.testName, HOOKS.template, HOOKS.live]).toEqual(['data-test-name', 'data-template', 'data-live']);
  });
});
