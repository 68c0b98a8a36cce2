/**
 * Everything a contract version's page is made from, gathered before it renders: the version's
 * entry (definition, pack, about page, files), its shelf, the newest version when this one is
 * older, its adoptions' counts, how they answer, the engine's run from no answers, and the page
 * model built from them. The route only renders this object, so it names every input the page's
 * HTML depends on.
 *
 * Besides this object a page depends only on what every page shares, read by the components that
 * show it: the sidebar's shelves and the version switcher's versions (collections.ts, once per
 * build), its own address, and the build's settings (site, base path, authoring tool address).
 */
import { render } from 'astro:content';
import { explore, STAND_IN_ADOPTION, type Exploration } from '../../opengdd/explore.ts';
import type { Naming } from '../../site/describe.ts';
import { answersIntro, matrixLine, type AdoptionAnswers } from '../../site/adoption-answers.ts';
import { contractPage, type ContractPageModel, type ContractSectionKind } from '../../site/model/contract.ts';
import type { Section } from '../../site/model/sections.ts';
import { definitionNaming } from '../../site/model/words.ts';
import { answersOf } from '../content/adoption-answers.ts';
import { adoptionsOf, allDefinitions, shelves, type DefinitionEntry, type GroupEntry } from '../content/collections.ts';

/** A contract version's page, before it renders. */
export interface ContractPage {
  entry: DefinitionEntry;
  /** The about page's prose, when it has any (its headings are sections of the model). */
  Content: Awaited<ReturnType<typeof render>>['Content'] | undefined;
  /** The shelf the contract stands on. */
  group: GroupEntry | undefined;
  /** The newest version of the contract, when this one is older. */
  newest: DefinitionEntry | undefined;
  /** The engine's run from no answers, values or rows, for the stand-in adoption. */
  start: Exploration;
  /** How the catalog's adoptions answer this version, when it has adoptions. */
  compare: AdoptionAnswers | undefined;
  naming: Naming;
  model: ContractPageModel;
}

/** Gathers a contract version's page. */
export async function contractPageOf(entry: DefinitionEntry): Promise<ContractPage> {
  const d = entry.data;
  const def = d.definition;
  const { Content, headings } = d.hasBody ? await render(entry) : { Content: undefined, headings: [] };
  const group = (await shelves()).find((s) => s.group.id === d.group)?.group;
  const adoptions = await adoptionsOf(entry.id);
  const start = explore(def, d.pack?.document, STAND_IN_ADOPTION, { answers: {}, values: {}, rows: {} });
  const compare = await answersOf(entry);
  const newest = entry.id === d.newest ? undefined : (await allDefinitions()).find((o) => o.id === d.newest);
  const templates = d.pack?.document.templates ?? [];
  const model = contractPage({
    cv: entry.id,
    title: d.title,
    version: d.version,
    definition: def,
    aboutHeadings: headings.filter((h) => h.depth === 2 || h.depth === 3).map((h) => ({ id: h.slug, text: h.text, depth: h.depth as 2 | 3 })),
    ...(newest ? { newerVersion: newest.data.version } : {}),
    hasPack: d.pack !== null,
    perRow: templates.filter((t) => t.expand === 'per-row').length,
    evaluation: start.evaluation,
    outcomes: start.templates,
    adoptions: adoptions.map((a) => ({ id: a.data.adoption, tests: a.data.counts.tests, live: a.data.counts.live })),
    ...(compare ? { compare: { intro: answersIntro(compare), matrix: compare.templates.length ? matrixLine(compare) : undefined } } : {}),
  });
  return { entry, Content, group, newest, start, compare, naming: definitionNaming(def), model };
}

/** What each of the page's section components is given: the page, and its section of the model. */
export interface ContractSectionProps {
  page: ContractPage;
  section: Section<ContractSectionKind>;
}
