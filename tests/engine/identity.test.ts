/**
 * Definition identity (§10.11) and the adoption skeleton a designer starts from.
 */
import { describe, expect, it } from 'vitest';
import { canonicalDefinition, firstDifference } from '../../src/lib/opengdd/identity.ts';
import { adoptionSkeleton } from '../../src/lib/opengdd/skeleton.ts';
import { analyze, edit, errors, lamp, lanternDefinition, set, unset, type Doc } from '../helpers/fixtures.ts';

const DEFINITION_ORDER = ['contract', 'version', 'origin', 'summary', 'mechanism', 'questions', 'declares', 'rules', 'pack'];

describe('firstDifference and canonicalDefinition (§10.11)', () => {
  it('an adoption’s definition part equals its definition', () => {
    expect(firstDifference(lanternDefinition(), lamp())).toBeUndefined();
  });

  it('returns the pointer of the first difference in §10.2 field order', () => {
    const changed = edit(lamp(), (d) => {
      d.questions.refill.asks = 'What does a refill do now?';
      d.rules['rate-below-capacity'] = 'burn-rate <= capacity'; // later in §10.2 order
    });
    expect(firstDifference(lanternDefinition(), changed)).toBe('/questions/refill/asks');
    // The order of the top level in the file does not matter: questions still come first.
    const { rules, ...rest } = changed as Doc & { rules: unknown };
    expect(firstDifference(lanternDefinition(), { rules, ...rest })).toBe('/questions/refill/asks');
  });

  it('an array entry added or changed', () => {
    expect(firstDifference(lanternDefinition(), set(lamp(), ['mechanism', 2], 'A third line.'))).toBe('/mechanism/2');
    expect(firstDifference(lanternDefinition(), set(lamp(), ['declares', 'values', 'capacity', 'range', 1], 99))).toBe('/declares/values/capacity/range/1');
  });

  it('a member missing from one copy', () => {
    expect(firstDifference(lanternDefinition(), unset(lamp(), ['origin']))).toBe('/origin');
    expect(firstDifference(lanternDefinition(), unset(lamp(), ['questions', 'refill', 'otherwise']))).toBe('/questions/refill/otherwise');
  });

  it('the pack digest is part of the definition', () => {
    expect(firstDifference(lanternDefinition(), set(lamp(), ['pack'], 'sha256:' + '1'.repeat(64)))).toBe('/pack');
  });

  it('member order inside a definition field counts', () => {
    const reordered = edit(lamp(), (d) => {
      const { steady, flicker } = d.questions['burn-mode'].options;
      d.questions['burn-mode'].options = { flicker, steady };
    });
    const at = firstDifference(lanternDefinition(), reordered);
    expect(['/questions/burn-mode/options/flicker', '/questions/burn-mode/options/steady']).toContain(at);
    expect(canonicalDefinition(reordered)).not.toBe(canonicalDefinition(lanternDefinition()));
  });

  it('annotations and designer fields are ignored', () => {
    const annotated = edit(lamp(), (d) => {
      d._note = 'top-level annotation';
      d.questions.refill._why = 'refill is gated';
      d.declares.rows.wicks.record.id._hint = 'kebab-case';
      d.answers['burn-mode'] = 'flicker';
    });
    expect(firstDifference(lanternDefinition(), annotated)).toBeUndefined();
    expect(canonicalDefinition(annotated)).toBe(canonicalDefinition(lanternDefinition()));
  });

  it('the canonical text writes the definition fields in §10.2 order, indented by two spaces', () => {
    const shuffled = edit(lamp(), (d) => {
      d.pack = 'sha256:' + '2'.repeat(64);
    });
    const { pack, rules, questions, ...rest } = shuffled as Doc;
    const text = canonicalDefinition({ pack, rules, questions, ...rest });
    const parsed = JSON.parse(text) as Doc;
    expect(Object.keys(parsed)).toEqual(DEFINITION_ORDER);
    expect(text.split('\n')[1]).toBe('  "contract": "lantern-fuel",');
    expect(parsed).not.toHaveProperty('answers');
    expect(parsed).not.toHaveProperty('verification');
  });

  it('pointer segments are escaped (RFC 6901)', () => {
    const a = set(lanternDefinition(), ['mechanism'], { 'a/b': 1, 'c~d': 1 });
    expect(firstDifference(a, set(a, ['mechanism', 'a/b'], 2))).toBe('/mechanism/a~1b');
    expect(firstDifference(a, set(a, ['mechanism', 'c~d'], 2))).toBe('/mechanism/c~0d');
  });
});

describe('adoptionSkeleton', () => {
  it('copies the definition part unchanged and adds empty answers, values and one empty array per row set', () => {
    const skeleton = adoptionSkeleton(lanternDefinition()) as Doc;
    expect(firstDifference(lanternDefinition(), skeleton)).toBeUndefined();
    expect(Object.keys(skeleton)).toEqual([...DEFINITION_ORDER.filter((k) => k !== 'pack'), 'answers', 'values', 'rows']);
    expect(skeleton.answers).toEqual({});
    expect(skeleton.values).toEqual({});
    expect(skeleton.rows).toEqual({ wicks: [] });
  });

  it('drops annotations and designer fields of its input', () => {
    const skeleton = adoptionSkeleton(set(lamp(), ['_note'], 'x')) as Doc;
    expect(skeleton).not.toHaveProperty('_note');
    expect(skeleton.answers).toEqual({});
    expect(skeleton.rows).toEqual({ wicks: [] });
    expect(skeleton).not.toHaveProperty('verification');
  });

  it('a definition without row sets gets an empty rows map', () => {
    const skeleton = adoptionSkeleton(unset(lanternDefinition(), ['declares', 'rows'])) as Doc;
    expect(skeleton.rows).toEqual({});
  });

  it('is a valid start: only what the designer must still fill in is reported', () => {
    const report = analyze(adoptionSkeleton(lanternDefinition()) as Doc, { pack: null });
    const found = errors(report);
    expect(new Set(found.map((f) => f.split(' ')[0]))).toEqual(new Set(['CONTRACT_ANSWER_MISSING', 'CONTRACT_VALUE_MISSING', 'CONTRACT_RULE_INVALID']));
    expect(report.diagnostics.filter((d) => d.code === 'CONTRACT_ANSWER_MISSING').map((d) => d.message).join(' ')).toContain('burn-mode');
  });
});
