/**
 * Social images (OpenGraph, 1200×630 PNG), made at build time: an SVG card drawn from catalog text,
 * rasterised by sharp in `lib/node/build/social-png.ts`. Every piece of catalog text is XML-escaped before it enters the SVG.
 */
import { STATUS_BADGES } from './model/words/catalog.ts';
import { SOCIAL_BRAND } from './model/words/site.ts';

/** What one card shows. */
export interface SocialCard {
  /** Small line above the title, e.g. "OpenGDD contract · version 2". */
  kicker: string;
  /** The big title (wrapped over at most three lines). */
  title: string;
  /** A line under the title, e.g. the contract id or the benefit (wrapped over at most two lines). */
  subtitle?: string;
  /** Short facts along the bottom, e.g. "8 questions", "14 templates". */
  facts: string[];
  /** "checked" or "promised", shown as a badge. */
  status?: 'checked' | 'promised';
}

/** The cards' font stack (an SVG `font-family`, as in CSS). */
const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;

/** Escapes text for an XML text node or attribute value. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Characters XML 1.0 forbids (control characters other than tab, newline, return).
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/** Splits `text` into at most `maxLines` lines of about `width` characters, ending in "…" if cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!;
    if (word.length > width) word = word.slice(0, width - 1) + '…';
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = (last.length >= width ? last.slice(0, width - 1) : last) + '…';
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The card as an SVG document. */
export function socialSvg(card: SocialCard): string {
  const titleLines = wrapText(card.title, 26, 3);
  const subtitleLines = card.subtitle ? wrapText(card.subtitle, 56, 2) : [];
  const titleSize = 76;
  const titleTop = 230;
  const tspans = (lines: string[], x: number, lh: number) =>
    lines.map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lh}">${escapeXml(l)}</tspan>`).join('');
  const subtitleTop = titleTop + (titleLines.length - 1) * (titleSize * 1.12) + 70;
  const facts = escapeXml(card.facts.join('  ·  '));
  const badge = card.status
    ? (() => {
        const label = STATUS_BADGES[card.status].label;
        const fill = card.status === 'checked' ? '#1f7a4d' : '#8a5a00';
        const w = 40 + label.length * 19;
        return `<g transform="translate(${SOCIAL_WIDTH - 80 - w}, 70)"><rect width="${w}" height="52" rx="26" fill="${fill}"/><text x="${w / 2}" y="35" text-anchor="middle" font-size="28" font-weight="700" fill="#ffffff">${label}</text></g>`;
      })()
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}" viewBox="0 0 ${SOCIAL_WIDTH} ${SOCIAL_HEIGHT}">
<rect width="100%" height="100%" fill="#f7f6f2"/>
<rect x="0" y="0" width="18" height="${SOCIAL_HEIGHT}" fill="#2f5bd3"/>
<g font-family="${FONT_FAMILY}" fill="#1b1b1f">
<text x="80" y="108" font-size="30" font-weight="600" fill="#2f5bd3">${escapeXml(card.kicker)}</text>
${badge}
<text x="80" y="${titleTop}" font-size="${titleSize}" font-weight="700">${tspans(titleLines, 80, titleSize * 1.12)}</text>
${subtitleLines.length ? `<text x="80" y="${subtitleTop}" font-size="34" fill="#4a4a55">${tspans(subtitleLines, 80, 44)}</text>` : ''}
<line x1="80" y1="520" x2="${SOCIAL_WIDTH - 80}" y2="520" stroke="#d9d6cc" stroke-width="2"/>
<text x="80" y="575" font-size="32" fill="#4a4a55">${facts}</text>
<text x="${SOCIAL_WIDTH - 80}" y="575" font-size="32" font-weight="700" text-anchor="end" fill="#1b1b1f">${SOCIAL_BRAND}</text>
</g>
</svg>
`;
}
