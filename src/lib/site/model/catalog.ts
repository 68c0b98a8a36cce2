/**
 * The model of the catalog page: one section per shelf (in catalog order) with its count, the
 * counts line, and the table of contents from the same list.
 * Pure: no DOM, no Node.
 */
import { tocOf, type Section, type TocEntry } from './sections.ts';
import { humanize, plural } from './words.ts';

/** What the catalog page is built from. */
export interface CatalogPageInput {
  shelves: { id: string; title: string; description: string; contracts: number }[];
  versions: number;
  adoptions: number;
  checked: number;
}

/** The catalog page's model. */
export interface CatalogPageModel {
  sections: Section<'shelf'>[];
  toc: TocEntry[];
  countsLine: string;
}

/** Builds the model of the catalog page. */
export function catalogPage(input: CatalogPageInput): CatalogPageModel {
  const sections: Section<'shelf'>[] = input.shelves.map((s) => ({
    kind: 'shelf',
    id: `shelf-${s.id}`,
    heading: s.title,
    depth: 2,
    count: String(s.contracts),
    intro: s.description,
    ...(s.contracts === 0 ? { empty: 'No contract on this shelf yet.' } : {}),
  }));
  const contracts = input.shelves.reduce((n, s) => n + s.contracts, 0);
  const promised = input.versions - input.checked;
  return {
    sections,
    toc: tocOf(sections),
    countsLine: [
      `${plural(contracts, 'contract')} on ${plural(input.shelves.filter((s) => s.contracts).length, 'shelf', 'shelves')}`,
      plural(input.versions, 'published version'),
      plural(input.adoptions, 'adoption'),
      `${input.checked} checked` + (promised > 0 ? `, ${promised} promised` : ''),
    ].join(' · '),
  };
}

/** How a card names the games that adopted a contract: "Backpack, Hunter’s satchel". */
export function adoptionNames(ids: readonly string[]): string[] {
  return ids.map(humanize);
}
