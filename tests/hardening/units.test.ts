/**
 * The small guards the hardening tests led to, one by one (the builds and the browser prove them
 * end to end; these say which piece holds what).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagefindFilterText } from '../../src/lib/site/format.ts';
import { storable } from '../../src/lib/node/content/loaders.ts';
import { inSitePath, resolveOrigins } from '../../src/lib/node/build/origins.ts';
import { socialSvg } from '../../src/lib/site/social.ts';
import { safeLink } from '../../src/lib/site/urls.ts';
import { remove } from '../helpers/site.ts';
import { markup } from './payloads.ts';

const SITE = new URL('https://opengdd.org/');

describe('safeLink: only an http(s) origin becomes an href', () => {
  it.each([
    ['https://opengdd.org/contracts/x-1/', 'https://opengdd.org/contracts/x-1/'],
    ['http://example.org/a', 'http://example.org/a'],
    ['javascript:alert(1)', undefined],
    [' JaVaScRiPt:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['vbscript:msgbox(1)', undefined],
    ['/contracts/x-1/', undefined],
    ['', undefined],
  ])('%j → %j', (origin, href) => {
    expect(safeLink(origin)).toBe(href);
  });
});

describe('origins that no file can be named after', () => {
  it('a malformed escape or a control character is not a path of the site (decodeURI would throw)', () => {
    expect(inSitePath('https://opengdd.org/contracts/%E0%A4%A', SITE)).toBeUndefined();
    expect(inSitePath('https://opengdd.org/contracts/held%00back/', SITE)).toBeUndefined();
    expect(inSitePath('https://opengdd.org/contracts/caf%C3%A9/', SITE)).toBe('/contracts/café/');
  });

  it('resolveOrigins leaves them alone and writes nothing', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'opengdd-origins-'));
    try {
      const entry = (id: string, origin: string) => ({ id, title: id, version: 1, origin, page: `https://opengdd.org/contracts/${id}/` });
      const outcomes = resolveOrigins([entry('a-1', 'https://opengdd.org/contracts/%E0%A4%A'), entry('b-1', 'https://opengdd.org/x%00y/')], SITE, out);
      expect(outcomes.map((o) => o.kind)).toEqual(['outside', 'outside']);
      expect(readdirSync(out)).toEqual([]);
    } finally {
      remove(out);
    }
  });
});

describe('pagefindFilterText', () => {
  it('escapes twice (Pagefind decodes filter text twice; Astro adds the third level)', () => {
    expect(pagefindFilterText('<b>&')).toBe('&amp;lt;b&amp;gt;&amp;amp;');
    expect(pagefindFilterText('Meters & pools')).toBe('Meters &amp;amp; pools');
  });
});

describe('storable: what the content store can hold', () => {
  it('drops own __proto__ members at any depth, keeps the rest, and leaves the input alone', () => {
    const input = JSON.parse('{"a":{"__proto__":{"polluted":1},"b":[{"__proto__":2,"c":3}]},"__proto__":{"x":1},"_note":"kept"}');
    const copy = storable(input);
    expect(JSON.stringify(copy)).toBe('{"a":{"b":[{"c":3}]},"_note":"kept"}');
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(input)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('socialSvg', () => {
  it('keeps markup in catalog text as text (no element, no handler)', () => {
    const svg = socialSvg({ kicker: markup(1), title: markup(2), subtitle: `javascript:alert(3) ${markup(3)}`, facts: [markup(4)], status: 'checked' });
    expect(svg).not.toMatch(/<(script|img|image|foreignObject|a|iframe)\b/i);
    // Inside a tag: every "<" of catalog text is escaped, so each "<…>" is a tag of our own.
    expect(svg).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
