/**
 * Semantic checks of one adoption (§10.2–§10.8, §10.10): answers, values, rows, injection, rules,
 * verification inputs and the pack digest. Shape problems come from the JSON Schemas (shape.ts).
 */
import { holdsFieldCondition } from '../conditions.ts';
import { pointer, type Diagnostic, type DiagnosticSink } from '../diagnostics.ts';
import type { DesignerState, Evaluation } from '../evaluate.ts';
import { injectionIn, isKebab, rowCitationProblem, valueCitationProblem } from '../grammar.ts';
import { hasOwn, isFiniteNumber, isObject, members, own } from '../json.ts';
import { checkAdoptionShape } from '../shape.ts';
import { withSuggestion } from '../suggest.ts';
import type { TemplateOutcome } from '../templates.ts';
import type { Definition, FieldShape, Row } from '../types.ts';
import { declaredNames, validateDefinition, type DeclaredNames } from './definition.ts';
import { validatePack } from './pack.ts';

/** What {@link validateAdoption} reads; produced by `analyzeAdoption`. */
export interface AdoptionValidationInput {
  id: string;
  file: string;
  document: unknown;
  definition: Definition;
  state: DesignerState;
  evaluation: Evaluation;
  outcomes: TemplateOutcome[];
  pack?: { file: string; document: unknown; digest?: string };
  sink: DiagnosticSink;
}

/** Runs every check of one adoption; returns the sink's diagnostics (expansion findings included). */
export function validateAdoption(input: AdoptionValidationInput): Diagnostic[] {
  const { sink, definition, evaluation: ev, state } = input;
  const shape = checkAdoptionShape(input.document, input.file);
  sink.items.unshift(...shape);
  if (!isObject(input.document)) return sink.items;
  if (!isKebab(input.id)) {
    sink.error('CONTRACT_INSTANCE_FILENAME', '', `The adoption id "${input.id}" (the file name without .json) is not kebab-case without dots.`);
  }
  validateDefinition(definition, sink);
  const names = declaredNames(definition);
  checkAnswers(state, ev, sink);
  checkValues(input.id, state, ev, names, sink);
  checkRows(input.id, state, ev, names, sink);
  checkInjection(input.document, sink);
  checkRules(ev, sink);
  if (input.pack) {
    checkVerification(input, sink);
    checkPackDigest(input.document, input.pack, sink);
    if (isObject(input.pack.document)) sink.items.push(...packFindings(input.pack.document, input.pack.file, definition, names));
  }
  return sink.items;
}

/** A pack's findings, by the names they were checked against, for each pack document checked. */
const packChecks = new WeakMap<object, Map<string, readonly Diagnostic[]>>();

/**
 * The pack's findings against the definition (`validatePack`), copied from the last check of the
 * same pack document against the same declared names where there was one. Each adoption carries a
 * copy of its definition, and all of a version's adoptions nearly always declare the same names:
 * checking every template of the pack again for each was a third of an adoption's check. The
 * findings depend on the definition only through the names it declares (`declaredNames`), which
 * make the key; they are copied, since a reader of the file sets their line and column.
 */
function packFindings(pack: Record<string, unknown>, file: string, definition: Definition, names: DeclaredNames): Diagnostic[] {
  const key = JSON.stringify([file, [...names.questions], [...names.values.keys()], [...names.rowSets].map(([set, fields]) => [set, [...fields]])]);
  let byNames = packChecks.get(pack);
  if (!byNames) packChecks.set(pack, (byNames = new Map()));
  let found = byNames.get(key);
  if (!found) byNames.set(key, (found = validatePack(pack, file, definition)));
  return found.map((d) => ({ ...d }));
}

function checkAnswers(state: DesignerState, ev: Evaluation, sink: DiagnosticSink): void {
  const answers = state.answers;
  const byId = new Map(ev.questions.map((q) => [q.id, q]));
  for (const [id, answer] of members<unknown>(answers)) {
    const at = pointer('answers', id);
    const q = byId.get(id);
    if (!q) {
      sink.error('CONTRACT_ANSWER_UNKNOWN', at, withSuggestion(`answers names question "${id}", which the definition does not declare.`, id, byId.keys()));
      continue;
    }
    if (typeof answer === 'string' && !hasOwn(q.question.options, answer)) {
      sink.error('CONTRACT_ANSWER_UNKNOWN', at, withSuggestion(`"${answer}" is not an option of question "${id}".`, answer, members(q.question.options).map(([o]) => o)));
    }
    if (!q.asked) {
      sink.warn('CONTRACT_ANSWER_NOT_ASKED', at, `Question "${id}" is not asked under these answers, so its answer does not count.`);
    }
  }
  for (const q of ev.questions) {
    if (q.asked && q.answer === undefined) {
      sink.error('CONTRACT_ANSWER_MISSING', pointer('answers'), `Question "${q.id}" is asked and needs an answer.`);
    }
  }
}

function checkValues(adoptionId: string, state: DesignerState, ev: Evaluation, names: DeclaredNames, sink: DiagnosticSink): void {
  const byName = new Map(ev.values.map((v) => [v.name, v]));
  for (const [name, value] of members<unknown>(state.values)) {
    const at = pointer('values', name);
    const vs = byName.get(name);
    if (!vs) {
      sink.error('CONTRACT_VALUE_UNKNOWN', at, withSuggestion(`values names "${name}", which no value declaration declares.`, name, byName.keys()));
      continue;
    }
    if (!vs.active) {
      sink.error('CONTRACT_VALUE_INACTIVE', at, `"${name}" is supplied, but its declaration is not active under these answers and rows; remove it.`);
      continue;
    }
    const forms = Array.isArray(vs.declaration.forms) ? vs.declaration.forms : ['number'];
    if (typeof value === 'string') {
      if (!forms.includes('citation')) {
        sink.error('CONTRACT_VALUE_TYPE', at, `"${name}" is a citation, but its declaration accepts only ${forms.join(' or ')}.`);
        continue;
      }
      const problem = valueCitationProblem(value);
      if (problem) {
        sink.error('CONTRACT_CITATION_GRAMMAR', at, `The citation of "${name}" ${problem}.`);
        continue;
      }
      checkValueCitation(adoptionId, name, value, state, ev, names, sink);
    } else if (isFiniteNumber(value)) {
      if (!forms.includes('number')) sink.error('CONTRACT_VALUE_TYPE', at, `"${name}" is a number, but its declaration accepts only citations.`);
    } else {
      sink.error('CONTRACT_VALUE_TYPE', at, `"${name}" is neither a finite number nor a citation string.`);
      continue;
    }
    const range = vs.declaration.range;
    if (vs.number !== undefined && Array.isArray(range) && range.length === 2 && (vs.number < range[0] || vs.number > range[1])) {
      sink.error('CONTRACT_VALUE_RANGE', at, `"${name}" is ${vs.number}, outside its range [${range[0]}, ${range[1]}].`);
    }
  }
  for (const vs of ev.values) {
    if (vs.active && !hasOwn(state.values, vs.name)) {
      sink.error('CONTRACT_VALUE_MISSING', pointer('values'), `"${vs.name}" is active and needs a value.`);
    }
  }
}

/** A citation of another value of this adoption must resolve; one of another adoption is not allowed. */
function checkValueCitation(
  adoptionId: string,
  name: string,
  citation: string,
  state: DesignerState,
  ev: Evaluation,
  names: DeclaredNames,
  sink: DiagnosticSink,
): void {
  const at = pointer('values', name);
  const seen = [name];
  let current = citation;
  for (;;) {
    const parts = current.split('.');
    if (parts[0] !== 'contracts') return; // a tuning address: it resolves in the game's own package
    if (parts[1] !== adoptionId) {
      sink.error('CONTRACT_CITATION_CROSS_ADOPTION', at, `"${name}" cites ${current}, a value of another adoption.`);
      return;
    }
    const target = parts[2]!;
    if (!names.values.has(target) || !ev.active(target) || !hasOwn(state.values, target)) {
      sink.error('CONTRACT_CITATION_DANGLING', at, `"${name}" cites ${current}, which is not an active, supplied value of this adoption.`);
      return;
    }
    if (seen.includes(target)) {
      sink.error('CONTRACT_CITATION_CYCLE', at, `The citations of ${[...seen, target].map((s) => `"${s}"`).join(' → ')} lead back to themselves.`);
      return;
    }
    seen.push(target);
    const next = state.values[target];
    if (typeof next !== 'string') return;
    current = next;
  }
}

/**
 * §10.5: a `within` pair whose named bounds resolve with the lower above the upper is a field-shape
 * fault, reported once; its rows are then not range-checked.
 */
function invertedBounds(rowSet: string, record: Map<string, FieldShape>, resolved: Map<string, number>, sink: DiagnosticSink): Set<string> {
  const inverted = new Set<string>();
  for (const [field, shape] of record) {
    const within = shape.within;
    if (!Array.isArray(within) || within.length !== 2 || within.every((b) => typeof b === 'number')) continue;
    const lo = boundValue(within[0], resolved);
    const hi = boundValue(within[1], resolved);
    if (lo !== undefined && hi !== undefined && lo > hi) {
      inverted.add(field);
      sink.error(
        'CONTRACT_ROW_FIELD_SHAPE',
        pointer('declares', 'rows', rowSet, 'record', field, 'within'),
        `Field "${field}" of row set "${rowSet}" has a within whose bounds resolve to ${lo} and ${hi}: the lower is above the upper.`,
      );
    }
  }
  return inverted;
}

function boundValue(b: unknown, resolved: Map<string, number>): number | undefined {
  return typeof b === 'number' ? b : typeof b === 'string' ? resolved.get(b) : undefined;
}

function checkRows(adoptionId: string, state: DesignerState, ev: Evaluation, names: DeclaredNames, sink: DiagnosticSink): void {
  for (const rowSet of names.rowSets.keys()) {
    if (!hasOwn(state.rows, rowSet)) {
      sink.error('CONTRACT_ROWS_BINDING', pointer('rows'), `rows lacks "${rowSet}": supply an array, [] when the game has none.`);
    }
  }
  const resolved = new Map(ev.values.filter((v) => v.active && v.number !== undefined).map((v) => [v.name, v.number!]));
  for (const [rowSet, rows] of members<unknown>(state.rows)) {
    const record = names.rowSets.get(rowSet);
    if (!record) {
      sink.error('CONTRACT_ROWS_BINDING', pointer('rows', rowSet), withSuggestion(`rows names "${rowSet}", which no row-set declaration declares.`, rowSet, names.rowSets.keys()));
      continue;
    }
    if (!Array.isArray(rows)) continue;
    const inverted = invertedBounds(rowSet, record, resolved, sink);
    const seen = new Map<string, Set<string>>();
    rows.forEach((row, index) => {
      if (!isObject(row)) return;
      checkRow({ adoptionId, rowSet, row: row as Row, index, record, resolved, inverted, ev, names, seen, sink });
    });
  }
}

interface RowCheck {
  adoptionId: string;
  rowSet: string;
  row: Row;
  index: number;
  record: Map<string, FieldShape>;
  resolved: Map<string, number>;
  inverted: Set<string>;
  ev: Evaluation;
  names: DeclaredNames;
  seen: Map<string, Set<string>>;
  sink: DiagnosticSink;
}

function checkRow({ adoptionId, rowSet, row, index, record, resolved, inverted, ev, names, seen, sink }: RowCheck): void {
  const label = `Row ${index + 1} of "${rowSet}"`;
  for (const [field] of members(row)) {
    if (!record.has(field)) {
      sink.error('CONTRACT_ROW_FIELD', pointer('rows', rowSet, index, field), withSuggestion(`${label} carries "${field}", which the row set does not declare.`, field, record.keys()));
    }
  }
  for (const [field, shape] of record) {
    const at = pointer('rows', rowSet, index, field);
    const present = hasOwn(row, field);
    const conditional = hasOwn(shape, 'when');
    const needed = conditional ? holdsFieldCondition(shape.when, ev.facts, row) : shape.required === true;
    if (!present) {
      if (needed) {
        sink.error('CONTRACT_ROW_FIELD', pointer('rows', rowSet, index), `${label} lacks "${field}", which is required${conditional ? ' under its condition' : ''}.`);
      }
      continue;
    }
    if (conditional && !needed) {
      sink.error('CONTRACT_ROW_FIELD', at, `${label} carries "${field}", but the field's condition does not hold; remove it.`);
      continue;
    }
    const value = row[field];
    if (!hasType(shape.type, value)) {
      sink.error('CONTRACT_ROW_FIELD', at, `${label}: "${field}" should be ${article(shape.type)}.`);
      continue;
    }
    if (typeof value === 'string') {
      if (Array.isArray(shape.options) && !shape.options.includes(value)) {
        sink.error('CONTRACT_ROW_CHOICE', at, `${label}: "${value}" is not one of the options of "${field}" (${shape.options.join(', ')}).`);
      }
      if (shape.pattern === 'kebab-case' && !isKebab(value)) {
        sink.error('CONTRACT_NAME_GRAMMAR', at, `${label}: "${field}" must be kebab-case, and "${value}" is not.`);
      }
      if (shape.type === 'citation') {
        const problem = rowCitationProblem(value);
        if (problem) sink.error('CONTRACT_CITATION_GRAMMAR', at, `${label}: the citation in "${field}" ${problem}.`);
        else checkOwnAddress(adoptionId, value, at, `${label}: "${field}"`, ev, names, sink);
      }
    }
    if (typeof value === 'number' && Array.isArray(shape.within) && shape.within.length === 2 && !inverted.has(field)) {
      const lo = boundValue(shape.within[0], resolved);
      const hi = boundValue(shape.within[1], resolved);
      if (lo !== undefined && hi !== undefined && (value < lo || value > hi)) {
        sink.error('CONTRACT_ROW_RANGE', at, `${label}: "${field}" is ${value}, outside [${lo}, ${hi}].`);
      }
    }
    if (shape.unique === true) {
      const key = JSON.stringify(value);
      const values = seen.get(field) ?? new Set<string>();
      if (values.has(key)) sink.error('CONTRACT_ROW_FIELD', at, `${label} repeats ${key} in "${field}", which is unique.`);
      values.add(key);
      seen.set(field, values);
    }
  }
}

/**
 * A row citation of this adoption's own value (`contracts.<this>.<value>`) resolves here, so it must
 * name an active, supplied declaration (§10.9 rules 2-3). Other addresses resolve in the game's package.
 */
function checkOwnAddress(adoptionId: string, citation: string, at: string, label: string, ev: Evaluation, names: DeclaredNames, sink: DiagnosticSink): void {
  const parts = citation.split('.');
  if (parts[0] !== 'contracts' || parts[1] !== adoptionId || parts.length !== 3) return;
  const value = parts[2]!;
  const state = ev.values.find((v) => v.name === value);
  if (!names.values.has(value) || !state?.active || state.supplied === undefined) {
    sink.error('CONTRACT_CITATION_DANGLING', at, `${label} cites ${citation}, which is not an active, supplied value of this adoption.`);
  }
}

function hasType(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'string':
    case 'citation':
      return typeof value === 'string';
    case 'number':
      return isFiniteNumber(value);
    case 'integer':
      return isFiniteNumber(value) && Number.isInteger(value);
    default:
      return true;
  }
}

function article(type: unknown): string {
  return type === 'integer' ? 'an integer' : `a ${String(type)}`;
}

/** §10.7 rule 14: no supplied string (values, rows, verification) holds `{{`, `}}` or a code fence. */
function checkInjection(doc: Record<string, unknown>, sink: DiagnosticSink): void {
  const walk = (value: unknown, segments: (string | number)[]) => {
    if (typeof value === 'string') {
      const found = injectionIn(value);
      if (found) {
        sink.error('CONTRACT_INJECTION', pointer(...segments), `A supplied string holds "${found}", which adoption data must never contain.`);
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...segments, i]));
    else if (isObject(value)) for (const [k, v] of members(value)) walk(v, [...segments, k]);
  };
  for (const field of ['answers', 'values', 'rows', 'verification']) walk(own(doc, field), [field]);
}

function checkRules(ev: Evaluation, sink: DiagnosticSink): void {
  for (const r of ev.rules) {
    const at = pointer('rules', r.name);
    if (r.status === 'invalid') sink.error('CONTRACT_RULE_INVALID', at, `Rule "${r.name}": ${r.message}`, r.missing !== undefined);
    else if (r.status === 'fails') sink.error('CONTRACT_RULE_FAILED', at, `Rule "${r.name}" (${r.line}) does not hold. ${r.message}`);
    else if (r.status === 'fires') sink.add('CONTRACT_RULE_FORBIDDEN', r.severity ?? 'error', pointer('answers'), r.message);
  }
}

function checkVerification(input: AdoptionValidationInput, sink: DiagnosticSink): void {
  const read = input.outcomes.filter((o) => isObject(o.template));
  const outcomes = new Map(read.map((o) => [o.template.id, o]));
  // A template that is not an object, or that its pack's shape check withheld (see soundPack), has
  // no id to trust: a verification entry may name it, so no name is called unknown.
  const unread = read.length < input.outcomes.length;
  for (const [templateId, entry] of members<unknown>(input.state.verification)) {
    const at = pointer('verification', templateId);
    const outcome = outcomes.get(templateId);
    if (!outcome) {
      if (!unread)
        sink.error('CONTRACT_REFERENCE', at, withSuggestion(`verification names "${templateId}", which names no template in ${input.pack!.file}.`, templateId, outcomes.keys()));
      continue;
    }
    if (!outcome.live) {
      const blocked = outcome.reasons.some((r) => r.kind === 'question-not-asked' || r.kind === 'answered-otherwise' || r.kind === 'value-inactive');
      const wait = blocked ? undefined : outcome.reasons.find((r) => r.kind === 'answer-missing' || (r.kind === 'row-field-missing' && r.required));
      if (wait?.kind === 'answer-missing') {
        sink.error('CONTRACT_REFERENCE', at, `verification.${templateId} waits on the answer to question "${wait.question}".`, true);
      } else if (wait?.kind === 'row-field-missing') {
        sink.error('CONTRACT_REFERENCE', at, `verification.${templateId} waits on required row field "${wait.field}".`, true);
      } else {
        sink.error('CONTRACT_REFERENCE', at, `verification.${templateId} fills inputs for a template that is not live under the recorded answers; remove the entry.`);
      }
      continue;
    }
    const declared = own(outcome.template, 'inputs');
    for (const [input] of members(entry)) {
      if (!hasOwn(declared, input)) {
        sink.error('CONTRACT_REFERENCE', `${at}/${input}`, withSuggestion(`Template "${templateId}" declares no input "${input}".`, input, members(declared).map(([k]) => k)));
      }
    }
  }
}

function checkPackDigest(doc: Record<string, unknown>, pack: { file: string; digest?: string }, sink: DiagnosticSink): void {
  if (!pack.digest) return;
  const named = own(doc, 'pack');
  if (named === undefined) {
    sink.error('CONTRACT_PACK_HASH', '', `A pack is present (${pack.file}), but the definition names no pack digest; add "pack": "${pack.digest}".`);
  } else if (named !== pack.digest) {
    sink.error('CONTRACT_PACK_HASH', pointer('pack'), `The definition names pack ${String(named)}, but ${pack.file} has digest ${pack.digest}.`);
  }
}
