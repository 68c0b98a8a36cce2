/**
 * The Markdown that `opengdd --render-contract-tests` prints: per test a `### AT <name> — <title>`
 * heading, a blank line, a ```test fence holding the block as JSON indented by two spaces, a blank
 * line, then the text; tests separated by one blank line; each adoption trimmed; adoptions joined
 * by one blank line; one final newline.
 */
import { describe, expect, it } from 'vitest';
import { renderTestsMarkdown } from '../../src/lib/opengdd/render.ts';
import type { GeneratedTest } from '../../src/lib/opengdd/templates.ts';
import { analyze, edit, lanternPack } from '../helpers/fixtures.ts';

const DASH = '\u2014';
const FENCE = '```';

describe('render layout', () => {
  it('the lantern’s once templates render exactly as the layout says', () => {
    const pack = edit(lanternPack(), (p) => {
      p.templates = [p.templates[0], p.templates[4]];
    });
    const expected = [
      `### AT lamp/burns-down ${DASH} The lantern burns down`,
      '',
      `${FENCE}test`,
      '{',
      '  "type": "scenario",',
      '  "given": "lamp holds contracts.lamp.capacity",',
      '  "when": "one minute passes",',
      '  "then": "lamp holds contracts.lamp.burn-rate less"',
      '}',
      FENCE,
      '',
      'Burning spends contracts.lamp.burn-rate every minute.',
      '',
      `### AT lamp/fuel-audit ${DASH} The tank never overflows`,
      '',
      `${FENCE}test`,
      '{',
      '  "type": "general",',
      '  "scope": "one evening of play",',
      '  "seeds": [',
      '    "lamp-a"',
      '  ],',
      '  "claim": "lamp never holds more than contracts.lamp.capacity"',
      '}',
      FENCE,
      '',
      'Audit over one evening of play.',
      '',
    ].join('\n');
    expect(analyze(undefined, { pack }).markdown).toBe(expected);
  });

  it('a per-row number stays a JSON number in the block', () => {
    const md = analyze().markdown;
    expect(md).toContain(`### AT lamp/wick-burns/long-hemp ${DASH} Wick long-hemp burns\n\n${FENCE}test\n{\n  "type": "scenario",\n  "given": "long-hemp is a braided hemp wick",\n  "minutes": 9,\n`);
  });

  const t = (name: string, text: string, test: GeneratedTest['test'] = { type: 'scenario' }): GeneratedTest => ({
    name,
    templateId: name.split('/')[1]!,
    title: `Title of ${name}`,
    test,
    text,
  });

  it('each adoption is trimmed, adoptions are joined by one blank line, the output ends with one newline', () => {
    const md = renderTestsMarkdown([
      [t('a/one', 'First.'), t('a/two', 'Second.\n\n  ')],
      [t('b/one', 'Third.\n')],
    ]);
    const block = (name: string) => [`### AT ${name} ${DASH} Title of ${name}`, '', `${FENCE}test`, '{', '  "type": "scenario"', '}', FENCE, ''];
    expect(md).toBe([...block('a/one'), 'First.', '', ...block('a/two'), 'Second.', '', ...block('b/one'), 'Third.', ''].join('\n'));
    expect(md.endsWith('.\n')).toBe(true);
    expect(md.endsWith('\n\n')).toBe(false);
  });

  it('an empty test block is written as {}', () => {
    const md = renderTestsMarkdown([[t('a/empty', 'Text.', {})]]);
    expect(md).toBe(`### AT a/empty ${DASH} Title of a/empty\n\n${FENCE}test\n{}\n${FENCE}\n\nText.\n`);
  });

  it('text between tests is kept as written; only the adoption’s ends are trimmed', () => {
    const md = renderTestsMarkdown([[t('a/one', 'Line one.\n\nLine two.\n'), t('a/two', 'Last.')]]);
    expect(md).toContain('Line one.\n\nLine two.\n\n\n### AT a/two');
  });
});
