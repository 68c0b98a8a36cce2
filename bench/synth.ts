/**
 * Synthetic catalogs for the scaling bench: this repository's own catalog (`catalog/` + `packs/`,
 * copied unchanged) plus clones of its adoptions under new ids, until the catalog holds the wanted
 * number of adoptions.
 *
 * Clones vary: each starts from a variant of one of our adoptions (one or two answers changed, a
 * number nudged) and then gets a number of its own, so no two adoption files are alike (a real
 * catalog's files are all different, and Astro's data store shares equal strings). Every variant
 * and every clone is kept only when the engine finds nothing in it — the same `analyzeAdoption` the
 * catalog loader runs — so each synthetic catalog is valid (and each build checks it again).
 *
 *   npx tsx bench/synth.ts <out-dir> <adoptions>
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeAdoption } from '../src/lib/opengdd/analyze.ts';
import { loadCatalog, type CatalogDefinition } from '../src/lib/node/catalog/catalog.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));

/** A small deterministic PRNG (mulberry32): the same size always gives the same catalog. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Doc = Record<string, unknown> & { answers?: Record<string, string>; values?: Record<string, unknown> };

function analyze(d: CatalogDefinition, id: string, document: Doc) {
  return analyzeAdoption({
    id,
    file: `${id}.json`,
    document,
    ...(d.pack ? { pack: { file: d.pack.file, document: d.pack.document, digest: d.pack.digest } } : {}),
  });
}

/**
 * The document tidied (answers only for the questions it asks) when the engine then finds nothing
 * at all in it — no error and no warning — else undefined.
 */
function clean(d: CatalogDefinition, id: string, doc: Doc): Doc | undefined {
  const first = analyze(d, id, doc);
  if (first.diagnostics.length === 0) return doc;
  if (first.diagnostics.some((x) => x.code !== 'CONTRACT_ANSWER_NOT_ASKED')) return undefined;
  const asked = new Set(first.evaluation.questions.filter((q) => q.asked).map((q) => q.id));
  for (const q of Object.keys(doc.answers ?? {})) if (!asked.has(q)) delete doc.answers![q];
  return analyze(d, id, doc).diagnostics.length === 0 ? doc : undefined;
}

const numbers = (doc: Doc) => Object.entries(doc.values ?? {}).filter(([, v]) => typeof v === 'number') as [string, number][];

/** Up to `want` distinct clean variants of the definition's adoptions (its clean originals first). */
function variants(d: CatalogDefinition, want: number, random: () => number): Doc[] {
  const pool: Doc[] = [];
  const seen = new Set<string>();
  const add = (doc: Doc | undefined) => {
    if (!doc) return;
    const key = JSON.stringify([doc.answers, doc.values, doc.rows]);
    if (seen.has(key)) return;
    seen.add(key);
    pool.push(doc);
  };
  for (const a of d.adoptions) add(clean(d, a.id, structuredClone(a.document) as unknown as Doc));
  const seeds = pool.length ? pool.length : 0;
  if (!seeds) return pool;
  const questions = Object.entries(d.definition.questions);
  for (let attempt = 0; attempt < want * 12 && pool.length < want; attempt++) {
    const doc = structuredClone(pool[Math.floor(random() * pool.length)]!);
    const answers = (doc.answers ??= {});
    // One or two answers changed. A question that becomes asked needs an answer, so such a
    // variant is not kept; answers to questions no longer asked are dropped.
    for (let k = 0; k < 1 + Math.floor(random() * 2) && questions.length; k++) {
      const [qid, q] = questions[Math.floor(random() * questions.length)]!;
      const options = Object.keys(q.options);
      answers[qid] = options[Math.floor(random() * options.length)]!;
    }
    const nums = numbers(doc);
    if (nums.length && random() < 0.7) {
      const [name, v] = nums[Math.floor(random() * nums.length)]!;
      doc.values![name] = v + Math.floor(random() * 5) + 1;
    }
    add(clean(d, 'synthetic-variant', doc));
  }
  return pool;
}

/** The variant with a number of its own (clone `n`), when one keeps it clean; else the variant. */
function unique(d: CatalogDefinition, id: string, variant: Doc, n: number, random: () => number): { doc: Doc; unique: boolean } {
  const nums = numbers(variant);
  for (let tries = 0; tries < Math.min(4, nums.length); tries++) {
    const [name, v] = nums[Math.floor(random() * nums.length)]!;
    for (const offset of [n, -n, (n % 97) + 1, -((n % 97) + 1)]) {
      const doc = structuredClone(variant);
      doc.values![name] = v + offset;
      const ok = clean(d, id, doc);
      if (ok) return { doc: ok, unique: true };
    }
  }
  return { doc: variant, unique: false };
}

/**
 * Writes a catalog folder at `out` with `adoptions` adoptions in all (at least the repository's own
 * number) and returns what it wrote.
 */
export async function writeSyntheticCatalog(out: string, adoptions: number, seed = 1) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(join(repo, 'catalog'), join(out, 'catalog'), { recursive: true });
  cpSync(join(repo, 'packs'), join(out, 'packs'), { recursive: true });
  const { model } = await loadCatalog(repo);
  const random = prng(seed);
  const sources = model.definitions.filter((d) => d.adoptions.length > 0);
  const have = sources.reduce((n, d) => n + d.adoptions.length, 0);
  const pools = new Map(sources.map((d) => [d.id, variants(d, 24, random)]));
  // Round-robin over our adoptions, so each definition grows in proportion to its own adoptions.
  const bases = sources.flatMap((d) => d.adoptions.map((a) => ({ d, a }))).filter(({ d }) => pools.get(d.id)!.length > 0);
  let written = 0;
  let duplicates = 0;
  for (let i = 0; have + written < adoptions; i++) {
    const { d, a } = bases[i % bases.length]!;
    const pool = pools.get(d.id)!;
    const n = Math.floor(i / bases.length) + 1;
    const id = `${a.id}-s${String(n).padStart(4, '0')}`;
    const clone = unique(d, id, pool[(i + n) % pool.length]!, n, random);
    if (!clone.unique) duplicates++;
    writeFileSync(join(out, 'catalog', d.id, 'adoptions', `${id}.json`), JSON.stringify(clone.doc, null, 2) + '\n');
    written++;
  }
  return {
    adoptions: have + written,
    definitions: model.definitions.length,
    variantsPerDefinition: Object.fromEntries([...pools].map(([id, p]) => [id, p.length])),
    /** Clones no number could be made unique for (their content repeats a variant's). */
    duplicates,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [out, n] = process.argv.slice(2);
  if (!out || !n) throw new Error('usage: tsx bench/synth.ts <out-dir> <adoptions>');
  const t = performance.now();
  console.log(JSON.stringify(await writeSyntheticCatalog(out, Number(n))), `${Math.round(performance.now() - t)} ms`);
}
