/**
 * The parts of a contract or adoption page that change with the answers: each question's,
 * value's, rule's and template's state and badge, and the counts. Built from the engine's
 * output (an evaluation and the templates' outcomes) by the static page and, on every change, by
 * the answer explorer — the one place these states are decided.
 * Pure: no DOM, no Node.
 */
import { flagQuestions } from '../../opengdd/conditions.ts';
import { memberKeys, members, own } from '../../opengdd/json.ts';
import type { GeneratedTest, NotLiveReason } from '../../opengdd/templates.ts';
import type { Definition, Template } from '../../opengdd/types.ts';
import {
  activeBadge,
  countSentence,
  humanize,
  questionBadge,
  reasonSentence,
  reasonWaits,
  ruleBadge,
  templateBadge,
  valueBadge,
  type BadgeState,
  type Counts,
  type PageKind,
  type QuestionStateKind,
  type TemplateStateKind,
} from './words.ts';

/** What the state model reads: the engine's evaluation, reduced to the data it needs. */
export interface EvaluationLike {
  questions: { id: string; asked: boolean; answer?: string }[];
  values: { name: string; active: boolean; supplied?: number | string; form?: 'number' | 'citation' }[];
  rules: { name: string; status: string; severity?: string; message: string }[];
}

/** A template's outcome as the engine gives it. */
export interface OutcomeLike {
  template: Template;
  live: boolean;
  reasons: NotLiveReason[];
  tests: GeneratedTest[];
}

/** One question's state on a page. */
export interface QuestionItem {
  id: string;
  number: number;
  state: QuestionStateKind;
  /** The question number it waits on, or rows an adoption lists (state `waits`). */
  waitsOn?: number | 'rows';
  /** The answer that is recorded or tried (it counts only while asked). */
  answer?: string;
  badge: BadgeState;
}

/** One value's state. */
export interface ValueItem {
  name: string;
  label: string;
  active: boolean;
  supplied?: number | string;
  activeBadge: BadgeState;
  suppliedBadge: BadgeState;
}

/** One rule's state. */
export interface RuleItem {
  name: string;
  status: string;
  badge: BadgeState;
  /**
   * Shown under the rule when it fails, is skipped or cannot be read. Not when an answer-aware rule
   * fires: its message is the author's, which the rule already shows in quotes.
   */
  message?: string;
}

/** One template's state. */
export interface TemplateItem {
  id: string;
  number: number;
  title: string;
  state: TemplateStateKind;
  badge: BadgeState;
  reasons: string[];
  tests: GeneratedTest[];
}

/** Everything of a page that follows the answers. */
export interface PageState {
  questions: QuestionItem[];
  values: ValueItem[];
  rules: RuleItem[];
  templates: TemplateItem[];
  counts: Counts;
  countLine: string;
  asked: number;
}

/** Questions in authored order, each answered, pending, waiting on another or not asked. */
export function questionItems(definition: Definition, evaluation: EvaluationLike, page: PageKind = 'adoption'): QuestionItem[] {
  const ids = memberKeys(definition.questions);
  const byId = new Map(evaluation.questions.map((q) => [q.id, q]));
  const number = new Map(ids.map((id, i) => [id, i + 1]));
  const items = new Map<string, QuestionItem>();
  // Questions gate only on earlier ones in practice; a forward reference is decided on demand.
  const itemOf = (id: string, seen: Set<string>): QuestionItem | undefined => {
    const done = items.get(id);
    if (done) return done;
    const q = byId.get(id);
    if (!q || seen.has(id)) return undefined;
    seen.add(id);
    let state: QuestionStateKind;
    let waitsOn: number | 'rows' | undefined;
    if (q.asked) state = q.answer === undefined ? 'pending' : 'answered';
    else {
      state = 'not-asked';
      const when = own(own(definition.questions, id), 'when');
      // On a contract page no adoption lists rows yet: a question asked on rows waits on them.
      if (page === 'contract' && readsRows(when)) {
        state = 'waits';
        waitsOn = 'rows';
      }
      for (const gate of flagQuestions(when)) {
        const g = itemOf(gate, seen);
        if (g && (g.state === 'pending' || g.state === 'waits')) {
          state = 'waits';
          waitsOn = g.state === 'pending' ? g.number : g.waitsOn;
          break;
        }
      }
    }
    const item: QuestionItem = {
      id,
      number: number.get(id) ?? 0,
      state,
      ...(waitsOn ? { waitsOn } : {}),
      ...(q.answer !== undefined ? { answer: q.answer } : {}),
      badge: questionBadge(state, waitsOn),
    };
    items.set(id, item);
    return item;
  };
  return ids.map((id) => itemOf(id, new Set())).filter((q): q is QuestionItem => q !== undefined);
}

/** Whether a condition reads rows (`row-count` or `row-has`, at the top or in `any`/`all`). */
function readsRows(condition: unknown): boolean {
  if (typeof condition !== 'object' || condition === null) return false;
  const c = condition as Record<string, unknown>;
  if ('row-count' in c || 'row-has' in c) return true;
  return (['any', 'all'] as const).some((k) => Array.isArray(c[k]) && (c[k] as unknown[]).some(readsRows));
}

/** Values in declared order with their badges. */
export function valueItems(definition: Definition, evaluation: EvaluationLike): ValueItem[] {
  const declared = definition.declares.values ?? {};
  return evaluation.values.map((v) => ({
    name: v.name,
    label: humanize(v.name),
    active: v.active,
    ...(v.supplied !== undefined ? { supplied: v.supplied } : {}),
    activeBadge: activeBadge(v.active),
    suppliedBadge: valueBadge({ ...v, declaration: own(declared, v.name) ?? {} }),
  }));
}

/** Rules with their outcome. */
export function ruleItems(evaluation: EvaluationLike): RuleItem[] {
  return evaluation.rules.map((r) => ({
    name: r.name,
    status: r.status,
    badge: ruleBadge(r.status, r.severity),
    ...(r.status !== 'holds' && r.status !== 'quiet' && r.status !== 'fires' && r.message ? { message: r.message } : {}),
  }));
}

/** Templates in pack order: applies, waits on an answer or a row, or does not apply. */
export function templateItems(definition: Definition, outcomes: OutcomeLike[], questions: QuestionItem[], page: PageKind): TemplateItem[] {
  const waiting = new Set(questions.filter((q) => q.state === 'waits' || q.state === 'pending').map((q) => q.id));
  // A value that is inactive only because a question it depends on has no answer (or, on a
  // contract page, because no rows are listed yet) waits too.
  for (const [name, decl] of members(definition.declares.values)) {
    const when = own(decl, 'when');
    if (flagQuestions(when).some((q) => waiting.has(q)) || (page === 'contract' && readsRows(when))) waiting.add(`value:${name}`);
  }
  const numberOf = new Map(questions.map((q) => [q.id, q]));
  return outcomes.map((o, i) => {
    let state: TemplateStateKind = 'applies';
    let waitsOn: string | undefined;
    if (!o.live) {
      const waits = o.reasons.length > 0 && o.reasons.every((r) => reasonWaits(r, page, waiting));
      state = waits ? 'waits' : 'off';
      if (waits) {
        const first = o.reasons.find((r) => 'question' in r) ?? o.reasons[0]!;
        if (first.kind === 'rows-empty' || first.kind === 'value-inactive') waitsOn = first.kind === 'rows-empty' ? 'rows' : undefined;
        else if ('question' in first) {
          const q = numberOf.get(first.question);
          const n = q?.state === 'waits' ? q.waitsOn : q?.number;
          waitsOn = n === 'rows' ? 'rows' : n ? `question ${n}` : undefined;
        }
      }
    }
    return {
      id: o.template.id,
      number: i + 1,
      title: o.template.title,
      state,
      badge: templateBadge(state, waitsOn, o.tests.length),
      reasons: o.reasons.map((r) => reasonSentence(r, definition, page, o.template.collection)),
      tests: o.tests,
    };
  });
}

/** The counts of a list of template items. */
export function countsOf(templates: TemplateItem[]): Counts {
  let tests = 0;
  let live = 0;
  let waits = 0;
  for (const t of templates) {
    tests += t.tests.length;
    if (t.state === 'applies') live++;
    else if (t.state === 'waits') waits++;
  }
  return { tests, live, waits, off: templates.length - live - waits, templates: templates.length };
}

/** The whole changing state of a page, from the engine's evaluation and outcomes. */
export function pageState(definition: Definition, evaluation: EvaluationLike, outcomes: OutcomeLike[], page: PageKind): PageState {
  const questions = questionItems(definition, evaluation, page);
  const templates = templateItems(definition, outcomes, questions, page);
  const counts = countsOf(templates);
  return {
    questions,
    values: valueItems(definition, evaluation),
    rules: ruleItems(evaluation),
    templates,
    counts,
    countLine: countSentence(counts),
    asked: evaluation.questions.filter((q) => q.asked).length,
  };
}

/**
 * What a change did to the rules, in words ("Rule slot-count-not-negative now fails."), so a
 * value that breaks a rule never reads as "No test changes".
 */
export function ruleChanges(before: RuleItem[], after: RuleItem[]): string[] {
  const was = new Map(before.map((r) => [r.name, r.status]));
  const out: string[] = [];
  for (const r of after) {
    const old = was.get(r.name);
    if (old === undefined || old === r.status) continue;
    if (r.status === 'fails' || r.status === 'fires' || r.status === 'invalid') out.push(`Rule ${r.name} now ${r.status === 'fires' ? 'is triggered' : r.status === 'fails' ? 'fails' : 'cannot be checked'}.`);
    else if (old === 'fails' || old === 'fires' || old === 'invalid') out.push(`Rule ${r.name} ${r.status === 'skipped' ? 'is now skipped' : 'holds again'}.`);
  }
  return out;
}

/** The most tests of one template a page shows; the tests' Markdown download holds them all. */
export const TESTS_SHOWN = 100;

/** The tests of a template a page shows, and the sentence for the rest when some are left out. */
export function shownTests(item: Pick<TemplateItem, 'tests'>, limit = TESTS_SHOWN): { tests: GeneratedTest[]; cut?: string } {
  if (item.tests.length <= limit) return { tests: item.tests };
  const rest = (item.tests.length - limit).toLocaleString('en-US');
  const cut = rest === '1' ? 'The last test of this template is' : `The other ${rest} tests of this template are`;
  return { tests: item.tests.slice(0, limit), cut: `${cut} in the tests’ Markdown (download above).` };
}
