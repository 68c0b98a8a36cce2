/**
 * Gives findings the line and column of what they point at, from the text of their file as read:
 * a JSON document's members (`jsonPlaces`), an about.mdx's frontmatter fields. Only findings run
 * this, so a valid catalog costs nothing.
 */
import type { Diagnostic } from '../../opengdd/diagnostics.ts';
import { jsonPlaces, pointerAncestors, type Place } from '../../opengdd/json-places.ts';

/** A file's text as read, and how its pointers are laid out in it. */
export interface PlacedText {
  text: string;
  /** `json`: a document that parsed; `frontmatter`: an about.mdx, whose pointers name frontmatter fields. */
  kind: 'json' | 'frontmatter';
}

/**
 * Replaces each finding of `items[from…]` about a file of `texts` that has no place yet with a copy
 * that has one: where its pointer's member is, or its nearest ancestor that the file holds (an
 * answer that is missing is placed at `answers`).
 */
export function placeFindings(items: Diagnostic[], texts: ReadonlyMap<string, PlacedText>, from = 0): void {
  const byFile = new Map<string, number[]>();
  for (let i = from; i < items.length; i++) {
    const d = items[i]!;
    if (d.line !== undefined || !texts.has(d.file)) continue;
    const list = byFile.get(d.file) ?? [];
    list.push(i);
    byFile.set(d.file, list);
  }
  for (const [file, indexes] of byFile) {
    const { text, kind } = texts.get(file)!;
    const wanted = new Set(indexes.flatMap((i) => pointerAncestors(items[i]!.pointer)));
    const places = kind === 'json' ? jsonPlaces(text, wanted) : frontmatterPlaces(text, wanted);
    for (const i of indexes) {
      const d = items[i]!;
      const place = pointerAncestors(d.pointer).map((p) => places.get(p)).find((p) => p !== undefined);
      if (place) items[i] = { ...d, line: place.line, column: place.column };
    }
  }
}

/**
 * The places of frontmatter fields (`/group`, `/aliases/1`: the field's line) in an about.mdx; the
 * file's start for the whole file. The frontmatter is a flat map of a few fields, so the line that
 * opens a field is enough.
 */
function frontmatterPlaces(text: string, wanted: ReadonlySet<string>): Map<string, Place> {
  const found = new Map<string, Place>([['', { line: 1, column: 1 }]]);
  const lines = text.split('\n');
  for (let i = 1; i < lines.length && !/^---\r?$/.test(lines[i]!); i++) {
    const m = /^([^\s:#][^:]*?)\s*:/.exec(lines[i]!);
    const ptr = m && `/${m[1]!.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (ptr && wanted.has(ptr)) found.set(ptr, { line: i + 1, column: 1 });
  }
  return found;
}
