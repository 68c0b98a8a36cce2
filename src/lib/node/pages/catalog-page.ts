/**
 * Everything the catalog page is made from, gathered before it renders: the shelves with their
 * contracts (newest versions), the counts, and the page model. The route only renders this object.
 *
 * Besides this object a page depends only on what every page shares, read by the components that
 * show it: the sidebar's shelves and the version switcher's versions (collections.ts, once per
 * build), its own address, and the build's settings (site, base path, authoring tool address).
 */
import { catalogPage, type CatalogPageModel } from '../../site/model/catalog.ts';
import type { Section } from '../../site/model/sections.ts';
import { allAdoptions, allDefinitions, shelves, type DefinitionEntry } from '../content/collections.ts';

/** The catalog page, before it renders. */
export interface CatalogPage {
  model: CatalogPageModel;
  /** The contracts of each shelf, by the shelf section's id. */
  contracts: ReadonlyMap<string, DefinitionEntry[]>;
}

/** Gathers the catalog page. */
export async function catalogPageOf(): Promise<CatalogPage> {
  const [list, definitions, adoptions] = await Promise.all([shelves(), allDefinitions(), allAdoptions()]);
  const model = catalogPage({
    shelves: list.map((s) => ({ id: s.group.id, title: s.group.data.title, description: s.group.data.description, contracts: s.contracts.length })),
    versions: definitions.length,
    adoptions: adoptions.length,
    checked: definitions.filter((d) => d.data.status === 'checked').length,
  });
  // The model names each shelf's section in shelf order: the contracts follow the same order.
  return { model, contracts: new Map(model.sections.map((s, i) => [s.id, list[i]!.contracts])) };
}

/** What the page's section component is given: the page, and its section of the model. */
export interface CatalogSectionProps {
  page: CatalogPage;
  section: Section<'shelf'>;
}
