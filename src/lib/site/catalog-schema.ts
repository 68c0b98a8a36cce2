/**
 * One editor schema for every adoption of the catalog. An editor maps every `contracts/*.json` of a
 * package to one URL; the schema reads the file's `contract` and `version` and applies that
 * definition's own editor schema (`/schemas/contracts/<contract>-<version>.adoption.schema.json`,
 * made by the engine's `editorSchema`) through `$ref`. A contract the catalog does not hold, or a
 * version it does not publish, is itself an error the editor shows on that field.
 */
import { CATALOG_SCHEMA_ENTRY_WORDS, CATALOG_SCHEMA_WORDS } from './model/words/schema.ts';

/** A definition version and the URL of its own editor schema. */
export interface CatalogSchemaTarget {
  /** `<contract>-<version>`. */
  id: string;
  contract: string;
  version: number;
  /** Absolute URL of its editor schema (the `$id` that schema declares). */
  url: string;
}

/** Where a package keeps its adoption files; its pack files sit beside them and are not adoptions. */
export const ADOPTION_FILE_MATCH = ['contracts/*.json', '!contracts/*.pack.json'];

/** The schema at `id` for the definitions `targets`. */
export function catalogAdoptionSchema(id: string, targets: readonly CatalogSchemaTarget[]): Record<string, unknown> {
  const versions = new Map<string, number[]>();
  for (const { contract, version } of targets) {
    versions.set(contract, [...(versions.get(contract) ?? []), version].sort((a, b) => a - b));
  }
  const contracts = [...versions.keys()].sort();
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    title: CATALOG_SCHEMA_WORDS.title,
    description: CATALOG_SCHEMA_WORDS.description,
    type: 'object',
    required: ['contract', 'version'],
    properties: {
      contract: { enum: contracts, description: CATALOG_SCHEMA_WORDS.contract },
      version: { type: 'integer', description: CATALOG_SCHEMA_WORDS.version },
    },
    allOf: [
      // The version must be one the catalog publishes for the contract named.
      ...contracts.map((contract) => ({
        if: { properties: { contract: { const: contract } }, required: ['contract'] },
        then: { properties: { version: { enum: versions.get(contract) } } },
      })),
      // Then the definition's own schema decides the rest.
      ...targets.map((t) => ({
        if: { properties: { contract: { const: t.contract }, version: { const: t.version } }, required: ['contract', 'version'] },
        then: { $ref: t.url },
      })),
    ],
  };
}

/** The SchemaStore-style catalog entry of that schema (name, description, fileMatch, url, versions). */
export function catalogSchemaEntry(url: string, targets: readonly CatalogSchemaTarget[]): Record<string, unknown> {
  return {
    name: CATALOG_SCHEMA_ENTRY_WORDS.name,
    description: CATALOG_SCHEMA_ENTRY_WORDS.description,
    fileMatch: ADOPTION_FILE_MATCH,
    url,
    versions: Object.fromEntries(targets.map((t) => [t.id, t.url])),
  };
}
