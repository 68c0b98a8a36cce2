/**
 * Template liveness (§10.7 rules 3–6) with structured reasons, and expansion of live templates into
 * generated tests (rules 7–15).
 */
import { holdsRow } from './conditions.ts';
import { DiagnosticSink, pointer } from './diagnostics.ts';
import { rowObjects, type DesignerState, type Evaluation } from './evaluate.ts';
import { hasOwn, isObject, members, own, stripAnnotations, type Json } from './json.ts';
import { placeholderBodies, classifyPlaceholder, stringsIn, substituteJson, substituteString, unresolvedIn, type Resolver } from './placeholders.ts';
import type { Binding, Definition, FieldShape, Row, Template } from './types.ts';
import { holdsFieldCondition } from './conditions.ts';

/** Why a template is not live for an adoption; a page turns it into a sentence (see reasons.ts). */
export type NotLiveReason =
  /** A question in `when.flag` (or one a binding reads) is not asked. */
  | { kind: 'question-not-asked'; question: string; via: 'when' | 'binding'; binding?: string }
  /** A question in `when.flag` is answered with an option the template does not list. */
  | { kind: 'answered-otherwise'; question: string; answer: string; allowed: string[] }
  /** A question in `when.flag` is asked but has no answer yet. */
  | { kind: 'answer-missing'; question: string; allowed: string[] }
  /** The template cites a value declaration that is inactive (§10.7 rule 5). */
  | { kind: 'value-inactive'; value: string }
  /** A per-row template whose row set has no row. */
  | { kind: 'rows-empty'; rowSet: string }
  /** A per-row template none of whose rows satisfies `when.row`. */
  | { kind: 'no-row-matches'; rowSet: string; row: Record<string, unknown[]>; rowCount: number }
  /** Rows satisfy `when.row`, but none carries a field the template reads. */
  | { kind: 'row-field-missing'; rowSet: string; field: string; required: boolean };

/** One generated test (§10.7 rules 7–8). */
export interface GeneratedTest {
  /** `<adoption>/<template>` or `<adoption>/<template>/<row-id>`. */
  name: string;
  templateId: string;
  rowId?: string;
  title: string;
  test: Record<string, Json>;
  text: string;
}

/** A template's outcome for one adoption. */
export interface TemplateOutcome {
  template: Template;
  index: number;
  live: boolean;
  reasons: NotLiveReason[];
  /** The rows a live per-row template expands, in authored order. */
  rows: Row[];
  tests: GeneratedTest[];
}

/** How many tests a set of template outcomes generates, how many of the templates apply, and of how many. */
export interface TemplateCounts {
  tests: number;
  /** Templates that apply. */
  live: number;
  templates: number;
}

/** The {@link TemplateCounts} of `outcomes`. */
export function templateCounts(outcomes: readonly TemplateOutcome[]): TemplateCounts {
  let tests = 0;
  let live = 0;
  for (const o of outcomes) {
    tests += o.tests.length;
    if (o.live) live++;
  }
  return { tests, live, templates: outcomes.length };
}

/** What one template reads, found once: pack text never changes under its digest (§10.7 rule 1). */
interface TemplateScan {
  texts: string[];
  cited: string[];
  used: string[];
}

// The explorer re-evaluates every template on each change; scanning their strings once keeps a
// change within its budget.
const scans = new WeakMap<object, TemplateScan>();

function scan(template: Template): TemplateScan {
  const cached = scans.get(template);
  if (cached) return cached;
  const texts: string[] = [];
  if (typeof template.title === 'string') texts.push(template.title);
  if (typeof template.text === 'string') texts.push(template.text);
  stringsIn(own(template, 'test'), texts);
  for (const [, b] of members<Binding>(own(template, 'bindings'))) stringsIn(own(b, 'map'), texts);

  const cited = new Set<string>();
  const used = new Set<string>();
  for (const [f] of members(own(own(template, 'when'), 'row'))) used.add(f);
  for (const [, b] of members<Binding>(own(template, 'bindings'))) {
    const rf = own(b, 'row_field');
    if (typeof rf === 'string') used.add(rf);
  }
  for (const s of texts) {
    for (const body of placeholderBodies(s)) {
      const p = classifyPlaceholder(body);
      if (p.kind === 'row') used.add(p.field);
      else if (p.kind === 'value-cite') cited.add(p.name);
    }
  }
  const result = { texts, cited: [...cited], used: [...used] };
  scans.set(template, result);
  return result;
}

/** Row fields a template reads: `when.row`, `row_field` selectors and `{{row.F}}` placeholders. */
export function usedRowFields(template: Template): string[] {
  return scan(template).used;
}

/** Every pack string a template expands: title, text, test strings and binding phrases. */
export function templateTexts(template: Template): string[] {
  return scan(template).texts;
}

/** Values a template cites with `{{value-cite:v}}`. */
export function citedValues(template: Template): string[] {
  return scan(template).cited;
}

/** Decides whether one template is live, with every reason it is not (§10.7 rules 3–5). */
export function templateLiveness(
  definition: Definition,
  template: Template,
  state: DesignerState,
  ev: Evaluation,
): { live: boolean; reasons: NotLiveReason[]; rows: Row[] } {
  const reasons: NotLiveReason[] = [];
  let blocked = false;
  let waiting = false;
  const when = own(template, 'when');
  for (const [question, allowedRaw] of members<unknown>(own(when, 'flag'))) {
    const allowed = Array.isArray(allowedRaw) ? allowedRaw.filter((a): a is string => typeof a === 'string') : [];
    if (!ev.asked(question)) {
      blocked = true;
      reasons.push({ kind: 'question-not-asked', question, via: 'when' });
      continue;
    }
    const answer = ev.facts.answer(question);
    if (answer === undefined) {
      waiting = true;
      reasons.push({ kind: 'answer-missing', question, allowed });
    } else if (!Array.isArray(allowedRaw) || !allowedRaw.includes(answer)) {
      blocked = true;
      reasons.push({ kind: 'answered-otherwise', question, answer, allowed });
    }
  }
  for (const [id, binding] of members<Binding>(own(template, 'bindings'))) {
    const q = own(binding, 'flag');
    if (typeof q === 'string' && !ev.asked(q)) {
      blocked = true;
      reasons.push({ kind: 'question-not-asked', question: q, via: 'binding', binding: id });
    }
  }
  const declared = own(definition.declares, 'values');
  for (const value of citedValues(template)) {
    if (hasOwn(declared, value) && !ev.active(value)) {
      blocked = true;
      reasons.push({ kind: 'value-inactive', value });
    }
  }
  if (blocked || waiting) return { live: false, reasons, rows: [] };
  if (own(template, 'expand') !== 'per-row') return { live: true, reasons, rows: [] };

  const rowSet = String(own(template, 'collection') ?? '');
  const all = rowObjects(state, rowSet);
  if (all.length === 0) return { live: false, reasons: [{ kind: 'rows-empty', rowSet }], rows: [] };
  const rowMap = own(when, 'row');
  const matching = all.filter((r) => holdsRow(rowMap, r));
  if (matching.length === 0) {
    const row: Record<string, unknown[]> = {};
    for (const [f, vs] of members<unknown>(rowMap)) row[f] = Array.isArray(vs) ? vs : [];
    return { live: false, reasons: [{ kind: 'no-row-matches', rowSet, row, rowCount: all.length }], rows: [] };
  }
  const used = usedRowFields(template);
  const rows = matching.filter((r) => used.every((f) => hasOwn(r, f)));
  if (rows.length > 0) return { live: true, reasons, rows };
  const record = own(own(own(definition.declares, 'rows'), rowSet), 'record');
  const requiredIn = (field: string, row: Row) => {
    const shape = own<FieldShape>(record, field);
    if (!isObject(shape)) return false;
    if (shape.required === true) return true;
    return hasOwn(shape, 'when') && holdsFieldCondition(shape.when, ev.facts, row);
  };
  // Name the first field a matching row lacks, preferring one the row should have carried.
  let reason: NotLiveReason | undefined;
  for (const r of matching) {
    for (const f of used) {
      if (hasOwn(r, f)) continue;
      if (requiredIn(f, r)) {
        reason = { kind: 'row-field-missing', rowSet, field: f, required: true };
        break;
      }
      reason ??= { kind: 'row-field-missing', rowSet, field: f, required: false };
    }
    if (reason?.kind === 'row-field-missing' && reason.required) break;
  }
  return { live: false, reasons: reason ? [reason] : [], rows: [] };
}

/** Context for expanding one adoption's templates. */
export interface ExpandContext {
  adoptionId: string;
  definition: Definition;
  state: DesignerState;
  evaluation: Evaluation;
  /** Diagnostics about this adoption (inputs, bindings, placeholders). */
  sink: DiagnosticSink;
}

/** Expands one live template into its generated tests (§10.7 rules 7–15). */
export function expandTemplate(template: Template, rows: Row[], ctx: ExpandContext): GeneratedTest[] {
  const perRow = template.expand === 'per-row';
  const targets: (Row | undefined)[] = perRow ? rows : [undefined];
  const verification = own(ctx.state.verification, template.id);
  const inputs = own(template, 'inputs');
  const tests: GeneratedTest[] = [];
  const verificationPtr = pointer('verification', template.id);

  for (const [name, decl] of members(inputs)) {
    if (!hasOwn(verification, name) && !hasOwn(decl, 'default')) {
      ctx.sink.error(
        'CONTRACT_REFERENCE',
        verificationPtr,
        `Template "${template.id}" applies but is missing required input "${name}": add it under verification.${template.id}.${name}.`,
        true,
      );
    }
  }

  for (const row of targets) {
    const rowId = row ? String(own(row, 'id')) : undefined;
    const name = rowId === undefined ? `${ctx.adoptionId}/${template.id}` : `${ctx.adoptionId}/${template.id}/${rowId}`;
    const resolve = makeResolver(template, row, ctx, name, []);
    const onProblem = (body: string) =>
      ctx.sink.error('CONTRACT_PLACEHOLDER', '', `AT ${name} interpolates {{${body}}}, an array or object, inside surrounding text.`);
    const title = substituteString(template.title, resolve, onProblem);
    const text = substituteString(template.text, resolve, onProblem);
    const test = stripAnnotations(substituteJson(template.test as Json, resolve, onProblem)) as Record<string, Json>;
    const left = [...unresolvedIn(title), ...unresolvedIn(text), ...unresolvedIn(test)];
    for (const p of new Set(left)) {
      ctx.sink.error('CONTRACT_PLACEHOLDER', verificationPtr, `AT ${name} leaves ${p} unresolved.`, true);
    }
    if (hasOwn(test, 'direction_claims')) {
      ctx.sink.error('CONTRACT_TEST_DIRECTION_CLAIMS', '', `AT ${name} carries direction_claims, which a generated test never does.`);
    }
    const generated: GeneratedTest = { name, templateId: template.id, title: String(title), test, text: String(text) };
    if (rowId !== undefined) generated.rowId = rowId;
    tests.push(generated);
  }
  return tests;
}

function makeResolver(template: Template, row: Row | undefined, ctx: ExpandContext, testName: string, bindStack: string[]): Resolver {
  const resolver: Resolver = (body, p) => {
    switch (p.kind) {
      case 'instance':
        return ctx.adoptionId;
      case 'value-cite':
        return `contracts.${ctx.adoptionId}.${p.name}`;
      case 'inputs': {
        const supplied = own(own(ctx.state.verification, template.id), p.name);
        if (supplied !== undefined) return supplied as Json;
        const decl = own(own(template, 'inputs'), p.name);
        const fallback = own(decl, 'default');
        return fallback === undefined ? undefined : (fallback as Json);
      }
      case 'bind': {
        if (bindStack.includes(p.id)) return undefined;
        const binding = own<Binding>(own(template, 'bindings'), p.id);
        if (!isObject(binding)) return undefined;
        const key = bindingKey(binding, row, ctx);
        if (key === undefined) {
          ctx.sink.error(
            'CONTRACT_BINDING_MAP',
            pointer('answers', String(binding.flag)),
            `AT ${testName} waits on the answer to question "${binding.flag}" for binding "${p.id}".`,
            true,
          );
          return undefined;
        }
        const phrase = own(own(binding, 'map'), key);
        if (typeof phrase !== 'string') {
          ctx.sink.error(
            'CONTRACT_BINDING_MAP',
            '',
            `Binding "${p.id}" of template "${template.id}" has no phrase for "${key}".`,
          );
          return undefined;
        }
        const inner = makeResolver(template, row, ctx, testName, [...bindStack, p.id]);
        return substituteString(phrase, inner, (b) =>
          ctx.sink.error('CONTRACT_PLACEHOLDER', '', `AT ${testName} interpolates {{${b}}}, an array or object, inside surrounding text.`),
        );
      }
      case 'row':
        return row && hasOwn(row, p.field) ? (row[p.field] as Json) : undefined;
      default:
        void body;
        return undefined;
    }
  };
  return resolver;
}

function bindingKey(binding: Binding, row: Row | undefined, ctx: ExpandContext): string | undefined {
  if (typeof binding.flag === 'string') return ctx.evaluation.facts.answer(binding.flag);
  if (typeof binding.row_field === 'string' && row && hasOwn(row, binding.row_field)) return String(row[binding.row_field]);
  return undefined;
}

/** Evaluates and expands every template of a pack for one adoption, in pack order. */
export function analyzeTemplates(templates: readonly Template[], ctx: ExpandContext): TemplateOutcome[] {
  return templates.map((template, index) => {
    if (!isObject(template)) return { template, index, live: false, reasons: [], rows: [], tests: [] };
    const { live, reasons, rows } = templateLiveness(ctx.definition, template, ctx.state, ctx.evaluation);
    const tests = live ? expandTemplate(template, rows, ctx) : [];
    return { template, index, live, reasons, rows, tests };
  });
}
