/**
 * The site's vocabulary: every state a page shows, as a badge (tone + label), and every sentence
 * that is made from the engine's output — the count sentence, why a template does not apply or
 * waits, the names a reader sees. Static pages, the answer explorer and the search index all take
 * their words from here, so the first paint and every later update say the same thing.
 * Pure: no DOM, no Node.
 */
import { memberKeys, members, own } from '../../opengdd/json.ts';
import type { NotLiveReason } from '../../opengdd/templates.ts';
import type { Definition } from '../../opengdd/types.ts';
import { valueCitationProblem } from '../../opengdd/grammar.ts';
import { joinPlain, type Naming } from '../describe.ts';

// The word tables split by page type: each file stands alone, so an island script can take its
// few words from one without pulling this module (and the engine) into the browser.
export * from './words/site.ts';
export * from './words/catalog.ts';
export * from './words/contract.ts';
export * from './words/adoption.ts';
export * from './words/definition.ts';
export * from './words/compare.ts';
export * from './words/explorer.ts';
export * from './words/tried.ts';
export * from './words/changes.ts';
export * from './words/conditions.ts';
export * from './words/schema.ts';

/** The tone of a state badge (see StateBadge.astro). */
export type Tone = 'ok' | 'muted' | 'warn' | 'danger' | 'info';

/** A badge: tone and the text label that alone carries the meaning. */
export interface BadgeState {
  tone: Tone;
  label: string;
  /** A longer explanation, shown as the badge's title. */
  title?: string;
}

/** Which page an explorer sits on: a contract (no adoption supplies anything) or an adoption. */
export type PageKind = 'contract' | 'adoption';

/** `1 question`, `3 questions`; `irregular` for words that do not take an s. */
export function plural(n: number, word: string, irregular?: string): string {
  return `${n} ${n === 1 ? word : (irregular ?? `${word}s`)}`;
}

/**
 * A count inside a sentence: "no tests", "1 test", "3 tests" (a figure in a list of figures keeps
 * {@link plural}'s "0 tests", which reads like a table, not like prose).
 */
export function some(n: number, word: string, irregular?: string): string {
  return n === 0 ? `no ${irregular ?? `${word}s`}` : plural(n, word, irregular);
}

/**
 * How many tests come from how many of the templates: "11 tests from 8 of the 14 templates",
 * "1 test from the one template", "No tests: none of the 3 templates applies". Capitalised: it
 * starts the sentences that hold it.
 */
export function testsFromTemplates(tests: number, live: number, templates: number): string {
  const head = tests === 0 ? 'No tests' : plural(tests, 'test');
  if (templates === 0) return `${head}: the pack has no templates`;
  if (templates === 1) return `${head} from the one template`;
  if (live === 0) return `${head}: none of the ${templates} templates applies`;
  return `${head} from ${live} of the ${templates} templates`;
}

/** A social card's fact: "8 of 14 templates apply", "1 of 3 templates applies", "The one template applies". */
export function appliesFact(live: number, templates: number): string {
  if (templates === 0) return 'No templates';
  if (templates === 1) return live ? 'The one template applies' : 'The one template does not apply';
  if (live === 0) return `None of ${templates} templates applies`;
  return `${live} of ${templates} templates ${live === 1 ? 'applies' : 'apply'}`;
}

/**
 * A kebab-case id as a person reads it: `slot-count` → "Slot count", `poison-window` → "Poison
 * window". The id stays visible beside it wherever a reader writes it into a file.
 */
export function humanize(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : id;
}

/**
 * A question's state. `waits`: not asked yet because a question it depends on has no answer
 * (the reader can still make it asked); `not-asked`: its condition is false under the answers.
 * `pending`: asked, no answer yet.
 */
export type QuestionStateKind = 'answered' | 'pending' | 'waits' | 'not-asked';

/** A question's state badge; `waitsOn` numbers the question it waits on. */
export function questionBadge(state: QuestionStateKind, waitsOn?: number | 'rows'): BadgeState {
  switch (state) {
    case 'answered':
      return { tone: 'ok', label: 'Asked' };
    case 'pending':
      return { tone: 'info', label: 'Asked, no answer yet' };
    case 'waits':
      return { tone: 'info', label: waitsOn === 'rows' ? 'Waits on rows' : waitsOn ? `Waits on question ${waitsOn}` : 'Waits on an answer' };
    default:
      return { tone: 'muted', label: 'Not asked' };
  }
}

/** A rule outcome's badge; an answer-aware rule that fires is as serious as its severity. */
export function ruleBadge(status: string, severity?: string): BadgeState {
  switch (status) {
    case 'holds':
      return { tone: 'ok', label: 'Holds' };
    case 'fails':
      return { tone: 'danger', label: 'Fails' };
    case 'skipped':
      return { tone: 'muted', label: 'Skipped' };
    case 'fires':
      return { tone: severity === 'warning' ? 'warn' : 'danger', label: 'Triggered' };
    case 'quiet':
      return { tone: 'ok', label: 'Not triggered' };
    default:
      return { tone: 'danger', label: 'Cannot be checked' };
  }
}

/** Whether a rule's message is worth showing under it (not for a rule that holds or stays quiet). */
export function showsRuleMessage(status: string): boolean {
  return status !== 'holds' && status !== 'quiet';
}

/**
 * The badge of a value's "supplied" cell. A string that is not a number is read as what it is
 * meant to be — a citation of a tuning key — and a malformed one says what a citation looks like.
 */
export function valueBadge(v: { active: boolean; supplied?: unknown; form?: string; declaration?: { forms?: string[] } }): BadgeState {
  if (v.supplied !== undefined) {
    const accepts = v.declaration?.forms?.length ? v.declaration.forms : ['number'];
    if (typeof v.supplied === 'string' && v.form !== 'citation') {
      const problem = valueCitationProblem(v.supplied) ?? 'is not a citation';
      return {
        tone: 'danger',
        label: 'Citation, not well formed',
        title: `Read as a citation of a tuning key, it ${problem}: a citation is a dotted address such as tuning.${v.supplied || 'key'}.`,
      };
    }
    if (!v.form) return { tone: 'danger', label: 'Not a number' };
    if (!accepts.includes(v.form)) {
      return { tone: 'danger', label: v.form === 'citation' ? 'Citation not accepted' : 'Number not accepted', title: `This value accepts ${joinPlain(accepts, 'or')} only.` };
    }
    return { tone: v.active ? 'ok' : 'danger', label: v.form === 'citation' ? 'Citation' : 'Number' };
  }
  return v.active ? { tone: 'danger', label: 'Missing' } : { tone: 'muted', label: 'Not needed' };
}

/** The badge of a value declaration's "active" state. */
export function activeBadge(active: boolean): BadgeState {
  return active ? { tone: 'ok', label: 'Active' } : { tone: 'muted', label: 'Inactive' };
}

/** How a template stands for a state: it applies, it waits on an answer or a row, or it does not apply. */
export type TemplateStateKind = 'applies' | 'waits' | 'off';

/** A template's badge. */
export function templateBadge(state: TemplateStateKind, waitsOn: string | undefined, tests: number): BadgeState {
  if (state === 'applies') return { tone: 'ok', label: tests === 1 ? 'Applies: 1 test' : `Applies: ${tests} tests` };
  if (state === 'waits') return { tone: 'info', label: waitsOn ? `Waits on ${waitsOn}` : 'Waits on an answer' };
  return { tone: 'muted', label: 'Does not apply' };
}

/** The counts of a state: tests, and templates that apply, wait or do not apply. */
export interface Counts {
  tests: number;
  live: number;
  waits: number;
  off: number;
  templates: number;
}

/**
 * The count sentence, one wording for pages, the island and the search index alike:
 * "11 tests from 8 of the 14 templates; 4 wait on answers; 2 do not apply".
 * Without a full stop: each place that shows it ends the sentence.
 */
export function countSentence(c: Counts): string {
  if (c.templates === 0) return 'No verification pack: no tests are generated';
  const head = testsFromTemplates(c.tests, c.live, c.templates);
  if (c.waits === 0 && c.off === 0) return c.templates === 1 ? head : `${head}; every template applies`;
  // "1 waits", "3 wait"; when every template is in the part: "it waits", "both wait", "all 14 wait".
  const part = (n: number, one: string, many: string) => {
    const who = n < c.templates || n === 1 ? (c.templates === 1 ? 'it' : String(n)) : c.templates === 2 ? 'both' : `all ${n}`;
    return `${who} ${n === 1 ? one : many}`;
  };
  const parts = [head];
  if (c.waits) parts.push(part(c.waits, 'waits on an answer or a row', 'wait on an answer or a row'));
  if (c.off) parts.push(part(c.off, 'does not apply', 'do not apply'));
  return parts.join('; ');
}

/** The heading over the templates that wait (its count beside it). */
export const WAITING_HEADING = 'Waiting on an answer or a row';

/** The heading over the templates that do not apply (its count beside it). */
export const OFF_HEADING = 'Not applying to these answers';

/** Numbers of the questions, from 1 in authored order. */
export function questionNumbers(definition: Definition): Map<string, number> {
  return new Map(memberKeys(definition.questions).map((id, i) => [id, i + 1]));
}

/**
 * How a definition's pages name what its conditions cite: a question by its number ("question 2",
 * as its heading is numbered), an answer, a value or a row set by its name ("All or nothing").
 */
export function definitionNaming(definition: Definition): Naming {
  const numbers = questionNumbers(definition);
  return {
    question: (id) => {
      const n = numbers.get(id);
      return n ? `question ${n}` : humanize(id);
    },
    option: (_question, id) => humanize(id),
    value: humanize,
    rowset: humanize,
  };
}

/** Before a question's condition: "Asked when question 1 is Slot count." */
export const ASKED_WHEN = { before: 'Asked when ', after: '.', always: 'Always asked.' } as const;

/** Before a template's condition on the answers, in its summary. */
export const APPLIES_WHEN = { before: 'Applies when ', always: 'Applies whatever the answers' } as const;

function questionName(definition: Definition, question: string): string {
  const n = questionNumbers(definition).get(question);
  const text = own<string>(own(definition.questions, question), 'asks');
  const head = n ? `question ${n}` : `question ${question}`;
  return typeof text === 'string' ? `${head}, “${text}”` : head;
}

/** Options as the reader names them: "Slot count or Size budget". */
function optionNames(allowed: readonly unknown[]): string {
  return joinPlain(allowed.map((a) => humanize(String(a))), 'or');
}

function rowWords(row: Record<string, unknown[]>): string {
  return members<unknown[]>(row)
    .map(([field, values]) => `${field} is ${joinPlain((Array.isArray(values) ? values : []).map(String), 'or')}`)
    .join(' and ');
}

/**
 * Whether a reason only waits (the reader can still make the template apply by answering, or —
 * on a contract page, where no adoption lists rows — by listing rows). `waitingQuestions` holds
 * the questions that wait or have no answer yet, and `value:<name>` for values inactive only
 * because of them.
 */
export function reasonWaits(reason: NotLiveReason, page: PageKind, waitingQuestions: ReadonlySet<string>): boolean {
  if (reason.kind === 'answer-missing') return true;
  if (reason.kind === 'question-not-asked') return waitingQuestions.has(reason.question);
  if (reason.kind === 'value-inactive') return waitingQuestions.has(`value:${reason.value}`);
  return page === 'contract' && reason.kind === 'rows-empty';
}

/** One sentence saying why a template does not apply, or what it waits on. */
export function reasonSentence(reason: NotLiveReason, definition: Definition, page: PageKind = 'adoption', collection?: string): string {
  switch (reason.kind) {
    case 'question-not-asked':
      return reason.via === 'binding'
        ? `Its wording depends on ${questionName(definition, reason.question)}, which is not asked under these answers.`
        : `It needs an answer to ${questionName(definition, reason.question)}, which is not asked under these answers.`;
    case 'answered-otherwise':
      return `It does not apply because ${questionName(definition, reason.question)} is answered ${humanize(reason.answer)}; it applies when the answer is ${optionNames(reason.allowed)}.`;
    case 'answer-missing':
      return `It waits on an answer to ${questionName(definition, reason.question)}; it applies when the answer is ${optionNames(reason.allowed)}.`;
    case 'value-inactive':
      return `It cites the value ${reason.value}, which is not active under these answers and rows.`;
    case 'rows-empty':
      return page === 'contract'
        ? `It waits on rows: it expands once per row of ${collection ?? reason.rowSet}, and each matching row an adoption lists gives one test.`
        : `It runs once per row of ${reason.rowSet}, and this adoption lists no ${reason.rowSet} rows.`;
    case 'no-row-matches':
      return `It runs once per row of ${reason.rowSet} whose ${rowWords(reason.row)}; ${
        reason.rowCount === 0 ? 'there are no rows' : reason.rowCount === 1 ? 'the one row does not' : `none of the ${reason.rowCount} rows does`
      }.`;
    case 'row-field-missing':
      return reason.required
        ? `It reads the ${reason.field} field of each ${reason.rowSet} row, and the matching rows lack it although it is required.`
        : `It reads the ${reason.field} field of each ${reason.rowSet} row, and no matching row supplies it.`;
  }
}

/** What the explorer's export says of the adoption it made for the tried state. */
export const EXPORT_WORDS = {
  copied: (file: string) => `Copied the adoption for these answers. Save it as contracts/${file}.`,
  copyRefused: 'The browser did not allow copying: select the file below and copy it.',
  downloaded: (file: string) => `Downloaded ${file}. Put it in your package's contracts/ folder.`,
  checking: 'Checking it with the engine…',
  complete: 'Complete: opengdd-catalog check accepts this adoption.',
  incomplete: 'Not complete yet: what is listed below keeps opengdd-catalog check from accepting it.',
} as const;

/** Answers tried on a page never change its file: said once, here (the link goes to the authoring tool). */
export const TRIED_NOTE = {
  before: 'Answers you try on this page do not change this file. To change an adoption, open it in the ',
  link: 'authoring tool',
  after: '.',
} as const;
