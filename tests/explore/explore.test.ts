/**
 * The explorer model: the counts, the change summary, the URL round trip and the adoption it
 * copies out — on the corpus Backpack (the flow issue 4 names) and on our own spawn-wave-1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeAdoption } from '../../src/lib/opengdd/analyze.ts';
import {
  adoptionFromState,
  changeSummary,
  decodeState,
  encodeState,
  explore,
  suppliedState,
  STAND_IN_ADOPTION,
} from '../../src/lib/opengdd/explore.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';

const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const repo = fileURLToPath(new URL('../../', import.meta.url));
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));

describe.skipIf(!existsSync(corpus))('explorer on the corpus Backpack (../shared/corpus)', () => {
  const doc = existsSync(corpus) ? json(`${corpus}catalog/container-1/adoptions/backpack.json`) : {};
  const pack: Pack = existsSync(corpus) ? json(`${corpus}packs/container-1.pack.json`) : { contract: '', version: 0, templates: [] };
  const definition = doc as Definition;

  it('starts from the supplied state with the true counts', () => {
    const e = explore(definition, pack, 'backpack', suppliedState(doc), doc.verification);
    expect(e.counts.templates).toBe(pack.templates.length);
    expect(e.counts.tests).toBe(analyzeAdoption({ id: 'backpack', file: 'b', document: doc, pack: { file: 'p', document: pack } }).tests.length);
  });

  it('all-or-nothing makes refuses-whole apply, takes-what-fits stop, and the leftover question unasked', () => {
    const base = suppliedState(doc);
    const before = explore(definition, pack, 'backpack', base, doc.verification);
    const tried = { ...base, answers: { ...base.answers, 'partial-acceptance': 'all-or-nothing' } };
    const after = explore(definition, pack, 'backpack', tried, doc.verification);
    const live = (e: typeof after, id: string) => e.templates.find((t) => t.template.id === id)!;
    expect(live(before, 'refuses-whole').live).toBe(false);
    expect(live(after, 'refuses-whole').live).toBe(true);
    expect(live(after, 'takes-what-fits').live).toBe(false);
    expect(live(after, 'takes-what-fits').reasons[0]).toMatchObject({ kind: 'answered-otherwise', question: 'partial-acceptance', answer: 'all-or-nothing' });
    expect(after.evaluation.questions.find((q) => q.id === 'leftover-destination')!.asked).toBe(false);
    expect(changeSummary(before, after)).toBe('1 test now applies, 1 no longer applies, 1 question is no longer asked.');

    const params = encodeState(tried, base);
    expect(decodeState(new URLSearchParams(params.toString()), base)).toEqual(tried);

    const { document, gaps } = adoptionFromState(doc, tried, after, doc.verification);
    expect(gaps).toEqual([]);
    expect(document.answers).not.toHaveProperty('leftover-destination');
    const report = analyzeAdoption({ id: 'backpack', file: 'b', document, pack: { file: 'p', document: pack } });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('explorer on a contract page (no adoption)', () => {
  const definition: Definition = json(`${repo}catalog/spawn-wave-1/definition.json`);
  const pack: Pack = json(`${repo}packs/spawn-wave-1.pack.json`);

  it('uses the stand-in id and lists what a complete adoption still needs', () => {
    const empty = { answers: {}, values: {}, rows: Object.fromEntries(Object.keys(definition.declares.rows ?? {}).map((r) => [r, []])) };
    const e = explore(definition, pack, STAND_IN_ADOPTION, empty);
    const waiting = e.templates.filter((t) => t.reasons.some((r) => r.kind === 'answer-missing'));
    expect(waiting.length).toBeGreaterThan(0);
    const { gaps } = adoptionFromState(definition, empty, e);
    const unconditional = Object.entries(definition.questions).filter(([, q]) => !q.when).map(([id]) => id);
    for (const q of unconditional) expect(gaps.some((g) => g.startsWith(`Answer question ${q}:`))).toBe(true);
  });
});
