/**
 * The shape layer of validation: JSON Schema (draft 2020-12) checks of adoption files, definitions,
 * packs, `groups.json` and `about.mdx` frontmatter, with each ajv error turned into one diagnostic
 * in the spec's vocabulary (§10.2–§10.7). The schemas in `/schemas` are published with the site, so
 * they carry the shape rules; this module only maps errors to codes, pointers and sentences.
 *
 * Shape only: whether a name is declared, which condition forms are legal where, "exactly one form",
 * uniqueness across array items (except group ids) and the other cross-field rules belong to the
 * semantic layer. Pure TypeScript with no Node-only import, so it also runs in the browser.
 */
import { orList } from './reasons.ts';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import aboutSchema from '../../../schemas/about.schema.json' with { type: 'json' };
import adoptionSchema from '../../../schemas/adoption.schema.json' with { type: 'json' };
import definitionSchema from '../../../schemas/definition.schema.json' with { type: 'json' };
import groupsSchema from '../../../schemas/groups.schema.json' with { type: 'json' };
import packSchema from '../../../schemas/pack.schema.json' with { type: 'json' };
import { escapePointerSegment, pointer, type ContractCode, type Diagnostic } from './diagnostics.ts';
import { isObject, own } from './json.ts';
import { withSuggestion } from './suggest.ts';

/** Checks an adoption file (definition part + designer part, §10.2) and returns its shape findings. */
export function checkAdoptionShape(doc: unknown, file: string): Diagnostic[] {
  return check('adoption', doc, file);
}

/** Checks the definition part alone (a catalog's `definition.json`): no designer fields allowed. */
export function checkDefinitionShape(doc: unknown, file: string): Diagnostic[] {
  return check('definition', doc, file);
}

/** Checks a pack file (§10.7). Binding faults are `CONTRACT_BINDING_SHAPE`, the rest `CONTRACT_PACK_SHAPE`. */
export function checkPackShape(doc: unknown, file: string): Diagnostic[] {
  return check('pack', doc, file);
}

/** The members a pack template declares (pack.schema.json). */
const TEMPLATE_MEMBERS = new Set(Object.keys((packSchema as { $defs: { template: { properties: object } } }).$defs.template.properties));

/**
 * The pack as the stages after its shape check may read it: each template that the check found
 * fault with (an error at `/templates/<n>` or under one of its declared members) replaced by
 * `null`, which those stages pass over as not a template, so that none of them runs on the broken
 * part (a `null` title, a number for a text). A member the schema does not declare is read by no
 * stage, so its finding withholds nothing (a misspelt `tittle` still lets the template's
 * placeholders be checked). The rest of the pack is the document as given; `doc` is not changed.
 */
export function soundPack(doc: unknown, shapeFindings: readonly Diagnostic[]): unknown {
  const templates = own(doc, 'templates');
  if (!Array.isArray(templates)) return doc;
  const broken = new Set<number>();
  for (const d of shapeFindings) {
    const m = /^\/templates\/(\d+)(?:\/([^/]*))?/.exec(d.pointer);
    if (m && d.severity === 'error' && (m[2] === undefined || TEMPLATE_MEMBERS.has(m[2]))) broken.add(Number(m[1]));
  }
  if (broken.size === 0) return doc;
  return { ...(doc as Record<string, unknown>), templates: templates.map((t, i) => (broken.has(i) ? null : t)) };
}

/** Checks a catalog's `groups.json`, including that no group id repeats (`CATALOG_GROUPS`). */
export function checkGroupsShape(doc: unknown, file: string): Diagnostic[] {
  const found = check('groups', doc, file);
  // JSON Schema cannot compare one member across array items, so the repeat check lives here.
  if (Array.isArray(doc)) {
    const firstIndex = new Map<string, number>();
    doc.forEach((group, index) => {
      const id = own(group, 'id');
      if (typeof id !== 'string') return;
      const first = firstIndex.get(id);
      if (first === undefined) firstIndex.set(id, index);
      else found.push(diagnostic('CATALOG_GROUPS', file, pointer(index, 'id'), `Group id "${id}" repeats the id of group ${first + 1}.`));
    });
  }
  return found;
}

/** Checks an `about.mdx` frontmatter object (already parsed from YAML by the caller). */
export function checkAboutShape(doc: unknown, file: string): Diagnostic[] {
  return check('about', doc, file);
}

// ---------------------------------------------------------------------------------------------
// Schemas and validators

type Kind = 'adoption' | 'definition' | 'pack' | 'groups' | 'about';

/** The schemas of each kind (exported for the build's standalone validators, see {@link AJV_OPTIONS}). */
export const SCHEMAS: Record<Kind, { $id: string }> = {
  adoption: adoptionSchema,
  definition: definitionSchema,
  pack: packSchema,
  groups: groupsSchema,
  about: aboutSchema,
};

/**
 * ajv's options. Exported for the site's build, which compiles the same validators ahead of time
 * for the browser (`src/integrations/standalone-shapes.ts`): compiling there would need
 * `'unsafe-eval'`, which the site's Content-Security-Policy refuses.
 */
export const AJV_OPTIONS = {
  allErrors: true,
  strict: true,
  // `required` inside if/then/else names members that the enclosing object declares; strictRequired
  // only looks at the same schema object, so it would reject those correct conditionals.
  strictRequired: false,
  // Row values and `within` bounds hold either of two JSON types (`type: ["string", "number"]`).
  allowUnionTypes: true,
  // `parentSchema` gives the messages their limits (e.g. a pair is minItems = maxItems = 2).
  verbose: true,
  // The five schemas are this repository's own, fixed at build time, and the schema tests
  // compile them as published with the meta-schema check on. Checked here as well, ajv first
  // compiles the draft 2020-12 meta-schema: a third of setting the validators up, in every
  // build and on the first check an explorer makes in the browser.
  validateSchema: false,
  // ajv's pass that tidies the generated code took a quarter of compiling the five validators;
  // the untidied code checks the same, and a build validates a few hundred documents with it.
  code: { optimize: false },
} as const;

let ajv: Ajv2020 | undefined;
const validators = new Map<Kind, ValidateFunction>();

/** The validator of one kind: ajv and every schema are set up on first use, each schema compiled once. */
function validatorFor(kind: Kind): ValidateFunction {
  let validate = validators.get(kind);
  if (validate) return validate;
  if (!ajv) {
    ajv = new Ajv2020(AJV_OPTIONS);
    // All five go in together: adoption and pack schemas `$ref` the definition schema's `$defs`.
    for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);
  }
  validate = ajv.getSchema(SCHEMAS[kind].$id);
  if (!validate) throw new Error(`shape: schema ${SCHEMAS[kind].$id} did not compile`);
  validators.set(kind, validate);
  return validate;
}

function check(kind: Kind, doc: unknown, file: string): Diagnostic[] {
  const validate = validatorFor(kind);
  if (validate(doc)) return [];
  const found: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const fault of faults(validate.errors ?? [])) {
    const code = codeFor(kind, fault);
    // One fault, one line: ajv may say the same thing twice about one member (e.g. a union type).
    const key = `${fault.pointer}\u0000${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(diagnostic(code, file, fault.pointer, messageFor(kind, fault, doc)));
  }
  return found;
}

function diagnostic(code: ContractCode, file: string, ptr: string, message: string): Diagnostic {
  return { code, severity: 'error', file, pointer: ptr, message };
}

// ---------------------------------------------------------------------------------------------
// From ajv errors to faults

/** One reportable problem: the ajv keyword, the pointer of the offending member and its parent. */
interface Fault {
  /** The ajv keyword, or `name` for a map key that breaks its name grammar (`propertyNames`). */
  keyword: string;
  /** The pointer of the offending member (the missing or unknown key itself where there is one). */
  pointer: string;
  /** The pointer of the object that holds it. */
  parent: string;
  /** The key concerned: missing, unknown, or badly named. */
  member?: string;
  error: ErrorObject;
}

/**
 * Members that a `not` schema is about, by the pointer of the object that fails it, so the finding
 * points at the member that should not be there rather than at its object.
 */
const NOT_MEMBERS: readonly (readonly [RegExp, string])[] = [[/^\/templates\/\d+$/, 'collection']];

/** Keeps the precise errors: drops wrappers whose branch errors say it better, and branch noise. */
function faults(errors: readonly ErrorObject[]): Fault[] {
  // An `anyOf` fails only when every branch fails; each branch error alone is misleading, so the
  // wrapper (which the messages explain) is kept and its branch errors are dropped.
  const anyOfPaths = errors.filter((e) => e.keyword === 'anyOf').map((e) => [e.instancePath, e.schemaPath + '/'] as const);
  const out: Fault[] = [];
  for (const error of errors) {
    // `if` and `propertyNames` only announce that a branch or a key failed; that error is listed too.
    if (error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    if (anyOfPaths.some(([at, path]) => error.instancePath === at && error.schemaPath.startsWith(path))) continue;
    const parent = error.instancePath;
    const member = memberOf(error);
    out.push({
      keyword: error.propertyName !== undefined ? 'name' : error.keyword,
      pointer: member === undefined ? parent : `${parent}/${escapePointerSegment(member)}`,
      parent,
      ...(member === undefined ? {} : { member }),
      error,
    });
  }
  return out;
}

function memberOf(error: ErrorObject): string | undefined {
  if (error.propertyName !== undefined) return error.propertyName;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return String(params['missingProperty']);
  if (error.keyword === 'additionalProperties') return String(params['additionalProperty']);
  if (error.keyword === 'not') return NOT_MEMBERS.find(([at]) => at.test(error.instancePath))?.[1];
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Codes

/** One row of a code table: the first row whose pointer pattern and keywords match gives the code. */
interface CodeRule {
  at?: RegExp;
  keywords?: readonly string[];
  code: ContractCode;
}

/** Adoption and definition codes (§10.2–§10.6). Order matters: a named area wins over a keyword. */
const CONTRACT_CODES: readonly CodeRule[] = [
  // §10.6: anything wrong with a rule or its name.
  { at: /^\/rules(\/|$)/, code: 'CONTRACT_RULE_INVALID' },
  // §10.3 / §10.4: a `when` that breaks §12.3, unknown members included.
  { at: /^\/questions\/[^/]+\/when(\/|$)/, code: 'CONTRACT_QUESTION_CONDITION' },
  { at: /^\/declares\/values\/[^/]+\/when(\/|$)/, code: 'CONTRACT_VALUE_CONDITION' },
  // §10.2 rule 4; a closed option (record field `options` entry) is a name too.
  { keywords: ['name'], code: 'CONTRACT_NAME_GRAMMAR' },
  { at: /^\/contract$/, keywords: ['pattern'], code: 'CONTRACT_NAME_GRAMMAR' },
  { at: /^\/declares\/rows\/[^/]+\/record\/[^/]+\/options\/\d+$/, keywords: ['pattern', 'maxLength', 'type'], code: 'CONTRACT_NAME_GRAMMAR' },
  { at: /^\/declares\/values\/[^/]+\/forms(\/|$)/, code: 'CONTRACT_VALUE_FORM' },
  { at: /^\/declares\/values\/[^/]+\/range(\/|$)/, code: 'CONTRACT_VALUE_RANGE' },
  { at: /^\/questions\/[^/]+\/otherwise$/, code: 'CONTRACT_QUESTION_OTHERWISE' },
  { at: /^\/declares\/rows\/[^/]+\/when-empty$/, code: 'CONTRACT_ROW_WHEN_EMPTY' },
  // §10.5: `options`, `pattern` and `within` values are field-shape faults; the envelope codes
  // keep `type`, `required`, `unique`, `description`, unknown members and a missing `type`.
  { at: /^\/declares\/rows\/[^/]+\/record\/[^/]+\/(options|pattern|within)(\/|$)/, code: 'CONTRACT_ROW_FIELD_SHAPE' },
  // §10.5: `rows` not a map, a row set not an array, a row not an object.
  { at: /^\/rows(\/[^/]+(\/\d+)?)?$/, code: 'CONTRACT_ROWS_SHAPE' },
  { at: /^\/values\/[^/]+$/, code: 'CONTRACT_VALUE_TYPE' },
  { keywords: ['required'], code: 'CONTRACT_ENVELOPE_REQUIRED' },
  { keywords: ['additionalProperties'], code: 'CONTRACT_ENVELOPE_UNKNOWN' },
  { code: 'CONTRACT_ENVELOPE_TYPE' },
];

/** Pack codes (§10.7): a binding's own faults are binding findings; a binding id is a pack field. */
const PACK_CODES: readonly CodeRule[] = [
  { keywords: ['name'], code: 'CONTRACT_PACK_SHAPE' },
  { at: /^\/templates\/\d+\/bindings\/[^/]+(\/|$)/, code: 'CONTRACT_BINDING_SHAPE' },
  { code: 'CONTRACT_PACK_SHAPE' },
];

const CODES: Record<Kind, readonly CodeRule[]> = {
  adoption: CONTRACT_CODES,
  definition: CONTRACT_CODES,
  pack: PACK_CODES,
  groups: [{ code: 'CATALOG_GROUPS' }],
  about: [{ code: 'CATALOG_ABOUT' }],
};

function codeFor(kind: Kind, fault: Fault): ContractCode {
  const rule = CODES[kind].find(
    (r) => (!r.at || r.at.test(fault.pointer)) && (!r.keywords || r.keywords.includes(fault.keyword)),
  );
  // Every table ends with a catch-all row.
  return rule ? rule.code : 'CONTRACT_ENVELOPE_TYPE';
}

// ---------------------------------------------------------------------------------------------
// Messages: one sentence that names the field

/** Names an object or value by its pointer; receives the unescaped capture groups and the document. */
type Namer = (groups: string[], doc: unknown) => string;

/** Template `n` (a pointer index) by its id where it has one. */
function templateName(index: string | undefined, doc: unknown): string {
  const templates = own(doc, 'templates');
  const id = Array.isArray(templates) ? own(templates[Number(index)], 'id') : undefined;
  return typeof id === 'string' ? `template "${id}"` : `template ${Number(index) + 1}`;
}

function groupName(index: string | undefined, doc: unknown): string {
  const id = Array.isArray(doc) ? own(doc[Number(index)], 'id') : undefined;
  return typeof id === 'string' ? `Group "${id}"` : `Group ${Number(index) + 1}`;
}

/** Where a message can name the thing at a pointer; the rest are named after their field. */
const NAMES: Record<Kind, readonly (readonly [RegExp, Namer])[]> = {
  adoption: [],
  definition: [],
  pack: [
    [/^$/, () => 'The pack'],
    [/^\/templates\/(\d+)$/, ([i], d) => cap(templateName(i, d))],
    [/^\/templates\/(\d+)\/when$/, ([i], d) => `The "when" condition of ${templateName(i, d)}`],
    [/^\/templates\/(\d+)\/bindings\/([^/]+)$/, ([i, b], d) => `Binding "${b}" of ${templateName(i, d)}`],
    [/^\/templates\/(\d+)\/inputs$/, ([i], d) => `The inputs of ${templateName(i, d)}`],
    [/^\/templates\/(\d+)\/inputs\/([^/]+)$/, ([i, n], d) => `Input "${n}" of ${templateName(i, d)}`],
  ],
  groups: [
    [/^$/, () => 'groups.json'],
    [/^\/(\d+)$/, ([i], d) => groupName(i, d)],
  ],
  about: [[/^$/, () => 'The frontmatter']],
};

const CONTRACT_NAMES: readonly (readonly [RegExp, Namer])[] = [
  [/^\/questions\/([^/]+)$/, ([q]) => `Question "${q}"`],
  [/^\/questions\/([^/]+)\/options$/, ([q]) => `The options of question "${q}"`],
  [/^\/questions\/([^/]+)\/options\/([^/]+)$/, ([q, o]) => `Option "${o}" of question "${q}"`],
  [/^\/questions\/([^/]+)\/when$/, ([q]) => `The "when" condition of question "${q}"`],
  [/^\/declares\/values\/([^/]+)$/, ([v]) => `Value declaration "${v}"`],
  [/^\/declares\/values\/([^/]+)\/when$/, ([v]) => `The "when" condition of value "${v}"`],
  [/^\/declares\/rows\/([^/]+)$/, ([r]) => `Row set "${r}"`],
  [/^\/declares\/rows\/([^/]+)\/record\/([^/]+)$/, ([r, f]) => `Field "${f}" of row set "${r}"`],
  [/^\/declares\/rows\/([^/]+)\/record\/([^/]+)\/when$/, ([r, f]) => `The "when" condition of field "${f}" of row set "${r}"`],
  [/^\/rules\/([^/]+)$/, ([r]) => `Rule "${r}"`],
  [/^\/rules\/([^/]+)\/forbid$/, ([r]) => `The "forbid" condition of rule "${r}"`],
  [/^\/answers\/([^/]+)$/, ([q]) => `The answer to question "${q}"`],
  [/^\/values\/([^/]+)$/, ([v]) => `Value "${v}"`],
  [/^\/rows\/([^/]+)$/, ([r]) => `The rows of row set "${r}"`],
  [/^\/rows\/([^/]+)\/(\d+)$/, ([r, i]) => `Row ${Number(i) + 1} of row set "${r}"`],
  [/^\/verification\/([^/]+)$/, ([t]) => `The verification entry "${t}"`],
];

/** What kind of object a key is unknown in, for `"x" is not a field of <noun>.` */
const NOUNS: Record<Kind, readonly (readonly [RegExp, string])[]> = {
  adoption: [[/^$/, 'an adoption file']],
  definition: [[/^$/, 'a definition']],
  pack: [
    [/^$/, 'a pack'],
    [/^\/templates\/\d+$/, 'a template'],
    [/^\/templates\/\d+\/bindings\/[^/]+$/, 'a binding'],
    [/^\/templates\/\d+\/inputs$/, 'the inputs of a template'],
    [/^\/templates\/\d+\/inputs\/[^/]+$/, 'an input declaration'],
  ],
  groups: [[/^\/\d+$/, 'a group']],
  about: [[/^$/, 'about.mdx frontmatter']],
};

const CONTRACT_NOUNS: readonly (readonly [RegExp, string])[] = [
  [/\/(when|forbid)(\/(any|all)\/\d+)?$/, 'a condition'],
  [/^\/questions\/[^/]+$/, 'a question'],
  [/^\/questions\/[^/]+\/options\/[^/]+$/, 'an option'],
  [/^\/declares$/, '"declares"'],
  [/^\/declares\/values\/[^/]+$/, 'a value declaration'],
  [/^\/declares\/rows\/[^/]+$/, 'a row-set declaration'],
  [/^\/declares\/rows\/[^/]+\/record\/[^/]+$/, 'a field shape'],
  [/^\/rules\/[^/]+$/, 'an answer-aware rule'],
  [/^\/verification\/[^/]+$/, 'a verification entry'],
];

/** What a badly named key is, by the pointer of its map. */
const NAME_KINDS: readonly (readonly [RegExp, string])[] = [
  [/^\/questions$/, 'Question id'],
  [/\/options$/, 'Option id'],
  [/^\/declares\/values$/, 'Value name'],
  [/^\/declares\/rows$/, 'Row-set name'],
  [/\/record$/, 'Field name'],
  [/^\/rules$/, 'Rule name'],
  [/\/bindings$/, 'Binding id'],
];

/** Sentences for a value of the wrong JSON type where "must be a string" would not say enough. */
const TYPE_PHRASES: readonly (readonly [RegExp, string])[] = [
  [/^\/rules\/[^/]+$/, 'a one-line comparison string or an answer-aware rule object'],
  [/^\/values\/[^/]+$/, 'a number or a citation string'],
  [/^\/rows\/[^/]+$/, 'an array of rows'],
];

/** What a `not` or `anyOf` schema means, by the pointer of the object that fails it. */
const RULE_PHRASES: readonly (readonly [RegExp, string, string])[] = [
  [/\/options$/, 'not', 'must hold at least one option (annotations do not count)'],
  [/\/bindings\/[^/]+$/, 'not', 'carries both selectors "flag" and "row_field"; a binding has exactly one'],
  [/\/bindings\/[^/]+$/, 'anyOf', 'carries no selector; a binding has "flag" or "row_field"'],
  [/^\/templates\/\d+$/, 'not', 'carries "collection", which only a "per-row" template has'],
];

/** Members whose keys are names chosen by the author (not fields of the format). */
const NAME_MAPS = new Set(['flag', 'value-form', 'row-count', 'row', 'row-has', 'map']);

const KEBAB = '^[a-z0-9]+(-[a-z0-9]+)*$';
const PATTERN_PHRASES: Record<string, (data: unknown) => string> = {
  [KEBAB]: (data) => `must be kebab-case, not ${JSON.stringify(data)}`,
  '^sha256:[0-9a-f]{64}$': () => 'must be "sha256:" followed by 64 lowercase hexadecimal digits',
  '^[^\\r\\n]*$': () => 'must be one line',
};

const TYPE_WORDS: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  null: 'null',
};

function messageFor(kind: Kind, fault: Fault, doc: unknown): string {
  const { error } = fault;
  const member = fault.member ?? '';
  switch (fault.keyword) {
    case 'required':
      return `${describe(kind, fault.parent, doc)} lacks the required field "${member}".`;
    case 'additionalProperties':
      return withSuggestion(`"${member}" is not a field of ${nounOf(kind, fault.parent, doc)}.`, member, Object.keys(own(error.parentSchema, 'properties') ?? {}));
    case 'name':
      return `${lookup(NAME_KINDS, fault.parent) ?? 'Name'} "${member}" is not kebab-case.`;
    case 'not':
    case 'anyOf': {
      // The member (if any) was appended to the pointer; the phrase table is keyed on its object.
      const phrase = RULE_PHRASES.find(([at, keyword]) => keyword === fault.keyword && at.test(fault.parent))?.[2];
      return `${describe(kind, fault.parent, doc)} ${phrase ?? 'does not have an allowed shape'}.`;
    }
    default:
      return `${describe(kind, fault.pointer, doc)} ${predicate(fault, error)}.`;
  }
}

/** What the value at the pointer must be, for the value keywords. */
function predicate(fault: Fault, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      // JSON.parse reads a number beyond the largest double (1e309) as Infinity, which JSON Schema's
      // "number" refuses: it is a number in the file, so "must be a number" would read as nonsense.
      if (typeof error.data === 'number' && !Number.isFinite(error.data)) {
        return `is not a finite number: a number of this size reads as ${error.data > 0 ? '' : 'minus '}infinity`;
      }
      const special = lookup(TYPE_PHRASES, fault.pointer);
      const types = String(params['type']).split(',');
      return `must be ${special ?? types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'minLength':
      return 'must not be empty';
    case 'maxLength':
      return `must be at most ${String(params['limit'])} characters long`;
    case 'minItems':
    case 'maxItems': {
      const limit = Number(params['limit']);
      if (parentSchema['minItems'] === parentSchema['maxItems']) return `must hold exactly ${limit} entries`;
      if (error.keyword === 'minItems') return limit === 1 ? 'must hold at least one entry' : `must hold at least ${limit} entries`;
      return `must hold at most ${limit} entries`;
    }
    case 'uniqueItems':
      return 'must not repeat an entry';
    case 'pattern': {
      const phrase = PATTERN_PHRASES[String(params['pattern'])];
      return phrase ? phrase(error.data) : `must match the pattern ${String(params['pattern'])}`;
    }
    case 'enum':
      return `must be one of ${orList(((params['allowedValues'] as unknown[]) ?? []).map((v) => JSON.stringify(v)))}`;
    case 'const':
      return `must be ${JSON.stringify(params['allowedValue'])}`;
    default:
      return error.message ?? 'is not valid';
  }
}

/** A noun phrase for the value at `ptr`: its own name where the tables give one, else its field. */
function describe(kind: Kind, ptr: string, doc: unknown): string {
  const named = nameOf(kind, ptr, doc);
  if (named !== undefined) return named;
  if (ptr === '') return kind === 'definition' ? 'The definition' : kind === 'adoption' ? 'The adoption file' : 'The document';
  const cut = ptr.lastIndexOf('/');
  const parent = ptr.slice(0, cut);
  const last = unescapeSegment(ptr.slice(cut + 1));
  if (/^\d+$/.test(last) && Array.isArray(valueAt(doc, parent))) {
    return `Entry ${Number(last) + 1} of ${lower(describe(kind, parent, doc))}`;
  }
  if (parent === '') return `The field "${last}"`;
  // Inside a map of names (a condition form, a binding's `map`), a key is an entry, not a field.
  const holder = unescapeSegment(parent.slice(parent.lastIndexOf('/') + 1));
  const noun = NAME_MAPS.has(holder) ? 'entry' : 'field';
  return `The ${noun} "${last}" of ${lower(describe(kind, parent, doc))}`;
}

function nameOf(kind: Kind, ptr: string, doc: unknown): string | undefined {
  const table = kind === 'adoption' || kind === 'definition' ? CONTRACT_NAMES : NAMES[kind];
  for (const [at, namer] of table) {
    const match = at.exec(ptr);
    if (match) return namer(match.slice(1).map((g) => unescapeSegment(g ?? '')), doc);
  }
  return undefined;
}

function nounOf(kind: Kind, ptr: string, doc: unknown): string {
  const contract = kind === 'adoption' || kind === 'definition';
  return lookup(NOUNS[kind], ptr) ?? (contract ? lookup(CONTRACT_NOUNS, ptr) : undefined) ?? lower(describe(kind, ptr, doc));
}

function lookup<T>(table: readonly (readonly [RegExp, T])[], ptr: string): T | undefined {
  return table.find(([at]) => at.test(ptr))?.[1];
}

/** The value at an (escaped) pointer, reading own members only. */
function valueAt(doc: unknown, ptr: string): unknown {
  if (ptr === '') return doc;
  let value: unknown = doc;
  for (const raw of ptr.slice(1).split('/')) {
    const segment = unescapeSegment(raw);
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isObject(value)) value = own(value, segment);
    else return undefined;
  }
  return value;
}

function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function lower(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
