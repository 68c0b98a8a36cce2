/**
 * Checks of a pack against its definition (§10.7, §10.8): template ids, when domains, the per-row
 * id field, placeholders, references, bindings, and the pack digest.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/lib/opengdd/diagnostics.ts';
import type { Definition } from '../../src/lib/opengdd/types.ts';
import { validatePack } from '../../src/lib/opengdd/validate/pack.ts';
import { analyze, edit, errors, findings, lanternDefinition, lanternPack, lamp, PACK_FILE, packDigest, set, unset, withCode, type Doc } from '../helpers/fixtures.ts';

function check(pack: Doc, definition: Doc = lanternDefinition(), identity?: { contract: string; version: number }): Diagnostic[] {
  return validatePack(pack, 'packs/lantern-fuel-1.pack.json', definition as unknown as Definition, identity);
}
const at = (found: Diagnostic[]) => found.map((d) => `${d.code} ${d.pointer}`);
const changePack = (change: (p: any) => void) => edit(lanternPack(), change);

describe('pack checks', () => {
  it('the lantern pack is clean', () => {
    expect(check(lanternPack(), lanternDefinition(), { contract: 'lantern-fuel', version: 1 })).toEqual([]);
  });

  it('a file name that disagrees with the pack: CONTRACT_PACK_SHAPE', () => {
    expect(at(check(lanternPack(), lanternDefinition(), { contract: 'lantern-fuel', version: 2 }))).toEqual(['CONTRACT_PACK_SHAPE ']);
  });

  it('a repeated template id: CONTRACT_PACK_SHAPE at the repeat', () => {
    const pack = changePack((p) => {
      p.templates[3].id = 'burns-down';
    });
    expect(at(check(pack))).toContain('CONTRACT_PACK_SHAPE /templates/3/id');
  });

  it('a type unlike test.type: CONTRACT_PACK_SHAPE', () => {
    const pack = changePack((p) => {
      p.templates[0].type = 'general';
    });
    expect(at(check(pack))).toEqual(['CONTRACT_PACK_SHAPE /templates/0/type']);
  });

  it('a once template whose when carries row: CONTRACT_WHEN_DOMAIN', () => {
    const pack = changePack((p) => {
      p.templates[0].when = { row: { material: ['cotton'] } };
    });
    expect(at(check(pack))).toContain('CONTRACT_WHEN_DOMAIN /templates/0/when/row');
  });

  it.each([
    ['not unique', ['unique']],
    ['not kebab-case', ['pattern']],
    ['not required', ['required']],
  ])('a per-row row set whose id is %s: CONTRACT_ROW_ID', (_, drop) => {
    const definition = unset(lanternDefinition(), ['declares', 'rows', 'wicks', 'record', 'id', ...drop]);
    expect(at(check(lanternPack(), definition))).toEqual(['CONTRACT_ROW_ID /templates/3/collection']);
  });

  it('a per-row row set without an id field: CONTRACT_ROW_ID', () => {
    const definition = unset(lanternDefinition(), ['declares', 'rows', 'wicks', 'record', 'id']);
    expect(at(check(lanternPack(), definition))).toContain('CONTRACT_ROW_ID /templates/3/collection');
  });

  it('an unknown placeholder: CONTRACT_PLACEHOLDER', () => {
    const pack = changePack((p) => {
      p.templates[0].text = 'The {{colour}} flame.';
    });
    const found = check(pack);
    expect(at(found)).toEqual(['CONTRACT_PLACEHOLDER /templates/0']);
    expect(found[0]!.message).toContain('{{colour}}');
  });

  it('the retired {{surface:x}}: CONTRACT_PLACEHOLDER telling to write {{inputs:x}}', () => {
    const pack = changePack((p) => {
      p.templates[4].test.scope = '{{surface:scope}}';
    });
    const found = check(pack);
    expect(at(found)).toEqual(['CONTRACT_PLACEHOLDER /templates/4']);
    expect(found[0]!.message).toContain('{{inputs:scope}}');
  });

  it('a row placeholder in a once template: CONTRACT_PLACEHOLDER', () => {
    const pack = changePack((p) => {
      p.templates[0].text = 'Wick {{row.id}}.';
    });
    expect(at(check(pack))).toEqual(['CONTRACT_PLACEHOLDER /templates/0']);
  });

  it.each([
    ['an undeclared value', (p: any) => (p.templates[0].text = '{{value-cite:brightness}}')],
    ['an undeclared input', (p: any) => (p.templates[0].text = '{{inputs:scope}}')],
    ['an undeclared binding', (p: any) => (p.templates[0].text = '{{bind:colour}}')],
    ['an undeclared row field', (p: any) => (p.templates[3].text = '{{row.colour}}')],
  ])('a placeholder naming %s: CONTRACT_REFERENCE', (_, change) => {
    const found = check(changePack(change));
    expect(found.map((d) => d.code)).toEqual(['CONTRACT_REFERENCE']);
  });

  it('a when.flag or a collection naming nothing declared: CONTRACT_REFERENCE', () => {
    const flag = changePack((p) => {
      p.templates[1].when = { flag: { 'wick-colour': ['red'] } };
    });
    expect(at(check(flag))).toEqual(['CONTRACT_REFERENCE /templates/1/when/flag/wick-colour']);
    const option = changePack((p) => {
      p.templates[1].when = { flag: { 'burn-mode': ['roaring'] } };
    });
    expect(at(check(option))).toEqual(['CONTRACT_REFERENCE /templates/1/when/flag/burn-mode/0']);
    const collection = changePack((p) => {
      p.templates[3].collection = 'mantles';
    });
    expect(at(check(collection))).toContain('CONTRACT_REFERENCE /templates/3/collection');
  });

  it('a binding map key that is no option of its question or field: CONTRACT_BINDING_MAP', () => {
    const byFlag = changePack((p) => {
      p.templates[2].bindings['refill-phrase'].map['pour-twice'] = 'x';
    });
    expect(at(check(byFlag))).toEqual(['CONTRACT_BINDING_MAP /templates/2/bindings/refill-phrase/map/pour-twice']);
    const byRow = changePack((p) => {
      p.templates[3].bindings['wick-kind'].map.silk = 'a silk wick';
    });
    expect(at(check(byRow))).toEqual(['CONTRACT_BINDING_MAP /templates/3/bindings/wick-kind/map/silk']);
  });

  it('a row_field binding on a once template: CONTRACT_BINDING_SHAPE', () => {
    const pack = changePack((p) => {
      p.templates[0].bindings = { kind: { row_field: 'material', map: { cotton: 'soft' } } };
    });
    expect(at(check(pack))).toContain('CONTRACT_BINDING_SHAPE /templates/0/bindings/kind/row_field');
  });

  it('pack findings reach the adoption report, on the pack file', () => {
    const pack = changePack((p) => {
      p.templates[0].text = 'The {{colour}} flame.';
    });
    const found = withCode(analyze(lamp(), { pack }), 'CONTRACT_PLACEHOLDER');
    expect(found.map((d) => d.file)).toContain('contracts/lantern-fuel-1.pack.json');
  });
});

describe('the pack digest (§10.8)', () => {
  it('a definition naming the pack’s sha256: no finding', () => {
    const doc = set(lamp(), ['pack'], packDigest(lanternPack()));
    expect(findings(analyze(doc, { digest: true }))).toEqual([]);
  });

  it('a different digest: CONTRACT_PACK_HASH at /pack', () => {
    const doc = set(lamp(), ['pack'], 'sha256:' + 'a'.repeat(64));
    expect(errors(analyze(doc, { digest: true }))).toEqual(['CONTRACT_PACK_HASH /pack']);
  });

  it('no digest while a pack is present: CONTRACT_PACK_HASH', () => {
    const found = withCode(analyze(lamp(), { digest: true }), 'CONTRACT_PACK_HASH');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain(packDigest(lanternPack()));
  });

  it('one changed byte changes the digest', () => {
    const doc = set(lamp(), ['pack'], packDigest(lanternPack()));
    const pack = set(lanternPack(), ['templates', 0, 'title'], 'The lantern burns down.');
    expect(errors(analyze(doc, { pack, digest: true }))).toEqual(['CONTRACT_PACK_HASH /pack']);
  });

  it('without a pack the adoption is promised: nothing rendered, no digest check', () => {
    const report = analyze(set(lamp(), ['pack'], 'sha256:' + 'a'.repeat(64)), { pack: null });
    expect(report).toMatchObject({ status: 'promised', tests: [], templates: [], markdown: '' });
    expect(findings(report)).toEqual([]);
  });
});

describe('a pack shared by adoptions (validateAdoption checks it once per set of declared names)', () => {
  const noRowId = () => unset(lamp(), ['declares', 'rows', 'wicks', 'record', 'id']);

  it("is checked against the names each adoption's copy of the definition declares", () => {
    const pack = lanternPack();
    expect(withCode(analyze(lamp(), { pack }), 'CONTRACT_ROW_ID')).toEqual([]);
    expect(at(withCode(analyze(noRowId(), { pack }), 'CONTRACT_ROW_ID'))).toEqual(['CONTRACT_ROW_ID /templates/3/collection']);
    expect(withCode(analyze(lamp(), { pack }), 'CONTRACT_ROW_ID')).toEqual([]);
  });

  it('gives each adoption findings of its own, which its reader may place', () => {
    const pack = lanternPack();
    const first = withCode(analyze(noRowId(), { pack }), 'CONTRACT_ROW_ID');
    first[0]!.line = 7;
    const second = withCode(analyze(noRowId(), { pack }), 'CONTRACT_ROW_ID');
    expect(second).toHaveLength(1);
    expect(second[0]!.line).toBeUndefined();
  });

  it('finds what a fresh check of the pack finds', () => {
    const pack = lanternPack();
    analyze(lamp(), { pack });
    const shared = analyze(noRowId(), { pack }).diagnostics.filter((d) => d.file === PACK_FILE);
    const fresh = analyze(noRowId(), { pack: lanternPack() }).diagnostics.filter((d) => d.file === PACK_FILE);
    expect(shared).toEqual(fresh);
    expect(shared.length).toBeGreaterThan(0);
  });
});
