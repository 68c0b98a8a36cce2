/**
 * Semantic checks of a definition part (§10.3–§10.6, §12.1, §12.3) that JSON Schema cannot say:
 * condition forms and the names they read, the widening rule, cycles, value names, field shapes.
 */
import { flagQuestions, SELECTOR_FORMS } from '../conditions.ts';
import { pointer, type ContractCode, type DiagnosticSink } from '../diagnostics.ts';
import { isValidForbid } from '../evaluate.ts';
import { isKebab, isValueName } from '../grammar.ts';
import { findQuestionCycles } from '../question-cycles.ts';
import { hasOwn, isFiniteNumber, isObject, memberKeys, members, own } from '../json.ts';
import { withSuggestion } from '../suggest.ts';
import type { Definition, FieldShape, Question, RowSetDeclaration, ValueDeclaration } from '../types.ts';

/** Names a definition declares, for reference checks. */
export interface DeclaredNames {
  questions: Map<string, string[]>;
  values: Map<string, ValueDeclaration>;
  rowSets: Map<string, Map<string, FieldShape>>;
}

/** Collects the declared questions (with their option ids), values and row sets. */
export function declaredNames(definition: Definition): DeclaredNames {
  const questions = new Map<string, string[]>();
  for (const [id, q] of members<Question>(definition.questions)) {
    if (isObject(q)) questions.set(id, memberKeys(q.options));
  }
  const values = new Map(members<ValueDeclaration>(own(definition.declares, 'values')).filter(([, d]) => isObject(d)));
  const rowSets = new Map<string, Map<string, FieldShape>>();
  for (const [name, set] of members<RowSetDeclaration>(own(definition.declares, 'rows'))) {
    rowSets.set(name, new Map(members<FieldShape>(own(set, 'record')).filter(([, f]) => isObject(f))));
  }
  return { questions, values, rowSets };
}

/** §10.3 rule 7: does the definition use any of the five widening forms? */
export function isWidened(definition: Definition): boolean {
  for (const [, q] of members<Question>(definition.questions)) {
    if (hasOwn(q, 'otherwise')) return true;
    const when = own(q, 'when');
    if (isObject(when) && memberKeys(when).some((k) => k !== 'flag')) return true;
  }
  for (const [, v] of members(own(definition.declares, 'values'))) {
    if (hasOwn(v, 'forms') || hasOwn(v, 'when')) return true;
  }
  for (const [, r] of members(own(definition.declares, 'rows'))) if (hasOwn(r, 'when-empty')) return true;
  return members(definition.rules).some(([, r]) => isObject(r));
}

/** Checks a definition part; pointers are relative to the document root. */
export function validateDefinition(definition: Definition, sink: DiagnosticSink): void {
  const names = declaredNames(definition);
  if (!hasOwn(definition, 'origin')) {
    sink.warn('CONTRACT_ORIGIN_ABSENT', '', 'The definition has no origin: say where it came from (a catalog URL).');
  }
  checkQuestions(definition, names, sink);
  checkValues(names, sink);
  checkRowSets(definition, names, sink);
  checkRules(definition, names, sink);
}

function checkQuestions(definition: Definition, names: DeclaredNames, sink: DiagnosticSink): void {
  const widened = isWidened(definition);
  for (const [id, q] of members<Question>(definition.questions)) {
    if (!isObject(q)) continue;
    const at = pointer('questions', id);
    if (hasOwn(q, 'when')) {
      checkSelector(q.when, `${at}/when`, names, sink, 'CONTRACT_QUESTION_CONDITION', false);
      if (widened && !hasOwn(q, 'otherwise')) {
        sink.error(
          'CONTRACT_QUESTION_OTHERWISE',
          at,
          `Question "${id}" is asked only under a condition, so it needs "otherwise": the text the builder follows while it is not asked.`,
        );
      }
    }
  }
  // Every cycle, each at the `when` of the question where the walk entered it.
  for (const cycle of findQuestionCycles(definition.questions as Record<string, unknown>)) {
    sink.error('CONTRACT_QUESTION_CYCLE', pointer('questions', cycle[0]!, 'when'), cycleSentence(cycle));
  }
}

/**
 * Checks a question, value or answer-aware condition: exactly one legal form, and every name it
 * reads declared. `code` is the family's code; top-level `flag` names use CONTRACT_REFERENCE
 * (§10.7 rule 16) except in value declarations, whose table claims them (§10.4).
 */
function checkSelector(
  when: unknown,
  at: string,
  names: DeclaredNames,
  sink: DiagnosticSink,
  code: ContractCode,
  allowRowHas: boolean,
): void {
  if (!isObject(when)) return;
  const keys = memberKeys(when);
  const legal = SELECTOR_FORMS.filter((f) => allowRowHas || f !== 'row-has') as readonly string[];
  for (const k of keys) {
    if (!legal.includes(k)) {
      sink.error(code, pointer(...ptrSegments(at), k), `"${k}" is not a condition form allowed here (use ${legal.join(', ')}).`);
    }
  }
  const present = keys.filter((k) => legal.includes(k));
  if (present.length === 0 && keys.length === 0) {
    sink.error(code, at, 'The condition is empty: it needs exactly one form.');
  } else if (present.length > 1) {
    sink.error(code, at, `The condition holds ${present.length} forms (${present.join(', ')}); it holds exactly one.`);
  }
  const flagCode: ContractCode = code === 'CONTRACT_VALUE_CONDITION' ? code : 'CONTRACT_REFERENCE';
  for (const form of present) {
    const operand = when[form];
    const fat = `${at}/${form}`;
    if (form === 'any' || form === 'all') {
      if (!Array.isArray(operand)) continue;
      operand.forEach((member, i) => checkNested(member, `${fat}/${i}`, names, sink, code));
    } else {
      checkOperand(form, operand, fat, names, sink, form === 'flag' ? flagCode : code, code);
    }
  }
}

function checkNested(member: unknown, at: string, names: DeclaredNames, sink: DiagnosticSink, code: ContractCode): void {
  if (!isObject(member)) {
    sink.error(code, at, 'A member of any or all is a condition object.');
    return;
  }
  const keys = memberKeys(member);
  const allowed = ['flag', 'value-form', 'row-count'];
  for (const k of keys) {
    if (!allowed.includes(k)) {
      sink.error(code, `${at}/${k}`, `"${k}" cannot stand inside any or all (only flag, value-form and row-count can).`);
    }
  }
  const present = keys.filter((k) => allowed.includes(k));
  if (present.length !== 1) {
    sink.error(code, at, 'A member of any or all holds exactly one of flag, value-form and row-count.');
  }
  for (const form of present) checkOperand(form, member[form], `${at}/${form}`, names, sink, code, code);
}

function checkOperand(
  form: string,
  operand: unknown,
  at: string,
  names: DeclaredNames,
  sink: DiagnosticSink,
  nameCode: ContractCode,
  shapeCode: ContractCode,
): void {
  if (!isObject(operand) || memberKeys(operand).length === 0) {
    sink.error(shapeCode, at, `"${form}" maps one or more names to what it expects.`);
    return;
  }
  for (const [name, expected] of members<unknown>(operand)) {
    const nat = `${at}/${escape(name)}`;
    if (form === 'flag') checkFlagEntry(name, expected, nat, names, sink, nameCode);
    else if (form === 'value-form') {
      const decl = names.values.get(name);
      if (!decl) sink.error(shapeCode, nat, withSuggestion(`value-form names "${name}", which no value declaration declares.`, name, names.values.keys()));
      else if (hasOwn(decl, 'when')) {
        sink.error(shapeCode, nat, `value-form reads "${name}", a conditional declaration; it reads unconditional ones only.`);
      }
      if (!Array.isArray(expected) || expected.length === 0 || !expected.every((f) => f === 'number' || f === 'citation')) {
        sink.error(shapeCode, nat, 'value-form lists a non-empty array of "number", "citation" or both.');
      }
    } else if (form === 'row-count') {
      if (!names.rowSets.has(name)) sink.error(shapeCode, nat, withSuggestion(`row-count names "${name}", which no row-set declaration declares.`, name, names.rowSets.keys()));
      if (!['empty', 'non-empty', 'at-least-two'].includes(expected as string)) {
        sink.error(shapeCode, nat, 'row-count expects "empty", "non-empty" or "at-least-two".');
      }
    } else if (form === 'row-has') {
      checkRowHas(name, expected, nat, names, sink, shapeCode);
    }
  }
  if (form === 'row-has' && memberKeys(operand).length !== 1) {
    sink.error(shapeCode, at, 'row-has names exactly one row set.');
  }
}

function checkFlagEntry(
  question: string,
  expected: unknown,
  at: string,
  names: DeclaredNames,
  sink: DiagnosticSink,
  code: ContractCode,
): void {
  const options = names.questions.get(question);
  if (!options) {
    sink.error(code, at, withSuggestion(`flag names question "${question}", which the definition does not declare.`, question, names.questions.keys()));
    return;
  }
  if (!Array.isArray(expected) || expected.length === 0) {
    sink.error(code === 'CONTRACT_REFERENCE' ? 'CONTRACT_ENVELOPE_TYPE' : code, at, `flag lists a non-empty array of option ids of "${question}".`);
    return;
  }
  expected.forEach((option, i) => {
    if (typeof option !== 'string' || !options.includes(option)) {
      sink.error(code, `${at}/${i}`, withSuggestion(`"${String(option)}" is not an option of question "${question}".`, String(option), options));
    }
  });
}

function checkRowHas(rowSet: string, rowMap: unknown, at: string, names: DeclaredNames, sink: DiagnosticSink, code: ContractCode): void {
  const record = names.rowSets.get(rowSet);
  if (!record) {
    sink.error(code, at, withSuggestion(`row-has names "${rowSet}", which no row-set declaration declares.`, rowSet, names.rowSets.keys()));
    return;
  }
  if (!isObject(rowMap) || memberKeys(rowMap).length === 0) {
    sink.error(code, at, 'row-has holds one non-empty row map.');
    return;
  }
  for (const [field, allowed] of members<unknown>(rowMap)) {
    const shape = record.get(field);
    const fat = `${at}/${escape(field)}`;
    if (!shape) sink.error(code, fat, withSuggestion(`row-has reads "${field}", which row set "${rowSet}" does not declare.`, field, record.keys()));
    else if (shape.required !== true || hasOwn(shape, 'when')) {
      sink.error(code, fat, `row-has reads "${field}", which is not an unconditional required field of "${rowSet}".`);
    }
    if (!Array.isArray(allowed) || allowed.length === 0) sink.error(code, fat, 'A row map lists a non-empty array of allowed values.');
  }
}

function checkValues(names: DeclaredNames, sink: DiagnosticSink): void {
  for (const [name, decl] of names.values) {
    const at = pointer('declares', 'values', name);
    if (isKebab(name) && !isValueName(name)) {
      sink.error('CONTRACT_NAME_GRAMMAR', at, `Value name "${name}" must begin with a lowercase letter and must not be and, or or not.`);
    }
    if (names.questions.has(name)) {
      sink.error('CONTRACT_NAME_UNIQUE', at, `Value name "${name}" is also a question id; rename one of them.`);
    }
    const range = own(decl, 'range');
    if (Array.isArray(range) && range.length === 2 && isFiniteNumber(range[0]) && isFiniteNumber(range[1]) && range[0] > range[1]) {
      sink.error('CONTRACT_VALUE_RANGE', `${at}/range`, `The range of "${name}" has its minimum ${range[0]} above its maximum ${range[1]}.`);
    }
    if (hasOwn(decl, 'when')) checkSelector(decl.when, `${at}/when`, names, sink, 'CONTRACT_VALUE_CONDITION', true);
  }
}

function checkRowSets(definition: Definition, names: DeclaredNames, sink: DiagnosticSink): void {
  const widened = isWidened(definition);
  for (const [rowSet, set] of members<RowSetDeclaration>(own(definition.declares, 'rows'))) {
    const at = pointer('declares', 'rows', rowSet);
    if (widened && !hasOwn(set, 'when-empty')) {
      sink.error(
        'CONTRACT_ROW_WHEN_EMPTY',
        at,
        `Row set "${rowSet}" needs "when-empty": the text the builder follows while an adoption supplies no row.`,
      );
    }
    const record = names.rowSets.get(rowSet) ?? new Map<string, FieldShape>();
    for (const [field, shape] of record) checkFieldShape(rowSet, field, shape, record, `${at}/record/${escape(field)}`, names, sink);
  }
}

function checkFieldShape(
  rowSet: string,
  field: string,
  shape: FieldShape,
  record: Map<string, FieldShape>,
  at: string,
  names: DeclaredNames,
  sink: DiagnosticSink,
): void {
  const bad = (msg: string, ptr = at) => sink.error('CONTRACT_ROW_FIELD_SHAPE', ptr, msg);
  const label = `Field "${field}" of row set "${rowSet}"`;
  if (hasOwn(shape, 'required') && hasOwn(shape, 'when')) bad(`${label} carries both required and when; keep one.`);
  const numeric = shape.type === 'number' || shape.type === 'integer';
  for (const member of ['pattern', 'options'] as const) {
    if (hasOwn(shape, member) && shape.type !== 'string') bad(`${label} carries ${member}, which only a string field can.`, `${at}/${member}`);
  }
  if (hasOwn(shape, 'pattern') && shape.pattern !== 'kebab-case') bad(`${label} has pattern "${String(shape.pattern)}"; the only pattern is "kebab-case".`, `${at}/pattern`);
  if (hasOwn(shape, 'options')) {
    const options = shape.options;
    if (!Array.isArray(options) || options.length === 0) bad(`${label} has options that are not a non-empty array.`, `${at}/options`);
    else {
      options.forEach((o, i) => {
        if (!isKebab(o) || o.length > 64) {
          sink.error('CONTRACT_NAME_GRAMMAR', `${at}/options/${i}`, `Option "${String(o)}" of ${label.toLowerCase()} is not kebab-case of at most 64 characters.`);
        }
      });
    }
  }
  if (hasOwn(shape, 'within')) {
    const within = shape.within;
    if (!numeric) bad(`${label} carries within, which only a number or integer field can.`, `${at}/within`);
    if (!Array.isArray(within) || within.length !== 2 || !within.every((b) => typeof b === 'string' || isFiniteNumber(b))) {
      bad(`${label} has a within that is not a pair of value names or finite numbers.`, `${at}/within`);
    } else {
      within.forEach((b, i) => {
        if (typeof b === 'string' && !names.values.has(b)) {
          sink.error('CONTRACT_REFERENCE', `${at}/within/${i}`, withSuggestion(`Within bound "${b}" of ${label.toLowerCase()} names no value declaration.`, b, names.values.keys()));
        }
        if (shape.type === 'integer' && isFiniteNumber(b) && !Number.isInteger(b)) {
          bad(`${label} is an integer field, but its within bound ${b} is a fraction.`, `${at}/within/${i}`);
        }
      });
      if (isFiniteNumber(within[0]) && isFiniteNumber(within[1]) && within[0] > within[1]) {
        bad(`${label} has a within whose lower bound ${within[0]} is above its upper bound ${within[1]}.`, `${at}/within`);
      }
    }
  }
  const when = own(shape, 'when');
  if (isObject(when)) {
    for (const k of memberKeys(when)) {
      if (k !== 'flag' && k !== 'row') {
        sink.error('CONTRACT_ENVELOPE_UNKNOWN', `${at}/when/${escape(k)}`, `"${k}" is not allowed in a field's when (flag and row are).`);
      }
    }
    for (const [q, expected] of members<unknown>(own(when, 'flag'))) {
      checkFlagEntry(q, expected, `${at}/when/flag/${escape(q)}`, names, sink, 'CONTRACT_REFERENCE');
    }
    for (const [f] of members(own(when, 'row'))) {
      if (!record.has(f)) {
        sink.error('CONTRACT_REFERENCE', `${at}/when/row/${escape(f)}`, withSuggestion(`The when of ${label.toLowerCase()} reads "${f}", which the row set does not declare.`, f, record.keys()));
      }
    }
  }
}

function checkRules(definition: Definition, names: DeclaredNames, sink: DiagnosticSink): void {
  for (const [name, rule] of members<unknown>(definition.rules)) {
    if (!isObject(rule)) continue;
    const at = pointer('rules', name);
    const forbid = own(rule, 'forbid');
    if (!isValidForbid(forbid)) {
      sink.error('CONTRACT_RULE_INVALID', `${at}/forbid`, `Rule "${name}" forbids something other than one flag, or one any or all of flag conditions.`);
      continue;
    }
    for (const q of flagQuestions(forbid)) {
      if (!names.questions.has(q)) sink.error('CONTRACT_RULE_INVALID', `${at}/forbid`, withSuggestion(`Rule "${name}" reads question "${q}", which the definition does not declare.`, q, names.questions.keys()));
    }
  }
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function ptrSegments(at: string): string[] {
  return at
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** One sentence for a cycle of question ids (`["a", "b", "a"]`, or `["a", "a"]` for a self-cycle). */
function cycleSentence(cycle: readonly string[]): string {
  if (cycle.length === 2) return `Question "${cycle[0]}" depends on itself: its "when" reads its own answer.`;
  return `Questions depend on each other in a cycle: ${cycle.join(' → ')}.`;
}
