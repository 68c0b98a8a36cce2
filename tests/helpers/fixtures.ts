/**
 * A small made-up contract of our own, "lantern-fuel", with an adoption ("lamp") and a pack, for
 * the engine's unit tests. Every builder returns a fresh copy; `set`/`unset`/`edit` return changed
 * copies and never touch their input.
 *
 * The base adoption is clean: it validates without any error.
 *  - burn-mode (always asked): steady | flicker
 *  - refill (asked when burn-mode is flicker; otherwise text): top-up | replace
 *  - wick-trim (asked when the wicks row set is non-empty; otherwise text): manual | auto
 *  - values: capacity [1, 100]; burn-rate [0, 10] number or citation; reserve number or citation;
 *    flicker-chance [0, 1] when burn-mode is flicker; cotton-bonus when some wick is cotton
 *  - rows: wicks { id, material (cotton|hemp|wire), length within [0, capacity], braid when hemp }
 */
import { createHash } from 'node:crypto';
import { analyzeAdoption, type AdoptionReport } from '../../src/lib/opengdd/analyze.ts';
import type { Diagnostic } from '../../src/lib/opengdd/diagnostics.ts';
import { designerState, evaluate, type Evaluation } from '../../src/lib/opengdd/evaluate.ts';
import type { Definition } from '../../src/lib/opengdd/types.ts';

export type Doc = Record<string, unknown>;
export type Path = readonly (string | number)[];

export const ADOPTION_ID = 'lamp';
export const ADOPTION_FILE = 'contracts/lamp.json';
export const PACK_FILE = 'contracts/lantern-fuel-1.pack.json';

/** The definition part. */
export function lanternDefinition(): Doc {
  return {
    contract: 'lantern-fuel',
    version: 1,
    origin: 'https://catalog.example/lantern-fuel-1',
    summary: 'A lantern burns fuel from a tank and goes dark when the tank is empty.',
    mechanism: ['The tank holds fuel up to its capacity.', 'Burning spends fuel at the burn rate, once a minute.'],
    questions: {
      'burn-mode': {
        asks: 'How does the flame burn?',
        options: {
          steady: { meaning: 'It spends the same fuel every minute.' },
          flicker: { meaning: 'It sometimes wavers and spends less.' },
        },
      },
      refill: {
        asks: 'What does a refill do?',
        when: { flag: { 'burn-mode': ['flicker'] } },
        otherwise: 'A refill tops the tank up.',
        options: {
          'top-up': { meaning: 'New fuel joins what is left.' },
          replace: { meaning: 'The old fuel is poured out first.' },
        },
      },
      'wick-trim': {
        asks: 'Who trims the wicks?',
        when: { 'row-count': { wicks: 'non-empty' } },
        otherwise: 'Nobody trims a wick.',
        options: {
          manual: { meaning: 'The player trims them.' },
          auto: { meaning: 'They trim themselves at dawn.' },
        },
      },
    },
    declares: {
      values: {
        capacity: { description: 'How much fuel the tank holds.', range: [1, 100] },
        'burn-rate': { description: 'Fuel spent each minute.', range: [0, 10], forms: ['number', 'citation'] },
        reserve: { description: 'Fuel kept back for the walk home.', forms: ['number', 'citation'] },
        'flicker-chance': { description: 'How often the flame wavers.', range: [0, 1], when: { flag: { 'burn-mode': ['flicker'] } } },
        'cotton-bonus': { description: 'Extra light from a cotton wick.', when: { 'row-has': { wicks: { material: ['cotton'] } } } },
      },
      rows: {
        wicks: {
          description: 'The wicks the lantern takes.',
          record: {
            id: { type: 'string', required: true, pattern: 'kebab-case', unique: true },
            material: { type: 'string', required: true, options: ['cotton', 'hemp', 'wire'] },
            length: { type: 'number', within: [0, 'capacity'] },
            braid: { type: 'integer', when: { row: { material: ['hemp'] } } },
          },
          'when-empty': 'The lantern burns its fuel without a wick.',
        },
      },
    },
    rules: {
      'rate-below-capacity': 'burn-rate < capacity',
      'flicker-is-a-chance': 'flicker-chance <= 1',
      'no-replace-while-flickering': {
        forbid: { flag: { 'burn-mode': ['flicker'], refill: ['replace'] } },
        message: 'Pouring out the fuel of a flickering lantern leaves it dark for a minute.',
        severity: 'warning',
      },
    },
  };
}

/** The designer part of the clean base adoption. */
export function lampDesigner(): Doc {
  return {
    answers: { 'burn-mode': 'steady', 'wick-trim': 'manual' },
    values: { capacity: 40, 'burn-rate': 2, reserve: 5, 'cotton-bonus': 3 },
    rows: {
      wicks: [
        { id: 'short-cotton', material: 'cotton', length: 4 },
        { id: 'long-hemp', material: 'hemp', length: 9, braid: 3 },
        { id: 'thin-cotton', material: 'cotton', length: 2 },
      ],
    },
    verification: { 'fuel-audit': { seeds: ['lamp-a'] } },
  };
}

/** A whole adoption file: a definition part followed by a designer part. */
export function adopt(definition: Doc = lanternDefinition(), designer: Doc = lampDesigner()): Doc {
  return { ...structuredClone(definition), ...structuredClone(designer) };
}

/** The base adoption. */
export function lamp(): Doc {
  return adopt();
}

/** The pack of lantern-fuel-1. */
export function lanternPack(): Doc {
  return {
    contract: 'lantern-fuel',
    version: 1,
    templates: [
      {
        id: 'burns-down',
        title: 'The lantern burns down',
        type: 'scenario',
        expand: 'once',
        test: {
          type: 'scenario',
          given: '{{instance}} holds {{value-cite:capacity}}',
          when: 'one minute passes',
          then: '{{instance}} holds {{value-cite:burn-rate}} less',
        },
        text: 'Burning spends {{value-cite:burn-rate}} every minute.',
      },
      {
        id: 'flicker-wavers',
        title: 'A flicker spends less',
        type: 'scenario',
        expand: 'once',
        when: { flag: { 'burn-mode': ['flicker'] } },
        test: { type: 'scenario', given: 'a flickering {{instance}}', when: 'it wavers', then: 'chance is {{value-cite:flicker-chance}}' },
        text: 'Wavering happens at {{value-cite:flicker-chance}}.',
      },
      {
        id: 'refill-rule',
        title: 'A refill',
        type: 'scenario',
        expand: 'once',
        bindings: {
          'refill-phrase': {
            flag: 'refill',
            map: { 'top-up': '{{instance}} adds fuel to what is left', replace: '{{instance}} pours out, then fills' },
          },
        },
        test: { type: 'scenario', given: 'a half tank', when: 'a refill arrives', then: '{{bind:refill-phrase}}' },
        text: 'On a refill, {{bind:refill-phrase}}.',
      },
      {
        id: 'wick-burns',
        title: 'Wick {{row.id}} burns',
        type: 'scenario',
        expand: 'per-row',
        collection: 'wicks',
        when: { row: { material: ['cotton', 'hemp'] } },
        bindings: { 'wick-kind': { row_field: 'material', map: { cotton: 'a soft cotton wick', hemp: 'a braided hemp wick' } } },
        test: { type: 'scenario', given: '{{row.id}} is {{bind:wick-kind}}', minutes: '{{row.length}}', then: 'it burns for {{row.length}} minutes' },
        text: 'The wick {{row.id}} lasts {{row.length}} minutes.',
      },
      {
        id: 'fuel-audit',
        title: 'The tank never overflows',
        type: 'general',
        expand: 'once',
        inputs: { scope: { default: 'one evening of play' }, seeds: {} },
        test: { type: 'general', scope: '{{inputs:scope}}', seeds: '{{inputs:seeds}}', claim: '{{instance}} never holds more than {{value-cite:capacity}}' },
        text: 'Audit over {{inputs:scope}}.',
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Immutable updates

function cloneAlong(doc: Doc, path: Path): { copy: Doc; parent: Record<string | number, unknown> } {
  const copy = structuredClone(doc);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    if (typeof next !== 'object' || next === null) throw new Error(`fixture path ${path.join('/')} breaks at ${String(key)}`);
    parent = next as Record<string | number, unknown>;
  }
  return { copy, parent };
}

/** A copy with the member at `path` set to `value`. */
export function set(doc: Doc, path: Path, value: unknown): Doc {
  const { copy, parent } = cloneAlong(doc, path);
  parent[path[path.length - 1]!] = structuredClone(value);
  return copy;
}

/** A copy without the member at `path`. */
export function unset(doc: Doc, path: Path): Doc {
  const { copy, parent } = cloneAlong(doc, path);
  const key = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else delete parent[key];
  return copy;
}

/** A copy changed by `change` (which may mutate the copy it receives). */
export function edit(doc: Doc, change: (draft: any) => void): Doc {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
}

/** A copy with several members set, in order. */
export function setAll(doc: Doc, changes: readonly (readonly [Path, unknown])[]): Doc {
  return changes.reduce((d, [p, v]) => set(d, p, v), doc);
}

// ---------------------------------------------------------------------------------------------
// Running the engine

/** `sha256:<hex>` of the pack written as the fixtures write it. */
export function packText(pack: Doc): string {
  return JSON.stringify(pack, null, 2) + '\n';
}

export function packDigest(pack: Doc): string {
  return 'sha256:' + createHash('sha256').update(packText(pack)).digest('hex');
}

export interface AnalyzeOptions {
  pack?: Doc | null;
  id?: string;
  /** Check the pack digest (off by default, so that fixture packs can change freely). */
  digest?: boolean;
}

/** analyzeAdoption on a fixture: with the lantern pack unless `pack: null`. */
export function analyze(adoption: Doc = lamp(), options: AnalyzeOptions = {}): AdoptionReport {
  const pack = options.pack === undefined ? lanternPack() : options.pack;
  return analyzeAdoption({
    id: options.id ?? ADOPTION_ID,
    file: ADOPTION_FILE,
    document: adoption,
    ...(pack ? { pack: { file: PACK_FILE, document: pack, ...(options.digest ? { digest: packDigest(pack) } : {}) } } : {}),
  });
}

/** evaluate() on an adoption document. */
export function evaluateDoc(adoption: Doc = lamp(), id = ADOPTION_ID): Evaluation {
  return evaluate(adoption as unknown as Definition, designerState(adoption), id);
}

/** The diagnostics as `CODE severity pointer` strings, easy to compare and to read in a failure. */
export function findings(report: { diagnostics: Diagnostic[] } | Diagnostic[]): string[] {
  const list = Array.isArray(report) ? report : report.diagnostics;
  return list.map((d) => `${d.code} ${d.severity} ${d.pointer}`);
}

/** Only the errors, as `CODE pointer`. */
export function errors(report: { diagnostics: Diagnostic[] } | Diagnostic[]): string[] {
  const list = Array.isArray(report) ? report : report.diagnostics;
  return list.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.pointer}`);
}

/** The diagnostics with one code. */
export function withCode(report: { diagnostics: Diagnostic[] }, code: Diagnostic['code']): Diagnostic[] {
  return report.diagnostics.filter((d) => d.code === code);
}
