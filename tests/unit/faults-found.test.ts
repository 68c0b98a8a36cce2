/**
 * The pieces behind the faults nobody planted (issue 11), one by one; `tests/hardening/` plants
 * each through `check` and the build. Repeated JSON keys, every question cycle, bidirectional
 * controls in a printed finding, the file names the site writes, and the README's table of the
 * catalog's own codes.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, oneLine, readableDiagnostics, type Diagnostic } from '../../src/lib/opengdd/diagnostics.ts';
import { duplicateKeys } from '../../src/lib/opengdd/duplicate-keys.ts';
import { findQuestionCycles } from '../../src/lib/opengdd/question-cycles.ts';
import { resolveOrigins } from '../../src/lib/node/build/origins.ts';
import { adoptionFileNames, definitionFileNames, overlongName } from '../../src/lib/site/file-names.ts';
import { repoRoot } from '../helpers/paths.ts';
import { remove } from '../helpers/site.ts';

describe('duplicateKeys', () => {
  it('finds a repeated key at its pointer, line and column, at any depth, inside arrays too', () => {
    const text = '{\n  "a": 1,\n  "b": [{ "x": 1, "x": 2 }, { "x": 3 }],\n  "a": 2\n}';
    expect(duplicateKeys(text)).toEqual([
      { pointer: '/b/0/x', key: 'x', line: 3, column: 19 },
      { pointer: '/a', key: 'a', line: 4, column: 3 },
    ]);
  });

  it('reads keys as JSON does: escapes decoded, a string value is no key, braces in strings are text', () => {
    expect(duplicateKeys('{"a\\u0062": 1, "ab": 2}').map((d) => d.pointer)).toEqual(['/ab']);
    expect(duplicateKeys('{"k": "k", "v": "{\\"k\\": 1, \\"k\\": 2}"}')).toEqual([]);
    expect(duplicateKeys('{"q\\\\": {}, "q\\\\": []}').map((d) => d.key)).toEqual(['q\\']);
    // The same key in two different objects is no repetition.
    expect(duplicateKeys('[{"id": 1}, {"id": 2}]')).toEqual([]);
  });

  it('gives one entry per repetition, and escapes pointer segments (RFC 6901)', () => {
    expect(duplicateKeys('{"a/b~": 1, "a/b~": 2, "a/b~": 3}').map((d) => d.pointer)).toEqual(['/a~1b~0', '/a~1b~0']);
  });

  it('agrees with JSON.parse on the corpus and the embedded catalog: no repeated key in any of them', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name.endsWith('.json')) files.push(path.join(dir, e.name));
      }
    };
    walk(path.join(repoRoot, 'catalog'));
    walk(path.join(repoRoot, 'packs'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(duplicateKeys(readFileSync(file, 'utf8')), file).toEqual([]);
  });
});

describe('findQuestionCycles', () => {
  const q = (when?: unknown) => ({ asks: '?', options: { a: { meaning: 'a' } }, ...(when ? { when } : {}) });

  it('reports a self-cycle and a two-question cycle of one definition, each once', () => {
    const questions = {
      first: q({ flag: { second: ['a'] } }),
      second: q({ any: [{ flag: { first: ['a'] } }, { flag: { first: ['a'] } }] }),
      lone: q({ flag: { lone: ['a'] } }),
      free: q({ flag: { first: ['a'] } }),
    };
    expect(findQuestionCycles(questions)).toEqual([
      ['first', 'second', 'first'],
      ['lone', 'lone'],
    ]);
  });

  it('finds none in a chain, and walks a chain of 20,000 questions without overflowing the stack', () => {
    const questions: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) questions[`q${i}`] = q(i === 0 ? undefined : { flag: { [`q${i - 1}`]: ['a'] } });
    expect(findQuestionCycles(questions)).toEqual([]);
    questions['q0'] = q({ flag: { q19999: ['a'] } });
    expect(findQuestionCycles(questions)).toHaveLength(1);
  });
});

describe('bidirectional controls in a printed finding', () => {
  const controls = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('oneLine writes each as an escape, as it does control characters', () => {
    for (const c of controls) expect(oneLine(`The id "a${c}b" is not kebab-case.`)).toBe(`The id "a\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}b" is not kebab-case.`);
    // Other right-to-left text is text, not a control.
    expect(oneLine('The id "שלום" is not kebab-case.')).toBe('The id "שלום" is not kebab-case.');
  });

  it('formatDiagnostic escapes the file and the pointer too (they come from catalog names)', () => {
    const d: Diagnostic = { code: 'CONTRACT_ANSWER_UNKNOWN', severity: 'error', file: 'catalog/x-1/adoptions/a.json', pointer: '/answers/evil\u202e\nkey', message: 'm' };
    expect(formatDiagnostic(d)).toBe('catalog/x-1/adoptions/a.json /answers/evil\\u202e\\nkey CONTRACT_ANSWER_UNKNOWN error m');
    expect(formatDiagnostic({ ...d, file: 'a\u2066.json', line: 12, column: 7 })).toBe('a\\u2066.json:12:7 /answers/evil\\u202e\\nkey CONTRACT_ANSWER_UNKNOWN error m');
  });

  it('readableDiagnostics keeps each finding once and every message on one line', () => {
    const d: Diagnostic = { code: 'CONTRACT_ROW_ID', severity: 'error', file: 'f', pointer: '/p', message: 'a\u202eb' };
    expect(readableDiagnostics([d, { ...d }, { ...d, severity: 'warning' }]).map((x) => `${x.severity} ${x.message}`)).toEqual(['error a\\u202eb', 'warning a\\u202eb']);
  });
});

describe('the file names the site writes', () => {
  it('names every file of an adoption and of a definition version', () => {
    expect(adoptionFileNames('boss').sort()).toEqual(['boss', 'boss.json', 'boss.png', 'boss.tests.md', 'boss.zip']);
    expect(definitionFileNames('meter-2').sort()).toEqual(['meter-2', 'meter-2.adoption.schema.json', 'meter-2.definition.json', 'meter-2.pack.json', 'meter-2.png']);
  });

  it('an adoption id of 246 characters fits every name, 247 does not; a <contract>-<version> of 234 fits, 235 does not', () => {
    expect(overlongName(adoptionFileNames('a'.repeat(246)))).toBeUndefined();
    expect(overlongName(adoptionFileNames('a'.repeat(247)))).toEqual({ name: `${'a'.repeat(247)}.tests.md`, bytes: 256 });
    expect(overlongName(definitionFileNames(`${'a'.repeat(232)}-1`))).toBeUndefined();
    expect(overlongName(definitionFileNames(`${'a'.repeat(233)}-1`))?.bytes).toBe(256);
  });

  it('an origin whose path has a part longer than a file name is left unresolved, and nothing is written', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'opengdd-origins-'));
    try {
      const origin = `https://opengdd.org/contracts/${'x'.repeat(300)}/`;
      const [outcome] = resolveOrigins([{ id: 'a-1', title: 'A', version: 1, origin, page: 'https://opengdd.org/contracts/a-1/' }], new URL('https://opengdd.org/'), out);
      expect(outcome).toMatchObject({ kind: 'unresolved', reason: expect.stringMatching(/longer than a file name/) });
      expect(readdirSync(out)).toEqual([]);
    } finally {
      remove(out);
    }
  });
});

describe('README: the catalog’s own codes', () => {
  it('has a table row for every CATALOG_ code the engine can report', () => {
    const source = readFileSync(path.join(repoRoot, 'src/lib/opengdd/diagnostics.ts'), 'utf8');
    const codes = [...new Set(source.match(/'CATALOG_[A-Z_]+'/g)!.map((c) => c.slice(1, -1)))];
    expect(codes.length).toBeGreaterThanOrEqual(4);
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const code of codes) expect(readme, code).toMatch(new RegExp(`^\\| \`${code}\` \\| (error|warning) \\| .+ \\|$`, 'm'));
  });
});
