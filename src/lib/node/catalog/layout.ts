/**
 * What the layout does not expect inside a definition folder, and a pack digest that names no
 * pack of the catalog. A file saved in the wrong place is otherwise never read, without a word: a
 * pack beside definition.json leaves the definition promised while its adoptions cite the digest.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../../opengdd/diagnostics.ts';
import { own } from '../../opengdd/json.ts';
import { diag } from './read.ts';

/** The entries every definition folder holds (a dot-entry is ignored, as §10.1 rule 4 does). */
const EXPECTED = new Set(['definition.json', 'about.mdx', 'adoptions']);

/** File endings of images that about.mdx may show (the formats of `about-images.ts`). */
const IMAGE = /\.(png|jpe?g|webp|gif|avif|svg|tiff?)$/i;

/**
 * Findings for the entries of `catalog/<cv>/` the layout does not expect: an error for a pack
 * file (only `packs/` holds packs), a warning for anything else the site never reads. `images` are
 * the relative addresses of the images about.mdx shows; undefined when about.mdx could not be read,
 * and then any image file counts as expected.
 */
export async function strayEntries(root: string, cv: string, images: readonly string[] | undefined): Promise<Diagnostic[]> {
  const dir = `catalog/${cv}`;
  const folder = join(root, dir);
  const shown = images && new Set(images.map((url) => firstEntry(folder, url)).filter((e) => e !== undefined));
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const out: Diagnostic[] = [];
  for (const entry of entries) {
    const name = entry.name;
    if (name.startsWith('.')) continue;
    const rel = `${dir}/${name}`;
    const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && (await stat(join(folder, name)).catch(() => undefined))?.isDirectory() === true);
    if (name === 'adoptions') {
      if (!isFolder) out.push(diag('CATALOG_LAYOUT', rel, '', `adoptions is a file; it must be the folder that holds the adoption files of ${cv}.`, 'warning'));
      continue;
    }
    if (EXPECTED.has(name) || shown?.has(name) || (!shown && !isFolder && IMAGE.test(name))) continue;
    if (!isFolder && name.endsWith('.pack.json')) {
      out.push(
        diag(
          'CATALOG_LAYOUT',
          rel,
          '',
          `A pack file is read only from packs/, so this one is not read and ${cv} shows as promised; move it to packs/${name === `${cv}.pack.json` ? name : `${cv}.pack.json`}.`,
        ),
      );
    } else if (!isFolder && name.endsWith('.json')) {
      out.push(diag('CATALOG_LAYOUT', rel, '', `The site does not read this file: adoption files belong in ${dir}/adoptions/, and a definition folder holds definition.json, about.mdx and the images about.mdx shows.`, 'warning'));
    } else {
      out.push(
        diag(
          'CATALOG_LAYOUT',
          rel,
          '',
          `The site does not read this ${isFolder ? 'folder' : 'file'}: a definition folder holds definition.json, about.mdx, adoptions/ and the images about.mdx shows.`,
          'warning',
        ),
      );
    }
  }
  return out;
}

/** The entry of `folder` an image address leads into (`./img/a.png` → `img`), if it stays inside. */
function firstEntry(folder: string, url: string): string | undefined {
  let path: string;
  try {
    path = decodeURI(url);
  } catch {
    return undefined;
  }
  const inside = relative(folder, resolve(folder, path));
  return inside && !inside.startsWith('..') ? inside.split(sep)[0] : undefined;
}

/**
 * The finding for a definition that names a pack digest while the catalog holds no
 * `packs/<cv>.pack.json`: its adoptions are promised (§10.8 rule 1, which a package validator
 * reports nothing for), yet they and the definition cite a pack that nobody can download. A
 * warning, since a catalog may publish a definition ahead of its pack.
 */
export function missingPackProblem(definition: unknown, rel: string, cv: string, adoptions: number): Diagnostic | undefined {
  const digest = own(definition, 'pack');
  if (typeof digest !== 'string') return undefined;
  const missing = `the catalog has no packs/${cv}.pack.json`;
  const message =
    adoptions === 0
      ? `The definition names pack ${digest}, but ${missing}.`
      : `The definition and its ${adoptions === 1 ? 'adoption' : `${adoptions} adoptions`} cite pack ${digest}, but ${missing}, so ${adoptions === 1 ? 'the adoption is' : 'they are'} promised (§10.8 rule 1).`;
  return diag('CATALOG_LAYOUT', rel, '/pack', message, 'warning');
}
