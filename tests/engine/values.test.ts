/**
 * Values (§10.4) and value citations (§10.10): which declarations are active, what an adoption
 * must supply, forms, ranges, and citation chains within one adoption.
 */
import { describe, expect, it } from 'vitest';
import { analyze, edit, errors, evaluateDoc, findings, lamp, set, setAll, unset, withCode, type Doc } from '../helpers/fixtures.ts';

const active = (doc: Doc) => Object.fromEntries(evaluateDoc(doc).values.map((v) => [v.name, v.active]));
const numberOf = (doc: Doc, name: string) => evaluateDoc(doc).values.find((v) => v.name === name)!.number;

/** The lantern with burn-mode flicker, refill answered, and flicker-chance supplied. */
const flickering = () =>
  setAll(lamp(), [
    [['answers', 'burn-mode'], 'flicker'],
    [['answers', 'refill'], 'top-up'],
    [['values', 'flicker-chance'], 0.25],
  ]);

describe('active declarations', () => {
  it('a declaration without when is active; flag and row-has decide the conditional ones', () => {
    expect(active(lamp())).toEqual({ capacity: true, 'burn-rate': true, reserve: true, 'flicker-chance': false, 'cotton-bonus': true });
    expect(active(flickering())['flicker-chance']).toBe(true);
  });

  it('row-has: active exactly while some row carries a listed value', () => {
    const hempOnly = set(lamp(), ['rows', 'wicks'], [{ id: 'long-hemp', material: 'hemp', length: 9, braid: 3 }]);
    expect(active(hempOnly)['cotton-bonus']).toBe(false);
    // Still supplied: the value of an inactive declaration is an error.
    expect(errors(analyze(hempOnly))).toEqual(['CONTRACT_VALUE_INACTIVE /values/cotton-bonus']);
    expect(errors(analyze(unset(hempOnly, ['values', 'cotton-bonus'])))).toEqual([]);
  });

  it('a flag in a value condition reads only asked questions', () => {
    // refill is not asked (steady), yet answered: flicker-chance gated on it stays inactive.
    const doc = edit(set(lamp(), ['answers', 'refill'], 'top-up'), (d) => {
      d.declares.values['flicker-chance'].when = { flag: { refill: ['top-up'] } };
    });
    expect(active(doc)['flicker-chance']).toBe(false);
  });

  it('value-form and row-count conditions on a declaration', () => {
    const doc = edit(lamp(), (d) => {
      d.declares.values['flicker-chance'].when = { 'value-form': { 'burn-rate': ['citation'] } };
      d.declares.values.reserve.when = { 'row-count': { wicks: 'at-least-two' } };
    });
    expect(active(doc)).toMatchObject({ 'flicker-chance': false, reserve: true });
    const other = setAll(doc, [
      [['values', 'burn-rate'], 'lantern.burn.rate'],
      [['rows', 'wicks'], [{ id: 'thin-cotton', material: 'cotton', length: 2 }]],
    ]);
    expect(active(other)).toMatchObject({ 'flicker-chance': true, reserve: false });
  });
});

describe('supplied values', () => {
  it('an active declaration without a value: CONTRACT_VALUE_MISSING naming it', () => {
    const report = analyze(setAll(lamp(), [
      [['answers', 'burn-mode'], 'flicker'],
      [['answers', 'refill'], 'top-up'],
    ]));
    const missing = withCode(report, 'CONTRACT_VALUE_MISSING');
    expect(missing).toHaveLength(1);
    expect(missing[0]!.severity).toBe('error');
    expect(['/values', '/values/flicker-chance']).toContain(missing[0]!.pointer);
    expect(missing[0]!.message).toContain('flicker-chance');
  });

  it('a value for an inactive declaration: CONTRACT_VALUE_INACTIVE', () => {
    expect(errors(analyze(set(lamp(), ['values', 'flicker-chance'], 0.5)))).toEqual(['CONTRACT_VALUE_INACTIVE /values/flicker-chance']);
  });

  it('a value that names no declaration: CONTRACT_VALUE_UNKNOWN', () => {
    expect(errors(analyze(set(lamp(), ['values', 'brightness'], 3)))).toEqual(['CONTRACT_VALUE_UNKNOWN /values/brightness']);
  });

  it('a citation where only numbers are accepted: CONTRACT_VALUE_TYPE', () => {
    expect(errors(analyze(set(lamp(), ['values', 'capacity'], 'lantern.tank.capacity')))).toContain('CONTRACT_VALUE_TYPE /values/capacity');
  });

  it.each([[true], [null], [[4]], [{ n: 4 }]])('neither a number nor a citation string (%j): CONTRACT_VALUE_TYPE', (value) => {
    const codes = withCode(analyze(set(lamp(), ['values', 'reserve'], value)), 'CONTRACT_VALUE_TYPE');
    expect(codes.map((d) => d.pointer)).toContain('/values/reserve');
  });

  it('a number outside the declared range: CONTRACT_VALUE_RANGE; the bounds are inclusive', () => {
    expect(errors(analyze(set(lamp(), ['values', 'capacity'], 101)))).toEqual(['CONTRACT_VALUE_RANGE /values/capacity']);
    expect(errors(analyze(set(lamp(), ['values', 'capacity'], 0)))).toContain('CONTRACT_VALUE_RANGE /values/capacity');
    expect(errors(analyze(set(lamp(), ['values', 'capacity'], 100)))).toEqual([]);
    expect(errors(analyze(setAll(lamp(), [[['values', 'capacity'], 10], [['values', 'burn-rate'], 0]])))).toEqual([]);
  });

  it('a declared range with its minimum above its maximum: CONTRACT_VALUE_RANGE on the declaration', () => {
    const report = analyze(set(lamp(), ['declares', 'values', 'reserve', 'range'], [10, 1]), { pack: null });
    expect(withCode(report, 'CONTRACT_VALUE_RANGE').map((d) => d.pointer)).toContain('/declares/values/reserve/range');
  });

  it('value names: a leading digit or a reserved word breaks the grammar; a question id collides', () => {
    const withValue = (name: string) => set(lamp(), ['declares', 'values', name], { description: 'x' });
    expect(withCode(analyze(withValue('2nd-wick'), { pack: null }), 'CONTRACT_NAME_GRAMMAR').map((d) => d.pointer)).toContain('/declares/values/2nd-wick');
    expect(withCode(analyze(withValue('not'), { pack: null }), 'CONTRACT_NAME_GRAMMAR').map((d) => d.pointer)).toContain('/declares/values/not');
    expect(withCode(analyze(withValue('refill'), { pack: null }), 'CONTRACT_NAME_UNIQUE').map((d) => d.pointer)).toEqual(['/declares/values/refill']);
  });
});

describe('value citations (§10.10)', () => {
  it('a tuning address is checked for its grammar only: no finding, no number, the rule is not evaluated', () => {
    const doc = set(lamp(), ['values', 'burn-rate'], 'lantern.burn.rate');
    const report = analyze(doc);
    expect(findings(report)).toEqual([]);
    expect(numberOf(doc, 'burn-rate')).toBeUndefined();
    expect(report.evaluation.rules.find((r) => r.name === 'rate-below-capacity')!.status).toBe('skipped');
  });

  it.each([
    ['a colon', 'tuning:burn-rate'],
    ['contracts. with two segments', 'contracts.lamp'],
    ['contracts. with four segments', 'contracts.lamp.capacity.max'],
    ['an empty segment', 'lantern..rate'],
  ])('a citation with %s: CONTRACT_CITATION_GRAMMAR', (_, citation) => {
    expect(errors(analyze(set(lamp(), ['values', 'reserve'], citation)))).toContain('CONTRACT_CITATION_GRAMMAR /values/reserve');
  });

  it('a chain within the adoption resolves to the number at its end', () => {
    // reserve → burn-rate → capacity (9, the longest wick's length).
    const doc = setAll(lamp(), [
      [['values', 'capacity'], 9],
      [['values', 'burn-rate'], 'contracts.lamp.capacity'],
      [['values', 'reserve'], 'contracts.lamp.burn-rate'],
    ]);
    expect(numberOf(doc, 'burn-rate')).toBe(9);
    expect(numberOf(doc, 'reserve')).toBe(9);
    // The rule reads the resolved numbers: 9 < 9 is false.
    expect(errors(analyze(doc))).toEqual(['CONTRACT_RULE_FAILED /rules/rate-below-capacity']);
  });

  it('the range applies to the resolved number of a citation', () => {
    const doc = set(lamp(), ['values', 'burn-rate'], 'contracts.lamp.capacity'); // 40, outside [0, 10]
    expect(numberOf(doc, 'burn-rate')).toBe(40);
    expect(errors(analyze(doc))).toContain('CONTRACT_VALUE_RANGE /values/burn-rate');
  });

  it('the citation resolves only against the adoption’s own id', () => {
    // The same text, read as adoption "attic-lamp", cites another adoption.
    const doc = set(lamp(), ['values', 'reserve'], 'contracts.lamp.capacity');
    expect(errors(analyze(doc))).toEqual([]);
    expect(errors(analyze(doc, { id: 'attic-lamp' }))).toEqual(['CONTRACT_CITATION_CROSS_ADOPTION /values/reserve']);
  });

  it('a citation of another adoption: CONTRACT_CITATION_CROSS_ADOPTION', () => {
    expect(errors(analyze(set(lamp(), ['values', 'reserve'], 'contracts.attic-lamp.capacity')))).toEqual([
      'CONTRACT_CITATION_CROSS_ADOPTION /values/reserve',
    ]);
  });

  it('a chain that leads back to itself: CONTRACT_CITATION_CYCLE', () => {
    const doc = setAll(lamp(), [
      [['values', 'burn-rate'], 'contracts.lamp.reserve'],
      [['values', 'reserve'], 'contracts.lamp.burn-rate'],
    ]);
    const cycle = withCode(analyze(doc), 'CONTRACT_CITATION_CYCLE');
    expect(cycle.length).toBeGreaterThanOrEqual(1);
    expect(cycle.every((d) => d.pointer === '/values/burn-rate' || d.pointer === '/values/reserve')).toBe(true);
    expect(numberOf(doc, 'burn-rate')).toBeUndefined();
  });

  it('a citation of an inactive value of the same adoption dangles', () => {
    const report = analyze(set(lamp(), ['values', 'reserve'], 'contracts.lamp.flicker-chance'));
    expect(errors(report)).toEqual(['CONTRACT_CITATION_DANGLING /values/reserve']);
  });
});
