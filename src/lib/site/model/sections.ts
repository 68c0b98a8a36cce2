/**
 * A page as a list of sections: each has its id, heading, count and intro sentence (or, when the
 * part is empty, the sentence that says so), and the table of contents is made from the same list,
 * so a heading, its count and its entry in the contents can never disagree.
 * Pure: no DOM, no Node.
 */

/** One section of a page. */
export interface Section {
  /** The heading's id (the section's anchor). */
  id: string;
  heading: string;
  /** Shown beside the heading and in the contents (e.g. "6" or "4/6"); none for a section without items. */
  count?: string;
  /** The sentence under the heading. */
  intro?: string;
  /** Set when the part is empty: the sentence shown instead of its items. */
  empty?: string;
  depth: 2 | 3;
}

/** One entry of the table of contents (see TableOfContents.astro). */
export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
  note?: string;
}

/** The table of contents of a page: its sections, in order, with their counts. */
export function tocOf(sections: readonly Section[]): TocEntry[] {
  return sections.map((s) => ({ id: s.id, text: s.heading, depth: s.depth, ...(s.count !== undefined ? { note: s.count } : {}) }));
}

/** The section with `id` (a page model always has the ones its page renders). */
export function sectionOf(sections: readonly Section[], id: string): Section {
  const s = sections.find((x) => x.id === id);
  if (!s) throw new Error(`The page model has no section ${id}.`);
  return s;
}
