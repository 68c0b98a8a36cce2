/**
 * `opengdd-catalog check`: a clean catalog exits 0; a copy with one planted fault exits 1 and names
 * the code, the catalog-relative file and the JSON pointer; usage errors exit 2; the checked folder
 * is never written to.
 *
 * The base catalog is a small copy of the corpus (groups.json, container-1 and its pack) in a
 * temporary folder; the corpus itself is only read.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseFindings, runCli, type CliRun, type PrintedFinding } from '../helpers/cli.ts';
import { corpusDir, corpusPresent, repoRoot, treeDigest } from '../helpers/paths.ts';

const CV = 'container-1';
const DEF = `catalog/${CV}/definition.json`;
const adoptionFile = (id: string) => `catalog/${CV}/adoptions/${id}.json`;

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** Copies groups.json, one definition folder and its pack into a fresh temporary catalog. */
function copyCatalog(cv = CV): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'opengdd-check-'));
  temps.push(root);
  mkdirSync(path.join(root, 'catalog'), { recursive: true });
  mkdirSync(path.join(root, 'packs'), { recursive: true });
  cpSync(path.join(corpusDir, 'catalog', 'groups.json'), path.join(root, 'catalog', 'groups.json'));
  cpSync(path.join(corpusDir, 'catalog', cv), path.join(root, 'catalog', cv), { recursive: true });
  cpSync(path.join(corpusDir, 'packs', `${cv}.pack.json`), path.join(root, 'packs', `${cv}.pack.json`));
  return root;
}

type JsonObject = Record<string, unknown>;

/** Rewrites one JSON file of the copy through `edit`. */
function editJson(root: string, rel: string, edit: (doc: JsonObject) => void): void {
  const file = path.join(root, rel);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
  edit(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
}

/** Runs `check` and proves that the folder is byte-identical afterwards. */
async function check(root: string, ...extra: string[]): Promise<CliRun & { findings: PrintedFinding[] }> {
  const before = treeDigest(root);
  const run = await runCli(['check', '--catalog', root, ...extra]);
  expect(treeDigest(root), 'check must not write into the catalog folder').toBe(before);
  return { ...run, findings: parseFindings(run.out) };
}

function errorsOf(findings: PrintedFinding[]): PrintedFinding[] {
  return findings.filter((f) => f.severity === 'error');
}

describe.skipIf(!corpusPresent)(`check on copies of the corpus at ${corpusDir} (skipped when absent)`, () => {
  let root: string;
  beforeEach(() => {
    root = copyCatalog();
  });

  it('a clean copy exits 0 with no error and a summary line', async () => {
    const run = await check(root);
    expect(errorsOf(run.findings)).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.out).toContain('1 definitions, 3 adoptions, 1 packs');
    expect(run.out).toMatch(/0 errors/);
  });

  it('--json prints parseable JSON with a diagnostics array', async () => {
    const clean = await check(root, '--json');
    expect(clean.status).toBe(0);
    const doc = JSON.parse(clean.out) as { diagnostics: unknown[]; errors: number; adoptions: number };
    expect(Array.isArray(doc.diagnostics)).toBe(true);
    expect(doc.errors).toBe(0);
    expect(doc.adoptions).toBe(3);

    editJson(root, adoptionFile('backpack'), (d) => {
      (d.answers as JsonObject)['draw-order'] = 'random-slot';
    });
    const faulty = await check(root, '--json');
    expect(faulty.status).toBe(1);
    const parsed = JSON.parse(faulty.out) as { diagnostics: PrintedFinding[]; errors: number };
    expect(parsed.errors).toBeGreaterThan(0);
    expect(parsed.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'CONTRACT_ANSWER_UNKNOWN', severity: 'error', file: adoptionFile('backpack'), pointer: '/answers/draw-order' }),
    );
  });

  it('a wrong pack digest in definition.json: CONTRACT_PACK_HASH at definition.json#/pack', async () => {
    editJson(root, DEF, (d) => {
      d.pack = 'sha256:' + '0'.repeat(64);
    });
    const run = await check(root);
    expect(run.status).toBe(1);
    expect(run.findings).toContainEqual(expect.objectContaining({ code: 'CONTRACT_PACK_HASH', severity: 'error', file: DEF, pointer: '/pack' }));
    // The adoptions still name the real digest, so only the catalog's copy is wrong about the pack.
    expect(run.findings.filter((f) => f.code === 'CONTRACT_PACK_HASH' && f.file !== DEF)).toEqual([]);
  });

  it('a changed pack byte: CONTRACT_PACK_HASH for definition.json and every adoption', async () => {
    const pack = path.join(root, 'packs', `${CV}.pack.json`);
    writeFileSync(pack, readFileSync(pack, 'utf8') + ' ');
    const run = await check(root);
    expect(run.status).toBe(1);
    const hashed = run.findings.filter((f) => f.code === 'CONTRACT_PACK_HASH').map((f) => `${f.file}#${f.pointer}`).sort();
    expect(hashed).toEqual(
      [DEF, adoptionFile('backpack'), adoptionFile('hunters-satchel'), adoptionFile('workshop-stockpile')].map((f) => `${f}#/pack`).sort(),
    );
  });

  it('a divergent definition copy: CONTRACT_DEFINITION_DIVERGENT at the first differing pointer', async () => {
    editJson(root, adoptionFile('hunters-satchel'), (d) => {
      const questions = d.questions as Record<string, JsonObject>;
      questions['draw-order']!.asks = 'Which slot does the game draw from?';
      // A later difference as well (rules come after questions in §10.2 order): the finding names the first.
      (d.rules as JsonObject)['slot-count-not-negative'] = 'slot-count > 0';
    });
    const run = await check(root);
    expect(run.status).toBe(1);
    const divergent = run.findings.filter((f) => f.code === 'CONTRACT_DEFINITION_DIVERGENT');
    expect(divergent).toEqual([
      expect.objectContaining({ severity: 'error', file: adoptionFile('hunters-satchel'), pointer: '/questions/draw-order/asks' }),
    ]);
  });

  it('members reordered inside the definition part count as a divergence (§10.11 rule 2)', async () => {
    editJson(root, adoptionFile('workshop-stockpile'), (d) => {
      const q = (d.questions as Record<string, JsonObject>)['capacity-limit']!;
      const { 'slot-count': first, 'size-budget': second, ...rest } = q.options as JsonObject;
      q.options = { 'size-budget': second, 'slot-count': first, ...rest };
    });
    const run = await check(root);
    expect(run.status).toBe(1);
    const divergent = run.findings.filter((f) => f.code === 'CONTRACT_DEFINITION_DIVERGENT');
    expect(divergent).toHaveLength(1);
    expect(divergent[0]!.file).toBe(adoptionFile('workshop-stockpile'));
    expect(['/questions/capacity-limit/options/size-budget', '/questions/capacity-limit/options/slot-count']).toContain(divergent[0]!.pointer);
  });

  it('an annotation or a reordered top level is not a divergence', async () => {
    editJson(root, adoptionFile('backpack'), (d) => {
      (d.questions as Record<string, JsonObject>)['draw-order']!._note = 'annotations are not part of the identity';
    });
    // Top level written in another order (designer part first).
    const rel = adoptionFile('hunters-satchel');
    const doc = JSON.parse(readFileSync(path.join(root, rel), 'utf8')) as JsonObject;
    const { answers, values, rows, verification, ...definitionPart } = doc;
    writeFileSync(path.join(root, rel), JSON.stringify({ answers, values, rows, verification, ...definitionPart }, null, 2));
    const run = await check(root);
    expect(errorsOf(run.findings)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('an unknown answer: CONTRACT_ANSWER_UNKNOWN at /answers/<question>', async () => {
    editJson(root, adoptionFile('backpack'), (d) => {
      (d.answers as JsonObject)['draw-order'] = 'random-slot';
    });
    const run = await check(root);
    expect(run.status).toBe(1);
    expect(errorsOf(run.findings)).toEqual([
      expect.objectContaining({ code: 'CONTRACT_ANSWER_UNKNOWN', file: adoptionFile('backpack'), pointer: '/answers/draw-order' }),
    ]);
  });

  it('an answer to an undeclared question: CONTRACT_ANSWER_UNKNOWN at /answers/<key>', async () => {
    editJson(root, adoptionFile('backpack'), (d) => {
      (d.answers as JsonObject)['strap-strength'] = 'sturdy';
    });
    const run = await check(root);
    expect(run.status).toBe(1);
    expect(run.findings).toContainEqual(
      expect.objectContaining({ code: 'CONTRACT_ANSWER_UNKNOWN', file: adoptionFile('backpack'), pointer: '/answers/strap-strength' }),
    );
  });

  it('a missing value: CONTRACT_VALUE_MISSING on the adoption, naming the value', async () => {
    editJson(root, adoptionFile('backpack'), (d) => {
      delete (d.values as JsonObject)['slot-count'];
    });
    const run = await check(root);
    expect(run.status).toBe(1);
    const missing = run.findings.filter((f) => f.code === 'CONTRACT_VALUE_MISSING');
    expect(missing).toHaveLength(1);
    expect(missing[0]!.file).toBe(adoptionFile('backpack'));
    // The member is absent: the finding points at `values` (or at the absent member) and names it.
    expect(['/values', '/values/slot-count']).toContain(missing[0]!.pointer);
    expect(missing[0]!.message).toContain('slot-count');
    // The rule that reads it cannot be evaluated (§10.6 rule 4): invalid, not failed.
    expect(run.findings).toContainEqual(expect.objectContaining({ code: 'CONTRACT_RULE_INVALID', pointer: '/rules/slot-count-not-negative' }));
    expect(run.findings.filter((f) => f.code === 'CONTRACT_RULE_FAILED')).toEqual([]);
  });

  it('a row string holding {{: CONTRACT_INJECTION at the row field', async () => {
    editJson(root, adoptionFile('backpack'), (d) => {
      const items = (d.rows as Record<string, JsonObject[]>).items!;
      items[1]!.id = 'axe{{instance}}';
    });
    const run = await check(root);
    expect(run.status).toBe(1);
    expect(run.findings).toContainEqual(
      expect.objectContaining({ code: 'CONTRACT_INJECTION', severity: 'error', file: adoptionFile('backpack'), pointer: '/rows/items/1/id' }),
    );
  });

  it('malformed JSON: CONTRACT_INSTANCE_JSON on the file', async () => {
    const rel = adoptionFile('backpack');
    const text = readFileSync(path.join(root, rel), 'utf8');
    writeFileSync(path.join(root, rel), text.slice(0, text.length / 2));
    const run = await check(root);
    expect(run.status).toBe(1);
    expect(errorsOf(run.findings)).toEqual([expect.objectContaining({ code: 'CONTRACT_INSTANCE_JSON', file: rel, pointer: '' })]);
  });

  it('OPENGDD_CATALOG names the default catalog', async () => {
    const saved = process.env.OPENGDD_CATALOG;
    process.env.OPENGDD_CATALOG = root;
    try {
      const before = treeDigest(root);
      const run = await runCli(['check']);
      expect(run.status).toBe(0);
      expect(run.out).toContain(`${path.resolve(root)}: 1 definitions, 3 adoptions`);
      expect(treeDigest(root)).toBe(before);
    } finally {
      if (saved === undefined) delete process.env.OPENGDD_CATALOG;
      else process.env.OPENGDD_CATALOG = saved;
    }
  });
});

describe('usage errors exit 2', () => {
  it.each([
    [[]],
    [['frobnicate']],
    [['check', '--catalog']],
    [['check', '--verbose']],
    [['check', 'catalog']],
    [['render-tests']],
    [['render-tests', 'x.json']],
    [['render-tests', '--pack', 'p.pack.json']],
    [['render-tests', '--pack', 'p.pack.json', '--nope', 'x.json']],
  ])('%j', async (argv) => {
    const run = await runCli(argv);
    expect(run.status).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toMatch(/^opengdd-catalog: .+\nUsage:/);
  });
});

describe('the embedded catalog', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.OPENGDD_CATALOG;
    delete process.env.OPENGDD_CATALOG;
  });
  afterEach(() => {
    if (saved !== undefined) process.env.OPENGDD_CATALOG = saved;
  });

  it('check (repository root) exits 0', async () => {
    const run = await runCli(['check']);
    const errors = errorsOf(parseFindings(run.out));
    expect(errors, run.out).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.out).toContain(`${path.resolve(repoRoot)}:`);
  });
});
