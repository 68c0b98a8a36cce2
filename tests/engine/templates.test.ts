/**
 * Templates (§10.7): liveness with its structured reasons, expansion (names, order, counts),
 * placeholders, bindings, inputs, verification entries and injection.
 */
import { describe, expect, it } from 'vitest';
import { analyze, edit, errors, lamp, lanternPack, set, setAll, unset, withCode, type Doc } from '../helpers/fixtures.ts';

/** The lantern pack with one more template. */
function packWith(template: Doc): Doc {
  return edit(lanternPack(), (p) => {
    p.templates.push(template);
  });
}

/** A minimal once template. */
function once(id: string, extra: Doc = {}): Doc {
  return { id, title: `Template ${id}`, type: 'scenario', expand: 'once', test: { type: 'scenario', then: 'it holds' }, text: 'Text.', ...extra };
}

function outcome(report: ReturnType<typeof analyze>, id: string) {
  const found = report.templates.find((t) => t.template.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return found;
}

const flickering = (refill?: string) =>
  setAll(lamp(), [
    [['answers', 'burn-mode'], 'flicker'],
    [['values', 'flicker-chance'], 0.25],
    ...(refill ? ([[['answers', 'refill'], refill]] as const) : []),
  ]);

const noWicks = () =>
  edit(lamp(), (d) => {
    d.rows.wicks = [];
    delete d.values['cotton-bonus'];
    delete d.answers['wick-trim'];
  });

describe('liveness and its reasons (§10.7 rules 3–5)', () => {
  it('a template without conditions is live', () => {
    expect(outcome(analyze(), 'burns-down')).toMatchObject({ live: true, reasons: [] });
  });

  it('question-not-asked via when: a when.flag on a question that is not asked', () => {
    const report = analyze(lamp(), { pack: packWith(once('refill-tops-up', { when: { flag: { refill: ['top-up'] } } })) });
    const o = outcome(report, 'refill-tops-up');
    expect(o.live).toBe(false);
    expect(o.reasons).toEqual([{ kind: 'question-not-asked', question: 'refill', via: 'when' }]);
  });

  it('question-not-asked via a binding: a binding reads a question that is not asked', () => {
    const o = outcome(analyze(), 'refill-rule');
    expect(o.live).toBe(false);
    expect(o.reasons).toEqual([{ kind: 'question-not-asked', question: 'refill', via: 'binding', binding: 'refill-phrase' }]);
    expect(outcome(analyze(flickering('top-up')), 'refill-rule').live).toBe(true);
  });

  it('answered-otherwise: the answer is not among the listed options', () => {
    const o = outcome(analyze(), 'flicker-wavers');
    expect(o.live).toBe(false);
    expect(o.reasons).toContainEqual({ kind: 'answered-otherwise', question: 'burn-mode', answer: 'steady', allowed: ['flicker'] });
  });

  it('answer-missing: the question is asked but not answered', () => {
    const report = analyze(flickering(), { pack: packWith(once('on-replace', { when: { flag: { refill: ['replace'] } } })) });
    const o = outcome(report, 'on-replace');
    expect(o.live).toBe(false);
    expect(o.reasons).toEqual([{ kind: 'answer-missing', question: 'refill', allowed: ['replace'] }]);
  });

  it('value-inactive: a template citing an inactive declaration is not live, and its placeholder is not reported', () => {
    const report = analyze(lamp(), { pack: packWith(once('odds', { text: 'Odds {{value-cite:flicker-chance}}.' })) });
    const o = outcome(report, 'odds');
    expect(o).toMatchObject({ live: false, reasons: [{ kind: 'value-inactive', value: 'flicker-chance' }], tests: [] });
    expect(withCode(report, 'CONTRACT_PLACEHOLDER')).toEqual([]);
    expect(withCode(report, 'CONTRACT_CITATION_DANGLING')).toEqual([]);
  });

  it('rows-empty: a per-row template over an empty row set', () => {
    const o = outcome(analyze(noWicks()), 'wick-burns');
    expect(o).toMatchObject({ live: false, reasons: [{ kind: 'rows-empty', rowSet: 'wicks' }] });
  });

  it('no-row-matches: no row satisfies when.row', () => {
    const wire = set(lamp(), ['rows', 'wicks'], [{ id: 'wire-a', material: 'wire' }, { id: 'wire-b', material: 'wire' }]);
    const o = outcome(analyze(unset(wire, ['values', 'cotton-bonus'])), 'wick-burns');
    expect(o.live).toBe(false);
    expect(o.reasons).toEqual([{ kind: 'no-row-matches', rowSet: 'wicks', row: { material: ['cotton', 'hemp'] }, rowCount: 2 }]);
  });

  it('row-field-missing: matching rows lack an optional field the template reads', () => {
    const doc = edit(lamp(), (d) => {
      for (const w of d.rows.wicks) delete w.length;
    });
    const o = outcome(analyze(doc), 'wick-burns');
    expect(o.live).toBe(false);
    expect(o.reasons).toEqual([{ kind: 'row-field-missing', rowSet: 'wicks', field: 'length', required: false }]);
  });

  it('row-field-missing: a required (conditional) field is missing, and the reason says so', () => {
    const braids: Doc = {
      id: 'braid-holds',
      title: 'Braid {{row.braid}}',
      type: 'scenario',
      expand: 'per-row',
      collection: 'wicks',
      when: { row: { material: ['hemp'] } },
      test: { type: 'scenario', then: '{{row.braid}} strands' },
      text: 'Braided.',
    };
    const report = analyze(unset(lamp(), ['rows', 'wicks', 1, 'braid']), { pack: packWith(braids) });
    expect(outcome(report, 'braid-holds').reasons).toEqual([{ kind: 'row-field-missing', rowSet: 'wicks', field: 'braid', required: true }]);
  });

  it('a per-row template expands only the rows that carry every field it reads', () => {
    const doc = unset(lamp(), ['rows', 'wicks', 0, 'length']);
    expect(outcome(analyze(doc), 'wick-burns').tests.map((t) => t.rowId)).toEqual(['long-hemp', 'thin-cotton']);
  });

  it('a value-cite of an inactive declaration inside a binding phrase makes the template not live', () => {
    const pack = edit(lanternPack(), (p) => {
      p.templates[3].bindings['wick-kind'].map.hemp = 'a hemp wick wavering at {{value-cite:flicker-chance}}';
    });
    const report = analyze(lamp(), { pack });
    expect(outcome(report, 'wick-burns')).toMatchObject({ live: false, reasons: [{ kind: 'value-inactive', value: 'flicker-chance' }] });
    expect(errors(report)).toEqual([]);
  });

  it('an unknown placeholder is reported even in a template that is not live (§10.7 rule 6)', () => {
    const pack = edit(lanternPack(), (p) => {
      p.templates[1].text = 'The {{colour}} flicker.';
    });
    const report = analyze(lamp(), { pack });
    expect(outcome(report, 'flicker-wavers').live).toBe(false);
    expect(withCode(report, 'CONTRACT_PLACEHOLDER').map((d) => d.file)).toEqual(['contracts/lantern-fuel-1.pack.json']);
  });
});

describe('expansion (§10.7 rules 7–8, 12–15)', () => {
  it('names: <adoption>/<template> once, <adoption>/<template>/<row-id> per row; templates in pack order, rows in authored order', () => {
    const withWire = set(lamp(), ['rows', 'wicks', 3], { id: 'wire-core', material: 'wire', length: 1 });
    expect(analyze(withWire).tests.map((t) => t.name)).toEqual([
      'lamp/burns-down',
      'lamp/wick-burns/short-cotton',
      'lamp/wick-burns/long-hemp',
      'lamp/wick-burns/thin-cotton',
      'lamp/fuel-audit',
    ]);
    const reordered = edit(withWire, (d) => {
      d.rows.wicks.reverse();
    });
    const reversedPack = edit(lanternPack(), (p) => {
      p.templates.reverse();
    });
    expect(analyze(reordered, { pack: reversedPack, id: 'attic-lamp' }).tests.map((t) => t.name)).toEqual([
      'attic-lamp/fuel-audit',
      'attic-lamp/wick-burns/thin-cotton',
      'attic-lamp/wick-burns/long-hemp',
      'attic-lamp/wick-burns/short-cotton',
      'attic-lamp/burns-down',
    ]);
  });

  it('{{instance}} is the adoption id and {{value-cite:v}} the address, never the number', () => {
    const [test] = analyze().tests;
    expect(test!.test).toEqual({
      type: 'scenario',
      given: 'lamp holds contracts.lamp.capacity',
      when: 'one minute passes',
      then: 'lamp holds contracts.lamp.burn-rate less',
    });
    expect(test!.text).toBe('Burning spends contracts.lamp.burn-rate every minute.');
    expect(test!.title).toBe('The lantern burns down');
  });

  it('a whole-value placeholder keeps the JSON type; inside text it becomes text', () => {
    const hemp = analyze().tests.find((t) => t.name === 'lamp/wick-burns/long-hemp')!;
    expect(hemp.test.minutes).toBe(9); // a number, not "9"
    expect(hemp.test.then).toBe('it burns for 9 minutes');
    expect(hemp.title).toBe('Wick long-hemp burns');
    const audit = analyze().tests.find((t) => t.name === 'lamp/fuel-audit')!;
    expect(audit.test.seeds).toEqual(['lamp-a']); // an array stays an array
  });

  it('a binding selected by a row field picks the phrase for each row', () => {
    const phrases = analyze().tests.filter((t) => t.templateId === 'wick-burns').map((t) => t.test.given);
    expect(phrases).toEqual(['short-cotton is a soft cotton wick', 'long-hemp is a braided hemp wick', 'thin-cotton is a soft cotton wick']);
  });

  it('a binding phrase is substituted before insertion: {{instance}} inside a phrase resolves', () => {
    const top = analyze(flickering('top-up')).tests.find((t) => t.templateId === 'refill-rule')!;
    expect(top.test.then).toBe('lamp adds fuel to what is left');
    expect(top.text).toBe('On a refill, lamp adds fuel to what is left.');
    const replace = analyze(flickering('replace'), { id: 'attic-lamp' }).tests.find((t) => t.templateId === 'refill-rule')!;
    expect(replace.test.then).toBe('attic-lamp pours out, then fills');
  });

  it('a phrase may hold row placeholders; a binding that names itself stays unresolved', () => {
    const pack = edit(lanternPack(), (p) => {
      p.templates[3].bindings['wick-kind'].map.cotton = '{{row.id}} of {{instance}}, {{bind:wick-kind}}';
    });
    const report = analyze(lamp(), { pack });
    const given = report.tests.filter((t) => t.templateId === 'wick-burns').map((t) => t.test.given);
    expect(given).toEqual([
      'short-cotton is short-cotton of lamp, {{bind:wick-kind}}',
      'long-hemp is a braided hemp wick',
      'thin-cotton is thin-cotton of lamp, {{bind:wick-kind}}',
    ]);
    expect(withCode(report, 'CONTRACT_PLACEHOLDER').length).toBeGreaterThan(0);
  });

  it('a live binding with no phrase for the selected value: CONTRACT_BINDING_MAP', () => {
    const pack = edit(lanternPack(), (p) => {
      delete p.templates[2].bindings['refill-phrase'].map.replace;
    });
    expect(errors(analyze(flickering('replace'), { pack }))).toContain('CONTRACT_BINDING_MAP ');
    expect(withCode(analyze(flickering('top-up'), { pack }), 'CONTRACT_BINDING_MAP')).toEqual([]);
  });

  it('annotations are removed from the generated test; direction_claims is an error', () => {
    const pack = edit(lanternPack(), (p) => {
      p.templates[0].test._note = 'for pack authors';
      p.templates[0].test.nested = { _why: 'x', keep: '{{instance}}' };
    });
    const test = analyze(lamp(), { pack }).tests[0]!;
    expect(Object.keys(test.test)).not.toContain('_note');
    expect(test.test.nested).toEqual({ keep: 'lamp' });
    const claims = edit(lanternPack(), (p) => {
      p.templates[0].test.direction_claims = ['pillars.warmth'];
    });
    expect(errors(analyze(lamp(), { pack: claims }))).toContain('CONTRACT_TEST_DIRECTION_CLAIMS ');
  });

  it('an array placed inside text: CONTRACT_PLACEHOLDER, left as written', () => {
    const pack = edit(lanternPack(), (p) => {
      p.templates[4].text = 'Seeds: {{inputs:seeds}}.';
    });
    const report = analyze(lamp(), { pack });
    const found = withCode(report, 'CONTRACT_PLACEHOLDER');
    expect(found.some((d) => d.message.includes('interpolates {{inputs:seeds}}'))).toBe(true);
    expect(report.tests.find((t) => t.templateId === 'fuel-audit')!.text).toBe('Seeds: {{inputs:seeds}}.');
  });
});

describe('inputs and verification (§10.7 rules 6, 10, 16)', () => {
  const audit = (doc: Doc) => analyze(doc).tests.find((t) => t.templateId === 'fuel-audit')!;

  it('an input not supplied takes its default; a supplied one wins', () => {
    expect(audit(lamp()).test.scope).toBe('one evening of play');
    expect(audit(lamp()).text).toBe('Audit over one evening of play.');
    const supplied = set(lamp(), ['verification', 'fuel-audit', 'scope'], 'a rainy night');
    expect(audit(supplied).test.scope).toBe('a rainy night');
    expect(audit(supplied).text).toBe('Audit over a rainy night.');
  });

  it('a live template missing an input without default: CONTRACT_REFERENCE, and the placeholder stays', () => {
    const report = analyze(unset(lamp(), ['verification']));
    const refs = withCode(report, 'CONTRACT_REFERENCE');
    expect(refs.map((d) => d.pointer)).toEqual(['/verification/fuel-audit']);
    expect(refs[0]!.message).toContain('seeds');
    const test = report.tests.find((t) => t.templateId === 'fuel-audit')!;
    expect(test.test.seeds).toBe('{{inputs:seeds}}');
    expect(withCode(report, 'CONTRACT_PLACEHOLDER').length).toBeGreaterThan(0);
  });

  it('a verification entry for a template that is not live: CONTRACT_REFERENCE', () => {
    const doc = set(lamp(), ['verification', 'flicker-wavers'], { scope: 'a windy night' });
    const report = analyze(doc, { pack: packWith(once('x')) });
    expect(errors(report)).toEqual(['CONTRACT_REFERENCE /verification/flicker-wavers']);
    expect(withCode(report, 'CONTRACT_REFERENCE')[0]!.message).toMatch(/not live/);
  });

  it('a verification entry for a template waiting on an answer names the question', () => {
    const pack = packWith(once('on-replace', { when: { flag: { refill: ['replace'] } }, inputs: { scope: {} } }));
    const doc = set(flickering(), ['verification', 'on-replace'], { scope: 'x' });
    const refs = withCode(analyze(doc, { pack }), 'CONTRACT_REFERENCE');
    expect(refs.map((d) => d.pointer)).toEqual(['/verification/on-replace']);
    expect(refs[0]!.message).toContain('refill');
  });

  it('a verification entry naming no template, or an undeclared input: CONTRACT_REFERENCE', () => {
    expect(errors(analyze(set(lamp(), ['verification', 'no-such-template'], { scope: 'x' })))).toEqual(['CONTRACT_REFERENCE /verification/no-such-template']);
    expect(errors(analyze(set(lamp(), ['verification', 'burns-down'], { scope: 'x' })))).toEqual(['CONTRACT_REFERENCE /verification/burns-down/scope']);
  });
});

describe('injection (§10.7 rules 13–14)', () => {
  it.each([
    ['{{', ['verification', 'fuel-audit', 'scope'], 'the {{instance}} night'],
    ['}}', ['verification', 'fuel-audit', 'seeds', 0], 'seed}}'],
    ['a code fence', ['verification', 'fuel-audit', 'scope'], 'a ```fenced``` night'],
    ['{{ in a citation value', ['values', 'reserve'], 'lantern.{{x'],
  ])('a supplied string holding %s: CONTRACT_INJECTION at that string', (_, path, value) => {
    const report = analyze(set(lamp(), path, value));
    expect(withCode(report, 'CONTRACT_INJECTION').map((d) => d.pointer)).toEqual(['/' + path.join('/')]);
  });

  it('a supplied value is inserted as written, never scanned again', () => {
    const report = analyze(set(lamp(), ['verification', 'fuel-audit', 'scope'], 'the {{instance}} night'));
    expect(report.tests.find((t) => t.templateId === 'fuel-audit')!.test.scope).toBe('the {{instance}} night');
  });

  it('a string nested in a row: CONTRACT_INJECTION at the row field', () => {
    const doc = set(lamp(), ['rows', 'wicks', 0, 'id'], 'short{{instance}}');
    expect(withCode(analyze(doc), 'CONTRACT_INJECTION').map((d) => d.pointer)).toEqual(['/rows/wicks/0/id']);
  });
});

describe('analyzeAdoption without validation (a caller that holds the findings already)', () => {
  it('gives the same evaluation, outcomes, tests and Markdown, and no findings', async () => {
    const { analyzeAdoption } = await import('../../src/lib/opengdd/analyze.ts');
    // An adoption with a finding, so that "no findings" is the option's doing.
    const doc = set(lamp(), ['verification', 'fuel-audit', 'scope'], 'the {{instance}} night');
    const full = analyze(doc);
    expect(full.diagnostics.length).toBeGreaterThan(0);
    const lean = analyzeAdoption({ id: 'lamp', file: 'contracts/lamp.json', document: doc, pack: { file: 'p.json', document: lanternPack() }, validate: false });
    expect(lean.diagnostics).toEqual([]);
    expect(lean.tests).toEqual(full.tests);
    expect(lean.markdown).toBe(full.markdown);
    expect(lean.templates.map((t) => [t.template.id, t.live, t.reasons])).toEqual(full.templates.map((t) => [t.template.id, t.live, t.reasons]));
    expect(lean.evaluation.rules).toEqual(full.evaluation.rules);
  });
});
