/**
 * The per-definition editor schemas accept every adoption the engine accepts (corpus and embedded
 * catalog) and reject what the engine rejects where JSON Schema can say it.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { editorSchema } from '../../src/lib/opengdd/editor-schema.ts';
import { loadCatalog, type CatalogDefinition } from '../../src/lib/node/catalog/catalog.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

function compile(d: CatalogDefinition) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv.compile(editorSchema(d.definition, { id: `https://opengdd.org/schemas/contracts/${d.id}.adoption.schema.json`, ...(d.pack ? { pack: d.pack.document } : {}) }));
}

function acceptsAll(root: string) {
  return async () => {
    const { model } = await loadCatalog(root);
    expect(model.definitions.length).toBeGreaterThan(0);
    for (const d of model.definitions) {
      const validate = compile(d);
      for (const a of d.adoptions) {
        const ok = validate(a.document);
        expect(ok, `${d.id}/${a.id}: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(true);
      }
    }
  };
}

describe('editor schemas', () => {
  it('accept every adoption of the embedded catalog', acceptsAll(repo));
  it.skipIf(!existsSync(corpus))('accept every corpus adoption (../shared/corpus)', acceptsAll(corpus), 60_000);

  it('reject an unknown answer, a missing answer, a missing value and a changed definition', async () => {
    const { model } = await loadCatalog(repo);
    const d = model.definitions.find((x) => x.adoptions.length > 0 && Object.keys(x.definition.questions).length > 0)!;
    const validate = compile(d);
    const base = structuredClone(d.adoptions[0]!.document) as unknown as Record<string, Record<string, unknown>>;
    const q = Object.keys(d.definition.questions).find((id) => !d.definition.questions[id]!.when)!;

    const unknownAnswer = structuredClone(base);
    unknownAnswer.answers![q] = 'no-such-option';
    expect(validate(unknownAnswer)).toBe(false);

    const missingAnswer = structuredClone(base);
    delete missingAnswer.answers![q];
    expect(validate(missingAnswer)).toBe(false);

    const changed = structuredClone(base) as Record<string, unknown>;
    changed.summary = 'Something else.';
    expect(validate(changed)).toBe(false);

    const v = Object.keys(d.definition.declares.values ?? {}).find((n) => !d.definition.declares.values![n]!.when);
    if (v) {
      const missingValue = structuredClone(base);
      delete missingValue.values![v];
      expect(validate(missingValue)).toBe(false);
    }
  });
});
