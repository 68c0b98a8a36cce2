/**
 * Rules (§10.6): the one-comparison grammar of §4 with IEEE-754 arithmetic, how a comparison rule
 * is evaluated over an adoption, and answer-aware rules.
 */
import { describe, expect, it } from 'vitest';
import { evaluateComparison, parseComparison, RuleEvaluationError, RuleSyntaxError } from '../../src/lib/opengdd/comparison.ts';
import { analyze, errors, findings, lamp, set, setAll, unset, withCode, type Doc } from '../helpers/fixtures.ts';

/** Parses and evaluates one line over named numbers. */
function run(line: string, env: Record<string, number> = {}) {
  return evaluateComparison(parseComparison(line), new Map(Object.entries(env)));
}

describe('the comparison grammar and arithmetic (§4)', () => {
  it('* and / apply before + and -', () => {
    expect(run('a + b * c == 7', { a: 1, b: 2, c: 3 })).toMatchObject({ holds: true, left: 7 });
    expect(run('(a + b) * c == 9', { a: 1, b: 2, c: 3 })).toMatchObject({ holds: true, left: 9 });
    expect(run('10 - 4 / 2 == 8')).toMatchObject({ holds: true, left: 8 });
  });

  it('operators of one level apply left to right', () => {
    expect(run('8 / 2 / 2 == 2')).toMatchObject({ holds: true, left: 2 }); // not 8 / (2 / 2) = 8
    expect(run('8 - 2 - 2 == 4')).toMatchObject({ holds: true, left: 4 }); // not 8 - (2 - 2) = 8
  });

  it('is IEEE-754 binary64: 0.1 + 0.2 == 0.3 is false', () => {
    const r = run('0.1 + 0.2 == 0.3');
    expect(r.holds).toBe(false);
    expect(r.left).toBe(0.1 + 0.2);
    expect(run('0.1 + 0.2 > 0.3').holds).toBe(true);
  });

  it('negation', () => {
    expect(run('-a + 5 == 4', { a: 1 }).holds).toBe(true);
    expect(run('2 * -a == -6', { a: 3 }).holds).toBe(true);
  });

  it('min, max and floor', () => {
    expect(run('min(3, 1, 2) == 1').holds).toBe(true);
    expect(run('max(3, 1, 2) == 3').holds).toBe(true);
    expect(run('min(a) == a', { a: 4 }).holds).toBe(true);
    expect(run('floor(7 / 2) == 3').holds).toBe(true);
    expect(run('floor(-0.5) == -1').holds).toBe(true);
    expect(run('max(a, b) - min(a, b) == 3', { a: 2, b: 5 }).holds).toBe(true);
  });

  it.each([
    ['==', false],
    ['!=', true],
    ['<', true],
    ['<=', true],
    ['>', false],
    ['>=', false],
  ])('2 %s 3 is %s', (op, holds) => {
    expect(run(`2 ${op} 3`).holds).toBe(holds);
  });

  it('a hyphen inside a name belongs to the name; a space before the minus subtracts', () => {
    expect(parseComparison('burn-rate < capacity').names).toEqual(['burn-rate', 'capacity']);
    expect(parseComparison('capacity-burn-rate > 0').names).toEqual(['capacity-burn-rate']);
    const sub = parseComparison('capacity - burn-rate > 0');
    expect(sub.names).toEqual(['capacity', 'burn-rate']);
    expect(evaluateComparison(sub, new Map([['capacity', 5], ['burn-rate', 2]])).left).toBe(3);
    expect(parseComparison('capacity -burn-rate > 0').names).toEqual(['capacity', 'burn-rate']);
  });

  it('names are listed once, in order of first appearance', () => {
    expect(parseComparison('b + a * b >= max(a, c)').names).toEqual(['b', 'a', 'c']);
  });

  it.each([
    ['no comparison', 'a + b'],
    ['two comparisons', 'a < b < c'],
    ['an unknown function', 'sqrt(a) > 1'],
    ['floor with two arguments', 'floor(a, b) > 1'],
    ['min without arguments', 'min() > 1'],
    ['an unclosed parenthesis', '(a + b > 1'],
    ['a dangling operator', 'a + > 1'],
    ['a stray character', 'a % b > 1'],
    ['two lines', 'a > 1\nb > 1'],
  ])('outside the grammar (%s): RuleSyntaxError', (_, line) => {
    expect(() => parseComparison(line)).toThrow(RuleSyntaxError);
  });

  it('division by zero cannot be computed', () => {
    expect(() => run('a / b > 1', { a: 1, b: 0 })).toThrow(RuleEvaluationError);
    expect(() => run('1 / (a - a) > 1', { a: 2 })).toThrow(RuleEvaluationError);
  });
});

describe('comparison rules over an adoption', () => {
  const rule = (report: ReturnType<typeof analyze>, name: string) => report.evaluation.rules.find((r) => r.name === name)!;

  it('a comparison that holds reports nothing', () => {
    const report = analyze();
    expect(rule(report, 'rate-below-capacity')).toMatchObject({ kind: 'comparison', status: 'holds' });
    expect(findings(report)).toEqual([]);
  });

  it('a false comparison: CONTRACT_RULE_FAILED naming the rule and its numbers', () => {
    const report = analyze(setAll(lamp(), [[['values', 'capacity'], 9], [['values', 'burn-rate'], 9.5]]));
    expect(rule(report, 'rate-below-capacity').status).toBe('fails');
    const failed = withCode(report, 'CONTRACT_RULE_FAILED');
    expect(failed.map((d) => `${d.severity} ${d.pointer}`)).toEqual(['error /rules/rate-below-capacity']);
    expect(failed[0]!.message).toContain('burn-rate < capacity');
    expect(failed[0]!.message).toContain('9.5');
  });

  it('a rule naming an inactive declaration is skipped, not failed (§10.6 rule 2)', () => {
    const report = analyze();
    expect(rule(report, 'flicker-is-a-chance').status).toBe('skipped');
    // Active and supplied: evaluated.
    const flicker = analyze(setAll(lamp(), [
      [['answers', 'burn-mode'], 'flicker'],
      [['answers', 'refill'], 'top-up'],
      [['values', 'flicker-chance'], 0.5],
    ]));
    expect(rule(flicker, 'flicker-is-a-chance').status).toBe('holds');
  });

  it('a rule needing an active value that is not supplied is invalid and names it (§10.6 rule 4)', () => {
    const report = analyze(setAll(lamp(), [
      [['answers', 'burn-mode'], 'flicker'],
      [['answers', 'refill'], 'top-up'],
    ]));
    expect(rule(report, 'flicker-is-a-chance')).toMatchObject({ status: 'invalid', missing: ['flicker-chance'] });
    expect(errors(report)).toContain('CONTRACT_RULE_INVALID /rules/flicker-is-a-chance');
    expect(withCode(report, 'CONTRACT_RULE_FAILED')).toEqual([]);
  });

  it('a rule that cannot be computed (division by zero): CONTRACT_RULE_INVALID', () => {
    const doc = setAll(lamp(), [
      [['rules', 'reserve-share'], 'capacity / reserve > 1'],
      [['values', 'reserve'], 0],
    ]);
    expect(rule(analyze(doc), 'reserve-share').status).toBe('invalid');
    expect(errors(analyze(doc))).toEqual(['CONTRACT_RULE_INVALID /rules/reserve-share']);
    expect(errors(analyze(set(doc, ['values', 'reserve'], 4)))).toEqual([]);
  });

  it.each([
    ['outside the grammar', 'capacity >'],
    ['naming an undeclared value', 'brightness < capacity'],
  ])('a rule %s: CONTRACT_RULE_INVALID', (_, line) => {
    expect(errors(analyze(set(lamp(), ['rules', 'odd'], line)))).toContain('CONTRACT_RULE_INVALID /rules/odd');
  });
});

describe('answer-aware rules', () => {
  const forbidden = setAll(lamp(), [
    [['answers', 'burn-mode'], 'flicker'],
    [['answers', 'refill'], 'replace'],
    [['values', 'flicker-chance'], 0.25],
  ]);
  const MESSAGE = 'Pouring out the fuel of a flickering lantern leaves it dark for a minute.';

  it('fires with the rule’s severity and the author’s message, word for word', () => {
    const report = analyze(forbidden);
    const fired = withCode(report, 'CONTRACT_RULE_FORBIDDEN');
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ severity: 'warning', message: MESSAGE });
    expect(errors(report)).toEqual([]); // a warning does not make the adoption invalid
  });

  it('severity defaults to error', () => {
    const doc = unset(forbidden, ['rules', 'no-replace-while-flickering', 'severity']);
    const fired = withCode(analyze(doc), 'CONTRACT_RULE_FORBIDDEN');
    expect(fired.map((d) => [d.severity, d.message])).toEqual([['error', MESSAGE]]);
  });

  it('is quiet while its condition does not hold', () => {
    const quiet = set(forbidden, ['answers', 'refill'], 'top-up');
    expect(withCode(analyze(quiet), 'CONTRACT_RULE_FORBIDDEN')).toEqual([]);
    expect(analyze(quiet).evaluation.rules.find((r) => r.kind === 'answer-aware')!.status).toBe('quiet');
  });

  it('any of flags fires when one member holds', () => {
    const doc = set(lamp(), ['rules', 'no-replace-while-flickering', 'forbid'], {
      any: [{ flag: { refill: ['replace'] } }, { flag: { 'wick-trim': ['auto'] } }],
    });
    expect(withCode(analyze(doc), 'CONTRACT_RULE_FORBIDDEN')).toEqual([]);
    expect(withCode(analyze(set(doc, ['answers', 'wick-trim'], 'auto')), 'CONTRACT_RULE_FORBIDDEN')).toHaveLength(1);
  });

  it('a forbid that is not made of flags: CONTRACT_RULE_INVALID', () => {
    const doc: Doc = set(lamp(), ['rules', 'no-replace-while-flickering', 'forbid'], { 'row-count': { wicks: 'empty' } });
    expect(errors(analyze(doc))).toContain('CONTRACT_RULE_INVALID /rules/no-replace-while-flickering/forbid');
  });
});
