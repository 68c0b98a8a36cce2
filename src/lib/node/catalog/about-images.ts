/**
 * The images an about.mdx takes from beside it. The build bundles each one through Astro's image
 * pipeline, which stops with its own stack trace on a missing or undecodable file; `check` looks
 * first, so the reader gets one line naming the file, the line and the column instead.
 */
import { stat } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import type { LocalImage } from './about-prose.ts';
import { isInside, MAX_FILE_BYTES } from './read.ts';

/** Formats Astro's image pipeline reads (sharp's names). */
const FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'svg', 'tiff']);
/** Larger images would take the build's memory; a catalog's illustrations never need it. */
const MAX_PIXELS = 25_000_000;
/**
 * Astro publishes an image as `_astro/<name>.<hash>.<ext>`, and a resized one as
 * `<name>.<hash>_<hash>.<format>`: about 30 bytes on top of the name, within a file system's 255.
 * The limit keeps room to spare (an illustration's name is a few words).
 */
const MAX_IMAGE_NAME_BYTES = 200;

/**
 * Why each image cannot be published, as sentences naming line and column: outside the contract
 * folder `folder` (absolute), missing, too large, or not an image sharp can read.
 */
export async function imageProblems(folder: string, images: readonly LocalImage[]): Promise<string[]> {
  const out: string[] = [];
  for (const image of images) {
    const problem = await imageProblem(folder, image.url);
    if (problem) out.push(`The image "${image.url}" at line ${image.line}, column ${image.column} ${problem}.`);
  }
  return out;
}

async function imageProblem(folder: string, url: string): Promise<string | undefined> {
  let path: string;
  try {
    path = decodeURI(url);
  } catch {
    return 'is not a valid address';
  }
  const file = resolve(folder, path);
  const inside = relative(folder, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..') return 'is outside the contract’s folder; images sit beside about.mdx';
  const nameBytes = Buffer.byteLength(basename(file));
  if (nameBytes > MAX_IMAGE_NAME_BYTES) return `has a file name of ${nameBytes} bytes; the build publishes it under that name with a hash and a format added, so image names are limited to ${MAX_IMAGE_NAME_BYTES} bytes`;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return 'is not a file beside about.mdx';
  if (!(await isInside(file, folder))) return 'is a link to a place outside the contract’s folder';
  if (info.size > MAX_FILE_BYTES) return `is ${(info.size / 1048576).toFixed(1)} MB; images are limited to ${MAX_FILE_BYTES / 1048576} MB`;
  const { default: sharp } = await import('sharp');
  const meta = await sharp(file).metadata().catch(() => undefined);
  if (!meta?.format || !FORMATS.has(meta.format)) return 'is not a PNG, JPEG, WebP, GIF, AVIF, SVG or TIFF image';
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) return `is ${meta.width}×${meta.height} pixels; images are limited to ${MAX_PIXELS / 1e6} megapixels`;
  return undefined;
}
