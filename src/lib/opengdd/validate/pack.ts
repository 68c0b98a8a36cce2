/**
 * Checks of a pack against its definition (§10.7): template ids, `type`/`test.type`, `collection`,
 * `when` domains, bindings, placeholders and the per-row `id` field.
 */
import { DiagnosticSink, pointer, type Diagnostic } from '../diagnostics.ts';
import { isKebab } from '../grammar.ts';
import { hasOwn, isObject, memberKeys, members, own } from '../json.ts';
import { classifyPlaceholder, placeholderBodies } from '../placeholders.ts';
import { withSuggestion } from '../suggest.ts';
import { templateTexts } from '../templates.ts';
import type { Binding, Definition, Template } from '../types.ts';
import { declaredNames, type DeclaredNames } from './definition.ts';

/**
 * Checks one pack against a definition. `identity` (from the file name) is compared with the
 * pack's own `contract` and `version` when given.
 */
export function validatePack(pack: Record<string, unknown>, file: string, definition: Definition, identity?: { contract: string; version: number }): Diagnostic[] {
  const sink = new DiagnosticSink(file);
  if (identity && (pack.contract !== identity.contract || pack.version !== identity.version)) {
    sink.error(
      'CONTRACT_PACK_SHAPE',
      '',
      `The pack says ${String(pack.contract)}-${String(pack.version)}, but its file name says ${identity.contract}-${identity.version}.`,
    );
  }
  const names = declaredNames(definition);
  const templates = Array.isArray(pack.templates) ? pack.templates : [];
  const ids = new Set<string>();
  templates.forEach((t, i) => {
    if (!isObject(t)) return;
    const template = t as unknown as Template;
    const at = pointer('templates', i);
    if (typeof template.id === 'string') {
      if (ids.has(template.id)) sink.error('CONTRACT_PACK_SHAPE', `${at}/id`, `Template id "${template.id}" is used twice.`);
      ids.add(template.id);
    }
    checkTemplate(template, at, names, sink);
  });
  return sink.items;
}

function checkTemplate(template: Template, at: string, names: DeclaredNames, sink: DiagnosticSink): void {
  const label = `Template "${String(template.id)}"`;
  const perRow = template.expand === 'per-row';
  const testType = own(own(template, 'test'), 'type');
  if (testType !== template.type) {
    sink.error('CONTRACT_PACK_SHAPE', `${at}/type`, `${label} has type "${String(template.type)}" but its test has type "${String(testType)}".`);
  }
  // Where `collection` may stand is a shape rule (pack.schema.json); here only what it names.
  const record = perRow && typeof template.collection === 'string' ? names.rowSets.get(template.collection) : undefined;
  if (perRow && typeof template.collection === 'string') {
    if (!record) {
      sink.error('CONTRACT_REFERENCE', `${at}/collection`, withSuggestion(`${label} expands "${template.collection}", which no row-set declaration declares.`, template.collection, names.rowSets.keys()));
    } else {
      const id = record.get('id');
      if (!id || id.type !== 'string' || id.required !== true || id.unique !== true || id.pattern !== 'kebab-case') {
        sink.error(
          'CONTRACT_ROW_ID',
          `${at}/collection`,
          `Row set "${template.collection}" is expanded per row, so it must declare "id" as a required, unique, kebab-case string.`,
        );
      }
    }
  }

  const when = own(template, 'when');
  if (isObject(when)) {
    for (const k of memberKeys(when)) {
      if (k !== 'flag' && k !== 'row') {
        sink.error('CONTRACT_ENVELOPE_UNKNOWN', `${at}/when/${k}`, `"${k}" is not allowed in a template's when (flag, and on a per-row template row).`);
      }
    }
    if (hasOwn(when, 'row') && !perRow) {
      sink.error('CONTRACT_WHEN_DOMAIN', `${at}/when/row`, `${label} expands once, so its when cannot read a row.`);
    }
    for (const [q, expected] of members<unknown>(own(when, 'flag'))) {
      const options = names.questions.get(q);
      if (!options) sink.error('CONTRACT_REFERENCE', `${at}/when/flag/${q}`, withSuggestion(`${label} reads question "${q}", which the definition does not declare.`, q, names.questions.keys()));
      else if (Array.isArray(expected)) {
        expected.forEach((o, j) => {
          if (typeof o !== 'string' || !options.includes(o)) {
            sink.error('CONTRACT_REFERENCE', `${at}/when/flag/${q}/${j}`, withSuggestion(`"${String(o)}" is not an option of question "${q}".`, String(o), options));
          }
        });
      }
    }
    if (perRow && record) {
      for (const [f] of members(own(when, 'row'))) {
        if (!record.has(f)) sink.error('CONTRACT_REFERENCE', `${at}/when/row/${f}`, withSuggestion(`${label} reads row field "${f}", which "${String(template.collection)}" does not declare.`, f, record.keys()));
      }
    }
  }

  for (const [id, binding] of members<Binding>(own(template, 'bindings'))) {
    const bat = `${at}/bindings/${id}`;
    if (!isKebab(id)) sink.error('CONTRACT_PACK_SHAPE', bat, `Binding id "${id}" is not kebab-case.`);
    if (!isObject(binding)) continue;
    if (typeof binding.flag === 'string') {
      const options = names.questions.get(binding.flag);
      if (!options) sink.error('CONTRACT_REFERENCE', `${bat}/flag`, withSuggestion(`Binding "${id}" reads question "${binding.flag}", which the definition does not declare.`, binding.flag, names.questions.keys()));
      else {
        for (const key of memberKeys(binding.map)) {
          if (!options.includes(key)) sink.error('CONTRACT_BINDING_MAP', `${bat}/map/${key}`, withSuggestion(`Binding "${id}" maps "${key}", which is not an option of "${binding.flag}".`, key, options));
        }
      }
    } else if (typeof binding.row_field === 'string') {
      if (!perRow) sink.error('CONTRACT_BINDING_SHAPE', `${bat}/row_field`, `Binding "${id}" reads a row field, which only a per-row template can.`);
      else if (record && !record.has(binding.row_field)) {
        sink.error('CONTRACT_REFERENCE', `${bat}/row_field`, withSuggestion(`Binding "${id}" reads "${binding.row_field}", which "${String(template.collection)}" does not declare.`, binding.row_field, record.keys()));
      } else {
        const options = record?.get(binding.row_field)?.options;
        if (Array.isArray(options)) {
          for (const key of memberKeys(binding.map)) {
            if (!options.includes(key)) sink.error('CONTRACT_BINDING_MAP', `${bat}/map/${key}`, withSuggestion(`Binding "${id}" maps "${key}", which is not an option of "${binding.row_field}".`, key, options.map(String)));
          }
        }
      }
    }
  }

  const seen = new Set<string>();
  for (const text of templateTexts(template)) {
    for (const body of placeholderBodies(text)) {
      if (seen.has(body)) continue;
      seen.add(body);
      checkPlaceholder(body, template, at, record, names, sink);
    }
  }
}

function checkPlaceholder(
  body: string,
  template: Template,
  at: string,
  record: Map<string, unknown> | undefined,
  names: DeclaredNames,
  sink: DiagnosticSink,
): void {
  const label = `Template "${String(template.id)}"`;
  const p = classifyPlaceholder(body);
  switch (p.kind) {
    case 'retired':
      sink.error('CONTRACT_PLACEHOLDER', at, `${label} uses the retired {{surface:${p.name}}}; write {{inputs:${p.name}}}.`);
      return;
    case 'unknown':
      sink.error('CONTRACT_PLACEHOLDER', at, withSuggestion(`${label} uses {{${body}}}, which is not a placeholder.`, body, knownPlaceholders(template, record, names)));
      return;
    case 'value-cite':
      if (!names.values.has(p.name)) sink.error('CONTRACT_REFERENCE', at, withSuggestion(`${label} cites value "${p.name}", which no value declaration declares.`, p.name, names.values.keys()));
      return;
    case 'inputs':
      if (!hasOwn(own(template, 'inputs'), p.name)) sink.error('CONTRACT_REFERENCE', at, withSuggestion(`${label} uses {{inputs:${p.name}}} but declares no input "${p.name}".`, p.name, memberKeys(own(template, 'inputs'))));
      return;
    case 'bind':
      if (!hasOwn(own(template, 'bindings'), p.id)) sink.error('CONTRACT_REFERENCE', at, withSuggestion(`${label} uses {{bind:${p.id}}} but has no binding "${p.id}".`, p.id, memberKeys(own(template, 'bindings'))));
      return;
    case 'row':
      if (template.expand !== 'per-row') sink.error('CONTRACT_PLACEHOLDER', at, `${label} expands once, so {{row.${p.field}}} has no row to read.`);
      else if (record && !record.has(p.field)) sink.error('CONTRACT_REFERENCE', at, withSuggestion(`${label} reads row field "${p.field}", which its row set does not declare.`, p.field, record.keys()));
      return;
    case 'instance':
      return;
  }
}

/** Every placeholder a template could write, for "did you mean" on one that is not a placeholder. */
function knownPlaceholders(template: Template, record: Map<string, unknown> | undefined, names: DeclaredNames): string[] {
  return [
    'instance',
    ...[...names.values.keys()].map((v) => `value-cite:${v}`),
    ...memberKeys(own(template, 'inputs')).map((i) => `inputs:${i}`),
    ...memberKeys(own(template, 'bindings')).map((b) => `bind:${b}`),
    ...[...(record?.keys() ?? [])].map((f) => `row.${f}`),
  ];
}
