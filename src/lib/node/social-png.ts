/**
 * Social cards as PNG: the SVG of `lib/site/social.ts` rasterised by sharp, a native Node module,
 * so it lives apart from the pure site code the browser may load.
 */
import { socialSvg, type SocialCard } from '../site/social.ts';

/**
 * Rasterises a card to PNG bytes (1200×630: the SVG's own size at 72 dpi). zlib level 5: on these
 * flat cards level 9 took three times as long, level 7 half as long again, for files 14 % smaller,
 * and a large catalog draws one card per adoption.
 */
export async function socialPng(card: SocialCard): Promise<Uint8Array<ArrayBuffer>> {
  // Loaded on the first card: a build that writes none (or the dev server) never starts sharp.
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(socialSvg(card)), { density: 72 }).png({ compressionLevel: 5 }).toBuffer();
  return new Uint8Array(png);
}
