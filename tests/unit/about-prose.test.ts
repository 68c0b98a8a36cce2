/**
 * about.mdx prose is held to Markdown: what MDX would run (imports, exports, expressions) or emit
 * as markup (tags, links to script addresses) is a finding with its line and column; plain
 * Markdown, escaped braces and web, mail and relative links are not. Local images are listed for
 * the folder check, and checked there: present, inside the folder, a readable image.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { imageProblems } from '../../src/lib/node/catalog/about-images.ts';
import { readProse } from '../../src/lib/node/catalog/about-prose.ts';

const FRONT = '---\ntitle: "T"\ngroup: g\nbenefit: "B"\n---\n';
const prose = (body: string) => readProse(`${FRONT}${body}\n`);

describe('readProse', () => {
  it('accepts Markdown: headings, lists, code, tables, escaped braces and angle brackets, safe links', () => {
    const reading = prose(
      [
        '## Notes',
        '',
        '- a *list* with `code {x}` and \\{braces\\} and 3 \\< 4',
        '',
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
        '',
        '```js',
        'import x from "y"; {z}',
        '```',
        '',
        '[web](https://example.org) [mail](mailto:a@example.org) [page](../other/) [here](#top) [ref][r]',
        '',
        '[r]: http://example.org/ref',
      ].join('\n'),
    );
    expect(reading).toEqual({ problems: [], localImages: [] });
  });

  it.each([
    ['an import', "import { readFileSync } from 'node:fs'", /^The prose holds, at line 6, column 1, an import or export/],
    ['an export', 'export const x = 1', /at line 6, column 1, an import or export/],
    ['a flow expression', '{process.env.HOME}', /at line 6, column 1, a \{…\} expression/],
    ['a text expression', 'Home is {process.env.HOME}.', /at line 6, column 9, a \{…\} expression/],
    ['an HTML tag', 'See <img src="x" onError="alert(1)" /> here.', /at line 6, column 5, the tag <img>/],
    ['a component', '<Banner />', /at line 6, column 1, the tag <Banner>/],
    ['a fragment', '<>text</>', /a <> fragment/],
    ['a javascript: link', '[x](javascript:alert(1))', /a link to a "javascript:" address/],
    ['a mixed-case scheme', '[x](JaVaScript:alert(1))', /a link to a "javascript:" address/],
    ['a scheme split by a tab (as a browser reads it)', '[x](java&#9;script:alert(1))', /a link to a "javascript:" address/],
    ['a data: image', '![x](data:image/svg+xml,<svg/>)', /an image to a "data:" address/],
    ['a reference definition', '[x][r]\n\n[r]: vbscript:msgbox', /a link to a "vbscript:" address/],
    ['an image reference to a local file', '![x][r]\n\n[r]: ./wave.png', /an image reference to "\.\/wave\.png"/],
    ['prose that does not parse', '<div>an unclosed element {', /^The prose is not valid MDX at line \d+, column \d+: /],
  ])('reports %s', (_label, body, message) => {
    const { problems } = prose(body);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  describe('refuses, before parsing, prose whose parse time would grow without bound', () => {
    it.each([
      ['prose over 64 KB', 'word '.repeat(14_000), /^The prose is 69 KB; about\.mdx prose is limited to 64 KB\.$/],
      ['quotes nested 33 deep on one line', `${'>'.repeat(33)} deep`, /^The prose nests 33 quotes or lists deep at line 6; at most 32 levels/],
      ['lists nested 40 deep on one line', `${'- '.repeat(40)}deep`, /^The prose nests 40 quotes or lists deep at line 6/],
      ['201 braces outside code', `${'{'.repeat(150)}\n\n${'{'.repeat(51)}`, /^The prose holds more than 200 \{ and < outside code blocks by line 8;/],
      ['201 angle brackets outside code', '<'.repeat(201), /^The prose holds more than 200 \{ and </],
    ])('%s', (_label, body, message) => {
      // The message is the pre-check's, not a parse error's: the file was never parsed.
      const { problems } = prose(body);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    });

    it('but not braces in fenced code, escaped ones, or nesting within the limit', () => {
      const body = ['```json', '{ "a": { "b": [1, 2] } }'.repeat(100), '```', '', '\\{'.repeat(300), '', `${'>'.repeat(32)} deep enough`].join('\n');
      expect(prose(body).problems).toEqual([]);
    });
  });

  it('reports five constructs and counts the rest', () => {
    const { problems } = prose(Array.from({ length: 8 }, (_, i) => `{${i}}`).join('\n\n'));
    expect(problems).toHaveLength(6);
    expect(problems[5]).toBe('…and 3 more like these.');
  });

  it('lists relative images with their place, not web or site-root ones', () => {
    const { problems, localImages } = prose('![a](./a.png)\n\n![b](https://example.org/b.png) ![c](/c.png) ![d](sub/d%20e.png)');
    expect(problems).toEqual([]);
    expect(localImages).toEqual([
      { url: './a.png', line: 6, column: 1 },
      { url: 'sub/d%20e.png', line: 8, column: 46 },
    ]);
  });
});

describe('imageProblems', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'opengdd-about-images-'));
  const folder = path.join(root, 'catalog/wave-1');
  mkdirSync(path.join(folder, 'sub'), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (url: string) => [{ url, line: 3, column: 1 }];

  it('accepts a readable image inside the folder, its name percent-encoded', async () => {
    await sharp({ create: { width: 4, height: 2, channels: 3, background: '#336' } }).png().toFile(path.join(folder, 'sub/d e.png'));
    expect(await imageProblems(folder, at('sub/d%20e.png'))).toEqual([]);
  });

  it.each([
    ['a missing file', 'gone.png', () => {}, /is not a file beside about\.mdx/],
    ['a file outside the folder', '../../outside.png', () => writeFileSync(path.join(root, 'outside.png'), 'x'), /is outside the contract’s folder/],
    ['a file that is not an image', 'fake.png', () => writeFileSync(path.join(folder, 'fake.png'), 'not a png'), /is not a PNG, JPEG/],
    ['a folder', 'sub', () => {}, /is not a file/],
    ['an image too large', 'big.png', () => writeFileSync(path.join(folder, 'big.png'), Buffer.alloc(3 * 1024 * 1024)), /is 3\.0 MB; images are limited to 2 MB/],
  ])('reports %s', async (_label, url, plant, message) => {
    plant();
    const problems = await imageProblems(folder, at(url));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^The image "${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" at line 3, column 1 `));
    expect(problems[0]).toMatch(message);
  });
});
