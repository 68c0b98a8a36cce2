/**
 * The shape layer: every file of the public corpus passes, and each fault of a made-up contract
 * gives exactly one diagnostic with the spec's code at the pointer of the offending member.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/lib/opengdd/diagnostics.ts';
import {
  checkAboutShape,
  checkAdoptionShape,
  checkDefinitionShape,
  checkGroupsShape,
  checkPackShape,
} from '../../src/lib/opengdd/shape.ts';

// ---------------------------------------------------------------------------------------------
// The corpus (third-party data, read in place, never copied)

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const corpus = path.resolve(repoRoot, '../shared/corpus');
const corpusPresent = existsSync(corpus);
if (!corpusPresent) console.warn(`shape.test: ${corpus} is absent; the corpus tests are skipped.`);

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** The catalog entry folders (`<contract>-<version>`), or none without the corpus. */
function entries(): string[] {
  if (!corpusPresent) return [];
  return readdirSync(path.join(corpus, 'catalog'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(corpus, 'catalog', d.name));
}

/**
 * Reads the corpus frontmatter subset: `key: "value"` (or a bare value) and `key:` followed by
 * `  - "item"` lines. The site parses YAML elsewhere; the shape check receives the parsed object.
 */
function frontmatter(text: string): Record<string, unknown> {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!block?.[1]) throw new Error('no frontmatter block');
  const data: Record<string, unknown> = {};
  let list: unknown[] | undefined;
  const scalar = (raw: string): unknown => (raw.startsWith('"') ? JSON.parse(raw) : raw);
  for (const line of block[1].split(/\r?\n/)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item?.[1] !== undefined && list) {
      list.push(scalar(item[1].trim()));
      continue;
    }
    const pair = /^([\w-]+):\s*(.*)$/.exec(line);
    if (!pair?.[1]) continue;
    const value = (pair[2] ?? '').trim();
    if (value === '') data[pair[1]] = list = [];
    else {
      data[pair[1]] = scalar(value);
      list = undefined;
    }
  }
  return data;
}

/** Every finding of `check` over `files`, so a failure shows them all. */
function findingsOver(files: string[], check: (doc: unknown, file: string) => Diagnostic[], read = readJson): Diagnostic[] {
  return files.flatMap((file) => check(read(file), path.relative(corpus, file)));
}

describe.skipIf(!corpusPresent)(`the corpus passes (skipped when ${corpus} is absent)`, () => {
  it('every definition.json', () => {
    const files = entries().map((dir) => path.join(dir, 'definition.json'));
    expect(files.length).toBeGreaterThan(0);
    expect(findingsOver(files, checkDefinitionShape)).toEqual([]);
  });

  it('every adoption', () => {
    const files = entries().flatMap((dir) =>
      readdirSync(path.join(dir, 'adoptions'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => path.join(dir, 'adoptions', name)),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(findingsOver(files, checkAdoptionShape)).toEqual([]);
  });

  it('every pack', () => {
    const dir = path.join(corpus, 'packs');
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.pack.json'))
      .map((name) => path.join(dir, name));
    expect(files.length).toBeGreaterThan(0);
    expect(findingsOver(files, checkPackShape)).toEqual([]);
  });

  it('groups.json', () => {
    expect(findingsOver([path.join(corpus, 'catalog', 'groups.json')], checkGroupsShape)).toEqual([]);
  });

  it('every about.mdx frontmatter', () => {
    const files = entries().map((dir) => path.join(dir, 'about.mdx'));
    expect(files.length).toBeGreaterThan(0);
    expect(findingsOver(files, checkAboutShape, (file) => frontmatter(readFileSync(file, 'utf8')))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Fixtures of our own: a made-up contract, then one mutation per case

type Doc = Record<string, any>;

/** A minimal valid adoption of an invented contract that uses every part of §10.2–§10.6. */
function adoption(): Doc {
  return {
    contract: 'pressure-gauge',
    version: 1,
    origin: 'https://example.org/pressure-gauge-1',
    summary: 'A tank whose pressure has a red line.',
    mechanism: ['Pressure never stays above the red line.'],
    questions: {
      overflow: {
        asks: 'Pressure reaches the red line. What happens?',
        options: {
          vent: { meaning: 'A valve lets gas out.' },
          burst: { meaning: 'The tank breaks.', semantics: 'The tank is removed.' },
        },
      },
      alarm: {
        asks: 'Does an alarm sound while the valve vents?',
        when: { flag: { overflow: ['vent'] } },
        otherwise: 'No alarm exists.',
        options: { loud: { meaning: 'A siren sounds.' }, silent: { meaning: 'Nothing sounds.' } },
      },
    },
    declares: {
      values: {
        'red-line': { description: 'The highest safe pressure.', range: [1, 500], forms: ['number', 'citation'] },
      },
      rows: {
        valves: {
          description: 'The valves of the tank.',
          'when-empty': 'The tank has no valve.',
          record: {
            id: { type: 'string', required: true, pattern: 'kebab-case', unique: true },
            size: { type: 'integer', within: [1, 'red-line'], when: { flag: { overflow: ['vent'] } } },
            kind: { type: 'string', options: ['spring', 'disc'] },
          },
        },
      },
    },
    rules: {
      'red-line-positive': 'red-line > 0',
      'no-silent-burst': { forbid: { flag: { overflow: ['burst'] } }, message: 'A burst should be heard.', severity: 'warning' },
    },
    pack: `sha256:${'0'.repeat(64)}`,
    answers: { overflow: 'vent', alarm: 'loud' },
    values: { 'red-line': 300 },
    rows: { valves: [{ id: 'main', size: 3, kind: 'spring' }] },
    verification: { 'vents-at-red-line': { scope: 'every tank', seeds: ['tank-a'] } },
  };
}

/** A minimal valid pack for the same contract. */
function pack(): Doc {
  return {
    contract: 'pressure-gauge',
    version: 1,
    templates: [
      {
        id: 'vents-at-red-line',
        title: 'a valve vents at the red line',
        type: 'scenario',
        expand: 'per-row',
        collection: 'valves',
        when: { flag: { overflow: ['vent'] }, row: { kind: ['spring'] } },
        bindings: { sound: { flag: 'alarm', map: { loud: 'a siren sounds', silent: '' } } },
        inputs: { scope: { default: 'every tank' }, seeds: {} },
        test: { type: 'scenario', given: '{{row.id}} is shut', when: 'pressure reaches the red line', then: '{{bind:sound}}' },
        text: 'A valve opens at {{value-cite:red-line}}.',
      },
    ],
  };
}

/** `[code, pointer]` of every finding: the exact assertion of each case. */
const codesAt = (found: Diagnostic[]) => found.map((d) => [d.code, d.pointer]);

/** Applies `mutate` to a fresh copy of `base()`, so every case changes one thing only. */
function mutated(base: () => Doc, mutate: (doc: Doc) => void): Doc {
  const doc = base();
  mutate(doc);
  return doc;
}

describe('the fixtures are valid', () => {
  it('adoption, its definition part, and pack', () => {
    expect(checkAdoptionShape(adoption(), 'a.json')).toEqual([]);
    const { answers, values, rows, verification, ...definition } = adoption();
    expect(checkDefinitionShape(definition, 'definition.json')).toEqual([]);
    expect(checkPackShape(pack(), 'p.pack.json')).toEqual([]);
  });
});

describe('adoption faults: one finding each, with its code and pointer', () => {
  const cases: [string, (doc: Doc) => void, string, string][] = [
    ['missing summary', (d) => delete d['summary'], 'CONTRACT_ENVELOPE_REQUIRED', '/summary'],
    ['unknown top-level field', (d) => (d['colour'] = 'red'), 'CONTRACT_ENVELOPE_UNKNOWN', '/colour'],
    ['empty options', (d) => (d['questions'].overflow.options = {}), 'CONTRACT_ENVELOPE_TYPE', '/questions/overflow/options'],
    ['options holding only an annotation', (d) => (d['questions'].overflow.options = { _note: 'none yet' }), 'CONTRACT_ENVELOPE_TYPE', '/questions/overflow/options'],
    ['option id not kebab-case', (d) => (d['questions'].overflow.options.Clamp = { meaning: 'x' }), 'CONTRACT_NAME_GRAMMAR', '/questions/overflow/options/Clamp'],
    ['empty mechanism', (d) => (d['mechanism'] = []), 'CONTRACT_ENVELOPE_TYPE', '/mechanism'],
    ['bad pack digest', (d) => (d['pack'] = 'sha256:ABC'), 'CONTRACT_ENVELOPE_TYPE', '/pack'],
    ['forms: ["text"]', (d) => (d['declares'].values['red-line'].forms = ['text']), 'CONTRACT_VALUE_FORM', '/declares/values/red-line/forms/0'],
    ['range: [1]', (d) => (d['declares'].values['red-line'].range = [1]), 'CONTRACT_VALUE_RANGE', '/declares/values/red-line/range'],
    ['otherwise: ""', (d) => (d['questions'].alarm.otherwise = ''), 'CONTRACT_QUESTION_OTHERWISE', '/questions/alarm/otherwise'],
    ['rules entry as a number', (d) => (d['rules']['red-line-positive'] = 3), 'CONTRACT_RULE_INVALID', '/rules/red-line-positive'],
    ['row set not an array', (d) => (d['rows'].valves = { id: 'main' }), 'CONTRACT_ROWS_SHAPE', '/rows/valves'],
    ['value true', (d) => (d['values']['red-line'] = true), 'CONTRACT_VALUE_TYPE', '/values/red-line'],
    ['verification seeds []', (d) => (d['verification']['vents-at-red-line'].seeds = []), 'CONTRACT_ENVELOPE_TYPE', '/verification/vents-at-red-line/seeds'],
    // A few more of the §10 codes the shape layer owns.
    ['top level not an object', () => undefined, 'CONTRACT_ENVELOPE_TYPE', ''],
    ['question when not an object', (d) => (d['questions'].alarm.when = ['vent']), 'CONTRACT_QUESTION_CONDITION', '/questions/alarm/when'],
    ['value when with a flag list', (d) => (d['declares'].values['red-line'].when = { flag: { overflow: 'vent' } }), 'CONTRACT_VALUE_CONDITION', '/declares/values/red-line/when/flag/overflow'],
    ['when-empty: ""', (d) => (d['declares'].rows.valves['when-empty'] = ''), 'CONTRACT_ROW_WHEN_EMPTY', '/declares/rows/valves/when-empty'],
    ['unknown field type', (d) => (d['declares'].rows.valves.record.id.type = 'text'), 'CONTRACT_ENVELOPE_TYPE', '/declares/rows/valves/record/id/type'],
    ['rule name not kebab-case', (d) => (d['rules'].Positive = 'red-line > 0'), 'CONTRACT_RULE_INVALID', '/rules/Positive'],
    ['a row not an object', (d) => (d['rows'].valves = ['main']), 'CONTRACT_ROWS_SHAPE', '/rows/valves/0'],
    ['name with a slash, escaped in the pointer', (d) => (d['questions']['a/b'] = d['questions'].overflow), 'CONTRACT_NAME_GRAMMAR', '/questions/a~1b'],
  ];

  for (const [name, mutate, code, ptr] of cases) {
    it(name, () => {
      const doc = name === 'top level not an object' ? ['not', 'an', 'object'] : mutated(adoption, mutate);
      expect(codesAt(checkAdoptionShape(doc, 'a.json'))).toEqual([[code, ptr]]);
    });
  }

  it('accepts an annotation `_note` in every object and every map', () => {
    const doc = mutated(adoption, (d) => {
      d['_note'] = 'top';
      d['questions']._note = 'map';
      d['questions'].overflow._note = 1;
      d['questions'].overflow.options._note = { any: 'value' };
      d['questions'].overflow.options.vent._note = [];
      d['questions'].alarm.when._note = null;
      d['questions'].alarm.when.flag._note = 'x';
      d['declares']._note = 'x';
      d['declares'].values._note = 'x';
      d['declares'].values['red-line']._note = 'x';
      d['declares'].rows._note = 'x';
      d['declares'].rows.valves._note = 'x';
      d['declares'].rows.valves.record._note = 'x';
      d['declares'].rows.valves.record.id._note = 'x';
      d['rules']._note = 'x';
      d['rules']['no-silent-burst']._note = 'x';
      d['rules']['no-silent-burst'].forbid._note = 'x';
      d['answers']._note = 'x';
      d['values']._note = 'x';
      d['rows']._note = 'x';
      d['verification']._note = 'x';
      d['verification']['vents-at-red-line']._note = 'x';
    });
    expect(checkAdoptionShape(doc, 'a.json')).toEqual([]);
    const p = mutated(pack, (d) => {
      d['_note'] = 'x';
      d['templates'][0]._note = 'x';
      d['templates'][0].bindings._note = 'x';
      d['templates'][0].bindings.sound._note = 'x';
      d['templates'][0].bindings.sound.map._note = 'x';
      d['templates'][0].inputs._note = 'x';
      d['templates'][0].inputs.scope._note = 'x';
      d['templates'][0].when._note = 'x';
    });
    expect(checkPackShape(p, 'p.pack.json')).toEqual([]);
  });

  it('a definition carries no designer field', () => {
    const { verification, rows, values, ...definition } = adoption();
    expect(codesAt(checkDefinitionShape(definition, 'definition.json'))).toEqual([['CONTRACT_ENVELOPE_UNKNOWN', '/answers']]);
  });

  it('says one plain sentence that names the field', () => {
    const missing = mutated(adoption, (d) => delete d['questions'].overflow.asks);
    expect(checkAdoptionShape(missing, 'a.json')).toEqual([
      {
        code: 'CONTRACT_ENVELOPE_REQUIRED',
        severity: 'error',
        file: 'a.json',
        pointer: '/questions/overflow/asks',
        message: 'Question "overflow" lacks the required field "asks".',
      },
    ]);
    const unknown = mutated(adoption, (d) => (d['declares'].values['red-line'].colour = 'red'));
    expect(checkAdoptionShape(unknown, 'a.json').map((d) => d.message)).toEqual(['"colour" is not a field of a value declaration.']);
    const badName = mutated(adoption, (d) => (d['questions'].overflow.options.Clamp = { meaning: 'x' }));
    expect(checkAdoptionShape(badName, 'a.json').map((d) => d.message)).toEqual(['Option id "Clamp" is not kebab-case.']);
  });
});

describe('pack faults', () => {
  const cases: [string, (doc: Doc) => void, string, string][] = [
    ['missing title', (d) => delete d['templates'][0].title, 'CONTRACT_PACK_SHAPE', '/templates/0/title'],
    ['bad expand', (d) => (d['templates'][0].expand = 'twice'), 'CONTRACT_PACK_SHAPE', '/templates/0/expand'],
    ['binding with both selectors', (d) => (d['templates'][0].bindings.sound.row_field = 'kind'), 'CONTRACT_BINDING_SHAPE', '/templates/0/bindings/sound'],
    ['unknown template field', (d) => (d['templates'][0].colour = 'red'), 'CONTRACT_PACK_SHAPE', '/templates/0/colour'],
    ['binding with no selector', (d) => delete d['templates'][0].bindings.sound.flag, 'CONTRACT_BINDING_SHAPE', '/templates/0/bindings/sound'],
    ['binding without map', (d) => delete d['templates'][0].bindings.sound.map, 'CONTRACT_BINDING_SHAPE', '/templates/0/bindings/sound/map'],
    ['binding not an object', (d) => (d['templates'][0].bindings.sound = 'loud'), 'CONTRACT_BINDING_SHAPE', '/templates/0/bindings/sound'],
    ['collection on a once template', (d) => (d['templates'][0].expand = 'once'), 'CONTRACT_PACK_SHAPE', '/templates/0/collection'],
    ['per-row template without collection', (d) => delete d['templates'][0].collection, 'CONTRACT_PACK_SHAPE', '/templates/0/collection'],
    ['empty seeds default', (d) => (d['templates'][0].inputs.seeds = { default: [] }), 'CONTRACT_PACK_SHAPE', '/templates/0/inputs/seeds/default'],
  ];
  for (const [name, mutate, code, ptr] of cases) {
    it(name, () => {
      expect(codesAt(checkPackShape(mutated(pack, mutate), 'p.pack.json'))).toEqual([[code, ptr]]);
    });
  }
});

describe('catalog files', () => {
  const groups = () => [
    { id: 'meters', title: 'Meters', description: 'Numbers with a top and a bottom.' },
    { id: 'bags', title: 'Bags', description: '' },
  ];

  it('groups.json: valid, then a repeated id', () => {
    expect(checkGroupsShape(groups(), 'groups.json')).toEqual([]);
    const repeated = groups();
    repeated[1]!.id = 'meters';
    expect(codesAt(checkGroupsShape(repeated, 'groups.json'))).toEqual([['CATALOG_GROUPS', '/1/id']]);
  });

  it('about.mdx frontmatter: valid, then a missing benefit', () => {
    const about = { title: 'Pressure gauge', group: 'meters', benefit: 'Decides what happens at the red line.', aliases: ['tank'] };
    expect(checkAboutShape(about, 'about.mdx')).toEqual([]);
    const { benefit, ...withoutBenefit } = about;
    expect(codesAt(checkAboutShape(withoutBenefit, 'about.mdx'))).toEqual([['CATALOG_ABOUT', '/benefit']]);
  });
});
