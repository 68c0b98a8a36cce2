/**
 * Row sets and rows (§10.5, §12.1): binding, closed rows, required and conditional fields, types,
 * options, kebab-case, unique and within.
 */
import { describe, expect, it } from 'vitest';
import { analyze, edit, errors, lamp, set, setAll, unset, withCode, type Doc } from '../helpers/fixtures.ts';

const wick = (i: number, field: string, value: unknown) => set(lamp(), ['rows', 'wicks', i, field], value);

describe('row sets', () => {
  it('rows must hold every declared row set: CONTRACT_ROWS_BINDING at /rows', () => {
    const report = analyze(set(lamp(), ['rows'], {}), { pack: null });
    expect(withCode(report, 'CONTRACT_ROWS_BINDING').map((d) => d.pointer)).toEqual(['/rows']);
    expect(withCode(report, 'CONTRACT_ROWS_BINDING')[0]!.message).toContain('wicks');
  });

  it('a row set that is not declared: CONTRACT_ROWS_BINDING at its key', () => {
    expect(errors(analyze(set(lamp(), ['rows', 'mantles'], [])))).toEqual(['CONTRACT_ROWS_BINDING /rows/mantles']);
  });

  it('an empty array is a legal row set', () => {
    const empty = edit(lamp(), (d) => {
      d.rows.wicks = [];
      delete d.values['cotton-bonus'];
      delete d.answers['wick-trim'];
    });
    expect(errors(analyze(empty))).toEqual([]);
  });

  it('a row set that is not an array: CONTRACT_ROWS_SHAPE', () => {
    expect(withCode(analyze(set(lamp(), ['rows', 'wicks'], { id: 'x' })), 'CONTRACT_ROWS_SHAPE').map((d) => d.pointer)).toContain('/rows/wicks');
  });
});

describe('row fields', () => {
  it('an undeclared field: CONTRACT_ROW_FIELD at the field', () => {
    expect(errors(analyze(wick(0, 'colour', 'red')))).toEqual(['CONTRACT_ROW_FIELD /rows/wicks/0/colour']);
  });

  it('a missing required field: CONTRACT_ROW_FIELD at the row, naming the field', () => {
    const report = analyze(unset(lamp(), ['rows', 'wicks', 2, 'material']));
    const found = withCode(report, 'CONTRACT_ROW_FIELD');
    expect(found.map((d) => d.pointer)).toEqual(['/rows/wicks/2']);
    expect(found[0]!.message).toContain('material');
  });

  it('a conditional field is required exactly while its condition holds', () => {
    // braid: when material is hemp. Missing on a hemp wick:
    const missing = withCode(analyze(unset(lamp(), ['rows', 'wicks', 1, 'braid'])), 'CONTRACT_ROW_FIELD');
    expect(missing.map((d) => d.pointer)).toEqual(['/rows/wicks/1']);
    expect(missing[0]!.message).toContain('braid');
    // Present on a cotton wick, where the condition does not hold:
    expect(errors(analyze(wick(0, 'braid', 2)))).toEqual(['CONTRACT_ROW_FIELD /rows/wicks/0/braid']);
  });

  it('a field condition with flag reads the answers', () => {
    const doc = edit(lamp(), (d) => {
      d.declares.rows.wicks.record['flicker-rate'] = { type: 'number', when: { flag: { 'burn-mode': ['flicker'] } } };
    });
    expect(errors(analyze(doc, { pack: null }))).toEqual([]);
    const flicker = setAll(doc, [
      [['answers', 'burn-mode'], 'flicker'],
      [['answers', 'refill'], 'top-up'],
      [['values', 'flicker-chance'], 0.1],
    ]);
    expect(errors(analyze(flicker, { pack: null }))).toEqual(['CONTRACT_ROW_FIELD /rows/wicks/0', 'CONTRACT_ROW_FIELD /rows/wicks/1', 'CONTRACT_ROW_FIELD /rows/wicks/2']);
  });

  it.each([
    ['a string in a number field', 'length', 'long'],
    ['a fraction in an integer field', 'braid', 2.5],
    ['a number in a string field', 'material', 3],
  ])('%s: CONTRACT_ROW_FIELD', (_, field, value) => {
    expect(errors(analyze(wick(1, field, value)))).toContain(`CONTRACT_ROW_FIELD /rows/wicks/1/${field}`);
  });

  it('a repeated unique value: CONTRACT_ROW_FIELD on the repeat', () => {
    expect(errors(analyze(wick(2, 'id', 'short-cotton')))).toEqual(['CONTRACT_ROW_FIELD /rows/wicks/2/id']);
  });

  it('a string outside options: CONTRACT_ROW_CHOICE', () => {
    expect(errors(analyze(wick(0, 'material', 'silk')))).toContain('CONTRACT_ROW_CHOICE /rows/wicks/0/material');
  });

  it('a kebab-case pattern broken: CONTRACT_NAME_GRAMMAR', () => {
    expect(errors(analyze(wick(0, 'id', 'Short Cotton')))).toEqual(['CONTRACT_NAME_GRAMMAR /rows/wicks/0/id']);
  });
});

describe('within (§10.5 rules 5–6)', () => {
  it('a number outside [0, capacity]: CONTRACT_ROW_RANGE; the bounds are inclusive', () => {
    expect(errors(analyze(wick(0, 'length', 41)))).toEqual(['CONTRACT_ROW_RANGE /rows/wicks/0/length']);
    expect(errors(analyze(wick(0, 'length', -1)))).toEqual(['CONTRACT_ROW_RANGE /rows/wicks/0/length']);
    expect(errors(analyze(wick(0, 'length', 40)))).toEqual([]);
    expect(errors(analyze(wick(0, 'length', 0)))).toEqual([]);
  });

  it('a named bound reads the value the adoption supplies', () => {
    const longer = setAll(lamp(), [
      [['rows', 'wicks', 0, 'length'], 41],
      [['values', 'capacity'], 50],
    ]);
    expect(errors(analyze(longer))).toEqual([]);
  });

  it('a named bound reads the resolved number of a citation', () => {
    const doc = edit(lamp(), (d) => {
      d.declares.rows.wicks.record.length.within = ['reserve', 'capacity'];
      d.values.reserve = 'contracts.lamp.burn-rate'; // 2
      d.rows.wicks[2].length = 1;
    });
    expect(errors(analyze(doc))).toEqual(['CONTRACT_ROW_RANGE /rows/wicks/2/length']);
  });

  it('a bound that does not resolve here leaves the pair unchecked', () => {
    const doc = edit(lamp(), (d) => {
      d.declares.rows.wicks.record.length.within = ['reserve', 'capacity'];
      d.values.reserve = 'lantern.reserve'; // a tuning address: resolved in the game's package
      d.rows.wicks[2].length = 1;
    });
    expect(errors(analyze(doc))).toEqual([]);
  });

  it('a bound naming an inactive declaration leaves the pair unchecked', () => {
    const doc: Doc = edit(lamp(), (d) => {
      d.declares.rows.wicks.record.length.within = ['flicker-chance', 'capacity'];
      d.rows.wicks[2].length = -5;
    });
    expect(withCode(analyze(doc, { pack: null }), 'CONTRACT_ROW_RANGE')).toEqual([]);
  });

  it('named bounds that resolve inverted (lower above upper): CONTRACT_ROW_FIELD_SHAPE (§10.5 table)', () => {
    // §10.5: ROW_FIELD_SHAPE covers "a lower bound above the upper bound, as two literal numbers or
    // after named bounds resolve". Here reserve (50) > capacity (40).
    const doc = edit(lamp(), (d) => {
      d.declares.rows.wicks.record.length.within = ['reserve', 'capacity'];
      d.values.reserve = 50;
    });
    expect(withCode(analyze(doc), 'CONTRACT_ROW_FIELD_SHAPE')).not.toEqual([]);
  });

  it('literal bounds inverted, or a fraction bound on an integer field: CONTRACT_ROW_FIELD_SHAPE on the definition', () => {
    const inverted = set(lamp(), ['declares', 'rows', 'wicks', 'record', 'length', 'within'], [10, 1]);
    expect(withCode(analyze(inverted, { pack: null }), 'CONTRACT_ROW_FIELD_SHAPE').map((d) => d.pointer)).toEqual(['/declares/rows/wicks/record/length/within']);
    const fraction = set(lamp(), ['declares', 'rows', 'wicks', 'record', 'braid', 'within'], [0.5, 4]);
    expect(withCode(analyze(fraction, { pack: null }), 'CONTRACT_ROW_FIELD_SHAPE').map((d) => d.pointer)).toEqual(['/declares/rows/wicks/record/braid/within/0']);
  });

  it('a bound naming no declaration: CONTRACT_REFERENCE on the field shape', () => {
    const doc = set(lamp(), ['declares', 'rows', 'wicks', 'record', 'length', 'within'], [0, 'tank-size']);
    expect(errors(analyze(doc))).toContain('CONTRACT_REFERENCE /declares/rows/wicks/record/length/within/1');
  });
});

describe('row citations (§10.10)', () => {
  const cite = (value: string) =>
    edit(lamp(), (d) => {
      d.declares.rows.wicks.record.source = { type: 'citation' };
      d.rows.wicks[0].source = value;
    });

  it.each([['lantern.md#the-wick'], ['chapters/02-mechanics.md#the-lamp'], ['lantern.burn.rate'], ['contracts.other-game'], ['contracts.other-game.capacity']])(
    '%s is in the grammar; a target in the game’s own package is not checked here',
    (value) => {
      expect(errors(analyze(cite(value)))).toEqual([]);
    },
  );

  it.each([['lantern.md#'], ['#the-wick'], ['tuning:rate'], ['plain'], ['contracts.lamp.capacity.max']])('%s: CONTRACT_CITATION_GRAMMAR', (value) => {
    expect(errors(analyze(cite(value)))).toEqual(['CONTRACT_CITATION_GRAMMAR /rows/wicks/0/source']);
  });

  it('a row citation of a value of this very adoption resolves against it: an undeclared or inactive value dangles', () => {
    // §10.9 rules 2–3 and §10.10 rule 7: the address contracts.lamp.<value> resolves against this
    // adoption file, which the catalog holds, so a missing target is CONTRACT_CITATION_DANGLING (as
    // it is for a value citation of the same adoption).
    expect(errors(analyze(cite('contracts.lamp.capacity')))).toEqual([]);
    expect(errors(analyze(cite('contracts.lamp.brightness')))).toEqual(['CONTRACT_CITATION_DANGLING /rows/wicks/0/source']);
    expect(errors(analyze(cite('contracts.lamp.flicker-chance')))).toEqual(['CONTRACT_CITATION_DANGLING /rows/wicks/0/source']);
  });
});
