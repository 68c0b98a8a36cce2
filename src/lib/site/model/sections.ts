/**
 * A page as a list of sections: each has its id, heading, count and intro sentence (or, when the
 * part is empty, the sentence that says so), and the table of contents is made from the same list,
 * so a heading, its count and its entry in the contents can never disagree.
 * Pure: no DOM, no Node.
 */

/** The sections of a contract version's page that every such page may have, in the order it shows them. */
export type ContractSectionId =
  | 'changes'
  | 'summary'
  | 'mechanism'
  | 'questions'
  | 'values'
  | 'rules'
  | 'row-sets'
  | 'pack'
  | 'tests'
  | 'adoptions'
  | 'answers-by-adoption'
  | 'tests-by-adoption'
  | 'use';

/** The sections of an adoption's page. */
export type AdoptionSectionId = 'answers' | 'values' | 'rules' | 'rows' | 'verification' | 'tests' | 'waiting' | 'not-applying' | 'findings' | 'file';

/** A section the site names: looked up by this id, so a typo fails the type check. */
export type SectionId = ContractSectionId | AdoptionSectionId;

/**
 * A section whose anchor someone else writes: an about page's own heading, a heading of the
 * mechanism's author, a shelf of the catalog. Its kind says which; its id is the anchor.
 */
export type OpenSectionKind = 'about' | 'mechanism-part' | 'shelf';

/** What a section is: one of the site's own (its id) or one whose anchor is authored. */
export type SectionKind = SectionId | OpenSectionKind;

/** One section of a page. */
export interface Section<K extends SectionKind = SectionKind> {
  /** What the section is; for the site's own sections, also its anchor. */
  kind: K;
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

/** The section `id` (a page model always has the ones its page renders). */
export function sectionOf<K extends SectionKind>(sections: readonly Section<K>[], id: Extract<K, SectionId>): Section<K> {
  const s = sections.find((x) => x.kind === id);
  if (!s) throw new Error(`The page model has no section ${id}.`);
  return s;
}
