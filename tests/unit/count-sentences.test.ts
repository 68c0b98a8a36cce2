/**
 * Every sentence of the page model that counts something, walked at 0, 1 and many: none may read
 * "1 of the 1 question are asked", "1 tests", "3 template" or "0 per row". The checks look for the
 * slips themselves (a number disagreeing with its noun or verb, a figure 0 in prose), not for
 * sentences copied from the code, so a new wording passes as long as it agrees in number.
 * Pure: no build, no browser.
 */
import { describe, expect, it } from 'vitest';
import { explore, STAND_IN_ADOPTION } from '../../src/lib/opengdd/explore.ts';
import type { NotLiveReason } from '../../src/lib/opengdd/templates.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { answersIntro, matrixLine, type AdoptionAnswers } from '../../src/lib/site/adoption-answers.ts';
import { closestSentence } from '../../src/lib/site/closeness.ts';
import { answersSection, testsIntro } from '../../src/lib/site/model/adoption.ts';
import { contractPage } from '../../src/lib/site/model/contract.ts';
import { rowsView } from '../../src/lib/site/model/rows.ts';
import { shownTests } from '../../src/lib/site/model/state.ts';
import { appliesFact, countSentence, reasonSentence, testsFromTemplates } from '../../src/lib/site/model/words.ts';
import { triedStateSentence } from '../../src/lib/site/tried-state.ts';
import { lanternDefinition, lanternPack } from '../helpers/fixtures.ts';

const NOUNS = 'tests?|templates?|questions?|rows?|adoptions?|answers?|values?';

/** The number-agreement slips a sentence makes (empty when it reads right). */
function slips(sentence: string): string[] {
  const found: string[] = [];
  const check = (re: RegExp, what: string) => {
    const m = re.exec(sentence);
    if (m) found.push(`${what}: “${m[0]}” in “${sentence}”`);
  };
  check(new RegExp(`\\b1 (?:[a-z’]+ )?(?:${NOUNS.replace(/s\?/g, 's')})\\b`), 'one with a plural noun');
  // "3 published version" (an adjective between), but not "2 per row" (a preposition).
  check(new RegExp(`\\b(?:[02-9]|\\d{2,}) (?:(?!per |of |from |on |in |the )[a-z’]+ )?(?:test|template|question|row|adoption|answer|value)\\b(?!s)`), 'many with a singular noun');
  check(/\b1 of (?:the )?1\b/, 'one of one');
  // The first verb after "1 …" (up to five words on): "1 waits", not "1 wait"; "1 does not apply".
  check(/\b1 (?:(?!is |waits |does |applies |exercises |differs )[a-z’]+ ){0,5}(?:are|wait|do|exercise|apply)\b/, 'one with a plural verb');
  // A figure 0 reads like a table; a score in brackets, "(0 of 6)", may keep it.
  check(/(?:^|\s)0 \w/, 'a figure 0 in prose');
  return found;
}

const COUNTS = [0, 1, 2, 14];

describe('counted sentences agree in number', () => {
  it('the checker itself finds the slips it is meant to find', () => {
    expect(slips('1 of the 1 question are asked for these answers.')).toHaveLength(2);
    expect(slips('1 tests from 3 template')).toHaveLength(2);
    expect(slips('The contract comes with 3 tests (3 once, 0 per row).')).toHaveLength(1);
    expect(slips('1 waits on an answer; 2 do not apply; 1 of the 3 questions is asked.')).toEqual([]);
  });

  it('the count line of the tests, for every split of 0, 1, 2 and 14 templates', () => {
    const seen = new Set<string>();
    for (const templates of COUNTS) {
      for (let live = 0; live <= templates; live++) {
        for (let waits = 0; waits + live <= templates; waits++) {
          const off = templates - live - waits;
          for (const tests of live ? [live, live * 3] : [0]) {
            const s = countSentence({ tests, live, waits, off, templates });
            expect(slips(s)).toEqual([]);
            seen.add(s);
          }
        }
      }
    }
    // Each split reads differently: no two states share a sentence.
    expect(seen.size).toBeGreaterThan(100);
  });

  it('how many questions are asked, at every count of 0, 1, 2 and 5 questions', () => {
    for (const total of [0, 1, 2, 5]) {
      for (let asked = 0; asked <= total; asked++) {
        const s = answersSection(asked, total, 'Lantern fuel');
        expect(slips(s.intro ?? s.empty ?? '')).toEqual([]);
      }
    }
  });

  it('the tests a pack comes with, once and per row, on both pages', () => {
    const definition = lanternDefinition() as unknown as Definition;
    const pack = lanternPack() as unknown as Pack;
    const start = explore(definition, pack, STAND_IN_ADOPTION, { answers: {}, values: {}, rows: {} });
    for (const templates of [0, 1, start.templates.length]) {
      expect(slips(testsIntro(templates))).toEqual([]);
      for (let perRow = 0; perRow <= templates; perRow++) {
        const m = contractPage({
          cv: 'lantern-fuel-1',
          title: 'Lantern fuel',
          version: 1,
          definition,
          aboutHeadings: [],
          hasPack: true,
          perRow,
          evaluation: start.evaluation,
          outcomes: start.templates.slice(0, templates),
          adoptions: COUNTS.map((tests) => ({ id: `a${tests}`, tests, live: Math.min(tests, templates) })),
        });
        expect(slips(m.sections.find((s) => s.id === 'pack')!.intro!)).toEqual([]);
        for (const a of m.adoptions) expect(slips(a.line)).toEqual([]);
      }
    }
  });

  it('tests from templates, and the social card’s fact', () => {
    for (const templates of COUNTS) {
      for (let live = 0; live <= templates; live++) {
        for (const tests of live ? [1, live * 2] : [0]) expect(slips(testsFromTemplates(tests, live, templates))).toEqual([]);
        expect(slips(appliesFact(live, templates))).toEqual([]);
      }
    }
  });

  it('how the adoptions answer and which templates they exercise', () => {
    for (const n of COUNTS) {
      for (const t of COUNTS) {
        for (let used = 0; used <= t; used++) {
          const answers: AdoptionAnswers = {
            adoptions: Array.from({ length: n }, (_, i) => ({ id: `a${i}`, name: `A${i}` })),
            questions: [],
            templates: Array.from({ length: t }, (_, i) => ({
              id: `t${i}`,
              title: `T${i}`,
              perRow: false,
              tests: [],
              ...(i < used ? {} : { unused: [] }),
            })),
            answers: [],
          };
          expect(slips(matrixLine(answers))).toEqual([]);
          expect(slips(answersIntro(answers))).toEqual([]);
        }
      }
    }
  });

  it('what a tried state is, and which adoption it comes closest to', () => {
    const none = { answers: {}, values: {}, rows: {} };
    for (const asked of COUNTS) {
      for (let answered = 0; answered <= asked; answered++) {
        const questions = Array.from({ length: asked }, (_, i) => ({ asked: true, counted: i < answered }));
        for (const values of [{}, { a: 1 }, { a: 1, b: 2 }]) {
          expect(slips(triedStateSentence('contract', { ...none, values }, none, questions))).toEqual([]);
        }
      }
    }
    for (const answers of [{ a: 'x' }, { a: 'x', b: 'y' }]) expect(slips(triedStateSentence('adoption', { ...none, answers }, none))).toEqual([]);
    for (const of of [1, 2, 6]) {
      for (let alike = 0; alike <= of; alike++) {
        expect(slips(closestSentence(['Backpack', 'Satchel'], [{ index: 0, alike, of }, { index: 1, alike: 0, of }], true))).toEqual([]);
      }
    }
  });

  it('tests and rows left off a page, and rows none of which matches', () => {
    const test = { name: 'a/t', templateId: 't', title: 't', test: { type: 'scenario', given: [], when: '', then: [] }, text: '' };
    for (const n of [1, 2, 3, 14]) expect(slips(shownTests({ tests: Array(n).fill(test) }, 1).cut ?? '')).toEqual([]);
    const declaration = { record: { id: { type: 'string' } } } as never;
    for (const n of [0, 1, 2, 14]) {
      const view = rowsView('slots', declaration, Array.from({ length: n }, (_, i) => ({ id: `r${i}` })), 1);
      expect(slips(view.count)).toEqual([]);
      expect(slips(view.cut ?? '')).toEqual([]);
    }
    const definition = lanternDefinition() as unknown as Definition;
    for (const rowCount of COUNTS) {
      const reason = { kind: 'no-row-matches', rowSet: 'slots', row: { kind: ['big'] }, rowCount } as unknown as NotLiveReason;
      expect(slips(reasonSentence(reason, definition))).toEqual([]);
    }
  });
});
