/**
 * Where findings point and how `check` writes them: the line and column of the pointed-at member
 * (planted at known places of a copy of the embedded catalog), the human line
 * `file:line:column /pointer CODE severity sentence`, `--format json` (and `--json`), GitHub
 * workflow commands with GitHub's escapes, and SARIF 2.1.0; in every format, a key holding a
 * right-to-left override reaches the output escaped.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubCommand } from '../../src/cli/formats.ts';
import type { Diagnostic } from '../../src/lib/opengdd/diagnostics.ts';
import { placeFindings } from '../../src/lib/node/catalog/finding-places.ts';
import { jsonPlaces } from '../../src/lib/opengdd/json-places.ts';
import { parseFindings, runCli } from '../helpers/cli.ts';
import { repoRoot } from '../helpers/paths.ts';
import { copyCatalog } from '../helpers/site.ts';

const MANA = 'catalog/clamped-meter-2/adoptions/mana-well.json';
const GROUPS = 'catalog/groups.json';
/** A raw U+202E in a key: the pointer holds it. */
const EVIL = 'evil\u202ekey';

let root: string;
beforeAll(() => {
  root = copyCatalog(repoRoot);
  const file = path.join(root, MANA);
  // Two unknown answers and a value of the wrong type, written so that their places are known:
  // "answers" comes first, so its members start at column 5 of lines 3 to 6.
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const { answers, ...rest } = doc;
  const text = JSON.stringify({ answers: { ...answers, overflow: 'spill', [EVIL]: 'x' }, ...rest }, null, 2);
  writeFileSync(file, text + '\n');
  // groups.json on one line, its second group's title a number.
  const groups = JSON.parse(readFileSync(path.join(root, GROUPS), 'utf8')) as Record<string, unknown>[];
  groups[1]!.title = 7;
  writeFileSync(path.join(root, GROUPS), JSON.stringify(groups));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('places', () => {
  it('jsonPlaces: a member at its key, an array element and the root at their values, a repeated key at its last', () => {
    const text = '{\n  "a": {"b": [1,\n    {"c": 2}]},\n  "a": 3,\n  "x~/y": null\n}';
    const places = jsonPlaces(text, new Set(['', '/a', '/a/b', '/a/b/1', '/a/b/1/c', '/x~0~1y', '/missing']));
    expect(Object.fromEntries([...places].map(([p, at]) => [p, `${at.line}:${at.column}`]))).toEqual({
      '': '1:1',
      '/a': '4:3',
      '/a/b': '2:9',
      '/a/b/1': '3:5',
      '/a/b/1/c': '3:6',
      '/x~0~1y': '5:3',
    });
  });

  it('placeFindings: a member that is not there at its nearest ancestor; an about.mdx field at its frontmatter line', () => {
    const items: Diagnostic[] = [
      { code: 'CONTRACT_ANSWER_MISSING', severity: 'error', file: 'a.json', pointer: '/answers/missing', message: 'm' },
      { code: 'CATALOG_ABOUT', severity: 'error', file: 'about.mdx', pointer: '/group', message: 'm' },
      { code: 'CATALOG_ABOUT', severity: 'error', file: 'other.mdx', pointer: '', message: 'm' },
    ];
    placeFindings(items, new Map([
      ['a.json', { text: '{\n  "answers": {}\n}', kind: 'json' as const }],
      ['about.mdx', { text: '---\ntitle: T\ngroup: g\n---\n# group: not here', kind: 'frontmatter' as const }],
    ]));
    expect(items.map((d) => (d.line === undefined ? 'none' : `${d.line}:${d.column}`))).toEqual(['2:3', '3:1', 'none']);
  });

  it('check prints each planted finding at the line and column of its member', async () => {
    const run = await runCli(['check', '--catalog', root]);
    expect(run.status).toBe(1);
    const lines = run.out.split('\n');
    expect(lines).toContain(`${MANA}:3:5 /answers/overflow CONTRACT_ANSWER_UNKNOWN error "spill" is not an option of question "overflow".`);
    expect(run.out).toMatch(new RegExp(`^${MANA}:6:5 /answers/evil\\\\u202ekey CONTRACT_ANSWER_UNKNOWN error `, 'm'));
    // A file on one line: the column counts along it, to the key of the member.
    const groups = parseFindings(run.out).filter((f) => f.file === GROUPS);
    const title = readFileSync(path.join(root, GROUPS), 'utf8').indexOf('"title":7');
    expect(groups.map((f) => `${f.line}:${f.column} ${f.pointer}`)).toEqual([`1:${title + 1} /1/title`]);
  });

  it('a file that does not parse is placed where the parser stopped', async () => {
    const other = copyCatalog(repoRoot);
    try {
      writeFileSync(path.join(other, MANA), '{\n  "contract": "clamped-meter",\n  "version": 2,,\n}');
      const run = await runCli(['check', '--catalog', other]);
      expect(run.out).toMatch(new RegExp(`^${MANA}:3:16 CONTRACT_INSTANCE_JSON error The file does not parse as JSON: .* at line 3, column 16\\.$`, 'm'));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('formats', () => {
  it('--format json and --json: line and column on each placed finding, U+202E written as \\u202e', async () => {
    const run = await runCli(['check', '--catalog', root, '--format', 'json']);
    expect((await runCli(['check', '--catalog', root, '--json'])).out).toBe(run.out);
    expect(run.out).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(run.out).toContain('"/answers/evil\\u202ekey"');
    const doc = JSON.parse(run.out) as { errors: number; diagnostics: Diagnostic[] };
    expect(doc.diagnostics).toContainEqual(expect.objectContaining({ file: MANA, pointer: `/answers/${EVIL}`, line: 6, column: 5, code: 'CONTRACT_ANSWER_UNKNOWN' }));
    expect(doc.errors).toBe(doc.diagnostics.filter((d) => d.severity === 'error').length);
  });

  it('--format github: one workflow command per finding, with GitHub escapes in the properties and the message', async () => {
    const run = await runCli(['check', '--catalog', root, '--format', 'github']);
    expect(run.status).toBe(1);
    const lines = run.out.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^::(error|warning) file=[^,:]+(,line=\d+,col=\d+)?,title=[A-Z_]+::\S/);
    expect(lines).toContain(`::error file=${MANA},line=3,col=5,title=CONTRACT_ANSWER_UNKNOWN::/answers/overflow "spill" is not an option of question "overflow".`);
    expect(run.out).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    const d: Diagnostic = { code: 'CATALOG_LAYOUT', severity: 'warning', file: 'catalog/a,b:c%\u202e.json', pointer: '/x', message: '100% sure,\nreally: yes\r', line: 2, column: 3 };
    expect(githubCommand(d)).toBe('::warning file=catalog/a%2Cb%3Ac%25\\u202e.json,line=2,col=3,title=CATALOG_LAYOUT::/x 100%25 sure,\\nreally: yes\\r');
    expect(githubCommand({ ...d, file: 'a', pointer: '', message: 'm', line: undefined } as unknown as Diagnostic, 'sub/dir/')).toBe('::warning file=sub/dir/a,title=CATALOG_LAYOUT::m');
  });

  it('--format sarif: a SARIF 2.1.0 log with one run, the codes as rules, and each result placed', async () => {
    const run = await runCli(['check', '--catalog', root, '--format', 'sarif']);
    expect(run.status).toBe(1);
    expect(run.out).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    const log = JSON.parse(run.out);
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
    const [only] = log.runs;
    expect(only.tool.driver.name).toBe('opengdd-catalog');
    const rules = only.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(new Set(rules).size).toBe(rules.length);
    const json = JSON.parse((await runCli(['check', '--catalog', root, '--json'])).out) as { diagnostics: Diagnostic[] };
    expect(only.results).toHaveLength(json.diagnostics.length);
    for (const r of only.results) {
      expect(rules[r.ruleIndex]).toBe(r.ruleId);
      expect(['error', 'warning']).toContain(r.level);
      expect(typeof r.message.text).toBe('string');
      const loc = r.locations[0].physicalLocation;
      expect(loc.artifactLocation.uri).toMatch(/^(catalog|packs)\//);
      if (loc.region) expect(loc.region.startLine >= 1 && loc.region.startColumn >= 1).toBe(true);
    }
    const evil = only.results.find((r: { locations: { logicalLocations?: { fullyQualifiedName: string }[] }[] }) => r.locations[0]!.logicalLocations?.[0]?.fullyQualifiedName === '/answers/evil\\u202ekey');
    expect(evil.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: MANA, uriBaseId: '%SRCROOT%' }, region: { startLine: 6, startColumn: 5 } });
  });

  it('an unknown format is a usage error', async () => {
    const run = await runCli(['check', '--catalog', root, '--format', 'xml']);
    expect(run.status).toBe(2);
    expect(run.err).toContain('unknown format "xml"');
  });
});
