/**
 * How adoptions answer, per contract version: the per-question counts, the templates × adoptions
 * matrix and the "closest adoption" sentence — on the embedded catalog and (when present) every
 * corpus definition. Expected figures come from the engine run per adoption, not from the module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeAdoption } from '../../src/lib/opengdd/analyze.ts';
import { reasonSentence } from '../../src/lib/site/model/words.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { adoptionAnswers, matrixLine, publishedAnswers, tallyLine } from '../../src/lib/site/adoption-answers.ts';
import { closestSentence, likeness } from '../../src/lib/site/closeness.ts';
import { corpusDir, corpusPresent, list, repoRoot } from '../helpers/paths.ts';

const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));

/** Every definition version of a catalog folder that has adoptions, with its pack and adoption documents. */
function versions(root: string) {
  return list(path.join(root, 'catalog'))
    .filter((cv) => list(path.join(root, 'catalog', cv, 'adoptions')).length)
    .map((cv) => {
      const dir = path.join(root, 'catalog', cv);
      const packFile = path.join(root, 'packs', `${cv}.pack.json`);
      const pack: Pack | undefined = readdirSync(path.join(root, 'packs')).includes(`${cv}.pack.json`) ? json(packFile) : undefined;
      const docs = list(path.join(dir, 'adoptions')).map((f) => ({ id: f.replace(/\.json$/, ''), document: json(path.join(dir, 'adoptions', f)) }));
      return { cv, definition: json(path.join(dir, 'definition.json')) as Definition, pack, docs };
    });
}

/** Checks the tallies and the matrix against the engine's own report of each adoption. */
function checkAgainstEngine(root: string) {
  for (const { cv, definition, pack, docs } of versions(root)) {
    const result = adoptionAnswers(definition, pack, docs);
    const reports = docs.map((d) => analyzeAdoption({ id: d.id, file: d.id, document: d.document, ...(pack ? { pack: { file: 'p', document: pack } } : {}), validate: false }));
    expect(result.adoptions.map((a) => a.id), cv).toEqual(docs.map((d) => d.id));
    for (const q of result.questions) {
      // Every adoption lands in exactly one place per question.
      const placed = [...q.options.flatMap((o) => o.adoptions), ...q.notAsked, ...q.unanswered].map((a) => a.id).sort();
      expect(placed, `${cv} ${q.id}`).toEqual(docs.map((d) => d.id).sort());
      reports.forEach((r, i) => {
        const state = r.evaluation.questions.find((s) => s.id === q.id)!;
        const where = q.options.find((o) => o.adoptions.some((a) => a.id === docs[i]!.id))?.option;
        if (!state.asked) expect(q.notAsked.map((a) => a.id), `${cv} ${q.id}`).toContain(docs[i]!.id);
        else expect(where, `${cv} ${q.id} ${docs[i]!.id}`).toBe(state.counted ? state.answer : undefined);
      });
    }
    result.templates.forEach((t, ti) => {
      reports.forEach((r, i) => {
        const o = r.templates[ti]!;
        expect(o.template.id).toBe(t.id);
        expect(t.tests[i], `${cv} ${t.id} ${docs[i]!.id}`).toBe(r.tests.filter((x) => x.templateId === t.id).length);
        expect(o.live || t.tests[i] === 0).toBe(true);
      });
      const none = reports.every((r) => !r.templates[ti]!.live);
      expect(t.unused !== undefined, `${cv} ${t.id}`).toBe(none);
      if (t.unused) {
        // The engine's own reason words, each adoption under every reason it gives.
        reports.forEach((r, i) => {
          for (const reason of r.templates[ti]!.reasons) {
            const group = t.unused!.find((u) => u.reason === reasonSentence(reason, definition, 'adoption'));
            expect(group?.adoptions.map((a) => a.id), `${cv} ${t.id}`).toContain(docs[i]!.id);
          }
        });
      }
    });
  }
}

describe('how adoptions answer, on the embedded catalog', () => {
  it('counts every adoption once per question and every test per template, as the engine reports them', () => {
    checkAgainstEngine(repoRoot);
  });

  it('spawn-wave-1: the tally line, the matrix line and the names', () => {
    const [v] = versions(repoRoot).filter((x) => x.cv === 'spawn-wave-1');
    const result = adoptionAnswers(v!.definition, v!.pack, v!.docs);
    expect(result.adoptions.map((a) => a.name)).toEqual(['Arena trials', 'Castle siege', 'Graveyard horde']);
    const advance = result.questions.find((q) => q.id === 'advance')!;
    const expected = advance.options.filter((o) => o.adoptions.length).map((o) => `${o.name} ${o.adoptions.length}`);
    if (advance.notAsked.length) expected.push(`not asked ${advance.notAsked.length}`);
    expect(tallyLine(advance)).toBe(expected.join(' · '));
    const used = result.templates.filter((t) => t.tests.some((n) => n > 0)).length;
    const unused = result.templates.length - used;
    expect(matrixLine(result)).toBe(
      `3 adoptions exercise ${used} of the ${result.templates.length} templates${unused ? `; the other ${unused === 1 ? 'one is' : `${unused} are`} not exercised.` : ': every template is exercised.'}`,
    );
  });
});

describe('the published <cv>.adoptions.json and the names', () => {
  it('names adoptions by id, with their page addresses, and keeps every figure', () => {
    const [v] = versions(repoRoot).filter((x) => x.cv === 'spawn-wave-1');
    const result = adoptionAnswers(v!.definition, v!.pack, v!.docs);
    const published = publishedAnswers('spawn-wave-1', result);
    expect(published.adoptions.map((a) => a.url)).toEqual(v!.docs.map((d) => `/contracts/spawn-wave-1/${d.id}/`));
    expect(published.templates.map((t) => t.tests)).toEqual(result.templates.map((t) => t.tests));
    for (const [i, q] of published.questions.entries()) {
      expect(q.options.map((o) => o.adoptions)).toEqual(result.questions[i]!.options.map((o) => o.adoptions.map((a) => a.id)));
      expect(q.notAsked).toEqual(result.questions[i]!.notAsked.map((a) => a.id));
    }
    const unused = published.templates.filter((t) => t.unused);
    expect(unused.length).toBe(result.templates.filter((t) => t.unused).length);
    for (const t of unused) for (const u of t.unused!) for (const id of u.adoptions) expect(v!.docs.map((d) => d.id)).toContain(id);
  });
});

describe.skipIf(!corpusPresent)('how adoptions answer, on every corpus definition (../shared/corpus)', () => {
  it('counts every adoption once per question and every test per template, as the engine reports them', () => {
    checkAgainstEngine(corpusDir);
  }, 60_000);

  it('container-2: Backpack stands closest to its own answers with one changed', () => {
    const [v] = versions(corpusDir).filter((x) => x.cv === 'container-2');
    const result = adoptionAnswers(v!.definition, v!.pack, v!.docs);
    const i = result.adoptions.findIndex((a) => a.id === 'backpack');
    const qs = result.questions.map((q) => q.id);
    const tried = Object.fromEntries(qs.map((q, qi) => [q, result.answers[i]![qi]]).filter((e): e is [string, string] => e[1] !== null));
    const answered = Object.keys(tried).length;
    tried['fill-order'] = 'first-slot-that-fits';
    const ranked = likeness(qs, result.answers, tried);
    expect(ranked[0]!.index).toBe(i);
    expect(closestSentence(result.adoptions.map((a) => a.name), ranked, true)).toMatch(new RegExp(`^Closest: Backpack — ${answered - 1} of ${answered} answers alike\\.`));
  });
});

describe('closeness', () => {
  const qs = ['a', 'b', 'c'];
  const answers = [
    ['x', 'y', null],
    ['x', 'z', 'w'],
    ['x', 'y', null],
  ];
  it('counts alike answers over the questions either side answers, closest first, ties kept in page order', () => {
    expect(likeness(qs, answers, { a: 'x', b: 'y' })).toEqual([
      { index: 0, alike: 2, of: 2 },
      { index: 2, alike: 2, of: 2 },
      { index: 1, alike: 1, of: 3 },
    ]);
    expect(closestSentence(['One', 'Two', 'Three'], likeness(qs, answers, { a: 'x', b: 'y' }), true)).toBe(
      'Closest: One and Three — 2 of 2 answers alike (the same answers). Then Two (1 of 3).',
    );
    expect(closestSentence(['One', 'Two', 'Three'], likeness(qs, answers, { a: 'q' }), true)).toBe('No adoption gives any of these answers.');
    expect(closestSentence(['One'], [], false)).toMatch(/^Try answers/);
  });
});
