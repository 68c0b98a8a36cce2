/**
 * Zod schemas for what the content layer stores, one per concern. The engine has already validated
 * every catalog document against the spec; these schemas guard the seam (the stored shape the pages
 * read) and give `getCollection` its types. Deep spec documents are typed, not re-validated.
 */
import { z } from 'astro/zod';
import type { Diagnostic, GeneratedTest } from '../opengdd/index.ts';

// Not the engine's `isObject` (opengdd/json.ts): the content config imports this file, and every
// module it imports is Vite's to transform before each content sync (see content.config.ts).
const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A shelf of the catalog index. */
export const groupSchema = z.object({
  title: z.string().min(1),
  description: z.string(),
  /** Position in `groups.json` (shelves keep the catalog's order). */
  order: z.number().int().nonnegative(),
});

/** A pack as stored beside its definition: its file, not its document (see `definition-files.ts`). */
export const packSchema = z.object({
  /** The pack file (absolute path). */
  file: z.string(),
  /** The pack's digest (§10.8: `sha256:<hex>` of its exact bytes). */
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  /** `sha256:<hex>` of the file's text as the engine checked it. */
  textDigest: z.string(),
});

/** One definition version: about frontmatter, the definition document, its pack and adoptions. */
export const definitionSchema = z.object({
  contract: z.string().min(1),
  version: z.number().int(),
  title: z.string().min(1),
  group: z.string().min(1),
  aliases: z.array(z.string()),
  benefit: z.string(),
  status: z.enum(['checked', 'promised']),
  /** `definition.json` (absolute path); pages read its text and document from there. */
  file: z.string(),
  /** `sha256:<hex>` of the file's text as the engine checked it. */
  digest: z.string(),
  pack: packSchema.nullable(),
  /** Adoption ids, sorted. */
  adoptions: z.array(z.string()),
  /** Every published version of this contract, ascending. */
  versions: z.array(z.number().int()),
  /** The id (`<contract>-<version>`) of the newest version of this contract. */
  newest: z.string(),
  /** True when the about page has a body worth rendering. */
  hasBody: z.boolean(),
});

/** A generated test, as pages show it (the engine's own type). */
export type StoredTest = GeneratedTest;

/**
 * One adoption, as stored: where its file is, the digest it was checked at, the findings of the
 * check and its counts. Pages derive the rest from the file (see `adoption-file.ts`).
 */
export const adoptionSchema = z.object({
  adoption: z.string().min(1),
  /** `<contract>-<version>` of its definition. */
  definitionId: z.string().min(1),
  /** The adoption file (absolute path); pages read its text from there. */
  file: z.string(),
  /** `sha256:<hex>` of the file's text as the engine checked it. */
  digest: z.string(),
  diagnostics: z.array(z.custom<Diagnostic>(isObject)),
  /** What the catalog index, the contract page and the social image show without the file. */
  counts: z.object({
    tests: z.number().int().nonnegative(),
    /** Templates that apply. */
    live: z.number().int().nonnegative(),
    templates: z.number().int().nonnegative(),
  }),
})
