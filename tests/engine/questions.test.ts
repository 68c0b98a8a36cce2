/**
 * Questions and answers (§10.3, §12.3): which questions are asked, the answers they need, cycles,
 * and the widening rule.
 */
import { describe, expect, it } from 'vitest';
import { analyze, edit, errors, evaluateDoc, findings, lamp, set, setAll, unset, withCode, type Doc } from '../helpers/fixtures.ts';

const asked = (doc: Doc) => Object.fromEntries(evaluateDoc(doc).questions.map((q) => [q.id, q.asked]));

/** Adds a question (with `otherwise`, since the lantern definition is widened). */
function withQuestion(doc: Doc, id: string, when: unknown): Doc {
  return set(doc, ['questions', id], {
    asks: `Question ${id}?`,
    when,
    otherwise: 'Nothing special happens.',
    options: { yes: { meaning: 'Yes.' }, no: { meaning: 'No.' } },
  });
}

describe('which questions are asked', () => {
  it('a question without when is asked; one with when is asked exactly when its condition holds', () => {
    expect(asked(lamp())).toEqual({ 'burn-mode': true, refill: false, 'wick-trim': true });
    const flicker = setAll(lamp(), [
      [['answers', 'burn-mode'], 'flicker'],
      [['answers', 'refill'], 'top-up'],
      [['values', 'flicker-chance'], 0.25],
    ]);
    expect(asked(flicker)).toEqual({ 'burn-mode': true, refill: true, 'wick-trim': true });
    expect(errors(analyze(flicker))).toEqual([]);
  });

  it('a flag naming a question that is not asked is false, even when that question has a recorded answer', () => {
    // refill is not asked under burn-mode steady, yet the adoption records an answer for it.
    const base = withQuestion(set(lamp(), ['answers', 'refill'], 'top-up'), 'refill-sound', { flag: { refill: ['top-up'] } });
    expect(asked(base)['refill-sound']).toBe(false);
    const report = analyze(base);
    expect(findings(report)).toEqual(['CONTRACT_ANSWER_NOT_ASKED warning /answers/refill']);

    // Once refill is asked with that answer, the dependent question is asked and needs an answer.
    const live = setAll(base, [
      [['answers', 'burn-mode'], 'flicker'],
      [['values', 'flicker-chance'], 0.25],
    ]);
    expect(asked(live)['refill-sound']).toBe(true);
    expect(errors(analyze(live))).toEqual(['CONTRACT_ANSWER_MISSING /answers']);
    expect(withCode(analyze(live), 'CONTRACT_ANSWER_MISSING')[0]!.message).toContain('refill-sound');
  });

  it('value-form reads the form of an unconditional value', () => {
    const base = withQuestion(lamp(), 'rate-source', { 'value-form': { 'burn-rate': ['citation'] } });
    expect(asked(base)['rate-source']).toBe(false); // burn-rate is the number 2
    const cited = set(base, ['values', 'burn-rate'], 'lantern.burn.rate');
    expect(asked(cited)['rate-source']).toBe(true);
    const both = withQuestion(cited, 'rate-any', { 'value-form': { 'burn-rate': ['number', 'citation'] } });
    expect(asked(both)['rate-any']).toBe(true);
    // A value that is not supplied, or is neither form, has no form: the condition is false.
    expect(asked(unset(both, ['values', 'burn-rate']))['rate-any']).toBe(false);
    expect(asked(set(both, ['values', 'burn-rate'], 'no dots here'))['rate-any']).toBe(false);
  });

  it('row-count reads the length of the row array: empty, non-empty, at-least-two', () => {
    const base = withQuestion(withQuestion(lamp(), 'spare', { 'row-count': { wicks: 'at-least-two' } }), 'bare', { 'row-count': { wicks: 'empty' } });
    const rows = (n: number) => set(base, ['rows', 'wicks'], (lamp().rows as { wicks: unknown[] }).wicks.slice(0, n));
    expect(asked(rows(0))).toMatchObject({ 'wick-trim': false, spare: false, bare: true });
    expect(asked(rows(1))).toMatchObject({ 'wick-trim': true, spare: false, bare: false });
    expect(asked(rows(2))).toMatchObject({ 'wick-trim': true, spare: true, bare: false });
    // Not an array: every row-count is false.
    expect(asked(set(base, ['rows', 'wicks'], 'none'))).toMatchObject({ 'wick-trim': false, spare: false, bare: false });
  });

  it('without rows, wick-trim is not asked and its recorded answer only warns', () => {
    const empty = unset(set(lamp(), ['rows', 'wicks'], []), ['values', 'cotton-bonus']);
    expect(findings(analyze(empty))).toEqual(['CONTRACT_ANSWER_NOT_ASKED warning /answers/wick-trim']);
  });

  it('any holds when one member holds; all when every member holds', () => {
    const when = (form: 'any' | 'all') => ({
      [form]: [{ flag: { 'burn-mode': ['flicker'] } }, { 'row-count': { wicks: 'at-least-two' } }],
    });
    const base = withQuestion(withQuestion(lamp(), 'q-any', when('any')), 'q-all', when('all'));
    expect(asked(base)).toMatchObject({ 'q-any': true, 'q-all': false }); // steady, three wicks
    const flicker = set(base, ['answers', 'burn-mode'], 'flicker');
    expect(asked(flicker)).toMatchObject({ 'q-any': true, 'q-all': true });
    const oneWick = set(base, ['rows', 'wicks'], [{ id: 'only', material: 'wire' }]);
    expect(asked(oneWick)).toMatchObject({ 'q-any': false, 'q-all': false });
  });

  it('any and all do not nest: a nested any is false (and a shape error)', () => {
    const nested = withQuestion(lamp(), 'nested', { any: [{ any: [{ flag: { 'burn-mode': ['steady'] } }] }] });
    expect(asked(nested).nested).toBe(false);
    expect(withCode(analyze(nested), 'CONTRACT_QUESTION_CONDITION').length).toBeGreaterThan(0);
  });

  it('a condition with no form, or a row-has on a question, is false; row-has is a CONTRACT_QUESTION_CONDITION', () => {
    const empty = withQuestion(lamp(), 'never', {});
    expect(asked(empty).never).toBe(false);
    const rowHas = withQuestion(lamp(), 'by-row', { 'row-has': { wicks: { material: ['cotton'] } } });
    expect(asked(rowHas)['by-row']).toBe(false);
    expect(withCode(analyze(rowHas), 'CONTRACT_QUESTION_CONDITION').map((d) => d.pointer)).toContain('/questions/by-row/when/row-has');
  });

  it('a flag cycle makes every question asked and reports CONTRACT_QUESTION_CYCLE', () => {
    const cyclic = edit(lamp(), (d) => {
      d.questions.refill.when = { flag: { 'wick-trim': ['manual'] } };
      d.questions['wick-trim'].when = { flag: { refill: ['top-up'] } };
    });
    const ev = evaluateDoc(cyclic);
    expect(ev.cycle).toBeDefined();
    expect(new Set(ev.cycle)).toEqual(new Set(['refill', 'wick-trim']));
    expect(ev.questions.every((q) => q.asked)).toBe(true);
    const report = analyze(cyclic);
    const cycle = withCode(report, 'CONTRACT_QUESTION_CYCLE');
    expect(cycle).toHaveLength(1);
    expect(['/questions/refill/when', '/questions/wick-trim/when']).toContain(cycle[0]!.pointer);
    // Every question is asked, so refill (unanswered) is missing.
    expect(errors(report)).toContain('CONTRACT_ANSWER_MISSING /answers');
  });

  it('a cycle through a flag inside any counts too', () => {
    const cyclic = edit(lamp(), (d) => {
      d.questions.refill.when = { any: [{ flag: { 'wick-trim': ['manual'] } }, { 'row-count': { wicks: 'empty' } }] };
      d.questions['wick-trim'].when = { flag: { refill: ['top-up'] } };
    });
    expect(evaluateDoc(cyclic).cycle).toBeDefined();
    expect(withCode(analyze(cyclic), 'CONTRACT_QUESTION_CYCLE')).toHaveLength(1);
  });

  it('a chain without a loop is no cycle', () => {
    const chain = withQuestion(lamp(), 'after-refill', { flag: { refill: ['top-up'] } });
    expect(evaluateDoc(chain).cycle).toBeUndefined();
    expect(withCode(analyze(chain), 'CONTRACT_QUESTION_CYCLE')).toEqual([]);
  });
});

describe('names that conditions read', () => {
  it('a question when.flag naming an undeclared question: CONTRACT_REFERENCE (§10.7 rule 16)', () => {
    const doc = set(lamp(), ['questions', 'refill', 'when'], { flag: { 'wick-colour': ['red'] } });
    expect(errors(analyze(doc, { pack: null }))).toEqual(['CONTRACT_REFERENCE /questions/refill/when/flag/wick-colour']);
  });

  it('an undeclared name inside any, value-form or row-count of a question: CONTRACT_QUESTION_CONDITION', () => {
    const inAny = set(lamp(), ['questions', 'refill', 'when'], { any: [{ flag: { 'wick-colour': ['red'] } }] });
    expect(errors(analyze(inAny, { pack: null }))).toEqual(['CONTRACT_QUESTION_CONDITION /questions/refill/when/any/0/flag/wick-colour']);
    const valueForm = set(lamp(), ['questions', 'refill', 'when'], { 'value-form': { brightness: ['number'] } });
    expect(errors(analyze(valueForm, { pack: null }))).toEqual(['CONTRACT_QUESTION_CONDITION /questions/refill/when/value-form/brightness']);
    const rowCount = set(lamp(), ['questions', 'refill', 'when'], { 'row-count': { mantles: 'empty' } });
    expect(errors(analyze(rowCount, { pack: null }))).toEqual(['CONTRACT_QUESTION_CONDITION /questions/refill/when/row-count/mantles']);
  });

  it('value-form may read only an unconditional declaration', () => {
    const doc = set(lamp(), ['questions', 'refill', 'when'], { 'value-form': { 'flicker-chance': ['number'] } });
    expect(errors(analyze(doc, { pack: null }))).toEqual(['CONTRACT_QUESTION_CONDITION /questions/refill/when/value-form/flicker-chance']);
  });

  it('a value condition naming an undeclared question, or a row-has reading a field that is not unconditional and required: CONTRACT_VALUE_CONDITION', () => {
    const flag = set(lamp(), ['declares', 'values', 'flicker-chance', 'when'], { flag: { 'wick-colour': ['red'] } });
    expect(errors(analyze(flag))).toEqual(['CONTRACT_VALUE_CONDITION /declares/values/flicker-chance/when/flag/wick-colour']);
    const conditional = set(lamp(), ['declares', 'values', 'cotton-bonus', 'when'], { 'row-has': { wicks: { braid: [3] } } });
    expect(errors(analyze(conditional))).toContain('CONTRACT_VALUE_CONDITION /declares/values/cotton-bonus/when/row-has/wicks/braid');
    const optional = set(lamp(), ['declares', 'values', 'cotton-bonus', 'when'], { 'row-has': { wicks: { length: [4] } } });
    expect(errors(analyze(optional))).toContain('CONTRACT_VALUE_CONDITION /declares/values/cotton-bonus/when/row-has/wicks/length');
  });

  it('a field condition naming an undeclared question or field: CONTRACT_REFERENCE', () => {
    const flag = set(lamp(), ['declares', 'rows', 'wicks', 'record', 'braid', 'when'], { flag: { 'wick-colour': ['red'] } });
    expect(errors(analyze(flag))).toContain('CONTRACT_REFERENCE /declares/rows/wicks/record/braid/when/flag/wick-colour');
    const row = set(lamp(), ['declares', 'rows', 'wicks', 'record', 'braid', 'when'], { row: { colour: ['red'] } });
    expect(errors(analyze(row))).toContain('CONTRACT_REFERENCE /declares/rows/wicks/record/braid/when/row/colour');
  });

  it('a rule name that is not kebab-case: CONTRACT_RULE_INVALID', () => {
    expect(errors(analyze(set(lamp(), ['rules', 'Bad_Name'], 'capacity > 0')))).toEqual(['CONTRACT_RULE_INVALID /rules/Bad_Name']);
  });
});

describe('answers', () => {
  it('the base adoption answers every asked question', () => {
    expect(findings(analyze())).toEqual([]);
  });

  it('an asked question without an answer: CONTRACT_ANSWER_MISSING', () => {
    const report = analyze(unset(lamp(), ['answers', 'burn-mode']));
    const missing = withCode(report, 'CONTRACT_ANSWER_MISSING');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ severity: 'error', pointer: '/answers', file: 'contracts/lamp.json' });
    expect(missing[0]!.message).toContain('burn-mode');
  });

  it('an answer that is not an option: CONTRACT_ANSWER_UNKNOWN at /answers/<question>', () => {
    expect(errors(analyze(set(lamp(), ['answers', 'burn-mode'], 'roaring')))).toContain('CONTRACT_ANSWER_UNKNOWN /answers/burn-mode');
  });

  it('an answer to an undeclared question: CONTRACT_ANSWER_UNKNOWN at /answers/<key>', () => {
    expect(errors(analyze(set(lamp(), ['answers', 'colour'], 'red')))).toEqual(['CONTRACT_ANSWER_UNKNOWN /answers/colour']);
  });

  it('an answer to a question that is not asked: a warning only, and it does not count', () => {
    const report = analyze(set(lamp(), ['answers', 'refill'], 'replace'));
    expect(findings(report)).toEqual(['CONTRACT_ANSWER_NOT_ASKED warning /answers/refill']);
    const refill = report.evaluation.questions.find((q) => q.id === 'refill')!;
    expect(refill).toMatchObject({ asked: false, answer: 'replace', counted: false });
    // The answer-aware rule reading refill does not fire either (a flag on an unasked question is false).
    expect(report.evaluation.rules.find((r) => r.name === 'no-replace-while-flickering')!.status).toBe('quiet');
  });
});

describe('widening (§10.3 rule 7)', () => {
  /** The lantern without any of the five widening forms. */
  function plain(): Doc {
    return edit(lamp(), (d) => {
      delete d.questions.refill.otherwise;
      delete d.questions['wick-trim'];
      delete d.answers['wick-trim'];
      delete d.declares.values['burn-rate'].forms;
      delete d.declares.values.reserve.forms;
      delete d.declares.values['flicker-chance'];
      delete d.declares.values['cotton-bonus'];
      delete d.values['cotton-bonus'];
      delete d.declares.rows.wicks['when-empty'];
      delete d.rules['flicker-is-a-chance'];
      delete d.rules['no-replace-while-flickering'];
    });
  }

  it('a definition using none of the five forms needs neither otherwise nor when-empty', () => {
    // Without the pack: the plain definition drops a value the lantern pack cites.
    expect(errors(analyze(plain(), { pack: null }))).toEqual([]);
  });

  it.each([
    ['otherwise on a question', (d: Doc) => set(d, ['questions', 'burn-mode', 'otherwise'], 'It burns steadily.')],
    ['a question when with row-count', (d: Doc) => set(d, ['questions', 'refill', 'when'], { 'row-count': { wicks: 'non-empty' } })],
    ['forms on a value', (d: Doc) => set(d, ['declares', 'values', 'reserve', 'forms'], ['number'])],
    ['when on a value', (d: Doc) => set(d, ['declares', 'values', 'reserve', 'when'], { flag: { 'burn-mode': ['steady'] } })],
    ['an answer-aware rule', (d: Doc) => set(d, ['rules', 'quiet'], { forbid: { flag: { 'burn-mode': ['flicker'] } }, message: 'Flicker is loud.' })],
  ])('one widening form (%s) requires otherwise on every gated question and when-empty on every row set', (_, widen) => {
    const report = analyze(widen(plain()), { pack: null });
    expect(withCode(report, 'CONTRACT_QUESTION_OTHERWISE').map((d) => d.pointer)).toEqual(['/questions/refill']);
    expect(withCode(report, 'CONTRACT_ROW_WHEN_EMPTY').map((d) => d.pointer)).toEqual(['/declares/rows/wicks']);
  });

  it('when-empty on a row set widens too (and then only the missing otherwise is reported)', () => {
    const report = analyze(set(plain(), ['declares', 'rows', 'wicks', 'when-empty'], 'No wick, no light.'), { pack: null });
    expect(errors(report)).toEqual(['CONTRACT_QUESTION_OTHERWISE /questions/refill']);
  });

  it('in the widened lantern, a gated question without otherwise: CONTRACT_QUESTION_OTHERWISE', () => {
    expect(errors(analyze(unset(lamp(), ['questions', 'refill', 'otherwise'])))).toEqual(['CONTRACT_QUESTION_OTHERWISE /questions/refill']);
  });

  it('in the widened lantern, a row set without when-empty: CONTRACT_ROW_WHEN_EMPTY', () => {
    expect(errors(analyze(unset(lamp(), ['declares', 'rows', 'wicks', 'when-empty'])))).toEqual(['CONTRACT_ROW_WHEN_EMPTY /declares/rows/wicks']);
  });

  it('otherwise is text, not a default answer: the question stays unasked and unanswered', () => {
    const ev = evaluateDoc(lamp());
    const refill = ev.questions.find((q) => q.id === 'refill')!;
    expect(refill.asked).toBe(false);
    expect(refill.answer).toBeUndefined();
  });
});
