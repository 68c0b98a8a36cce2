/**
 * The model of a contract version's page: every section (the about page's own headings, what
 * changed in the newest version, summary, mechanism, questions, values, rules, row sets, the pack
 * with each template's state, the tests for the answers tried, adoptions, how to adopt) with its
 * heading, count and sentence, the table of contents from the same list, and the state of every
 * item for the answers the page starts from (none). The answer explorer rebuilds the state part.
 * Pure: no DOM, no Node.
 */
import { memberKeys } from '../../opengdd/json.ts';
import type { Definition } from '../../opengdd/types.ts';
import { mechanismBlocks, type MechanismBlock } from './mechanism.ts';
import { answersSectionFor } from './shared.ts';
import { tocOf, type ContractSectionId, type Section, type TocEntry } from './sections.ts';
import { pageState, type EvaluationLike, type OutcomeLike, type PageState } from './state.ts';
import { humanize, plural, some, testsFromTemplates } from './words.ts';

/** What a contract page's sections are: the site's own, an about page's headings, the mechanism's parts. */
export type ContractSectionKind = ContractSectionId | 'about' | 'mechanism-part';

/** What a contract page is built from. */
export interface ContractPageInput {
  cv: string;
  title: string;
  version: number;
  definition: Definition;
  /** The about page's own h2/h3 headings, which come first. */
  aboutHeadings: { id: string; text: string; depth: 2 | 3 }[];
  /** The newest version, when this one is older. */
  newerVersion?: number;
  hasPack: boolean;
  /** Templates that expand once per row. */
  perRow: number;
  evaluation: EvaluationLike;
  outcomes: OutcomeLike[];
  adoptions: { id: string; tests: number; live: number }[];
  /** How the adoptions answer (see adoption-answers.ts), when the version has adoptions. */
  compare?: { intro: string; matrix: string | undefined };
}

/** The contract page's model. */
export interface ContractPageModel {
  /** "Container, version 1". */
  name: string;
  title: string;
  sections: Section<ContractSectionKind>[];
  toc: TocEntry[];
  /** The mechanism as blocks, when its author numbers steps or heads parts (see mechanism.ts). */
  mechanism?: MechanismBlock[];
  state: PageState;
  /** Each adoption as a reader names it, with its id and test count line. */
  adoptions: { id: string; name: string; line: string }[];
}

/** Builds the model of a contract version's page. */
export function contractPage(input: ContractPageInput): ContractPageModel {
  const def = input.definition;
  const state = pageState(def, input.evaluation, input.outcomes, 'contract');
  const questions = memberKeys(def.questions).length;
  const values = memberKeys(def.declares.values).length;
  const rules = memberKeys(def.rules).length;
  const rowSets = memberKeys(def.declares.rows).length;
  const templates = input.outcomes.length;
  const mechanism = mechanismBlocks(def.mechanism);
  const parts = (mechanism ?? []).flatMap((b): Section<ContractSectionKind>[] => (b.kind === 'heading' ? [{ kind: 'mechanism-part', id: b.id, heading: b.text, depth: 3 }] : []));
  const sections: Section<ContractSectionKind>[] = [
    ...input.aboutHeadings.map((h): Section<ContractSectionKind> => ({ kind: 'about', id: h.id, heading: h.text, depth: h.depth })),
    ...(input.newerVersion !== undefined ? [{ kind: 'changes' as const, id: 'changes', heading: `What changed in version ${input.newerVersion}`, depth: 2 as const }] : []),
    { kind: 'summary', id: 'summary', heading: 'Summary', depth: 2 },
    {
      kind: 'mechanism',
      id: 'mechanism',
      heading: 'Mechanism',
      depth: 2,
      // The statements: a heading between them is not one.
      count: String(def.mechanism.length - parts.length),
      intro: 'What the builder implements, whatever the answers. This text is the builder’s exact obligation.',
    },
    ...parts,
    answersSectionFor(questions, input.title),
    values
      ? { kind: 'values', id: 'values', heading: 'Values', depth: 2, count: String(values), intro: 'Each value is either a number an adoption sets or, where accepted, a reference to one of the game’s tuning keys.' }
      : { kind: 'values', id: 'values', heading: 'Values', depth: 2, empty: 'This contract has no numbers to set.' },
    rules
      ? { kind: 'rules', id: 'rules', heading: 'Rules', depth: 2, count: String(rules), intro: 'A rule is a check between the numbers. Validation reports a rule that fails.' }
      : { kind: 'rules', id: 'rules', heading: 'Rules', depth: 2, empty: 'This contract has no rules between its numbers.' },
    rowSets
      ? { kind: 'row-sets', id: 'row-sets', heading: 'Row sets', depth: 2, count: String(rowSets), intro: 'Lists each adoption fills in, one row per item. A list can be empty.' }
      : { kind: 'row-sets', id: 'row-sets', heading: 'Row sets', depth: 2, empty: 'This contract declares no lists of rows.' },
    input.hasPack
      ? {
          kind: 'pack',
          id: 'pack',
          heading: 'Verification pack',
          depth: 2,
          count: String(templates),
          intro: `The contract comes with ${packTests(templates, input.perRow)}. A test that runs once per row is counted once for each row an adoption lists. Each one below says whether it applies to the answers tried here, waits on an answer, or does not apply, and why.`,
        }
      : {
          kind: 'pack',
          id: 'pack',
          heading: 'Verification pack',
          depth: 2,
          empty: 'No verification pack is published for this version yet. Its adoptions are promised: the requirements bind the builder as prose, and no tests are generated.',
        },
    ...(input.hasPack
      ? [
          {
            kind: 'tests' as const,
            id: 'tests',
            heading: 'Tests for these answers',
            depth: 2 as const,
            count: String(state.counts.tests),
            intro: 'What an adoption answering as above would generate. Names carry <your-adoption> where your adoption’s id goes.',
          },
        ]
      : []),
    input.adoptions.length
      ? { kind: 'adoptions', id: 'adoptions', heading: 'Adoptions', depth: 2, count: String(input.adoptions.length) }
      : { kind: 'adoptions', id: 'adoptions', heading: 'Adoptions', depth: 2, empty: 'No game in the catalog has adopted this version yet.' },
    ...(input.compare
      ? [
          questions
            ? { kind: 'answers-by-adoption' as const, id: 'answers-by-adoption', heading: 'How adoptions answer', depth: 2 as const, count: String(questions), intro: input.compare.intro }
            : { kind: 'answers-by-adoption' as const, id: 'answers-by-adoption', heading: 'How adoptions answer', depth: 2 as const, empty: 'This contract asks no questions: every adoption implements the same mechanism.' },
          ...(input.compare.matrix !== undefined ? [{ kind: 'tests-by-adoption' as const, id: 'tests-by-adoption', heading: 'Tests by adoption', depth: 2 as const, count: String(templates), intro: input.compare.matrix }] : []),
        ]
      : []),
    { kind: 'use', id: 'use', heading: 'Adopt this contract', depth: 2 },
  ];
  return {
    name: `${input.title}, version ${input.version}`,
    title: `${input.title}, version ${input.version}`,
    sections,
    toc: tocOf(sections),
    ...(mechanism ? { mechanism } : {}),
    state,
    adoptions: input.adoptions.map((a) => ({
      id: a.id,
      name: humanize(a.id),
      line: input.hasPack ? testsFromTemplates(a.tests, a.live, templates) : '',
    })),
  };
}

/** "3 tests (2 once, 1 per row)", "1 test, run once", "4 tests, each run once per row", "no tests". */
function packTests(templates: number, perRow: number): string {
  const once = templates - perRow;
  if (templates === 0) return some(0, 'test');
  if (perRow === 0 || once === 0) return `${plural(templates, 'test')}, ${templates === 1 ? '' : 'each '}run once${perRow ? ' per row' : ''}`;
  return `${plural(templates, 'test')} (${once} once, ${perRow} per row)`;
}
