/**
 * Everything an adoption's page is made from, gathered before it renders: the adoption's stored
 * entry with its file (text, document, the engine's report), its contract version, the shelf, the
 * newest version and whether it has this adoption, the supplied state the explorer starts from,
 * and the page model. The route only renders this object, so it names every input the page's HTML
 * depends on.
 *
 * Besides this object a page depends only on what every page shares, read by the components that
 * show it: the sidebar's shelves and the version switcher's versions (collections.ts, once per
 * build), its own address, and the build's settings (site, base path, authoring tool address).
 */
import { suppliedState, type TriedState } from '../../opengdd/explore.ts';
import type { Naming } from '../../site/describe.ts';
import { adoptionPage, type AdoptionPageModel } from '../../site/model/adoption.ts';
import type { AdoptionSectionId, Section } from '../../site/model/sections.ts';
import { definitionNaming } from '../../site/model/words.ts';
import { adoptionUrl } from '../../site/urls.ts';
import { adopts } from '../../site/versions.ts';
import { withAdoptionFile } from '../catalog/adoption-file.ts';
import { catalogVersions, shelves, type AdoptionEntry, type DefinitionEntry, type GroupEntry } from '../content/collections.ts';

/** An adoption's page, before it renders. */
export interface AdoptionPage {
  /** The contract version it adopts. */
  definition: DefinitionEntry;
  /** The stored adoption with its file's text and document and the engine's report of it. */
  adoption: ReturnType<typeof withAdoptionFile>;
  /** The shelf the contract stands on. */
  group: GroupEntry | undefined;
  /** The same adoption's page on the newest version, when this version is older and the newest has it. */
  newerSame: string | undefined;
  /** The answers, values and rows the file supplies: where the explorer starts. */
  supplied: TriedState;
  naming: Naming;
  model: AdoptionPageModel;
}

/** Gathers an adoption's page. */
export async function adoptionPageOf(entry: AdoptionEntry, definition: DefinitionEntry): Promise<AdoptionPage> {
  const d = definition.data;
  const a = withAdoptionFile(entry.data, d);
  const def = d.definition;
  const doc = a.document;
  const group = (await shelves()).find((s) => s.group.id === d.group)?.group;
  const supplied = suppliedState(doc);
  const newest = definition.id === d.newest ? undefined : (await catalogVersions()).versions.find((v) => v.id === d.newest);
  const model = adoptionPage({
    adoption: a.adoption,
    cv: definition.id,
    contractTitle: d.title,
    version: d.version,
    definition: def,
    hasPack: d.pack !== null,
    evaluation: a.evaluation,
    outcomes: a.templates,
    verification: (doc.verification ?? {}) as Record<string, unknown>,
    rows: supplied.rows,
    findings: a.diagnostics.length,
  });
  return {
    definition,
    adoption: a,
    group,
    newerSame: newest && adopts(newest, a.adoption) ? adoptionUrl(d.newest, a.adoption) : undefined,
    supplied,
    naming: definitionNaming(def),
    model,
  };
}

/** What each of the page's section components is given: the page, and its section of the model. */
export interface AdoptionSectionProps {
  page: AdoptionPage;
  section: Section<AdoptionSectionId>;
}
