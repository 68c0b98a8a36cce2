/**
 * `opengdd-catalog sync [--check]` on temporary copies of the embedded catalog: it copies each
 * definition.json into its adoptions and sets every pack digest from the pack's bytes, touching only
 * the members that differ (layout, key order, annotations and the designer part stay); `--check`
 * writes nothing and exits 1 when something would change; an unchanged file is never rewritten.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { parseFindings, runCli } from '../helpers/cli.ts';
import { repoRoot, treeDigest } from '../helpers/paths.ts';
import { copyCatalog, remove } from '../helpers/site.ts';

const SPAWN = 'catalog/spawn-wave-1';
const DEF = `${SPAWN}/definition.json`;
const PACK = 'packs/spawn-wave-1.pack.json';
const CASTLE = `${SPAWN}/adoptions/castle-siege.json`;
const ARENA = `${SPAWN}/adoptions/arena-trials.json`;
const HORDE = `${SPAWN}/adoptions/graveyard-horde.json`;
const DESIGNER = ['answers', 'values', 'rows', 'verification'];

type Doc = Record<string, any>;
const temps: string[] = [];
afterAll(() => temps.forEach(remove));

let root: string;
beforeEach(() => {
  root = copyCatalog(repoRoot);
  temps.push(root);
});

const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
const readDoc = (rel: string) => JSON.parse(read(rel)) as Doc;
const write = (rel: string, text: string) => writeFileSync(path.join(root, rel), text);
const packDigest = () => 'sha256:' + createHash('sha256').update(readFileSync(path.join(root, PACK))).digest('hex');
const pick = (doc: Doc, keys: string[]) => Object.fromEntries(keys.filter((k) => k in doc).map((k) => [k, doc[k]]));

async function check() {
  const run = await runCli(['check', '--catalog', root]);
  return { ...run, errors: parseFindings(run.out).filter((f) => f.severity === 'error') };
}

describe('sync', () => {
  it('on a catalog in agreement: nothing to change, exit 0, --check exit 0, not a byte written', async () => {
    const before = treeDigest(root);
    const mtime = statSync(path.join(root, CASTLE)).mtimeMs;
    const dry = await runCli(['sync', '--check', '--catalog', root]);
    expect(dry.status).toBe(0);
    expect(dry.out).toMatch(/nothing to change/);
    const run = await runCli(['sync', '--catalog', root]);
    expect(run.status).toBe(0);
    expect(run.err).toBe('');
    expect(treeDigest(root)).toBe(before);
    expect(statSync(path.join(root, CASTLE)).mtimeMs).toBe(mtime);
  });

  it('a changed pack and an edited definition: --check shows the difference and writes nothing; sync makes check pass', async () => {
    appendFileSync(path.join(root, PACK), '\n');
    const def = readDoc(DEF);
    def.questions.advance.asks = 'What starts each later wave?';
    write(DEF, JSON.stringify(def, null, 2) + '\n');
    const broken = await check();
    expect(broken.status).toBe(1);
    expect(new Set(broken.errors.map((f) => f.code))).toEqual(new Set(['CONTRACT_PACK_HASH', 'CONTRACT_DEFINITION_DIVERGENT']));

    const before = treeDigest(root);
    const dry = await runCli(['sync', '--check', '--catalog', root]);
    expect(dry.status).toBe(1);
    expect(treeDigest(root), 'sync --check must not write').toBe(before);
    const digest = packDigest();
    expect(dry.out).toContain(`${DEF}#/pack `);
    expect(dry.out).toContain(`${CASTLE}#/questions copied from definition.json (it differed at /questions/advance/asks)`);
    expect(dry.out).toContain(`${CASTLE}#/pack `);
    // The difference itself, as removed and added lines.
    expect(dry.out).toMatch(/^ {2}-\s+"asks": "What starts each wave after the first\?",$/m);
    expect(dry.out).toMatch(/^ {2}\+\s+"asks": "What starts each later wave\?",$/m);
    expect(dry.out).toContain(`+  "pack": "${digest}"`);
    expect(dry.out).toMatch(/4 files would change/);

    const designers = [CASTLE, ARENA, HORDE].map((rel) => pick(readDoc(rel), DESIGNER));
    const run = await runCli(['sync', '--catalog', root]);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/4 files written/);
    expect(readDoc(DEF).pack).toBe(digest);
    [CASTLE, ARENA, HORDE].forEach((rel, i) => {
      const doc = readDoc(rel);
      expect(doc.pack).toBe(digest);
      expect(doc.questions.advance.asks).toBe('What starts each later wave?');
      expect(pick(doc, DESIGNER), `${rel}: the designer part stays`).toEqual(designers[i]);
    });
    const fixed = await check();
    expect(fixed.errors, fixed.out).toEqual([]);
    expect(fixed.status).toBe(0);

    const again = await runCli(['sync', '--check', '--catalog', root]);
    expect(again.status).toBe(0);
    expect(again.out).toMatch(/nothing to change/);
  });

  it('keeps each file as written: indentation, line endings, final newline, key order and annotations', async () => {
    // An adoption written by another tool: four spaces, CRLF, no final newline, the designer part
    // first, annotations at the top and inside a definition member that is about to change.
    const doc = readDoc(CASTLE);
    const { answers, values, rows, verification, ...definitionPart } = doc;
    definitionPart.questions.advance._why = 'kept by sync';
    const reordered = { _owner: 'level design', answers, values, rows, verification, ...definitionPart };
    const text = JSON.stringify(reordered, null, 4).replace(/\n/g, '\r\n');
    write(CASTLE, text);
    const def = readDoc(DEF);
    def.questions.advance.asks = 'What starts each later wave?';
    def.summary = 'A shorter summary.';
    write(DEF, JSON.stringify(def, null, 2) + '\n');

    const run = await runCli(['sync', '--catalog', root]);
    expect(run.status).toBe(0);
    const after = read(CASTLE);
    expect(after.endsWith('}')).toBe(true);
    expect(after.split('\r\n').length).toBe(after.split('\n').length);
    expect(after).toMatch(/\r\n {4}"answers": \{/);
    const synced = JSON.parse(after) as Doc;
    expect(Object.keys(synced)).toEqual(Object.keys(reordered));
    expect(synced._owner).toBe('level design');
    expect(synced.questions.advance._why).toBe('kept by sync');
    expect(synced.questions.advance.asks).toBe('What starts each later wave?');
    expect(synced.summary).toBe('A shorter summary.');
    // The designer part is byte for byte what it was: everything before the first definition member.
    const head = text.slice(0, text.indexOf('"contract"'));
    expect(after.startsWith(head)).toBe(true);
    expect((await check()).errors).toEqual([]);
  });

  it('adds a pack digest the definition lacks (after rules) and removes a member the definition dropped', async () => {
    const def = readDoc(DEF);
    delete def.pack;
    delete def.rules;
    write(DEF, JSON.stringify(def, null, 2) + '\n');
    const run = await runCli(['sync', '--catalog', root]);
    expect(run.status).toBe(0);
    expect(run.out).toContain(`${DEF}#/pack set to ${packDigest()}`);
    expect(run.out).toContain(`${CASTLE}#/rules removed (definition.json has none)`);
    const synced = readDoc(DEF);
    expect(Object.keys(synced).slice(-2)).toEqual(['declares', 'pack']);
    expect('rules' in readDoc(CASTLE)).toBe(false);
    expect((await check()).errors).toEqual([]);
  });

  it('a file it cannot read is named on stderr and left alone, the rest is synced, exit 1', async () => {
    appendFileSync(path.join(root, PACK), ' ');
    write(ARENA, '{ "contract": ');
    const run = await runCli(['sync', '--catalog', root]);
    expect(run.status).toBe(1);
    expect(parseFindings(run.err)).toContainEqual(expect.objectContaining({ file: ARENA, code: 'CONTRACT_INSTANCE_JSON' }));
    expect(read(ARENA)).toBe('{ "contract": ');
    expect(readDoc(CASTLE).pack).toBe(packDigest());
  });

  it('a file with a key written twice is left alone (which copy would count is unclear), exit 1', async () => {
    appendFileSync(path.join(root, PACK), ' ');
    const text = read(ARENA).replace('"answers": {', '"answers": {},\n  "answers": {');
    write(ARENA, text);
    const run = await runCli(['sync', '--catalog', root]);
    expect(run.status).toBe(1);
    expect(parseFindings(run.err)).toContainEqual(expect.objectContaining({ file: ARENA, pointer: '/answers' }));
    expect(read(ARENA)).toBe(text);
    expect(readDoc(CASTLE).pack).toBe(packDigest());
  });

  it('writes through a temporary file: none is left beside the files it wrote', async () => {
    appendFileSync(path.join(root, PACK), ' ');
    expect((await runCli(['sync', '--catalog', root])).status).toBe(0);
    for (const dir of [SPAWN, `${SPAWN}/adoptions`]) {
      expect(readdirSync(path.join(root, dir)).filter((n) => n.startsWith('.'))).toEqual([]);
    }
  });

  it('usage errors exit 2', async () => {
    expect((await runCli(['sync', '--frobnicate', '--catalog', root])).status).toBe(2);
    expect((await runCli(['sync', '--catalog'])).status).toBe(2);
  });
});
