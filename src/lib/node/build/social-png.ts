/**
 * Social cards as PNG: the SVG of `lib/site/social.ts` rasterised by sharp, a native Node module,
 * so it lives apart from the pure site code the browser may load.
 */
import { socialSvg, type SocialCard } from '../../site/social.ts';
import { reusesPages } from '../incremental/build-cache.ts';

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

/** Cards drawn ahead of their routes (see {@link drawAhead}), by {@link cardKey}. */
const ahead = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * At most this many cards are held drawn ahead at once (about 35 kB each), so a large catalog
 * draws its first cards early and the rest as their routes come.
 */
const AHEAD_MAX = 256;

/** Cards being drawn ahead at one time: sharp's threads beside the one rendering the pages. */
const AHEAD_AT_ONCE = 2;

function cardKey(card: SocialCard): string {
  return JSON.stringify(card);
}

/**
 * Starts drawing `cards` in the background, in order, for {@link cardPng} to take later. A build
 * computes every route's paths before it renders a page, and renders pages one JavaScript thread at
 * a time; the cards' routes come near the end. Drawn from the start, the cards take sharp's threads
 * while the pages take Node's, instead of after them. Only in a build: the dev server asks for a
 * route's paths on every request.
 */
export function drawAhead(cards: Iterable<SocialCard>): void {
  // A build that reuses the last one's cards draws only those that changed, as their routes come.
  if (import.meta.env.DEV || reusesPages()) return;
  // Cards go round the lanes in turn, each drawn after the one before it in its lane; a failure is
  // the route's to report, and does not stop the lane.
  const lanes: Promise<unknown>[] = Array.from({ length: AHEAD_AT_ONCE }, () => Promise.resolve());
  let next = 0;
  for (const card of cards) {
    if (ahead.size >= AHEAD_MAX) break;
    const key = cardKey(card);
    if (ahead.has(key)) continue;
    const lane = next++ % AHEAD_AT_ONCE;
    const drawn = lanes[lane]!.then(() => socialPng(card));
    lanes[lane] = drawn.catch(() => undefined);
    ahead.set(key, drawn);
  }
}

/** The PNG of a card: the one drawn ahead for it (then let go of), or drawn now. */
export function cardPng(card: SocialCard): Promise<Uint8Array<ArrayBuffer>> {
  const key = cardKey(card);
  const drawn = ahead.get(key);
  if (!drawn) return socialPng(card);
  ahead.delete(key);
  return drawn;
}
