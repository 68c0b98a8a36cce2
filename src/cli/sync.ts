/**
 * `opengdd-catalog sync`: makes the copies in a catalog agree with their sources. Each adoption's
 * definition part becomes its `definition.json` (§10.2, §10.11), and every `pack` digest — in
 * `definition.json` and, through the copy, in each adoption — becomes the SHA-256 of the pack
 * file's bytes (§10.8 rule 4). Only the members that differ are rewritten; the designer part, the
 * annotations, the layout and the key order of each file stay as they were.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { oneLine, type Diagnostic } from '../lib/opengdd/diagnostics.ts';
import { firstDifference } from '../lib/opengdd/identity.ts';
import { defineMember, hasOwn, isAnnotation, isObject, own, stripAnnotations, type Json, type JsonObject } from '../lib/opengdd/json.ts';
import { DEFINITION_FIELDS } from '../lib/opengdd/types.ts';
import { diag, parseJson, readText, sha256Digest } from '../lib/node/catalog/read.ts';
import { writeFileAtomic } from '../lib/node/catalog/write.ts';
import { detectFormat, insertMember, removeMember, replaceMember, serializeValue, topMembers, type JsonFormat } from './json-text.ts';

/** One member a sync rewrites. */
export interface SyncChange {
  /** The member's pointer (`/pack`, `/questions`). */
  pointer: string;
  /** What happens to it, in words. */
  what: string;
}

/** One file whose text a sync changes. */
export interface SyncFile {
  /** Catalog-relative path. */
  rel: string;
  abs: string;
  before: string;
  after: string;
  changes: SyncChange[];
}

/** Everything a sync would do, and what it could not look at. */
export interface SyncPlan {
  files: SyncFile[];
  /** Files that are already in agreement. */
  unchanged: number;
  /** Files left alone because they cannot be read or are not what sync expects. */
  problems: Diagnostic[];
}

const VERSION_DIR = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)$/;

/** Works out what a sync of the catalog folder `root` changes; writes nothing. */
export async function planSync(root: string): Promise<SyncPlan> {
  const plan: SyncPlan = { files: [], unchanged: 0, problems: [] };
  for (const name of await names(join(root, 'catalog'))) {
    const m = VERSION_DIR.exec(name);
    if (!m || !(await isFolder(join(root, 'catalog', name)))) continue;
    await planFolder(root, name, m[1]!, Number(m[2]), plan);
  }
  plan.problems = plan.problems.map((d) => ({ ...d, message: oneLine(d.message) }));
  return plan;
}

/** Writes every changed file of a plan (each atomically). */
export async function applySync(plan: SyncPlan): Promise<void> {
  for (const file of plan.files) await writeFileAtomic(file.abs, file.after);
}

async function planFolder(root: string, id: string, contract: string, version: number, plan: SyncPlan): Promise<void> {
  const defRel = `catalog/${id}/definition.json`;
  const def = await readObject(root, defRel, plan);
  if (!def) return;
  if (def.doc.contract !== contract || def.doc.version !== version) {
    plan.problems.push(diag('CATALOG_LAYOUT', defRel, '', `The definition says ${String(def.doc.contract)}-${String(def.doc.version)}, but its folder is ${id}; sync leaves the folder alone until they agree.`));
    return;
  }

  // The pack's digest, when the catalog has the pack (§10.8 rule 1: no pack, nothing to name).
  const packRel = `packs/${id}.pack.json`;
  let digest: string | undefined;
  if (await exists(join(root, packRel))) {
    const before = plan.problems.length;
    const pack = await readText(join(root, packRel), packRel, plan.problems, root);
    if (pack) digest = sha256Digest(pack.bytes);
    else plan.problems.splice(before, plan.problems.length - before, ...plan.problems.slice(before).map(leftAlone('the pack digests of this folder')));
  }

  let defText = def.text;
  const defChanges: SyncChange[] = [];
  const named = own(def.doc, 'pack');
  if (digest !== undefined && named !== digest) {
    const format = detectFormat(defText);
    const value = serializeValue(digest, format);
    defText = hasOwn(def.doc, 'pack') ? replaceMember(defText, 'pack', value) : insertMember(defText, 'pack', value, format, previousField(def.doc, 'pack'));
    defChanges.push({ pointer: '/pack', what: named === undefined ? `set to ${digest}` : `${String(named)} → ${digest}` });
  }
  const definition = JSON.parse(defText) as JsonObject;
  record(plan, { rel: defRel, abs: join(root, defRel), before: def.text, after: defText, changes: defChanges });

  const adoptionsRel = `catalog/${id}/adoptions`;
  for (const name of await names(join(root, adoptionsRel))) {
    if (name.startsWith('.') || !name.endsWith('.json') || name.endsWith('.pack.json')) continue;
    const rel = `${adoptionsRel}/${name}`;
    const adoption = await readObject(root, rel, plan);
    if (!adoption) continue;
    if (adoption.doc.contract !== contract || adoption.doc.version !== version) {
      plan.problems.push(diag('CATALOG_LAYOUT', rel, '', `The adoption says ${String(adoption.doc.contract)}-${String(adoption.doc.version)}, but it sits in catalog/${id}/; sync leaves it alone.`));
      continue;
    }
    const synced = syncAdoption(adoption.text, adoption.doc, defText, definition);
    // The edit is checked before it can be written: the copy must now be the definition.
    const after = JSON.parse(synced.text) as unknown;
    if (firstDifference(definition, after) !== undefined) {
      plan.problems.push(diag('CATALOG_LAYOUT', rel, firstDifference(definition, after)!, 'sync could not make this copy equal to definition.json; the file is left alone.'));
      continue;
    }
    record(plan, { rel, abs: join(root, rel), before: adoption.text, after: synced.text, changes: synced.changes });
  }
}

/**
 * The adoption text with its definition part replaced member by member. A member that already
 * equals the definition's (annotations aside) is kept as written; one that differs takes the
 * definition's text (its annotations, when it has any, carried over into the new value).
 */
export function syncAdoption(text: string, doc: JsonObject, defText: string, definition: JsonObject): { text: string; changes: SyncChange[] } {
  const format = detectFormat(text);
  const defFormat = detectFormat(defText);
  const changes: SyncChange[] = [];
  let current = doc;
  for (const field of DEFINITION_FIELDS) {
    const inDefinition = hasOwn(definition, field);
    const inAdoption = hasOwn(current, field);
    if (inDefinition && inAdoption && sameIdentity(definition[field]!, current[field]!)) continue;
    if (inDefinition) {
      const value = hasAnnotations(current[field])
        ? serializeValue(mergeAnnotations(definition[field]!, current[field]!), format)
        : copiedText(defText, field, definition[field]!, defFormat, format);
      if (inAdoption) {
        const at = firstDifference({ [field]: definition[field]! }, { [field]: current[field]! }) ?? `/${field}`;
        const what =
          field === 'pack' ? `${String(current[field])} → ${String(definition[field])}` : `copied from definition.json (it differed at ${at})`;
        text = replaceMember(text, field, value);
        changes.push({ pointer: `/${field}`, what });
      } else {
        text = insertMember(text, field, value, format, previousField(current, field));
        changes.push({ pointer: `/${field}`, what: field === 'pack' ? `set to ${String(definition[field])}` : 'added from definition.json' });
      }
    } else if (inAdoption) {
      text = removeMember(text, field);
      changes.push({ pointer: `/${field}`, what: 'removed (definition.json has none)' });
    }
    current = JSON.parse(text) as JsonObject;
  }
  return { text, changes };
}

/** The definition's member as written in definition.json, re-indented only when the files differ. */
function copiedText(defText: string, field: string, value: Json, from: JsonFormat, to: JsonFormat): string {
  const member = topMembers(defText)!.members.find((m) => m.key === field)!;
  if (from.indent !== to.indent) return serializeValue(value, to);
  return defText.slice(member.valueStart, member.valueEnd).replace(/\r?\n/g, to.newline);
}

/** The definition field just before `field` (§10.2 order) that `doc` holds: where to insert it. */
function previousField(doc: JsonObject, field: string): string | undefined {
  const before = DEFINITION_FIELDS.slice(0, DEFINITION_FIELDS.indexOf(field as (typeof DEFINITION_FIELDS)[number]));
  const present = before.filter((f) => hasOwn(doc, f));
  if (present.length > 0) {
    // The one of them written last in the file, so the new member follows the whole group.
    const order = Object.keys(doc);
    return present.reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a));
  }
  return undefined;
}

/** Equal under §10.11: annotations aside, member order counting. */
function sameIdentity(a: Json, b: Json): boolean {
  return JSON.stringify(stripAnnotations(a)) === JSON.stringify(stripAnnotations(b));
}

function hasAnnotations(value: Json | undefined): boolean {
  if (Array.isArray(value)) return value.some(hasAnnotations);
  if (isObject(value)) return Object.keys(value).some((k) => isAnnotation(k) || hasAnnotations(value[k]));
  return false;
}

/** The definition's value with the adoption's annotations kept where their objects still exist. */
function mergeAnnotations(definition: Json, adoption: Json): Json {
  if (isObject(definition) && isObject(adoption)) {
    const out: JsonObject = {};
    for (const k of Object.keys(definition)) defineMember(out, k, hasOwn(adoption, k) ? mergeAnnotations(definition[k]!, adoption[k]!) : definition[k]!);
    for (const k of Object.keys(adoption)) if (isAnnotation(k) && !hasOwn(definition, k)) defineMember(out, k, adoption[k]!);
    return out;
  }
  if (Array.isArray(definition) && Array.isArray(adoption)) return definition.map((v, i) => (i < adoption.length ? mergeAnnotations(v, adoption[i]!) : v));
  return definition;
}

function record(plan: SyncPlan, file: SyncFile): void {
  if (file.after === file.before) plan.unchanged++;
  else plan.files.push(file);
}

/** Reads a JSON object file; a problem (unreadable, not JSON, a key written twice, not an object) leaves it alone. */
async function readObject(root: string, rel: string, plan: SyncPlan): Promise<{ text: string; doc: JsonObject } | undefined> {
  const found: Diagnostic[] = [];
  const file = await readText(join(root, rel), rel, found, root);
  const parsed = file && parseJson(file.text, rel, 'CONTRACT_INSTANCE_JSON', found);
  if (parsed && !isObject(parsed.value)) found.push(diag('CONTRACT_ENVELOPE_TYPE', rel, '', 'The file is not a JSON object.'));
  const errors = found.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !file || !parsed) {
    plan.problems.push(...errors.map(leftAlone('it')));
    return undefined;
  }
  return { text: file.text, doc: parsed.value as JsonObject };
}

function leftAlone(what: string): (d: Diagnostic) => Diagnostic {
  return (d) => ({ ...d, message: `${d.message.replace(/\.$/, '')}; sync leaves ${what} alone.` });
}

async function names(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}
