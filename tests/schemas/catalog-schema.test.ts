/**
 * The one editor schema for every adoption of a catalog (/schemas/catalog-adoption.schema.json):
 * through `contract` and `version` it applies the definition's own editor schema, so every corpus
 * and embedded adoption is valid against it, and a wrong option, an unknown contract, a version
 * the catalog does not publish and a missing answer are not.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { editorSchema } from '../../src/lib/opengdd/editor-schema.ts';
import { catalogAdoptionSchema, catalogSchemaEntry } from '../../src/lib/site/catalog-schema.ts';
import { loadCatalog, type CatalogModel } from '../../src/lib/node/catalog/catalog.ts';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';

if (!corpusPresent) console.warn(`catalog-schema.test: ${corpusDir} is absent; the corpus half is skipped.`);

const SITE = 'https://opengdd.org';
const perDefinition = (id: string) => `${SITE}/schemas/contracts/${id}.adoption.schema.json`;

/** ajv holding the catalog schema and, under their URLs, each definition's own (as an editor fetches them). */
function validatorFor(model: CatalogModel) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const d of model.definitions) ajv.addSchema(editorSchema(d.definition, { id: perDefinition(d.id), ...(d.pack ? { pack: d.pack.document } : {}) }));
  const targets = model.definitions.map((d) => ({ id: d.id, contract: d.contract, version: d.version, url: perDefinition(d.id) }));
  return ajv.compile(catalogAdoptionSchema(`${SITE}/schemas/catalog-adoption.schema.json`, targets));
}

function acceptsAll(root: string) {
  return async () => {
    const { model } = await loadCatalog(root);
    const validate = validatorFor(model);
    let n = 0;
    for (const d of model.definitions) {
      for (const a of d.adoptions) {
        n += 1;
        expect(validate(a.document), `${d.id}/${a.id}: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(true);
      }
    }
    expect(n).toBeGreaterThan(0);
  };
}

/** Faults planted in one adoption of the catalog at `root` (the first with an unconditional question, or `cv`/`id`). */
function rejectsFaults(root: string, cv?: string, id?: string) {
  return async () => {
    const { model } = await loadCatalog(root);
    const validate = validatorFor(model);
    const d = cv ? model.definitions.find((x) => x.id === cv)! : model.definitions.find((x) => x.adoptions.length > 0 && Object.values(x.definition.questions).some((q) => !q.when))!;
    const adoption = id ? d.adoptions.find((a) => a.id === id)! : d.adoptions[0]!;
    const base = structuredClone(adoption.document) as unknown as Record<string, unknown> & { answers: Record<string, unknown> };
    expect(validate(base), JSON.stringify(validate.errors?.slice(0, 2))).toBe(true);
    const q = Object.keys(d.definition.questions).find((qid) => !d.definition.questions[qid]!.when)!;
    const errorsOf = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`));

    const wrongOption = structuredClone(base);
    wrongOption.answers[q] = 'no-such-option';
    expect(errorsOf(wrongOption)).toContain(`/answers/${q} enum`);

    const unknownContract = { ...structuredClone(base), contract: 'no-such-contract' };
    expect(errorsOf(unknownContract)).toContain('/contract enum');

    const wrongVersion = { ...structuredClone(base), version: 99 };
    expect(errorsOf(wrongVersion)).toContain('/version enum');

    const missingAnswer = structuredClone(base);
    delete missingAnswer.answers[q];
    expect(errorsOf(missingAnswer)).toContain('/answers required');

    // Another published version of the same contract, with this file's definition part: that
    // version's schema applies (the definition part is copied unchanged, §10.11), so it fails.
    const other = model.definitions.find((x) => x.contract === d.contract && x.version !== d.version);
    if (other) expect(validate({ ...structuredClone(base), version: other.version })).toBe(false);
  };
}

describe('the catalog adoption schema', () => {
  it('accepts every adoption of the embedded catalog', acceptsAll(repoRoot));
  it.skipIf(!corpusPresent)('accepts every corpus adoption (../shared/corpus)', acceptsAll(corpusDir), 60_000);

  it('rejects a wrong option, an unknown contract, a wrong version and a missing answer (embedded)', rejectsFaults(repoRoot));
  it.skipIf(!corpusPresent)('rejects the same faults in a corpus adoption (../shared/corpus)', rejectsFaults(corpusDir, 'container-2', 'backpack'), 60_000);

  it('is listed SchemaStore-style: name, description, fileMatch, url, versions', () => {
    const entry = catalogSchemaEntry(`${SITE}/schemas/catalog-adoption.schema.json`, [
      { id: 'container-1', contract: 'container', version: 1, url: perDefinition('container-1') },
      { id: 'container-2', contract: 'container', version: 2, url: perDefinition('container-2') },
    ]);
    expect(Object.keys(entry).sort()).toEqual(['description', 'fileMatch', 'name', 'url', 'versions']);
    expect(entry.fileMatch).toContain('contracts/*.json');
    expect(entry.versions).toEqual({ 'container-1': perDefinition('container-1'), 'container-2': perDefinition('container-2') });
  });
});
