/**
 * The explorer bar's words: the change summary names tests whose text a change rewrote (issue 10,
 * point 10), and one sentence describes a tried state for a link that carries one (point 11).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeSummary, explore, STAND_IN_ADOPTION, suppliedState, type TriedState } from '../../src/lib/opengdd/explore.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { triedStateSentence } from '../../src/lib/site/tried-state.ts';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';

const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
const none: TriedState = { answers: {}, values: {}, rows: {} };

describe.skipIf(!corpusPresent)('the change summary on the corpus Backpack, container-2 (../shared/corpus)', () => {
  const doc = corpusPresent ? json(path.join(corpusDir, 'catalog/container-2/adoptions/backpack.json')) : {};
  const pack: Pack = corpusPresent ? json(path.join(corpusDir, 'packs/container-2.pack.json')) : { contract: '', version: 0, templates: [] };
  const run = (tried: TriedState) => explore(doc as Definition, pack, 'backpack', tried, doc.verification);

  it('names the test a new fill order rewrites instead of saying nothing changed', () => {
    const base = suppliedState(doc);
    const before = run(base);
    const after = run({ ...base, answers: { ...base.answers, 'fill-order': 'first-slot-that-fits' } });
    const test = (e: typeof before) => e.templates.flatMap((t) => t.tests).find((t) => t.name === 'backpack/fill-order-holds');
    // The test stays, with another text: exactly the case the summary used to call "No test changes."
    expect(test(before)).toBeDefined();
    expect(JSON.stringify(test(after))).not.toBe(JSON.stringify(test(before)));
    expect(changeSummary(before, after)).toBe('1 test changes: backpack/fill-order-holds.');
    expect(changeSummary(before, before)).toBe('No test changes.');
  });

  it('describes a tried state by the answers that differ from the supplied ones', () => {
    const base = suppliedState(doc);
    const one = { ...base, answers: { ...base.answers, 'fill-order': 'first-slot-that-fits' } };
    expect(triedStateSentence('adoption', base, base)).toBe('The supplied answers. Change an answer, a value or a row to see what follows.');
    expect(triedStateSentence('adoption', one, base)).toBe('1 answer differs from the supplied one: Fill order.');
    const two = { ...one, answers: { ...one.answers, 'partial-acceptance': 'all-or-nothing' } };
    expect(triedStateSentence('adoption', two, base)).toBe('2 answers differ from the supplied ones: Partial acceptance and Fill order.');
    const valueName = Object.keys(base.values)[0]!;
    const withValue = { ...one, values: { ...base.values, [valueName]: 99 } };
    expect(triedStateSentence('adoption', withValue, base)).toMatch(/^1 answer and 1 value differ from the supplied ones: Fill order and /);
  });
});

describe('the change summary and the tried-state sentence on the embedded catalog', () => {
  const definition: Definition = json(path.join(repoRoot, 'catalog/spawn-wave-1/definition.json'));
  const pack: Pack = json(path.join(repoRoot, 'packs/spawn-wave-1.pack.json'));
  const run = (tried: TriedState) => explore(definition, pack, STAND_IN_ADOPTION, tried);

  it('lists at most three changed tests by name, then how many more', () => {
    const doc = json(path.join(repoRoot, 'catalog/spawn-wave-1/adoptions/castle-siege.json'));
    const base = suppliedState(doc);
    const at = (tried: TriedState) => explore(doc as Definition, pack, 'castle-siege', tried, doc.verification);
    const tests = (tried: TriedState) => at(tried).templates.flatMap((t) => t.tests);
    const shift = (fields: string[]) => ({
      ...base,
      rows: { ...base.rows, waves: (base.rows.waves ?? []).map((r) => ({ ...r, ...Object.fromEntries(fields.map((f) => [f, Number(r[f]) + 1])) })) },
    });
    for (const fields of [['count'], ['count', 'arrives-at']]) {
      const tried = shift(fields);
      const changed = tests(base).filter((t) => tests(tried).some((u) => u.name === t.name && JSON.stringify(u) !== JSON.stringify(t))).map((t) => t.name);
      const summary = changeSummary(at(base), at(tried));
      // Four names are shown in full; past four, three and how many more.
      expect(changed.length).toBeGreaterThan(fields.length === 1 ? 1 : 4);
      const named = changed.length > 4 ? [...changed.slice(0, 3), `${changed.length - 3} more`] : changed;
      expect(summary).toBe(`${changed.length} tests change: ${named.slice(0, -1).join(', ')} and ${named.at(-1)}.`);
    }
  });

  it('counts the asked questions answered on a contract page', () => {
    expect(triedStateSentence('contract', none, none)).toBe('No answers yet. Choose some above: the tests below follow.');
    const tried = { ...none, answers: { advance: 'on-schedule' } };
    const asked = run(tried).evaluation.questions.filter((q) => q.asked).length;
    expect(triedStateSentence('contract', tried, none, run(tried).evaluation.questions)).toBe(`1 of ${asked} questions answered.`);
    const withValue = { ...tried, values: { 'alive-cap': 9 } };
    expect(triedStateSentence('contract', withValue, none, run(withValue).evaluation.questions)).toBe(`1 of ${asked} questions answered; 1 value tried.`);
    // An answer to a question that is not asked does not count as answered.
    const q = run(tried).evaluation.questions.find((x) => !x.asked)!;
    const ignored = { ...tried, answers: { ...tried.answers, [q.id]: Object.keys(q.question.options)[0]! } };
    expect(triedStateSentence('contract', ignored, none, run(ignored).evaluation.questions)).toBe(`1 of ${asked} questions answered.`);
  });
});
