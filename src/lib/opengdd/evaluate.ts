/**
 * The three stages of §10.3 rule 2: value forms and row lengths, then asked questions, then
 * active value declarations — and the rules of §10.6 over the result.
 */
import { evaluateComparison, parseComparison, RuleEvaluationError, RuleSyntaxError } from './comparison.ts';
import { holdsSelector, type ConditionFacts } from './conditions.ts';
import { isValueCitation } from './grammar.ts';
import { findQuestionCycles } from './question-cycles.ts';
import { hasOwn, isFiniteNumber, isObject, members, own } from './json.ts';
import type { Definition, Question, Row, SuppliedValue, ValueDeclaration, ValueForm } from './types.ts';

/** The designer part an evaluation reads; every field is untrusted JSON. */
export interface DesignerState {
  answers: Record<string, unknown>;
  values: Record<string, unknown>;
  rows: Record<string, unknown>;
  verification: Record<string, unknown>;
}

/** Picks the designer part out of an adoption document, tolerating any shape. */
export function designerState(doc: unknown): DesignerState {
  const pick = (key: string): Record<string, unknown> => {
    const v = own(doc, key);
    return isObject(v) ? v : {};
  };
  return { answers: pick('answers'), values: pick('values'), rows: pick('rows'), verification: pick('verification') };
}

/** One question's state for an adoption. */
export interface QuestionState {
  id: string;
  question: Question;
  asked: boolean;
  /** The recorded answer, if any (it counts only while the question is asked). */
  answer?: string;
  /** True when the answer counts: the question is asked and answered. */
  counted: boolean;
}

/** One value declaration's state for an adoption. */
export interface ValueState {
  name: string;
  declaration: ValueDeclaration;
  active: boolean;
  supplied?: SuppliedValue;
  form?: ValueForm;
  /** The resolved number, when the catalog can resolve it (a number, or a citation of another value here). */
  number?: number;
}

/** The outcome of one rule of §10.6. */
export interface RuleResult {
  name: string;
  kind: 'comparison' | 'answer-aware';
  /** The rule line, for a comparison. */
  line?: string;
  status: 'holds' | 'fails' | 'skipped' | 'invalid' | 'fires' | 'quiet';
  severity?: 'error' | 'warning';
  /** One sentence: why it holds, fails, is skipped, or the author's message for an answer-aware rule. */
  message: string;
  /** Values the comparison names that the adoption did not supply (§10.6 rule 4). */
  missing?: string[];
}

/** Everything §10.3–§10.6 decide for one adoption. */
export interface Evaluation {
  questions: QuestionState[];
  values: ValueState[];
  rules: RuleResult[];
  /** The question ids of a `flag` dependency cycle, when one exists (then every question counts as asked). */
  cycle?: string[];
  facts: ConditionFacts;
  asked(question: string): boolean;
  active(value: string): boolean;
}

/** Form of a supplied value: a finite number is `number`, a string in the citation grammar is `citation`. */
export function formOf(value: unknown): ValueForm | undefined {
  if (isFiniteNumber(value)) return 'number';
  if (isValueCitation(value)) return 'citation';
  return undefined;
}

/**
 * The first cycle found, by questions object. The cycles are the definition's, whatever the
 * designer state, and a build evaluates every adoption of a definition several times (the check,
 * then its page, file view, tests and zip). Documents are never changed once parsed.
 */
const firstCycles = new WeakMap<object, string[] | undefined>();

/** Finds a `flag` dependency cycle among questions, or undefined (the first of {@link findQuestionCycles}). */
export function findQuestionCycle(questions: Record<string, unknown>): string[] | undefined {
  if (firstCycles.has(questions)) return firstCycles.get(questions);
  const cycle = findQuestionCycles(questions)[0];
  firstCycles.set(questions, cycle);
  return cycle;
}

/**
 * Evaluates a definition against a designer state.
 * @param adoptionId the adoption's id, so that a value citation `contracts.<id>.<value>` resolves.
 */
export function evaluate(definition: Definition, state: DesignerState, adoptionId = ''): Evaluation {
  const questionDefs = isObject(definition.questions) ? definition.questions : {};
  const valueDecls = isObject(definition.declares) ? members<ValueDeclaration>(own(definition.declares, 'values')) : [];
  const declByName = new Map(valueDecls);

  // Stage 1: forms of the unconditional values, lengths of the row arrays.
  const unconditionalForm = (name: string): ValueForm | undefined => {
    const decl = declByName.get(name);
    if (!decl || hasOwn(decl, 'when') || !hasOwn(state.values, name)) return undefined;
    return formOf(state.values[name]);
  };
  const rowsOf = (rowSet: string): readonly unknown[] | undefined => {
    const rows = own(state.rows, rowSet);
    return Array.isArray(rows) ? rows : undefined;
  };
  const answerOf = (question: string): string | undefined => {
    const a = own(state.answers, question);
    return typeof a === 'string' ? a : undefined;
  };

  // Stage 2: asked questions (memoised; a cycle makes every question asked).
  const cycle = findQuestionCycle(questionDefs);
  const askedMemo = new Map<string, boolean>();
  const inProgress = new Set<string>();
  const facts: ConditionFacts = {
    isAsked: (q) => isAsked(q),
    answer: answerOf,
    valueForm: unconditionalForm,
    rows: rowsOf,
  };
  function isAsked(id: string): boolean {
    const q = own(questionDefs, id);
    if (!isObject(q) || id.startsWith('_')) return false;
    if (cycle) return true;
    const memo = askedMemo.get(id);
    if (memo !== undefined) return memo;
    if (inProgress.has(id)) return false;
    inProgress.add(id);
    const when = own(q, 'when');
    const asked = !isObject(when) || holdsSelector(when, facts, false);
    inProgress.delete(id);
    askedMemo.set(id, asked);
    return asked;
  }
  const questions: QuestionState[] = members<Question>(questionDefs)
    .filter(([, q]) => isObject(q))
    .map(([id, question]) => {
      const asked = isAsked(id);
      const answer = answerOf(id);
      const qs: QuestionState = { id, question, asked, counted: asked && answer !== undefined };
      if (answer !== undefined) qs.answer = answer;
      return qs;
    });

  // Stage 3: active declarations, then resolved numbers.
  const activeMemo = new Map<string, boolean>();
  const isActive = (name: string): boolean => {
    const memo = activeMemo.get(name);
    if (memo !== undefined) return memo;
    const decl = declByName.get(name);
    const when = decl ? own(decl, 'when') : undefined;
    const active = !!decl && (when === undefined || holdsSelector(when, facts, true));
    activeMemo.set(name, active);
    return active;
  };
  const resolveNumber = (name: string, seen: Set<string>): number | undefined => {
    if (!isActive(name) || !hasOwn(state.values, name)) return undefined;
    const v = state.values[name];
    if (isFiniteNumber(v)) return v;
    if (typeof v !== 'string' || seen.has(name)) return undefined;
    const parts = v.split('.');
    if (parts.length !== 3 || parts[0] !== 'contracts' || parts[1] !== adoptionId) return undefined;
    seen.add(name);
    return resolveNumber(parts[2]!, seen);
  };
  const values: ValueState[] = valueDecls
    .filter(([, d]) => isObject(d))
    .map(([name, declaration]) => {
      const vs: ValueState = { name, declaration, active: isActive(name) };
      if (hasOwn(state.values, name)) {
        const supplied = state.values[name];
        if (typeof supplied === 'number' || typeof supplied === 'string') vs.supplied = supplied;
        const form = formOf(supplied);
        if (form) vs.form = form;
        const n = resolveNumber(name, new Set());
        if (n !== undefined) vs.number = n;
      }
      return vs;
    });

  const evaluation: Evaluation = {
    questions,
    values,
    rules: [],
    facts,
    asked: isAsked,
    active: isActive,
  };
  if (cycle) evaluation.cycle = cycle;
  evaluation.rules = evaluateRules(definition, evaluation);
  return evaluation;
}

/** True when an answer-aware `forbid` is one `flag`, or one `any`/`all` of `flag` members (§10.6). */
export function isValidForbid(forbid: unknown): boolean {
  if (!isObject(forbid)) return false;
  const keys = members(forbid).map(([k]) => k);
  if (keys.length !== 1) return false;
  const [form] = keys;
  if (form === 'flag') return isObject(forbid.flag);
  if (form === 'any' || form === 'all') {
    const list = forbid[form];
    return (
      Array.isArray(list) &&
      list.length > 0 &&
      list.every((m) => isObject(m) && members(m).length === 1 && isObject(own(m, 'flag')))
    );
  }
  return false;
}

function evaluateRules(definition: Definition, ev: Evaluation): RuleResult[] {
  const byName = new Map(ev.values.map((v) => [v.name, v]));
  return members<unknown>(definition.rules).map(([name, rule]): RuleResult => {
    if (typeof rule === 'string') return evaluateComparisonRule(name, rule, byName);
    const forbid = own(rule, 'forbid');
    const message = own(rule, 'message');
    const severity = own(rule, 'severity') === 'warning' ? 'warning' : 'error';
    if (!isValidForbid(forbid) || typeof message !== 'string') {
      return {
        name,
        kind: 'answer-aware',
        status: 'invalid',
        message: 'Its forbid is not one flag condition, or one any or all of flag conditions.',
      };
    }
    const fires = holdsSelector(forbid, ev.facts, false);
    return { name, kind: 'answer-aware', status: fires ? 'fires' : 'quiet', severity, message };
  });
}

function evaluateComparisonRule(name: string, line: string, byName: Map<string, ValueState>): RuleResult {
  const base = { name, kind: 'comparison' as const, line };
  let parsed;
  try {
    parsed = parseComparison(line);
  } catch (e) {
    if (!(e instanceof RuleSyntaxError)) throw e;
    return { ...base, status: 'invalid', message: `The rule line is outside the grammar: ${e.message}.` };
  }
  const unknown = parsed.names.filter((n) => !byName.has(n));
  if (unknown.length > 0) {
    return { ...base, status: 'invalid', message: `The rule names ${quoteList(unknown)}, which no value declaration declares.` };
  }
  const states = parsed.names.map((n) => byName.get(n)!);
  const inactive = states.filter((v) => !v.active);
  if (inactive.length > 0) {
    return {
      ...base,
      status: 'skipped',
      message: `Not evaluated: ${quoteList(inactive.map((v) => v.name))} ${inactive.length === 1 ? 'is' : 'are'} not active.`,
    };
  }
  const missing = states.filter((v) => v.supplied === undefined).map((v) => v.name);
  if (missing.length > 0) {
    return {
      ...base,
      status: 'invalid',
      missing,
      message: `The rule needs ${quoteList(missing)}, which the adoption does not supply.`,
    };
  }
  const unresolved = states.filter((v) => v.number === undefined);
  if (unresolved.length > 0) {
    return {
      ...base,
      status: 'skipped',
      message: `Not evaluated here: ${quoteList(unresolved.map((v) => v.name))} ${unresolved.length === 1 ? 'cites' : 'cite'} the game's own tuning, which resolves in the game's package.`,
    };
  }
  const env = new Map(states.map((v) => [v.name, v.number!]));
  const numbers = states.map((v) => `${v.name} = ${v.number}`).join(', ');
  try {
    const r = evaluateComparison(parsed, env);
    const computed = `${r.left} ${parsed.op} ${r.right}`;
    return r.holds
      ? { ...base, status: 'holds', message: `Holds with ${numbers} (${computed}).` }
      : { ...base, status: 'fails', message: `Does not hold with ${numbers}: ${computed} is false.` };
  } catch (e) {
    if (!(e instanceof RuleEvaluationError)) throw e;
    return { ...base, status: 'invalid', message: `The rule cannot be computed with ${numbers}: ${e.message}.` };
  }
}

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`. */
export function quoteList(items: readonly string[]): string {
  const q = items.map((s) => `"${s}"`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}

/** Rows of a row set as objects, ignoring non-object entries. */
export function rowObjects(state: DesignerState, rowSet: string): Row[] {
  const rows = own(state.rows, rowSet);
  return Array.isArray(rows) ? (rows.filter(isObject) as Row[]) : [];
}
