/**
 * `opengdd-catalog render-tests --pack <pack.json> <adoption.json>…` on files of our own fixture:
 * Markdown on stdout, one line per diagnostic on stderr, exit 0 / 1 / 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFindings, runCli } from '../helpers/cli.ts';
import { lamp, lanternPack, packDigest, packText, set, setAll, type Doc } from '../helpers/fixtures.ts';

let dir: string;
const file = (name: string) => path.join(dir, name);
const write = (name: string, doc: Doc | string) => {
  writeFileSync(file(name), typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2) + '\n');
  return file(name);
};

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-render-'));
  writeFileSync(file('lantern-fuel-1.pack.json'), packText(lanternPack()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const digest = () => packDigest(lanternPack());
const PACK = () => file('lantern-fuel-1.pack.json');

describe('render-tests', () => {
  it('a clean adoption: the Markdown on stdout, nothing on stderr, exit 0', async () => {
    const adoption = write('lamp.json', set(lamp(), ['pack'], digest()));
    const run = await runCli(['render-tests', '--pack', PACK(), adoption]);
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    expect(run.out.startsWith('### AT lamp/burns-down \u2014 The lantern burns down\n')).toBe(true);
    expect(run.out.match(/^### AT /gm)).toHaveLength(5);
    expect(run.out.endsWith('\n')).toBe(true);
  });

  it('the adoption id is the file name; adoptions are rendered in id order, joined by one blank line', async () => {
    const b = write('zinc-lamp.json', set(lamp(), ['pack'], digest()));
    const a = write('attic-lamp.json', set(lamp(), ['pack'], digest()));
    const run = await runCli(['render-tests', '--pack', PACK(), b, a]);
    expect(run.status).toBe(0);
    const names = [...run.out.matchAll(/^### AT (\S+)/gm)].map((m) => m[1]);
    expect(names.slice(0, 1)).toEqual(['attic-lamp/burns-down']);
    expect(names.at(-1)).toBe('zinc-lamp/fuel-audit');
    expect(run.out).toContain('Audit over one evening of play.\n\n### AT zinc-lamp/burns-down');
  });

  it('an adoption with errors: still rendered, each diagnostic one line on stderr, exit 1', async () => {
    const adoption = write('bad-lamp.json', setAll(lamp(), [
      [['pack'], digest()],
      [['answers', 'burn-mode'], 'roaring'],
    ]));
    const run = await runCli(['render-tests', '--pack', PACK(), adoption]);
    expect(run.status).toBe(1);
    expect(run.out).toContain('### AT bad-lamp/burns-down');
    const printed = parseFindings(run.err);
    expect(printed).toContainEqual(expect.objectContaining({ code: 'CONTRACT_ANSWER_UNKNOWN', severity: 'error', pointer: '/answers/burn-mode', file: adoption, line: expect.any(Number), column: 5 }));
    expect(run.err.split('\n').filter(Boolean).length).toBe(printed.length);
  });

  it('a finding quoting a huge value with newlines stays one short line', async () => {
    const answer = `roaring\n${'x'.repeat(500_000)}`;
    const adoption = write('huge-lamp.json', setAll(lamp(), [
      [['pack'], digest()],
      [['answers', 'burn-mode'], answer],
    ]));
    const run = await runCli(['render-tests', '--pack', PACK(), adoption]);
    expect(run.status).toBe(1);
    const lines = run.err.split('\n').filter(Boolean);
    expect(lines.length).toBe(parseFindings(run.err).length);
    const unknown = lines.find((l) => l.includes('CONTRACT_ANSWER_UNKNOWN'));
    expect(unknown).toContain(`"roaring\\n${'x'.repeat(71)}…" (500,009 characters)`);
    for (const line of lines) expect(line.length).toBeLessThan(1200);
  });

  it('a warning alone exits 0', async () => {
    const adoption = write('warm-lamp.json', setAll(lamp(), [
      [['pack'], digest()],
      [['answers', 'refill'], 'replace'],
    ]));
    const run = await runCli(['render-tests', '--pack', PACK(), adoption]);
    expect(run.status).toBe(0);
    expect(parseFindings(run.err).map((f) => `${f.code} ${f.severity}`)).toEqual(['CONTRACT_ANSWER_NOT_ASKED warning']);
  });

  it('a wrong digest: CONTRACT_PACK_HASH, and the tests are still rendered', async () => {
    const adoption = write('lamp.json', set(lamp(), ['pack'], 'sha256:' + 'f'.repeat(64)));
    const run = await runCli(['render-tests', '--pack', PACK(), adoption]);
    expect(run.status).toBe(1);
    expect(parseFindings(run.err).map((f) => `${f.code} ${f.pointer}`)).toEqual(['CONTRACT_PACK_HASH /pack']);
    expect(run.out.match(/^### AT /gm)).toHaveLength(5);
  });

  it('malformed JSON: CONTRACT_INSTANCE_JSON, exit 1', async () => {
    const adoption = write('torn-lamp.json', '{"contract": "lantern-fuel",');
    const run = await runCli(['render-tests', '--pack', PACK(), adoption]);
    expect(run.status).toBe(1);
    expect(parseFindings(run.err).map((f) => f.code)).toEqual(['CONTRACT_INSTANCE_JSON']);
  });

  it('an adoption of another definition is promised by this pack: nothing rendered', async () => {
    const other = write('other-lamp.json', set(set(lamp(), ['version'], 2), ['pack'], digest()));
    const run = await runCli(['render-tests', '--pack', PACK(), other]);
    expect(run.out).not.toContain('### AT');
  });
});
