/**
 * Bad input, `opengdd-catalog check`: every planted fault of `faults.ts` (on a copy of the embedded
 * catalog) exits 1 with a finding that names the file, the JSON pointer and the spec code, prints
 * no stack trace, and leaves the catalog folder byte-identical. Keys named `__proto__` are
 * annotations (§10.2 rule 2): a catalog full of them is valid and pollutes nothing.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/lib/opengdd/diagnostics.ts';
import { findingStart, parseFindings, runCli } from '../helpers/cli.ts';
import { repoRoot, treeDigest } from '../helpers/paths.ts';
import { copyCatalog, remove } from '../helpers/site.ts';
import { annotatedCatalog, FAULTS, plantedCatalog, STACK } from './faults.ts';

const temps: string[] = [];
afterAll(() => temps.forEach(remove));


describe('opengdd-catalog check on a planted fault', () => {
  it.each(FAULTS.map((f) => [f.name, f] as const))('%s', async (_name, fault) => {
    const root = plantedCatalog(fault);
    temps.push(root);
    const before = treeDigest(root);
    const run = await runCli(['check', '--catalog', root]);
    expect(treeDigest(root), 'the catalog folder is byte-identical afterwards').toBe(before);

    expect(run.status, run.out).toBe(1);
    const errors = parseFindings(run.out).filter((f) => f.severity === 'error');
    for (const { message, ...want } of fault.expected) {
      expect(errors, `${fault.title}\n${run.out}`).toContainEqual(expect.objectContaining({ ...want, ...(message ? { message: expect.stringMatching(message) } : {}) }));
      // The printed line itself: `file:line:column /pointer CODE error message`.
      expect(run.out).toMatch(findingStart(want));
    }
    for (const code of fault.absent ?? []) expect(errors.filter((f) => f.code === code), run.out).toEqual([]);
    // Every finding is one line naming a file inside the catalog (never an absolute path).
    for (const f of errors) expect(f.file, f.message).toMatch(/^(catalog|packs)\//);
    // …and short, whatever size of value it quotes.
    for (const line of run.out.split('\n')) expect(line.length, line.slice(0, 200)).toBeLessThan(1200);
    expect(run.out + run.err).not.toMatch(STACK);
    expect(run.err).toBe('');
  });

  it('--json reports the same finding as data', async () => {
    const fault = FAULTS.find((f) => f.name === 'huge-adoption')!;
    const root = plantedCatalog(fault);
    temps.push(root);
    const run = await runCli(['check', '--catalog', root, '--json']);
    expect(run.status).toBe(1);
    const doc = JSON.parse(run.out) as { diagnostics: Parameters<typeof formatDiagnostic>[0][] };
    const { message, ...want } = fault.expected[0]!;
    expect(doc.diagnostics).toContainEqual(expect.objectContaining({ ...want, message: expect.stringMatching(message!), severity: 'error' }));
  });
});

describe('keys named __proto__ are annotations: valid, and they stay data', () => {
  it('check exits 0, names no error, and Object.prototype is untouched', async () => {
    const own = Object.getOwnPropertyNames(Object.prototype).sort();
    const root = annotatedCatalog();
    temps.push(root);
    const before = treeDigest(root);
    const run = await runCli(['check', '--catalog', root]);
    expect(treeDigest(root)).toBe(before);
    expect(parseFindings(run.out).filter((f) => f.severity === 'error'), run.out).toEqual([]);
    expect(run.status).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(own);
  });
});

describe('symbolic links inside the catalog are followed', () => {
  it('an adoption file and a contract folder shared by a link are read like any other', async () => {
    const root = copyCatalog(repoRoot);
    temps.push(root);
    const adoptions = path.join(root, 'catalog/spawn-wave-1/adoptions');
    symlinkSync('castle-siege.json', path.join(adoptions, 'castle-keep.json'));
    const run = await runCli(['check', '--catalog', root]);
    expect(parseFindings(run.out).filter((f) => f.severity === 'error'), run.out).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/5 definitions, 13 adoptions/);
  });
});
