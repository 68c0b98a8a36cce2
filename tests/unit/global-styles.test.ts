/**
 * Component styles are scoped (issue 19, point 5): a `<style is:global>` block stays only where
 * scoping costs what a page cannot pay, and then a comment right above it says why. At most five.
 * Pure: reads the `.astro` sources, no build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** The most global style blocks the components, pages and layouts may hold. */
const MOST = 5;

/** Each `<style is:global>` of the `.astro` files under src/, with the line just above it. */
function globalBlocks(): { file: string; above: string }[] {
  const out: { file: string; above: string }[] = [];
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.astro')) continue;
    const path = join(entry.parentPath, entry.name);
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (/<style\b[^>]*\bis:global\b/.test(line)) out.push({ file: relative(ROOT, path), above: lines[i - 1]?.trim() ?? '' });
    });
  }
  return out;
}

describe('global style blocks', () => {
  const blocks = globalBlocks();

  it(`are at most ${MOST}`, () => {
    const files = blocks.map((b) => b.file).join(', ');
    expect(blocks.length, `scope a component's style (:global() reaches markup it does not write): ${files}`).toBeLessThanOrEqual(MOST);
  });

  it('each say why in a comment right above', () => {
    const silent = blocks.filter((b) => !/(\*\/\}|-->)$/.test(b.above)).map((b) => b.file);
    expect(silent).toEqual([]);
  });
});
