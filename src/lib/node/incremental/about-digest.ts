/**
 * The about.mdx part of a contract page's key: Astro follows an MDX file's changes only inside the
 * project, and a catalog named by OPENGDD_CATALOG lies outside it, so the page's key must hold the
 * file's text and the images its prose shows.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readProse } from '../catalog/about-prose.ts';
import { digestOf, sha256 } from './canonical.ts';
import type { KeyedEntry } from './page-keys.ts';

/**
 * The digest of an about.mdx file (at `filePath`, relative to `root`) and of each image its prose
 * takes from beside it. Astro follows an MDX file's changes only inside the project, and a catalog
 * named by OPENGDD_CATALOG lies outside it. A file that cannot be read gives a key no build
 * matches: the page renders, and the build reports what is wrong.
 */
export function aboutDigest(entry: KeyedEntry, root: string): string {
  const hasBody = (entry.data as { hasBody?: boolean }).hasBody === true;
  if (!hasBody || entry.filePath === undefined) return 'no-about';
  try {
    const file = path.resolve(root, entry.filePath);
    const text = readFileSync(file, 'utf8');
    const images = readProse(text).localImages.map((image) => sha256(readFileSync(path.resolve(path.dirname(file), decodeURI(image.url)))));
    return digestOf([entry.filePath, text, images]);
  } catch {
    return `unreadable:${randomUUID()}`;
  }
}

