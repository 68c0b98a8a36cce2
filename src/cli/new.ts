/**
 * `opengdd-catalog new`: the files a maintainer starts a contract or an adoption from. A contract
 * is a folder `catalog/<contract>-<version>/` with a minimal definition that `check` accepts, an
 * about.mdx and an empty `adoptions/`, plus an empty pack whose digest the definition names; an
 * adoption is the engine's skeleton (the definition part, empty answers, values and rows).
 * Nothing is ever overwritten.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatDiagnostic, type Diagnostic } from '../lib/opengdd/diagnostics.ts';
import { defineMember, isObject, own, type JsonObject } from '../lib/opengdd/json.ts';
import { adoptionSkeleton } from '../lib/opengdd/skeleton.ts';
import { closestName } from '../lib/opengdd/suggest.ts';
import { adoptionNameProblem, definitionNameProblem } from '../lib/node/catalog/names.ts';
import { parseJson, readText, sha256Digest } from '../lib/node/catalog/read.ts';
import { writeFileAtomic } from '../lib/node/catalog/write.ts';
import { DEFINITION_FIELDS } from '../lib/opengdd/types.ts';
import { detectFormat, serializeValue } from './json-text.ts';
import { syncAdoption } from './sync.ts';
import { Refusal, UsageError } from './usage.ts';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A definition identity as typed on the command line. */
export interface DefinitionId {
  contract: string;
  version: number;
  /** `<contract>-<version>`, the folder name. */
  id: string;
}

/** Parses `<contract>-<version>`: a kebab-case contract id, then a positive integer version. */
export function parseDefinitionId(arg: string): DefinitionId {
  const m = /^(.*)-([^-]*)$/.exec(arg);
  if (!m || !/^\d+$/.test(m[2]!)) {
    throw new UsageError(`"${arg}" is not <contract>-<version>: it needs a version after the last hyphen, e.g. ${KEBAB.test(arg) ? arg : 'spawn-wave'}-1`, 'new');
  }
  const [, contract, digits] = m as unknown as [string, string, string];
  if (!KEBAB.test(contract)) throw new UsageError(`the contract id "${contract}" is not kebab-case (lowercase letters and digits, joined by single hyphens)`, 'new');
  if (!/^[1-9]\d*$/.test(digits) || !Number.isSafeInteger(Number(digits))) {
    throw new UsageError(`the version "${digits}" is not a positive integer without leading zeros (1, 2, …)`, 'new');
  }
  const id = `${contract}-${Number(digits)}`;
  // check would refuse the folder it makes: say so before making it.
  const overlong = definitionNameProblem(id);
  if (overlong) throw new UsageError(`catalog/${id.slice(0, 40)}…: ${lowerFirst(overlong.message)}`, 'new');
  return { contract, version: Number(digits), id };
}

/** Checks an adoption id: kebab-case, no dot (§10.1 rule 6). */
export function checkAdoptionId(id: string): void {
  if (!KEBAB.test(id)) throw new UsageError(`the adoption id "${id}" is not kebab-case (lowercase letters and digits, joined by single hyphens; no dot)`, 'new');
  const overlong = adoptionNameProblem(id, `${id.slice(0, 40)}….json`);
  if (overlong) throw new UsageError(lowerFirst(overlong.message), 'new');
}

/** What `new` made: catalog-relative paths, and a line on what to do next. */
export interface Made {
  created: string[];
  notes: string[];
}

/** Makes a contract folder and its empty pack. */
export async function newContract(root: string, def: DefinitionId, group: string | undefined): Promise<Made> {
  const groups = await groupIds(root);
  const notes: string[] = [];
  if (group === undefined) {
    if (groups.length === 0) throw new Refusal('catalog/groups.json declares no group to shelve the contract in.');
    group = groups[0]!;
    notes.push(`Shelved in group "${group}", the first of catalog/groups.json (--group <id> chooses another).`);
  } else if (!groups.includes(group)) {
    const near = closestName(group, groups);
    throw new UsageError(`unknown group "${group}"${near ? ` (did you mean \`${near}\`?)` : ''}; the groups of catalog/groups.json are ${groups.join(', ')}`, 'new');
  }

  const folder = `catalog/${def.id}`;
  const packRel = `packs/${def.id}.pack.json`;
  for (const rel of [folder, packRel]) {
    if (await exists(join(root, rel))) throw new Refusal(`${rel} exists; new never overwrites.`);
  }

  const pack = JSON.stringify({ contract: def.contract, version: def.version, templates: [] }, null, 2) + '\n';
  const title = def.contract.charAt(0).toUpperCase() + def.contract.slice(1).replace(/-/g, ' ');
  const definition: JsonObject = {};
  defineMember(definition, 'contract', def.contract);
  defineMember(definition, 'version', def.version);
  defineMember(definition, 'origin', await originFor(root, def.id));
  defineMember(definition, 'summary', `${title}: say in a sentence or two what this contract settles.`);
  defineMember(definition, 'mechanism', ['Say what the builder implements: the obligation every adoption shares.']);
  defineMember(definition, 'questions', {});
  defineMember(definition, 'declares', {});
  defineMember(definition, 'pack', sha256Digest(new TextEncoder().encode(pack)));
  const about = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `group: ${JSON.stringify(group)}`,
    'benefit: "Say in one sentence what adopting this contract settles for a game."',
    'aliases: []',
    '---',
    '',
    '## When to use it',
    '',
    'Say which mechanisms this contract describes, and when a designer should adopt it.',
    '',
  ].join('\n');

  await mkdir(join(root, folder, 'adoptions'), { recursive: true });
  await mkdir(join(root, 'packs'), { recursive: true });
  const files: [string, string][] = [
    [packRel, pack],
    [`${folder}/definition.json`, JSON.stringify(definition, null, 2) + '\n'],
    [`${folder}/about.mdx`, about],
  ];
  for (const [rel, text] of files) await writeFileAtomic(join(root, rel), text, { exclusive: true });
  notes.push(
    `Next: write the questions, values, rules and row sets into ${folder}/definition.json and the templates into ${packRel}, then run sync and check.`,
  );
  return { created: [...files.map(([rel]) => rel), `${folder}/adoptions/`], notes };
}

/** Makes an adoption skeleton of an existing definition. */
export async function newAdoption(root: string, def: DefinitionId, adoption: string): Promise<Made> {
  checkAdoptionId(adoption);
  const defRel = `catalog/${def.id}/definition.json`;
  if (!(await exists(join(root, defRel)))) {
    throw new Refusal(`${defRel} does not exist; make the contract first (opengdd-catalog new ${def.id}).`);
  }
  const found: Diagnostic[] = [];
  const file = await readText(join(root, defRel), defRel, found, root);
  const parsed = file && parseJson(file.text, defRel, 'CONTRACT_INSTANCE_JSON', found);
  if (!file || !parsed || !isObject(parsed.value)) {
    throw new Refusal(found.length ? found.map(formatDiagnostic).join('\n') : `${defRel} is not a JSON object.`);
  }
  const rel = `catalog/${def.id}/adoptions/${adoption}.json`;
  if (await exists(join(root, rel))) throw new Refusal(`${rel} exists; new never overwrites.`);
  // The engine's skeleton gives the designer part; the definition part is then copied member by
  // member as definition.json writes it (as sync copies it), so the two files read alike.
  const skeleton = adoptionSkeleton(parsed.value);
  const designer: JsonObject = {};
  for (const key of Object.keys(skeleton)) if (!(DEFINITION_FIELDS as readonly string[]).includes(key)) defineMember(designer, key, skeleton[key]!);
  const format = detectFormat(file.text);
  const start = serializeValue(designer, { ...format, indent: format.indent || '  ' }, 0) + format.newline;
  const text = syncAdoption(start, designer, file.text, parsed.value).text;
  await mkdir(join(root, `catalog/${def.id}/adoptions`), { recursive: true });
  await writeFileAtomic(join(root, rel), text, { exclusive: true });
  return { created: [rel], notes: [`Next: fill in answers, values${text.includes('"rows"') ? ' and rows' : ''} in ${rel}, then run check.`] };
}

/** The group ids of catalog/groups.json, in catalog order. */
async function groupIds(root: string): Promise<string[]> {
  const rel = 'catalog/groups.json';
  const found: Diagnostic[] = [];
  const file = await readText(join(root, rel), rel, found, root);
  const parsed = file && parseJson(file.text, rel, 'CATALOG_GROUPS', found);
  if (!parsed || !Array.isArray(parsed.value)) {
    throw new Refusal(`new reads the groups from ${rel}, which ${found.length ? `has a problem: ${found.map(formatDiagnostic).join('; ')}` : 'is not a JSON array'}`);
  }
  return parsed.value.map((g) => own(g, 'id')).filter((id): id is string => typeof id === 'string');
}

/**
 * Where the new definition will be published: the address the catalog's other definitions use,
 * with this one's id (their `origin` ends with their own folder name), else the site's.
 */
async function originFor(root: string, id: string): Promise<string> {
  const folders = (await readdir(join(root, 'catalog')).catch(() => [] as string[])).sort();
  for (const folder of folders) {
    const found: Diagnostic[] = [];
    const file = await readText(join(root, 'catalog', folder, 'definition.json'), folder, found, root).catch(() => undefined);
    const origin = file && own(parseJson(file.text, folder, 'CONTRACT_INSTANCE_JSON', found)?.value, 'origin');
    if (typeof origin !== 'string') continue;
    const m = new RegExp(`/${folder}(/?)$`).exec(origin);
    if (m) return origin.slice(0, m.index + 1) + id + m[1];
  }
  const site = (process.env.SITE_URL?.trim() || 'https://opengdd.org').replace(/\/+$/, '');
  return `${site}/contracts/${id}`;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
