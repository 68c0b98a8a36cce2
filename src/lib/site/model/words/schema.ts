/**
 * The words of the catalog's editor schema for adoption files (lib/site/catalog-schema.ts): its
 * title and descriptions, and its SchemaStore-style catalog entry's. An editor shows them on hover.
 * No imports. Pure: no DOM, no Node.
 */

/** The schema's own title and descriptions. */
export const CATALOG_SCHEMA_WORDS = {
  title: 'An adoption of a contract of the OpenGDD catalog',
  description:
    'Any adoption file contracts/<adoption>.json: its contract and version select the definition, and the file is checked against that definition\'s own schema (answers, values, rows and verification inputs as the definition asks). Row uniqueness, rules and citations are left to `opengdd-catalog check`.',
  contract: 'The contract id: one of the catalog\'s contracts.',
  version: 'The definition version: one the catalog publishes for this contract.',
} as const;

/** The schema's catalog entry. */
export const CATALOG_SCHEMA_ENTRY_WORDS = {
  name: 'OpenGDD contract adoption',
  description: 'An adoption file of a contract of the OpenGDD catalog (contracts/<adoption>.json of a package), checked against its definition.',
} as const;
