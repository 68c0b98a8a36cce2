/**
 * The model of an adoption's page: its name, every section (answers, values, rules, rows,
 * verification inputs, tests — with the templates that wait and those that do not apply —,
 * findings, the file) with its heading, count and sentence, the table of contents made from them,
 * and the state of every item. Components render it; the answer explorer rebuilds its state part
 * with {@link pageState} on every change; the search index reads the same texts.
 * Pure: no DOM, no Node.
 */
import { memberKeys } from '../../opengdd/json.ts';
import type { Definition } from '../../opengdd/types.ts';
import { tocOf, type AdoptionSectionId, type Section, type TocEntry } from './sections.ts';
import { pageState, type EvaluationLike, type OutcomeLike, type PageState } from './state.ts';
import { humanize, OFF_HEADING, some, WAITING_HEADING } from './words.ts';

/** What an adoption page is built from. */
export interface AdoptionPageInput {
  adoption: string;
  /** `<contract>-<version>`. */
  cv: string;
  contractTitle: string;
  version: number;
  definition: Definition;
  /** Whether a verification pack is published. */
  hasPack: boolean;
  evaluation: EvaluationLike;
  outcomes: OutcomeLike[];
  /** The verification inputs the file supplies, by template id. */
  verification: Record<string, unknown>;
  /** Rows the file lists, per row set. */
  rows: Record<string, unknown[]>;
  findings: number;
}

/** The adoption page's model. */
export interface AdoptionPageModel {
  /** The adoption as a reader names it ("Backpack"); `id` is what its file is called. */
  name: string;
  id: string;
  /** "Container, version 1": the contract, as the kicker and the breadcrumbs say it. */
  contractName: string;
  title: string;
  description: string;
  sections: Section<AdoptionSectionId>[];
  toc: TocEntry[];
  state: PageState;
}

/** The sentences of the sections that are the same on every adoption page. */
export const ADOPTION_INTRO = {
  values: 'Each value is either a number set here or a reference to one of your tuning keys.',
  valuesEmpty: 'This contract has no numbers to set.',
  rules: 'A rule is a check between the numbers. Validation reports a rule that fails.',
  rulesEmpty: 'This contract has no rules between its numbers.',
  rows: 'Each list holds the rows this adoption supplies. A list can be empty.',
  rowsEmpty: 'This contract declares no lists of rows.',
  verification: 'Some tests need a scope or seeds from the adoption before they can run.',
  verificationEmpty: 'This adoption supplies no scope or seeds: every test runs with its defaults.',
  file: 'The adoption file as supplied.',
} as const;

/** The sentence over an adoption's tests. */
export function testsIntro(templates: number): string {
  return `The contract comes with ${some(templates, 'test')}. A test that runs once per row is counted once for each row. Tests that do not apply to these answers are still listed, with the reason.`;
}

/** "Answers": how many of the questions are asked, or that there are none. */
export function answersSection(asked: number, total: number, contractTitle: string): Section<'answers'> {
  return total === 0
    ? { kind: 'answers', id: 'answers', heading: 'Answers', depth: 2, empty: `${contractTitle} asks no questions: its mechanism is the same for every game.` }
    : {
        kind: 'answers',
        id: 'answers',
        heading: 'Answers',
        depth: 2,
        count: `${asked}/${total}`,
        intro: `${askedOf(asked, total)} for these answers. A question that is not asked gives way to its “otherwise” text, and any answer recorded for it does not count.`,
      };
}

/** "2 of the 3 questions are asked", "1 of the 3 questions is asked", "The one question is not asked". */
function askedOf(asked: number, total: number): string {
  if (total === 1) return asked ? 'The one question is asked' : 'The one question is not asked';
  if (asked === 0) return `None of the ${total} questions is asked`;
  return `${asked} of the ${total} questions ${asked === 1 ? 'is' : 'are'} asked`;
}

/** The sections of the tests: the tests, then those that wait, then those that do not apply. */
export function testSections(state: PageState, hasPack: boolean, intro: string): Section<AdoptionSectionId>[] {
  if (!hasPack) return [{ kind: 'tests' as const, id: 'tests', heading: 'Tests', depth: 2, empty: 'No verification pack is published for this version, so no tests are generated: the requirements bind the builder as prose.' }];
  const { counts } = state;
  return [
    { kind: 'tests' as const, id: 'tests', heading: 'Tests', depth: 2, count: String(counts.tests), intro },
    { kind: 'waiting', id: 'waiting', heading: WAITING_HEADING, depth: 3, count: String(counts.waits) },
    { kind: 'not-applying', id: 'not-applying', heading: OFF_HEADING, depth: 3, count: String(counts.off) },
  ];
}

/** Builds the model of an adoption's page. */
export function adoptionPage(input: AdoptionPageInput): AdoptionPageModel {
  const def = input.definition;
  const state = pageState(def, input.evaluation, input.outcomes, 'adoption');
  const questions = memberKeys(def.questions).length;
  const values = memberKeys(def.declares.values).length;
  const rules = memberKeys(def.rules).length;
  const rowSets = memberKeys(def.declares.rows).length;
  const inputs = memberKeys(input.verification).length;
  const name = humanize(input.adoption);
  const contractName = `${input.contractTitle}, version ${input.version}`;
  const sections: Section<AdoptionSectionId>[] = [
    answersSection(state.asked, questions, input.contractTitle),
    part('values', 'Values', values, ADOPTION_INTRO.values, ADOPTION_INTRO.valuesEmpty),
    part('rules', 'Rules', rules, ADOPTION_INTRO.rules, ADOPTION_INTRO.rulesEmpty, true),
    part('rows', 'Rows', rowSets, ADOPTION_INTRO.rows, ADOPTION_INTRO.rowsEmpty),
    part('verification', 'Verification inputs', inputs, ADOPTION_INTRO.verification, ADOPTION_INTRO.verificationEmpty, true),
    ...testSections(state, input.hasPack, testsIntro(state.counts.templates)),
    ...(input.findings ? [{ kind: 'findings' as const, id: 'findings', heading: 'Findings', depth: 2 as const, count: String(input.findings), intro: 'What validation reports about this file. Warnings do not stop a build.' }] : []),
    { kind: 'file', id: 'file', heading: 'The adoption file', depth: 2, intro: ADOPTION_INTRO.file },
  ];
  return {
    name,
    id: input.adoption,
    contractName,
    title: `${name} · ${contractName}`,
    description: `${name}: an adoption of ${contractName}. ${state.countLine}.`,
    sections,
    toc: tocOf(sections),
    state,
  };
}

/**
 * A part of the adoption page: its count and intro when it has items, its empty sentence when
 * not (with the intro too where the intro still explains what the empty part would hold).
 */
function part(id: AdoptionSectionId, heading: string, n: number, intro: string, empty: string, introWhenEmpty = false): Section<AdoptionSectionId> {
  return n ? { kind: id, id, heading, depth: 2, count: String(n), intro } : { kind: id, id, heading, depth: 2, ...(introWhenEmpty ? { intro } : {}), empty };
}
