/**
 * A JSON Schema per definition version, for editors: it accepts the adoption files the engine
 * accepts for that definition, as far as JSON Schema can say it (row uniqueness, rules, value
 * citations' targets and flag chains through unasked questions are left to `opengdd-catalog check`).
 */
import { isObject, members, own, type Json, type JsonObject } from './json.ts';
import type { Condition, Definition, FieldShape, Pack, Question, RowSetDeclaration, ValueDeclaration } from './types.ts';
import { DEFINITION_FIELDS } from './types.ts';

type Schema = JsonObject;

const ANNOTATION = '^_';
/** A string an adoption supplies: never `{{`, `}}` or a code fence (§10.7 rule 14). */
const SAFE_STRING = '^(?![\\s\\S]*(\\{\\{|\\}\\}|```))[\\s\\S]*$';
const KEBAB = '^[a-z0-9]+(-[a-z0-9]+)*$';
const VALUE_CITATION = '^[^\\s#:{}.]+(\\.[^\\s#:{}.]+)+$';

/** Builds the editor schema of one definition (and its pack's template ids, when it has one). */
export function editorSchema(definition: Definition, options: { id: string; title?: string; pack?: Pack }): Schema {
  const properties: Schema = {};
  for (const field of DEFINITION_FIELDS) {
    const v = own(definition, field);
    if (v !== undefined) properties[field] = { const: v, description: `The ${field} of the definition, copied unchanged (§10.11).` };
  }
  const questions = members<Question>(definition.questions).filter(([, q]) => isObject(q));
  const values = members<ValueDeclaration>(own(definition.declares, 'values')).filter(([, d]) => isObject(d));
  const rowSets = members<RowSetDeclaration>(own(definition.declares, 'rows')).filter(([, r]) => isObject(r));

  properties.answers = {
    type: 'object',
    description: 'One answer for every asked question (§10.3).',
    properties: Object.fromEntries(
      questions.map(([id, q]) => [id, { enum: Object.keys(q.options ?? {}).filter((k) => !k.startsWith('_')), description: q.asks }]),
    ),
    patternProperties: { [ANNOTATION]: {} },
    additionalProperties: false,
  };
  properties.values = {
    type: 'object',
    description: 'One value for every active declaration (§10.4).',
    properties: Object.fromEntries(values.map(([name, d]) => [name, valueSchema(d)])),
    patternProperties: { [ANNOTATION]: {} },
    additionalProperties: false,
  };
  properties.rows = {
    type: 'object',
    description: 'One array for every declared row set (§10.5).',
    properties: Object.fromEntries(rowSets.map(([name, set]) => [name, rowSetSchema(set)])),
    required: rowSets.map(([name]) => name),
    patternProperties: { [ANNOTATION]: {} },
    additionalProperties: false,
  };
  const templateIds = (options.pack?.templates ?? []).map((t) => t.id).filter((id) => typeof id === 'string');
  properties.verification = {
    type: 'object',
    description: 'Inputs for the pack templates that apply (§10.7).',
    ...(options.pack ? { propertyNames: { anyOf: [{ enum: templateIds }, { pattern: ANNOTATION }] } } : {}),
    additionalProperties: {
      type: 'object',
      properties: {
        scope: { type: 'string', minLength: 1, pattern: SAFE_STRING },
        seeds: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1, pattern: SAFE_STRING } },
      },
      patternProperties: { [ANNOTATION]: {} },
      additionalProperties: false,
    },
  };

  const allOf: Schema[] = [];
  for (const [id, q] of questions) {
    if (!isObject(q.when)) allOf.push({ properties: { answers: { required: [id] } } });
    else allOf.push({ if: conditionSchema(q.when), then: { properties: { answers: { required: [id] } } } });
  }
  for (const [name, d] of values) {
    if (!isObject(d.when)) allOf.push({ properties: { values: { required: [name] } } });
    else {
      allOf.push({
        if: conditionSchema(d.when),
        then: { properties: { values: { required: [name] } } },
        else: { properties: { values: { not: { required: [name] } } } },
      });
    }
  }
  for (const [rowSet, set] of rowSets) {
    for (const [field, shape] of members<FieldShape>(set.record)) {
      const flag = isObject(shape) && isObject(shape.when) ? shape.when.flag : undefined;
      if (!flag) continue;
      // A field gated by answers: required (where its row condition holds) or forbidden, row by row.
      const rowMap = shape.when?.row;
      const onRows = (rule: Schema): Schema => ({ properties: { rows: { properties: { [rowSet]: { items: rowMap ? { if: rowCondition(rowMap), then: rule } : rule } } } } });
      allOf.push({ if: conditionSchema({ flag }), then: onRows({ required: [field] }), else: onRows({ not: { required: [field] } }) });
    }
  }

  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: options.id,
    title: options.title ?? `Adoption of ${definition.contract}-${definition.version}`,
    description: `An adoption file of ${definition.contract}-${definition.version}: the definition copied unchanged, then one game's answers, values, rows and verification inputs.`,
    type: 'object',
    properties,
    required: ['contract', 'version', 'summary', 'mechanism', 'questions', 'declares', 'answers', 'values', ...(rowSets.length ? ['rows'] : [])],
    patternProperties: { [ANNOTATION]: {} },
    additionalProperties: false,
    ...(allOf.length ? { allOf } : {}),
  };
}

function valueSchema(d: ValueDeclaration): Schema {
  const forms = Array.isArray(d.forms) ? d.forms : ['number'];
  const anyOf: Schema[] = [];
  if (forms.includes('number')) {
    const n: Schema = { type: 'number' };
    if (Array.isArray(d.range)) {
      n.minimum = d.range[0];
      n.maximum = d.range[1];
    }
    anyOf.push(n);
  }
  if (forms.includes('citation')) anyOf.push({ type: 'string', pattern: VALUE_CITATION, description: 'A value citation: a dotted tuning address.' });
  return { description: d.description, anyOf };
}

function rowSetSchema(set: RowSetDeclaration): Schema {
  const record = members<FieldShape>(set.record).filter(([, f]) => isObject(f));
  const item: Schema = {
    type: 'object',
    properties: Object.fromEntries(record.map(([name, f]) => [name, fieldSchema(f)])),
    required: record.filter(([, f]) => f.required === true).map(([name]) => name),
    patternProperties: { [ANNOTATION]: {} },
    additionalProperties: false,
  };
  const allOf: Schema[] = [];
  for (const [name, f] of record) {
    if (isObject(f.when) && isObject(f.when.row) && !f.when.flag) {
      allOf.push({ if: rowCondition(f.when.row), then: { required: [name] }, else: { not: { required: [name] } } });
    }
  }
  if (allOf.length) item.allOf = allOf;
  return { type: 'array', description: set.description ?? '', items: item };
}

function fieldSchema(f: FieldShape): Schema {
  const s: Schema = {};
  if (f.description) s.description = f.description;
  switch (f.type) {
    case 'integer':
    case 'number':
      s.type = f.type;
      if (Array.isArray(f.within)) {
        if (typeof f.within[0] === 'number') s.minimum = f.within[0];
        if (typeof f.within[1] === 'number') s.maximum = f.within[1];
      }
      break;
    case 'citation':
      s.type = 'string';
      s.minLength = 1;
      s.pattern = '^[^\\s:{}]+$';
      break;
    default:
      s.type = 'string';
      if (Array.isArray(f.options)) s.enum = f.options;
      else s.pattern = f.pattern === 'kebab-case' ? KEBAB : SAFE_STRING;
  }
  return s;
}

function rowCondition(row: Record<string, unknown[]>): Schema {
  return {
    properties: Object.fromEntries(members<unknown[]>(row).map(([f, vs]) => [f, { enum: (Array.isArray(vs) ? vs : []) as Json[] }])),
    required: members(row).map(([f]) => f),
  };
}

/** A §12.3 condition as a schema over the whole adoption (flags read answers directly). */
export function conditionSchema(c: Condition): Schema {
  const parts: Schema[] = [];
  for (const [q, allowed] of members<string[]>(c.flag)) {
    parts.push({ properties: { answers: { properties: { [q]: { enum: allowed } }, required: [q] } }, required: ['answers'] });
  }
  for (const [v, forms] of members<string[]>(c['value-form'])) {
    const types = (forms ?? []).map((f) => (f === 'number' ? 'number' : 'string'));
    parts.push({ properties: { values: { properties: { [v]: { type: types } }, required: [v] } }, required: ['values'] });
  }
  for (const [r, count] of members<string>(c['row-count'])) {
    const len: Schema = count === 'empty' ? { maxItems: 0 } : count === 'non-empty' ? { minItems: 1 } : { minItems: 2 };
    parts.push({ properties: { rows: { properties: { [r]: { type: 'array', ...len } }, required: [r] } }, required: ['rows'] });
  }
  if (Array.isArray(c.any)) parts.push({ anyOf: c.any.map(conditionSchema) });
  if (Array.isArray(c.all)) parts.push({ allOf: c.all.map(conditionSchema) });
  for (const [r, row] of members<Record<string, unknown[]>>(c['row-has'])) {
    parts.push({ properties: { rows: { properties: { [r]: { type: 'array', contains: rowCondition(row ?? {}) } }, required: [r] } }, required: ['rows'] });
  }
  return parts.length === 1 ? parts[0]! : { allOf: parts };
}
