/**
 * The catalog check of an unchanged adoption file, kept between builds (`node_modules/.astro/`, the
 * folder a CI caches): the check is pure, so the same file — its place, its text, its folder's
 * definition.json and the pack it is checked against (the key `catalog.ts` makes) — checked by the
 * same code gives the same findings and the same summary. The code is part of what is kept: every
 * file of the engine (`src/lib/opengdd/`) and of the catalog reader (`src/lib/node/catalog/`, where
 * the findings about a file and the summary the site keeps are made), so a changed checker checks
 * everything again. A remembered file is neither parsed nor analysed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recallBetween, type AdoptionRecall, type Recalled } from '../catalog/catalog.ts';

/**
 * A recall of adoption checks kept in `file` (see `LoadOptions.recall` in `catalog.ts`), and the
 * function that writes what this load learnt: only the checks it used or made, so files gone from
 * the catalog are forgotten.
 */
export function rememberedChecks<A>(file: string): AdoptionRecall<A> & { save(): void } {
  const code = checkerDigest();
  const next = new Map<string, Recalled<A>>();
  return {
    ...recallBetween(read<A>(file, code), next),
    save() {
      // Whole or not at all: a half-written file would only be ignored, but a rename never leaves one.
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify({ code, checks: Object.fromEntries(next) }));
      renameSync(`${file}.tmp`, file);
    },
  };
}

function read<A>(file: string, code: string): Map<string, Recalled<A>> {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { code: string; checks: Record<string, Recalled<A>> };
    return stored.code === code ? new Map(Object.entries(stored.checks)) : new Map();
  } catch {
    return new Map();
  }
}

/** Raised when what is kept of a check changes meaning. */
const SCHEME = 2;

/** A digest of the checker's source: every file of the engine and of the catalog reader, and this one. */
function checkerDigest(): string {
  try {
    const here = fileURLToPath(import.meta.url);
    const lib = path.join(path.dirname(here), '..', '..');
    const hash = createHash('sha256').update(`${SCHEME}\0`);
    const files = ['opengdd', path.join('node', 'catalog')]
      .flatMap((folder) => readdirSync(path.join(lib, folder), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .concat(here)
      .sort();
    if (!files.some((f) => f.endsWith('analyze.ts')) || !files.some((f) => f.endsWith('catalog.ts'))) throw new Error('not the checker');
    for (const f of files) hash.update(`${path.relative(lib, f)}\0`).update(readFileSync(f)).update('\0');
    return hash.digest('hex');
  } catch {
    // Bundled away from its source: nothing is remembered across builds.
    return `unknown:${Math.random()}`;
  }
}
