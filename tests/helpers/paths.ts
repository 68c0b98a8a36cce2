/**
 * Where the tests find things: the repository root and the third-party data in ../shared, which is
 * read in place at run time and never copied into the project.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tests/helpers/paths.ts). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** `../shared/corpus`: the public catalog, laid out as a catalog folder, with expected outputs. */
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
/** `../shared/holdout`: answer and row variants of the corpus adoptions, with expected digests. */
export const holdoutDir = path.resolve(repoRoot, '../shared/holdout');

export const corpusPresent = existsSync(path.join(corpusDir, 'expected'));
export const holdoutPresent = existsSync(path.join(holdoutDir, 'cases.json'));

/** Sorted names in a folder (empty when the folder is absent). */
export function list(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** `sha256:<hex>` of exact bytes (§10.8). */
export function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** One digest for a whole folder tree: every relative path with the hash of its bytes. */
export function treeDigest(root: string): string {
  const lines: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    for (const name of readdirSync(abs).sort()) {
      const childRel = rel ? `${rel}/${name}` : name;
      const st = statSync(path.join(abs, name));
      if (st.isDirectory()) {
        lines.push(`d ${childRel}`);
        walk(childRel);
      } else lines.push(`f ${childRel} ${sha256(readFileSync(path.join(abs, name)))}`);
    }
  };
  walk('');
  return sha256(lines.join('\n'));
}
