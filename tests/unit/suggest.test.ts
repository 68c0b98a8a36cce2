/**
 * "Did you mean …?": the edit-distance helper, and the engine's findings for names that point at
 * nothing declared (answers, options, values, row sets, row fields, placeholders, fields), which
 * end with the closest known name when one is a likely typo — and only then.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closestName, editDistance, withSuggestion } from '../../src/lib/opengdd/suggest.ts';
import { parseFindings, runCli, type PrintedFinding } from '../helpers/cli.ts';
import { repoRoot } from '../helpers/paths.ts';
import { copyCatalog, remove } from '../helpers/site.ts';

describe('edit distance', () => {
  it.each([
    ['slot-count', 'slot-count', 0],
    ['slot-cuont', 'slot-count', 1],
    ['slotcount', 'slot-count', 1],
    ['slot-coun', 'slot-count', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s → %s: %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('gives up past the limit', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('closestName', () => {
  it('finds a likely typo, not a distant name', () => {
    expect(closestName('draw-ordr', ['capacity-limit', 'draw-order'])).toBe('draw-order');
    expect(closestName('Draw-Order', ['draw-order'])).toBe('draw-order');
    expect(closestName('strap-strength', ['capacity-limit', 'draw-order'])).toBeUndefined();
    // A short name allows one edit only.
    expect(closestName('ab', ['xy'])).toBeUndefined();
  });

  it('never suggests the name itself or an annotation; a tie goes to the first listed', () => {
    expect(closestName('same', ['same'])).toBeUndefined();
    expect(closestName('_nots', ['_note'])).toBeUndefined();
    expect(closestName('cat', ['bat', 'cap'])).toBe('bat');
  });

  it('withSuggestion ends the sentence with the suggestion, or leaves it alone', () => {
    expect(withSuggestion('"x-ray" is unknown.', 'x-ray', ['x-rey'])).toBe('"x-ray" is unknown; did you mean `x-rey`?');
    expect(withSuggestion('"x-ray" is unknown.', 'x-ray', ['gamma'])).toBe('"x-ray" is unknown.');
  });
});

describe('findings with a suggestion (check on a copy of the embedded catalog)', () => {
  const root = copyCatalog(repoRoot);
  afterAll(() => remove(root));
  const CASTLE = 'catalog/spawn-wave-1/adoptions/castle-siege.json';
  const PACK = 'packs/spawn-wave-1.pack.json';
  const edit = (rel: string, change: (doc: any) => void) => {
    const file = path.join(root, rel);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    change(doc);
    writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
  };
  let findings: PrintedFinding[] = [];
  const at = (file: string, pointer: string) => findings.filter((f) => f.file === file && f.pointer === pointer);

  it('runs check once on a copy with one typo of each kind', async () => {
    edit(CASTLE, (d) => {
      d.answers['advanse'] = d.answers.advance;
      delete d.answers.advance;
      d.answers['blocked-spawn'] = 'wait-for-rooms';
      d.values['release-gaps'] = d.values['release-gap'];
      delete d.values['release-gap'];
      d.values['nothing-like-it'] = 3;
      d.rows.wave = [];
      d.rows.waves[0].enemmy = d.rows.waves[0].enemy;
      delete d.rows.waves[0].enemy;
    });
    edit(PACK, (p) => {
      p.templates[1].test.then[0] = p.templates[1].test.then[0].replace('{{value-cite:first-wave-delay}}', '{{value-cite:first-wave-dealy}}');
      p.templates[0].text += ' {{instanse}}';
      p.templates[0].tittle = 'a typo of title';
    });
    const run = await runCli(['check', '--catalog', root]);
    findings = parseFindings(run.out);
    expect(run.status).toBe(1);
  });

  it.each([
    ['an answer to an undeclared question', CASTLE, '/answers/advanse', 'CONTRACT_ANSWER_UNKNOWN', 'advance'],
    ['an answer that is not an option', CASTLE, '/answers/blocked-spawn', 'CONTRACT_ANSWER_UNKNOWN', 'wait-for-room'],
    ['an undeclared value', CASTLE, '/values/release-gaps', 'CONTRACT_VALUE_UNKNOWN', 'release-gap'],
    ['an undeclared row set', CASTLE, '/rows/wave', 'CONTRACT_ROWS_BINDING', 'waves'],
    ['an undeclared row field', CASTLE, '/rows/waves/0/enemmy', 'CONTRACT_ROW_FIELD', 'enemy'],
    ['a value placeholder', PACK, '/templates/1', 'CONTRACT_REFERENCE', 'first-wave-delay'],
    ['a placeholder that is none', PACK, '/templates/0', 'CONTRACT_PLACEHOLDER', 'instance'],
    ['an unknown field of a template', PACK, '/templates/0/tittle', 'CONTRACT_PACK_SHAPE', 'title'],
  ])('%s suggests the closest name', (_, file, pointer, code, near) => {
    const found = at(file, pointer).filter((f) => f.code === code);
    expect(found.map((f) => f.message)).toContainEqual(expect.stringMatching(new RegExp(`; did you mean \`${near.replace(/[-]/g, '\\-')}\`\\?$`)));
  });

  it('a name close to nothing gets no suggestion', () => {
    const [finding] = at(CASTLE, '/values/nothing-like-it');
    expect(finding?.code).toBe('CONTRACT_VALUE_UNKNOWN');
    expect(finding?.message).not.toContain('did you mean');
  });
});
