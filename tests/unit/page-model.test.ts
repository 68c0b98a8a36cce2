/**
 * The page models (src/lib/site/model/): each page type's sections, counts, sentences and item
 * states, built from the engine's output for the lantern fixture. Pure: no build, no browser.
 */
import { describe, expect, it } from 'vitest';
import { explore, STAND_IN_ADOPTION } from '../../src/lib/opengdd/explore.ts';
import type { NotLiveReason } from '../../src/lib/opengdd/templates.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { adoptionPage } from '../../src/lib/site/model/adoption.ts';
import { catalogPage } from '../../src/lib/site/model/catalog.ts';
import { contractPage } from '../../src/lib/site/model/contract.ts';
import { rowsView } from '../../src/lib/site/model/rows.ts';
import { pageState, ruleChanges, shownTests } from '../../src/lib/site/model/state.ts';
import { conditionWords, fieldPresence } from '../../src/lib/site/describe.ts';
import { countSentence, definitionNaming, humanize, reasonSentence, valueBadge } from '../../src/lib/site/model/words.ts';
import { analyze, lamp, lampDesigner, lanternDefinition, lanternPack } from '../helpers/fixtures.ts';

const definition = lanternDefinition() as unknown as Definition;
const pack = lanternPack() as unknown as Pack;

/** What the lamp's adoption page is, apart from the engine's output for its answers. */
const LAMP_PAGE = { adoption: 'lamp', cv: 'lantern-fuel-1', contractTitle: 'Lantern fuel', version: 1, definition, hasPack: true, findings: 0 };

function adoptionModel(doc = lamp()) {
  const report = analyze(doc);
  return adoptionPage({
    ...LAMP_PAGE,
    evaluation: report.evaluation,
    outcomes: report.templates,
    verification: (doc.verification ?? {}) as Record<string, unknown>,
    rows: (doc.rows ?? {}) as Record<string, unknown[]>,
  });
}

describe('words', () => {
  it('humanizes ids for reading', () => {
    expect(humanize('poison-window')).toBe('Poison window');
    expect(humanize('slot-count')).toBe('Slot count');
    expect(humanize('backpack')).toBe('Backpack');
  });

  it('counts tests, and tells templates that wait from those that do not apply', () => {
    expect(countSentence({ tests: 1, live: 1, waits: 13, off: 0, templates: 14 })).toBe('1 test from 1 of the 14 templates; 13 wait on an answer or a row');
    expect(countSentence({ tests: 11, live: 8, waits: 0, off: 6, templates: 14 })).toBe('11 tests from 8 of the 14 templates; 6 do not apply');
    expect(countSentence({ tests: 3, live: 3, waits: 0, off: 0, templates: 3 })).toBe('3 tests from 3 of the 3 templates; every template applies');
  });

  it('every reason becomes a sentence naming what decides it, by question number', () => {
    const cases: [NotLiveReason, string[]][] = [
      [{ kind: 'question-not-asked', question: 'refill', via: 'when' }, ['question 2', 'What does a refill do?', 'not asked']],
      [{ kind: 'question-not-asked', question: 'refill', via: 'binding', binding: 'refill-phrase' }, ['What does a refill do?', 'not asked']],
      [{ kind: 'answered-otherwise', question: 'burn-mode', answer: 'steady', allowed: ['flicker'] }, ['does not apply because', 'question 1', 'Steady', 'Flicker']],
      [{ kind: 'answer-missing', question: 'refill', allowed: ['top-up', 'replace'] }, ['waits on an answer to question 2', 'Top up', 'Replace']],
      [{ kind: 'value-inactive', value: 'flicker-chance' }, ['flicker-chance', 'not active']],
      [{ kind: 'rows-empty', rowSet: 'wicks' }, ['wicks']],
      [{ kind: 'no-row-matches', rowSet: 'wicks', row: { material: ['cotton', 'hemp'] }, rowCount: 2 }, ['wicks', 'material', 'cotton', 'hemp', '2 rows']],
      [{ kind: 'row-field-missing', rowSet: 'wicks', field: 'braid', required: true }, ['braid', 'wicks', 'required']],
    ];
    for (const [reason, words] of cases) {
      const sentence = reasonSentence(reason, definition);
      expect(sentence).toMatch(/^\S.*\.$/);
      for (const w of words) expect(sentence, `${reason.kind}: ${sentence}`).toContain(w);
    }
    expect(reasonSentence({ kind: 'rows-empty', rowSet: 'wicks' }, definition, 'contract')).toContain('waits on rows');
  });

  it('names what a condition cites as the page numbers and names it; row values stay literal', () => {
    const naming = definitionNaming(definition);
    const text = (tokens: { text: string }[]) => tokens.map((t) => t.text).join('');
    const flag = conditionWords({ flag: { refill: ['top-up', 'replace'] } }, naming);
    expect(text(flag)).toBe('question 2 is Top up or Replace');
    // The ids stay on the tokens, for links to the question.
    expect(flag.find((t) => t.kind === 'question')).toMatchObject({ text: 'question 2', id: 'refill' });
    expect(flag.filter((t) => t.kind === 'option').map((t) => ('id' in t ? t.id : undefined))).toEqual(['top-up', 'replace']);
    // Without a naming (the version diff), the ids as they are.
    expect(text(conditionWords({ flag: { refill: ['top-up'] } }))).toBe('refill is top-up');
    const row = conditionWords({ 'row-has': { wicks: { material: ['cotton'] } } }, naming);
    expect(text(row)).toBe('some row of Wicks has material set to cotton');
    expect(row.find((t) => t.kind === 'option')).not.toHaveProperty('id');
    expect(text(fieldPresence({ type: 'string', when: { flag: { 'burn-mode': ['flicker'] } } }, naming).when!)).toBe('question 1 is Flicker');
  });

  it('reads a value typed as text as a citation of a tuning key, and says what a citation looks like', () => {
    const abc = valueBadge({ active: true, supplied: 'abc', declaration: { forms: ['number', 'citation'] } });
    expect(abc.label).toBe('Citation, not well formed');
    expect(abc.title).toContain('dotted address');
    expect(valueBadge({ active: true, supplied: 'tuning.abc', form: 'citation', declaration: { forms: ['number', 'citation'] } }).label).toBe('Citation');
    expect(valueBadge({ active: true, supplied: 'tuning.abc', form: 'citation', declaration: {} }).label).toBe('Citation not accepted');
    expect(valueBadge({ active: true, supplied: 4, form: 'number', declaration: {} })).toEqual({ tone: 'ok', label: 'Number' });
  });
});

describe('the adoption page model', () => {
  it('has every section, in order, with the table of contents made from it', () => {
    const m = adoptionModel();
    expect(m.sections.map((s) => s.id)).toEqual(['answers', 'values', 'rules', 'rows', 'verification', 'tests', 'waiting', 'not-applying', 'file']);
    expect(m.toc.map((t) => [t.id, t.note])).toEqual(m.sections.map((s) => [s.id, s.count]));
    expect(m.name).toBe('Lamp');
    expect(m.contractName).toBe('Lantern fuel, version 1');
    expect(m.title).toBe('Lamp · Lantern fuel, version 1');
  });

  it('says the seeds’ sentences, and an empty part gets a sentence, not a missing section', () => {
    const m = adoptionModel();
    const intro = Object.fromEntries(m.sections.map((s) => [s.id, s.intro]));
    expect(intro.values).toBe('Each value is either a number set here or a reference to one of your tuning keys.');
    expect(intro.rules).toBe('A rule is a check between the numbers. Validation reports a rule that fails.');
    expect(intro.rows).toBe('Each list holds the rows this adoption supplies. A list can be empty.');
    expect(intro.verification).toBe('Some tests need a scope or seeds from the adoption before they can run.');
    expect(intro.tests).toBe(
      `The contract comes with ${pack.templates.length} tests. A test that runs once per row is counted once for each row. Tests that do not apply to these answers are still listed, with the reason.`,
    );
    const empty = adoptionPage({ ...inputOf(), definition: { ...definition, questions: {}, declares: {}, rules: {} } as unknown as Definition, verification: {} });
    const e = Object.fromEntries(empty.sections.map((s) => [s.id, s]));
    expect(e.values!.empty).toBe('This contract has no numbers to set.');
    expect(e.rules!.empty).toBe('This contract has no rules between its numbers.');
    expect(e.answers!.empty).toContain('asks no questions');
    expect(e.answers!.count).toBeUndefined();
  });

  it('counts what the engine counts, and each template is applies, waits or off', () => {
    const m = adoptionModel();
    const report = analyze(lamp());
    expect(m.state.counts.tests).toBe(report.tests.length);
    expect(m.state.counts.live).toBe(report.templates.filter((t) => t.live).length);
    expect(m.state.counts.live + m.state.counts.waits + m.state.counts.off).toBe(pack.templates.length);
    expect(m.sections.find((s) => s.id === 'tests')!.count).toBe(String(report.tests.length));
    for (const t of m.state.templates) expect(t.state === 'applies').toBe(report.templates.find((o) => o.template.id === t.id)!.live);
  });
});

function inputOf() {
  const report = analyze(lamp());
  return { ...LAMP_PAGE, evaluation: report.evaluation, outcomes: report.templates, verification: {}, rows: {} };
}

describe('the contract page model', () => {
  const start = explore(definition, pack, STAND_IN_ADOPTION, { answers: {}, values: {}, rows: {} });
  const m = contractPage({
    cv: 'lantern-fuel-1',
    title: 'Lantern fuel',
    version: 1,
    definition,
    aboutHeadings: [{ id: 'why', text: 'Why', depth: 2 }],
    newerVersion: 2,
    hasPack: true,
    perRow: pack.templates.filter((t) => (t as { expand?: string }).expand === 'per-row').length,
    evaluation: start.evaluation,
    outcomes: start.templates,
    adoptions: [{ id: 'lamp', tests: 5, live: 3 }],
  });

  it('starts with the about page’s headings, and its contents follow its sections', () => {
    expect(m.sections.map((s) => s.id)).toEqual(['why', 'changes', 'summary', 'mechanism', 'questions', 'values', 'rules', 'row-sets', 'pack', 'tests', 'adoptions', 'use']);
    expect(m.toc.map((t) => t.text)).toEqual(m.sections.map((s) => s.heading));
    expect(m.sections.find((s) => s.id === 'changes')!.heading).toBe('What changed in version 2');
    expect(m.adoptions).toEqual([{ id: 'lamp', name: 'Lamp', line: `5 tests from 3 of the ${pack.templates.length} templates` }]);
  });

  it('a mechanism whose author heads its parts has them as sub-sections, counted apart from its statements', () => {
    const headed = { ...definition, mechanism: ['The tank holds fuel.', '### Burning', '1. Burning spends fuel.', '2. A dry lantern goes out.'] } as Definition;
    const h = contractPage({ cv: 'lantern-fuel-1', title: 'Lantern fuel', version: 1, definition: headed, aboutHeadings: [], hasPack: false, perRow: 0, evaluation: start.evaluation, outcomes: [], adoptions: [] });
    const at = h.toc.findIndex((t) => t.id === 'mechanism');
    expect(h.toc[at]).toMatchObject({ note: '3', depth: 2 });
    expect(h.toc[at + 1]).toEqual({ id: 'mechanism-burning', text: 'Burning', depth: 3 });
    expect(h.mechanism?.map((b) => b.kind)).toEqual(['text', 'heading', 'steps']);
    // Without numbers or headings of its own the page numbers the entries, and has no sub-sections.
    expect(m.mechanism).toBeUndefined();
    expect(m.toc.filter((t) => t.id.startsWith('mechanism-'))).toEqual([]);
  });

  it('before any answer, templates gated on a question wait on it rather than “do not apply”', () => {
    const s = m.state;
    expect(s.questions[0]).toMatchObject({ id: 'burn-mode', state: 'pending' });
    // refill is asked when burn-mode is flicker: with burn-mode unanswered it waits on question 1.
    expect(s.questions[1]).toMatchObject({ id: 'refill', state: 'waits', waitsOn: 1, badge: { label: 'Waits on question 1' } });
    expect(s.counts.off).toBe(0);
    expect(s.countLine).toMatch(/wait on an answer or a row$/);
    for (const t of s.templates.filter((x) => x.state === 'waits')) expect(t.badge.label).toMatch(/^Waits on (question \d|rows)$/);
  });

  it('a question whose gate is answered otherwise is not asked, and its templates do not apply', () => {
    const e = explore(definition, pack, STAND_IN_ADOPTION, { answers: { 'burn-mode': 'steady' }, values: {}, rows: {} });
    const s = pageState(definition, e.evaluation, e.templates, 'contract');
    expect(s.questions[1]!.state).toBe('not-asked');
    expect(s.questions[1]!.badge.label).toBe('Not asked');
  });
});

describe('the catalog page model', () => {
  it('has a section per shelf, a sentence for an empty one, and the counts line', () => {
    const m = catalogPage({
      shelves: [
        { id: 'meters', title: 'Pools & meters', description: 'Numbers that fill and drain.', contracts: 2 },
        { id: 'empty', title: 'Empty', description: 'Nothing yet.', contracts: 0 },
      ],
      versions: 3,
      adoptions: 4,
      checked: 2,
    });
    expect(m.toc).toEqual([
      { id: 'shelf-meters', text: 'Pools & meters', depth: 2, note: '2' },
      { id: 'shelf-empty', text: 'Empty', depth: 2, note: '0' },
    ]);
    expect(m.sections[1]!.empty).toBe('No contract on this shelf yet.');
    expect(m.countsLine).toBe('2 contracts on 1 shelf · 3 published versions · 4 adoptions · 2 checked, 1 promised');
  });
});

describe('bounds on what one page carries', () => {
  it('shows at most 200 rows of a set and says where the rest are', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({ id: `w-${i}`, material: 'cotton' }));
    const v = rowsView('wicks', definition.declares.rows!.wicks!, rows);
    expect(v.rows).toHaveLength(200);
    expect(v.count).toBe('50,000 rows; the first 200 are shown');
    expect(v.cut).toContain('49,800');
    expect(rowsView('wicks', definition.declares.rows!.wicks!, rows.slice(0, 3)).cut).toBeUndefined();
  });

  it('shows at most 100 tests of a template', () => {
    const tests = Array.from({ length: 250 }, (_, i) => ({ name: `a/t/${i}`, templateId: 't', title: 't', test: {}, text: '' }));
    expect(shownTests({ tests }).tests).toHaveLength(100);
    expect(shownTests({ tests }).cut).toContain('150');
  });
});

describe('what a change did to the rules', () => {
  it('says a rule now fails, and that it holds again', () => {
    const before = pageState(definition, analyze(lamp()).evaluation, [], 'adoption').rules;
    const broken = { ...lamp(), values: { ...lampDesigner().values as object, 'burn-rate': 50 } };
    const after = pageState(definition, analyze(broken).evaluation, [], 'adoption').rules;
    expect(ruleChanges(before, after)).toEqual(['Rule rate-below-capacity now fails.']);
    expect(ruleChanges(after, before)).toEqual(['Rule rate-below-capacity holds again.']);
  });

  it('a failing comparison says why; a triggered rule does not repeat the message it already shows', () => {
    const doc = { ...lamp(), answers: { ...(lamp().answers as object), 'burn-mode': 'flicker', refill: 'replace' }, values: { ...(lampDesigner().values as object), 'burn-rate': 50 } };
    const rules = pageState(definition, analyze(doc).evaluation, [], 'adoption').rules;
    const byName = new Map(rules.map((r) => [r.name, r]));
    expect(byName.get('rate-below-capacity')).toMatchObject({ status: 'fails', message: expect.stringContaining('burn-rate') });
    const fired = byName.get('no-replace-while-flickering')!;
    expect(fired.status).toBe('fires');
    expect(fired.badge.label).toBe('Triggered');
    expect(fired.message).toBeUndefined();
  });
});
