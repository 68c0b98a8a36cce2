/**
 * Zod schemas for what the content layer stores, one per concern. The engine has already validated
 * every catalog document against the spec; these schemas guard the seam (the stored shape the pages
 * read) and give `getCollection` its types. Deep spec documents are typed, not re-validated.
 */
import { z } from 'astro/zod';
import type { Definition, Diagnostic, Pack } from '../opengdd/index.ts';

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A shelf of the catalog index. */
export const groupSchema = z.object({
  title: z.string().min(1),
  description: z.string(),
  /** Position in `groups.json` (shelves keep the catalog's order). */
  order: z.number().int().nonnegative(),
});

/** A pack as stored beside its definition. */
export const packSchema = z.object({
  raw: z.string(),
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  document: z.custom<Pack>(isObject),
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
  definition: z.custom<Definition>(isObject),
  /** Exact bytes of `definition.json` (downloads are byte-identical). */
  raw: z.string(),
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

const testSchema = z.object({
  name: z.string(),
  templateId: z.string(),
  rowId: z.string().optional(),
  title: z.string(),
  test: z.record(z.string(), z.unknown()),
  text: z.string(),
});

/** A generated test as stored. */
export type StoredTest = z.infer<typeof testSchema>;

const templateOutcomeSchema = z.object({
  /** The pack template's id (the template itself is the definition's pack: see `adoption-file.ts`). */
  templateId: z.string(),
  live: z.boolean(),
  /** The engine's plain-English sentences for why the template does not apply. */
  reasons: z.array(z.string()),
  tests: z.array(testSchema),
});

/** One template's outcome as stored. */
export type StoredTemplateOutcome = z.infer<typeof templateOutcomeSchema>;

const evaluationSchema = z.object({
  questions: z.array(
    z.object({ id: z.string(), asked: z.boolean(), answer: z.string().optional(), counted: z.boolean() }),
  ),
  values: z.array(
    z.object({
      name: z.string(),
      active: z.boolean(),
      supplied: z.union([z.number(), z.string()]).optional(),
      form: z.enum(['number', 'citation']).optional(),
    }),
  ),
  rules: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['comparison', 'answer-aware']),
      line: z.string().optional(),
      status: z.enum(['holds', 'fails', 'skipped', 'invalid', 'fires', 'quiet']),
      severity: z.enum(['error', 'warning']).optional(),
      message: z.string(),
    }),
  ),
});

/** One adoption with the engine's report. */
export const adoptionSchema = z.object({
  adoption: z.string().min(1),
  /** `<contract>-<version>` of its definition. */
  definitionId: z.string().min(1),
  /** The adoption file (absolute path); pages read its text from there (`adoption-file.ts`). */
  file: z.string(),
  /** `sha256:<hex>` of the file's text as the engine checked it. */
  digest: z.string(),
  diagnostics: z.array(z.custom<Diagnostic>(isObject)),
  evaluation: evaluationSchema,
  templates: z.array(templateOutcomeSchema),
  /**
   * What `opengdd --render-contract-tests` prints for this adoption: '' without a pack, null when
   * the stored tests render to it (`adoptionMarkdown` does), else the text itself.
   */
  markdown: z.string().nullable(),
});
