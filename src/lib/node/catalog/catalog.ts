/**
 * Reads and verifies a whole catalog folder (the layout in README.md): groups, definitions with
 * their about.mdx frontmatter, packs and adoptions. Reads only; never writes into the folder.
 */
import { createHash } from 'node:crypto';
import { lstatSync, type Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import yaml from 'js-yaml';
import { analyzeAdoption, type AdoptionReport } from '../../opengdd/analyze.ts';
import { hasErrors, readableDiagnostics, type Diagnostic } from '../../opengdd/diagnostics.ts';
import { firstDifference } from '../../opengdd/identity.ts';
import { isObject, own } from '../../opengdd/json.ts';
import { checkAboutShape, checkDefinitionShape, checkGroupsShape, checkPackShape, soundPack } from '../../opengdd/shape.ts';
import type { Adoption, Definition, Pack } from '../../opengdd/types.ts';
import { validateDefinition } from '../../opengdd/validate/definition.ts';
import { validatePack } from '../../opengdd/validate/pack.ts';
import { DiagnosticSink } from '../../opengdd/diagnostics.ts';
import { imageProblems } from './about-images.ts';
import { missingPackProblem, strayEntries } from './layout.ts';
import { adoptionNameProblem, definitionNameProblem, versionProblem } from './names.ts';
import { readProse } from './about-prose.ts';
import { placeFindings, type PlacedText } from './finding-places.ts';
import { diag, isInside, parseJson, readText, readTexts, sha256Digest, type ReadOutcome } from './read.ts';

/** One shelf of `groups.json`. */
export interface CatalogGroup {
  id: string;
  title: string;
  description: string;
}

/** The frontmatter and prose of an `about.mdx`. */
export interface CatalogAbout {
  title: string;
  group: string;
  aliases: string[];
  benefit: string;
  /** The MDX source after the frontmatter. */
  body: string;
  /** Relative addresses of the images the prose shows from beside the file. */
  images: string[];
  /** Absolute path of the file. */
  file: string;
}

/** A pack as read from `packs/`. */
export interface CatalogPack {
  file: string;
  raw: string;
  document: Pack;
  digest: string;
}

/** One adoption file with its full report. */
export interface CatalogAdoption {
  id: string;
  file: string;
  raw: string;
  document: Adoption;
  report: AdoptionReport;
}

/**
 * One definition version (`<contract>-<version>`), with what the load kept of each adoption (the
 * whole {@link CatalogAdoption} unless {@link LoadOptions.keep} says otherwise).
 */
export interface CatalogDefinition<A extends { id: string } = CatalogAdoption> {
  id: string;
  contract: string;
  version: number;
  definition: Definition;
  /** Exact text of definition.json. */
  raw: string;
  /** Absolute path of definition.json. */
  file: string;
  about: CatalogAbout;
  pack?: CatalogPack;
  status: 'checked' | 'promised';
  adoptions: A[];
}

/** A whole catalog. */
export interface CatalogModel<A extends { id: string } = CatalogAdoption> {
  root: string;
  groups: CatalogGroup[];
  definitions: CatalogDefinition<A>[];
}

const VERSION_DIR = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)$/;
const PACK_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d+)\.pack\.json$/;

/** Options of {@link loadCatalog}. */
export interface LoadOptions<A extends { id: string } = CatalogAdoption> {
  /**
   * What the model keeps of each adoption once it is checked; the whole adoption (text, document,
   * report) by default. The site's build keeps a summary: held until the last file is read, every
   * adoption's report and document came to about 36 KB each, over a gigabyte for 30,000 adoptions.
   */
  keep?: (adoption: CatalogAdoption) => A;
  /**
   * Checks of adoption files remembered from an earlier load (see {@link AdoptionRecall}): a file
   * whose key was seen is neither parsed nor checked again. The site's build keeps them between
   * builds (`incremental/check-memo.ts`).
   */
  recall?: AdoptionRecall<A>;
}

/**
 * What a load made of an adoption file before: every finding about it after its reading (placed),
 * and what `keep` made of it. The key ({@link adoptionKey}) holds everything the check reads; the
 * recall answers only for the same code (its own concern, see `check-memo.ts`).
 */
export interface AdoptionRecall<A> {
  get(key: string): Recalled<A> | undefined;
  set(key: string, findings: Diagnostic[], kept: A): void;
  /**
   * Checks remembered by what the file system says of the file ({@link identityKey}: device,
   * inode, size, modification and change times) instead of its text, so that an unchanged file is
   * not even read: the dev server re-checks the whole folder after every change, and reading
   * 7,500 adoption files took most of a second. Only for a regular file in a folder inside the
   * catalog (then the file is inside too, as a link could not be).
   */
  identity?: {
    get(key: string): Recalled<A> | undefined;
    /** `mtimeMs` lets the recall refuse a file changed too recently for its time to tell (see `recallBetween`). */
    set(key: string, recalled: Recalled<A>, mtimeMs: number): void;
  };
}

/** What a recall answers with for one file. */
export interface Recalled<A> {
  findings: Diagnostic[];
  kept: A;
}

/**
 * A recall that answers from `before` and records in `next` every check this load used or made, so
 * that `next` holds the files of this load only (a file gone or changed is forgotten). With
 * `identities`, it also answers by a file's identity (see {@link AdoptionRecall.identity}), and
 * records the identity of a file only when it was last modified at least {@link SETTLED_MS} before
 * `identities.startedAt` (when the load began): a file written again within its file system's
 * time resolution, at the same size, would otherwise look unchanged (git calls such entries racy).
 */
export function recallBetween<A>(
  before: ReadonlyMap<string, Recalled<A>>,
  next: Map<string, Recalled<A>>,
  identities?: { before: ReadonlyMap<string, Recalled<A>>; next: Map<string, Recalled<A>>; startedAt: number },
): AdoptionRecall<A> {
  // What is asked for is kept for the next load, whether it was found in this one or made.
  const carried = (from: ReadonlyMap<string, Recalled<A>>, to: Map<string, Recalled<A>>) => (key: string) => {
    const recalled = from.get(key);
    if (recalled) to.set(key, recalled);
    return recalled;
  };
  return {
    get: carried(before, next),
    set(key, findings, kept) {
      next.set(key, { findings, kept });
    },
    ...(identities && {
      identity: {
        get: carried(identities.before, identities.next),
        set(key: string, recalled: Recalled<A>, mtimeMs: number) {
          if (mtimeMs <= identities.startedAt - SETTLED_MS) identities.next.set(key, recalled);
        },
      },
    }),
  };
}

/**
 * How long before a load a file must have been last modified for its identity to be trusted:
 * beyond the coarsest modification-time resolution in use (two seconds, FAT), with room for the
 * clock of a network file system.
 */
export const SETTLED_MS = 3000;

/** What the file system says of a file, for {@link AdoptionRecall.identity}. */
interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** What both keys of an adoption file's check hold besides the file: its place, definition and pack. */
function checkContext(root: string, rel: string, definitionDigest: string, pack: RawPack | undefined): unknown[] {
  return [root, rel, definitionDigest, pack ? [pack.rel, pack.digest] : null];
}

/**
 * The identity key of an adoption file: the key's parts other than the text, and the file's
 * identity. Not digested: it only ever keys a map in this process, and the dev server makes one
 * for every adoption file after each change.
 */
function identityKey(root: string, rel: string, id: FileIdentity, definitionDigest: string, pack: RawPack | undefined): string {
  return JSON.stringify([...checkContext(root, rel, definitionDigest, pack), id.dev, id.ino, id.size, id.mtimeMs, id.ctimeMs]);
}

/**
 * The key of an adoption file's check: the catalog folder, the file's place and text, the digest
 * of its folder's definition.json and the pack it is checked against.
 */
function adoptionKey(root: string, rel: string, text: string, definitionDigest: string, pack: RawPack | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify(checkContext(root, rel, definitionDigest, pack)))
    .update('\0')
    .update(text)
    .digest('hex');
}

/**
 * Loads a catalog folder (holding `catalog/` and `packs/`). Every problem is a diagnostic; the model
 * holds what could be read. Diagnostics name files relative to `root`.
 */
export async function loadCatalog<A extends { id: string } = CatalogAdoption>(
  root: string,
  options: LoadOptions<A> = {},
): Promise<{ model: CatalogModel<A>; diagnostics: Diagnostic[] }> {
  const keep = options.keep ?? ((a: CatalogAdoption) => a as unknown as A);
  const recall = options.recall;
  const out: Diagnostic[] = [];
  /** The texts of the files findings may still point into once every check has run (not adoptions: see readAdoptions). */
  const texts = new Map<string, PlacedText>();
  const model: CatalogModel<A> = { root, groups: [], definitions: [] };
  const catalogDir = join(root, 'catalog');
  const entries = await listDir(catalogDir, 'catalog', out);
  if (!entries) return { model, diagnostics: out };

  const groupsBefore = out.length;
  model.groups = await readGroups(root, out, texts);
  const packs = await readPacks(root, out, texts);
  // When groups.json cannot be read as a list at all, every about.mdx would also be told that its
  // group is not declared: noise that buries the one real finding. The group check waits for it.
  const groupsUnreadable = model.groups.length === 0 && hasErrors(out.slice(groupsBefore).filter((d) => d.file === 'catalog/groups.json'));
  const groupIds = groupsUnreadable ? undefined : new Set(model.groups.map((g) => g.id));
  /** Definition folders that exist (well named), loaded or not. */
  const folders = new Set<string>();

  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'groups.json') continue;
    const rel = `catalog/${entry.name}`;
    if (!entry.folder) {
      out.push(diag('CATALOG_LAYOUT', rel, '', 'Only groups.json and one folder per definition (<contract>-<version>) belong in catalog/.'));
      continue;
    }
    const m = VERSION_DIR.exec(entry.name);
    if (!m) {
      out.push(diag('CATALOG_LAYOUT', rel, '', `The folder name "${entry.name}" is not <contract>-<version> (kebab-case, then a number).`));
      continue;
    }
    const overlong = definitionNameProblem(entry.name);
    if (overlong) out.push(overlong);
    folders.add(entry.name);
    const def = await readDefinitionFolder(root, entry.name, m[1]!, Number(m[2]), groupIds, packs, out, texts, keep, recall);
    if (def) model.definitions.push(def);
  }
  for (const [id, pack] of packs) {
    // In a catalog a pack belongs to its definition, not to adoptions: whoever publishes the
    // contract publishes its pack (§10.1), and the definition's page shows its templates before
    // any game adopts it. So a pack is an orphan only when the catalog has no definition folder
    // for it (README, "A catalog folder"). Judged from the folder, not from what loaded: a folder
    // that failed to load has its own finding, and calling the pack an orphan then would send the
    // reader the wrong way.
    if (!folders.has(id)) {
      out.push(diag('CONTRACT_PACK_ORPHAN', pack.rel, '', `The pack matches no definition: the catalog has no folder catalog/${id}/.`));
    }
  }
  placeFindings(out, texts);
  return { model, diagnostics: readableDiagnostics(out) };
}

/** An entry of a catalog folder; a symbolic link counts as what it leads to. */
interface Entry {
  name: string;
  file: boolean;
  folder: boolean;
  /** A symbolic link (then `file` and `folder` say what it leads to). */
  link: boolean;
}

/**
 * A folder's entries in name order. Links are followed here so that a catalog may share a file
 * between its folders; where one leads is checked when a file is read (`readText`'s `within`).
 */
async function listDir(dir: string, rel: string, out: Diagnostic[]): Promise<Entry[] | undefined> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    const listed = await Promise.all(
      entries.map(async (e) => {
        if (!e.isSymbolicLink()) return { name: e.name, file: e.isFile(), folder: e.isDirectory(), link: false };
        const target = await stat(join(dir, e.name)).catch(() => undefined);
        return { name: e.name, file: target?.isFile() ?? false, folder: target?.isDirectory() ?? false, link: true };
      }),
    );
    return listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    out.push(diag('CATALOG_LAYOUT', rel, '', `The folder ${rel}/ is missing or cannot be read.`));
    return undefined;
  }
}

async function readGroups(root: string, out: Diagnostic[], texts: Map<string, PlacedText>): Promise<CatalogGroup[]> {
  const rel = 'catalog/groups.json';
  const file = await readText(join(root, rel), rel, out, root);
  const parsed = file && parseJson(file.text, rel, 'CATALOG_GROUPS', out);
  if (!parsed) return [];
  texts.set(rel, { text: file.text, kind: 'json' });
  const problems = checkGroupsShape(parsed.value, rel);
  out.push(...problems);
  return problems.length === 0 ? (parsed.value as CatalogGroup[]) : Array.isArray(parsed.value) ? (parsed.value.filter(isObject) as unknown as CatalogGroup[]) : [];
}

interface RawPack extends CatalogPack {
  rel: string;
  contract: string;
  version: number;
}

async function readPacks(root: string, out: Diagnostic[], texts: Map<string, PlacedText>): Promise<Map<string, RawPack>> {
  const packs = new Map<string, RawPack>();
  const entries = await listDir(join(root, 'packs'), 'packs', []);
  for (const entry of entries ?? []) {
    if (entry.name.startsWith('.')) continue;
    const rel = `packs/${entry.name}`;
    const m = PACK_FILE.exec(entry.name);
    if (!entry.file || !m) {
      out.push(diag('CATALOG_LAYOUT', rel, '', 'Only <contract>-<version>.pack.json files belong in packs/.'));
      continue;
    }
    const id = `${m[1]}-${Number(m[2])}`;
    if (packs.has(id)) {
      out.push(diag('CONTRACT_PACK_SHAPE', rel, '', `A second pack for ${id}; a catalog holds one pack per definition.`));
      continue;
    }
    const file = await readText(join(root, rel), rel, out, root);
    const parsed = file && parseJson(file.text, rel, 'CONTRACT_PACK_SHAPE', out);
    if (!file || !parsed) continue;
    texts.set(rel, { text: file.text, kind: 'json' });
    const shape = checkPackShape(parsed.value, rel);
    out.push(...shape);
    if (!isObject(parsed.value)) continue;
    packs.set(id, {
      rel,
      file: join(root, rel),
      raw: file.text,
      // The stages after the shape check (the pack's checks against its definition, each
      // adoption's test generation) read only the templates whose shape held.
      document: soundPack(parsed.value, shape) as Pack,
      digest: sha256Digest(file.bytes),
      contract: m[1]!,
      version: Number(m[2]),
    });
  }
  return packs;
}

async function readDefinitionFolder<A extends { id: string }>(
  root: string,
  id: string,
  contract: string,
  version: number,
  groupIds: Set<string> | undefined,
  packs: Map<string, RawPack>,
  out: Diagnostic[],
  texts: Map<string, PlacedText>,
  keep: (adoption: CatalogAdoption) => A,
  recall: AdoptionRecall<A> | undefined,
): Promise<CatalogDefinition<A> | undefined> {
  const dir = `catalog/${id}`;
  const defRel = `${dir}/definition.json`;
  const file = await readText(join(root, defRel), defRel, out, root);
  const parsed = file && parseJson(file.text, defRel, 'CONTRACT_INSTANCE_JSON', out);
  if (parsed) texts.set(defRel, { text: file.text, kind: 'json' });
  const about = await readAbout(root, `${dir}/about.mdx`, groupIds, out, texts);
  out.push(...(await strayEntries(root, id, about?.images)));
  if (!file || !parsed || !about) return undefined;
  const shape = checkDefinitionShape(parsed.value, defRel);
  out.push(...shape);
  if (!isObject(parsed.value)) return undefined;
  const definition = parsed.value as unknown as Definition;
  const badVersion = versionProblem(definition, defRel);
  if (badVersion) out.push(badVersion);
  // A negative version can match no folder name: the mismatch would only repeat the finding above.
  if (definition.contract !== contract || (definition.version !== version && !badVersion)) {
    out.push(diag('CATALOG_LAYOUT', defRel, identityPointer(definition, contract), `The definition says ${String(definition.contract)}-${String(definition.version)}, but its folder is ${id}.`));
  }
  const sink = new DiagnosticSink(defRel);
  validateDefinition(definition, sink);
  out.push(...sink.items);

  const rawPack = packs.get(id);
  const pack: CatalogPack | undefined = rawPack && { file: rawPack.file, raw: rawPack.raw, document: rawPack.document, digest: rawPack.digest };
  if (rawPack) {
    out.push(...validatePack(rawPack.document as unknown as Record<string, unknown>, rawPack.rel, definition, { contract: rawPack.contract, version: rawPack.version }));
    const named = own(definition, 'pack');
    if (named !== rawPack.digest) {
      out.push(
        diag(
          'CONTRACT_PACK_HASH',
          defRel,
          named === undefined ? '' : '/pack',
          named === undefined
            ? `${rawPack.rel} is present, but the definition names no pack digest; add "pack": "${rawPack.digest}".`
            : `The definition names pack ${String(named)}, but ${rawPack.rel} has digest ${rawPack.digest}.`,
        ),
      );
    }
  }

  // Digested once for the folder, not once an adoption (a definition.json is often the larger file).
  const definitionDigest = recall ? sha256Digest(file.bytes) : '';
  const adoptions = await readAdoptions(root, dir, definition, definitionDigest, rawPack, out, keep, recall);
  const citedWithoutPack = rawPack ? undefined : missingPackProblem(definition, defRel, id, adoptions.length);
  if (citedWithoutPack) out.push(citedWithoutPack);
  const result: CatalogDefinition<A> = {
    id,
    contract,
    version,
    definition,
    raw: file.text,
    file: join(root, defRel),
    about,
    status: pack ? 'checked' : 'promised',
    adoptions,
  };
  if (pack) result.pack = pack;
  return result;
}

async function readAdoptions<A extends { id: string }>(
  root: string,
  dir: string,
  definition: Definition,
  definitionDigest: string,
  pack: RawPack | undefined,
  out: Diagnostic[],
  keep: (adoption: CatalogAdoption) => A,
  recall: AdoptionRecall<A> | undefined,
): Promise<A[]> {
  const adoptionsRel = `${dir}/adoptions`;
  const entries = await listDir(join(root, adoptionsRel), adoptionsRel, []);
  const adoptions: A[] = [];
  const named = (entries ?? [])
    .filter((entry) => !entry.name.startsWith('.'))
    .map((entry) => ({ entry, rel: `${adoptionsRel}/${entry.name}`, id: entry.name.slice(0, -'.json'.length) }));
  const isAdoptionFile = ({ entry }: (typeof named)[number]) => entry.file && entry.name.endsWith('.json') && !entry.name.endsWith('.pack.json');
  const isAdoptionId = ({ id }: (typeof named)[number]) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
  const candidates = named.filter((n) => isAdoptionFile(n) && isAdoptionId(n));
  // A regular file (not a link) of a folder inside the catalog lies inside too: it is read without
  // following its place again, and the recall may answer by its identity (then it is not read).
  const inside = candidates.length > 0 && (await isInside(join(root, adoptionsRel), root).catch(() => false));
  const identities = new Map<string, { key: string; mtimeMs: number }>();
  const recalledByIdentity = new Map<string, Recalled<A>>();
  if (recall?.identity && inside) {
    // One lstat after another on this thread: the dev server's re-check after every change makes
    // one per adoption file, and for the 7,500 files of the 100× catalog that took 12-20 ms here,
    // against 40-130 ms as promises handed to the thread pool (and their garbage after).
    for (const { entry, rel } of candidates) {
      if (entry.link) continue;
      let st: Stats | undefined;
      try {
        st = lstatSync(join(root, rel), { throwIfNoEntry: false });
      } catch {
        st = undefined;
      }
      if (!st?.isFile()) continue;
      const key = identityKey(root, rel, st, definitionDigest, pack);
      identities.set(rel, { key, mtimeMs: st.mtimeMs });
      const recalled = recall.identity.get(key);
      if (recalled) recalledByIdentity.set(rel, recalled);
    }
  }
  const texts = readTexts(
    candidates
      .filter(({ rel }) => !recalledByIdentity.has(rel))
      .map(({ entry, rel }) => ({ path: join(root, rel), display: rel, regular: inside && !entry.link })),
    root,
  );
  for (const one of named) {
    const { rel, id } = one;
    if (!isAdoptionFile(one)) {
      out.push(diag('CATALOG_LAYOUT', rel, '', 'Only adoption files (<adoption>.json) belong in adoptions/.'));
      continue;
    }
    if (!isAdoptionId(one)) {
      out.push(diag('CONTRACT_INSTANCE_FILENAME', rel, '', `The adoption id "${id}" (the file name without .json) is not kebab-case without dots.`));
      continue;
    }
    const overlong = adoptionNameProblem(id, rel);
    if (overlong) out.push(overlong);
    const identity = identities.get(rel);
    const byIdentity = recalledByIdentity.get(rel);
    if (byIdentity) {
      out.push(...byIdentity.findings);
      adoptions.push(byIdentity.kept);
      continue;
    }
    // One outcome per file listed for reading, in the same order as this loop reaches them.
    const { file, found } = (await texts.next()).value as ReadOutcome;
    out.push(...found);
    if (!file) continue;
    const key = recall && adoptionKey(root, rel, file.text, definitionDigest, pack);
    const recalled = key === undefined ? undefined : recall!.get(key);
    if (recalled) {
      out.push(...recalled.findings);
      adoptions.push(recalled.kept);
      if (identity) recall!.identity?.set(identity.key, recalled, identity.mtimeMs);
      continue;
    }
    const start = out.length;
    const parsed = parseJson(file.text, rel, 'CONTRACT_INSTANCE_JSON', out);
    if (!parsed) continue;
    const doc = parsed.value;
    // Every finding about this adoption comes in this turn of the loop, so it is placed at its end
    // and its text is not held for the whole load (30,000 adoptions in the largest catalogs).
    const first = out.length;
    // An adoption of another contract (or version) filed here is checked on its own, without this
    // folder's pack: run against a pack it does not belong to, every template would report errors
    // that name the pack, which is sound.
    const belongs = isObject(doc) && doc.contract === definition.contract && doc.version === definition.version;
    const input = { id, file: rel, document: doc, ...(pack && belongs ? { pack: { file: pack.rel, document: pack.document, digest: pack.digest } } : {}) };
    const report = analyzeAdoption(input);
    out.push(...report.diagnostics);
    const place = () => placeFindings(out, new Map([[rel, { text: file.text, kind: 'json' }]]), first);
    if (!isObject(doc)) {
      place();
      continue;
    }
    if (!belongs) {
      out.push(diag('CATALOG_LAYOUT', rel, identityPointer(doc, definition.contract), `The adoption says ${String(doc.contract)}-${String(doc.version)}, but it sits in ${dir}/.`));
    } else {
      const at = firstDifference(definition, doc);
      if (at !== undefined) {
        out.push(diag('CONTRACT_DEFINITION_DIVERGENT', rel, at, `The definition part differs from ${dir}/definition.json at ${at || 'the top level'}; an adoption copies the definition unchanged.`));
      }
    }
    place();
    const kept = keep({ id, file: join(root, rel), raw: file.text, document: doc as unknown as Adoption, report });
    const findings = out.slice(start);
    if (key !== undefined) recall!.set(key, findings, kept);
    if (identity) recall!.identity?.set(identity.key, { findings, kept }, identity.mtimeMs);
    adoptions.push(kept);
  }
  return adoptions.sort((a, b) => a.id.localeCompare(b.id));
}

async function readAbout(root: string, rel: string, groupIds: Set<string> | undefined, out: Diagnostic[], texts: Map<string, PlacedText>): Promise<CatalogAbout | undefined> {
  const file = await readText(join(root, rel), rel, out, root);
  if (!file) return undefined;
  texts.set(rel, { text: file.text, kind: 'frontmatter' });
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(file.text);
  if (!m) {
    out.push(diag('CATALOG_ABOUT', rel, '', 'The file does not start with a --- frontmatter block (title, group, benefit, aliases).'));
    return undefined;
  }
  let data: unknown;
  try {
    data = yaml.load(m[1]!, { schema: yaml.JSON_SCHEMA });
  } catch (e) {
    const mark = (e as { mark?: { line: number; column: number } }).mark;
    const where = mark ? ` at line ${mark.line + 2}, column ${mark.column + 1}` : '';
    out.push(diag('CATALOG_ABOUT', rel, '', `The frontmatter is not valid YAML${where}: ${(e as { reason?: string }).reason ?? 'syntax error'}.`));
    return undefined;
  }
  const prose = readProse(file.text);
  const images = await imageProblems(dirname(join(root, rel)), prose.localImages);
  for (const problem of [...prose.problems, ...images]) out.push(diag('CATALOG_ABOUT', rel, '', problem));
  const problems = checkAboutShape(data, rel);
  out.push(...problems);
  if (problems.length > 0 || !isObject(data)) return undefined;
  const about = data as unknown as Omit<CatalogAbout, 'body' | 'file'>;
  if (groupIds && !groupIds.has(about.group)) {
    out.push(diag('CATALOG_ABOUT', rel, '/group', `The group "${about.group}" is not declared in catalog/groups.json.`));
  }
  return { title: about.title, group: about.group, aliases: about.aliases ?? [], benefit: about.benefit, body: file.text.slice(m[0].length), images: prose.localImages.map((i) => i.url), file: join(root, rel) };
}

/** Where a document's identity disagrees with its folder: `/contract`, else `/version`. */
function identityPointer(doc: { contract?: unknown }, contract: string): string {
  return doc.contract === contract ? '/version' : '/contract';
}
