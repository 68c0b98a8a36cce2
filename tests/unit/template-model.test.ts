/**
 * The pack template's model (src/lib/site/model/template.ts): the summary every contract page
 * carries and the body the explorer draws on first opening, for every template of the embedded
 * packs and (when present) the corpus's. Pure: no build, no browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memberKeys } from '../../src/lib/opengdd/json.ts';
import type { Definition, Pack, Template } from '../../src/lib/opengdd/types.ts';
import type { Naming } from '../../src/lib/site/describe.ts';
import { conditionPieces, placeholderPieces, templateBody, templateFileNote, templateSummary, type Piece } from '../../src/lib/site/model/template.ts';
import { mechanismBlocks, mechanismPieces } from '../../src/lib/site/model/mechanism.ts';
import { definitionNaming } from '../../src/lib/site/model/words.ts';
import { testViewRows } from '../../src/lib/site/test-view.ts';
import { corpusDir, corpusPresent, list, repoRoot } from '../helpers/paths.ts';

/** Every template of a catalog's packs, with how its definition's page names questions and answers. */
const packsOf = (root: string): { t: Template; naming: Naming }[] =>
  list(path.join(root, 'packs')).flatMap((f) => {
    const cv = f.replace(/\.pack\.json$/, '');
    const definition = JSON.parse(readFileSync(path.join(root, 'catalog', cv, 'definition.json'), 'utf8')) as Definition;
    const naming = definitionNaming(definition);
    return (JSON.parse(readFileSync(path.join(root, 'packs', f), 'utf8')) as Pack).templates.map((t) => ({ t, naming }));
  });
const templates = [...packsOf(repoRoot), ...(corpusPresent ? packsOf(corpusDir) : [])];

const textOf = (pieces: Piece[]): string => pieces.map((p) => (p.kind === 'condition' ? textOf(p.pieces) : p.text)).join('');
const flat = (pieces: Piece[]): Piece[] => pieces.flatMap((p) => (p.kind === 'condition' ? flat(p.pieces) : [p]));

describe('a pack template’s summary and body', () => {
  it('has templates to read', () => {
    expect(templates.length).toBeGreaterThan(corpusPresent ? 96 : 10);
  });

  it('marks every placeholder of a text, and only those, keeping the text whole', () => {
    const pieces = placeholderPieces('{{instance}} holds {{row.id}}; {x} is not one');
    expect(textOf(pieces)).toBe('{{instance}} holds {{row.id}}; {x} is not one');
    expect(pieces.filter((p) => p.kind === 'mark').map((p) => (p as { text: string }).text)).toEqual(['{{instance}}', '{{row.id}}']);
    for (const { t, naming } of templates) {
      const body = templateBody(t, naming);
      expect(textOf(body.text), t.id).toBe(t.text);
      expect(body.text.filter((p) => p.kind === 'mark').length, t.id).toBe((t.text.match(/\{\{[^{}]+\}\}/g) ?? []).length);
    }
  });

  it('says when each template applies and how it expands, in the summary and in the body', () => {
    for (const { t, naming } of templates) {
      const s = templateSummary(t, naming);
      const body = templateBody(t, naming);
      expect(s.anchor).toBe(`template-${t.id}`);
      expect(s.kind, t.id).toBe(t.type === 'general' ? 'General' : 'Scenario');
      expect(textOf(s.expands), t.id).toBe(t.expand === 'per-row' ? `Per row · ${t.collection}` : 'Once');
      const applies = textOf(body.facts.find((f) => f.label === 'Applies')!.pieces!);
      if (t.when?.flag) {
        expect(textOf(s.when), t.id).toMatch(/^Applies when .+/);
        // The summary's condition reads as the body's, without the body's links (the summary toggles the fold).
        expect(applies, t.id).toBe(`When ${textOf(s.when).slice('Applies when '.length)}.`);
        expect(flat(s.when).some((p) => 'href' in p), t.id).toBe(false);
        // Each question it cites is named as the page numbers it, and links to it.
        for (const q of memberKeys(t.when.flag)) {
          expect(flat(body.facts[0]!.pieces!).some((p) => p.kind === 'name' && p.href === `#question-${q}` && p.text === naming.question(q)), `${t.id} ${q}`).toBe(true);
          expect(textOf(s.when), `${t.id} ${q}`).toContain(naming.question(q));
        }
      } else {
        expect(textOf(s.when), t.id).toBe('Applies whatever the answers');
        expect(applies, t.id).toBe('Whatever the answers.');
      }
      const labels = body.facts.map((f) => f.label);
      expect(labels, t.id).toContain(t.expand === 'per-row' ? 'Expands' : 'Generates');
      expect(labels.includes('Inputs'), t.id).toBe(memberKeys(t.inputs).length > 0);
      const named = textOf(body.facts.find((f) => f.label === 'Expands' || f.label === 'Generates')!.pieces!);
      expect(named, t.id).toContain(t.expand === 'per-row' ? `<adoption>/${t.id}/<row id>` : `<adoption>/${t.id}`);
    }
  });

  it('lists every binding with its phrases, and the test block as the test view lays it out', () => {
    for (const { t, naming } of templates) {
      const body = templateBody(t, naming);
      expect(body.bindings?.rows.map((r) => r.id) ?? [], t.id).toEqual(memberKeys(t.bindings));
      for (const r of body.bindings?.rows ?? []) {
        const b = t.bindings![r.id]!;
        expect(r.phrases.map(textOf), `${t.id} ${r.id}`).toEqual(memberKeys(b.map).map((k) => `${k} → ${b.map[k]}`));
        expect(textOf(r.by), `${t.id} ${r.id}`).toBe(b.flag ? `the answer to ${naming.question(b.flag)}` : `the row’s ${b.row_field}`);
      }
      expect(body.test, t.id).toEqual({ type: String(t.test.type), rows: testViewRows(t.test) });
    }
  });

  it('links names to their place on the page only when asked to', () => {
    const tokens = [
      { kind: 'question' as const, text: 'number-kind' },
      { kind: 'text' as const, text: ' is ' },
      { kind: 'option' as const, text: 'fractional' },
    ];
    expect(conditionPieces(tokens, true)).toEqual({
      kind: 'condition',
      pieces: [{ kind: 'name', text: 'number-kind', href: '#question-number-kind' }, { kind: 'text', text: ' is ' }, { kind: 'code', text: 'fractional', literal: true }],
    });
    expect(flat([conditionPieces(tokens, false)]).some((p) => 'href' in p)).toBe(false);
    // A named question links by its id; an answer the page names reads as a name, not as code.
    expect(conditionPieces([{ kind: 'question', text: 'question 1', id: 'number-kind' }, { kind: 'text', text: ' is ' }, { kind: 'option', text: 'Fractional', id: 'fractional' }], true)).toEqual({
      kind: 'condition',
      pieces: [{ kind: 'name', text: 'question 1', href: '#question-number-kind' }, { kind: 'text', text: ' is ' }, { kind: 'option', text: 'Fractional' }],
    });
  });

  it('names the published pack file while the body is not drawn', () => {
    const note = templateFileNote('ranged-value-2');
    expect(note.find((p) => p.kind === 'link')).toEqual({ kind: 'link', text: 'ranged-value-2.pack.json', href: '/contracts/ranged-value-2/ranged-value-2.pack.json' });
  });
});

describe('mechanism text', () => {
  /** The pieces written back as the author wrote them. */
  const written = (pieces: Piece[]) => pieces.map((p) => (p.kind === 'code' ? `\`${p.text}\`` : p.kind === 'strong' ? `**${p.text}**` : 'text' in p ? p.text : '')).join('');

  it('shows `ids` as code and **terms** in bold, every other character as written', () => {
    const m = 'An **operation** is one change; a row value other than `use-game-default` applies.';
    expect(mechanismPieces(m)).toEqual([
      { kind: 'text', text: 'An ' },
      { kind: 'strong', text: 'operation' },
      { kind: 'text', text: ' is one change; a row value other than ' },
      { kind: 'code', text: 'use-game-default' },
      { kind: 'text', text: ' applies.' },
    ]);
    for (const plain of ['a * b ** c', 'one ` lone backtick', '** **x', '**x **', 'no marks at all', '``']) {
      expect(mechanismPieces(plain), plain).toEqual([{ kind: 'text', text: plain }]);
    }
  });

  it('numbers the entries itself unless their author numbers steps in the text', () => {
    expect(mechanismBlocks(['One rule.', 'Another rule.'])).toBeUndefined();
    // A heading makes blocks too, each a sub-section with its own id.
    expect(mechanismBlocks(['### Settle `the` change', 'A rule.', '## Settle the change'])).toEqual([
      { kind: 'heading', id: 'mechanism-settle-the-change', text: 'Settle the change' },
      { kind: 'text', pieces: [{ kind: 'text', text: 'A rule.' }] },
      { kind: 'heading', id: 'mechanism-settle-the-change-2', text: 'Settle the change' },
    ]);
    const blocks = mechanismBlocks(['The steps:', '1. Block. Stop.', '2) Settle `x`.', 'Then, after a pause:', '3. Report.', '10 apples are not a step.'])!;
    expect(blocks.map((b) => (b.kind === 'text' ? written(b.pieces) : b.kind === 'steps' ? b.steps.map((s) => `${s.number}:${written(s.pieces)}`) : b.text))).toEqual([
      'The steps:',
      ['1:Block. Stop.', '2:Settle `x`.'],
      'Then, after a pause:',
      ['3:Report.'],
      '10 apples are not a step.',
    ]);
  });

  it('loses no word of any mechanism entry of the corpus', () => {
    const entries = corpusPresent
      ? list(path.join(corpusDir, 'catalog')).flatMap((cv) => {
          try {
            return (JSON.parse(readFileSync(path.join(corpusDir, 'catalog', cv, 'definition.json'), 'utf8')) as Definition).mechanism;
          } catch {
            return [];
          }
        })
      : [];
    for (const m of entries) expect(written(mechanismPieces(m)), m).toBe(m);
    // Blocks keep every entry, in order, the author's own numbers as the steps' numbers.
    for (const cv of corpusPresent ? list(path.join(corpusDir, 'catalog')) : []) {
      let mechanism: string[];
      try {
        mechanism = (JSON.parse(readFileSync(path.join(corpusDir, 'catalog', cv, 'definition.json'), 'utf8')) as Definition).mechanism;
      } catch {
        continue;
      }
      const blocks = mechanismBlocks(mechanism);
      if (!blocks) continue;
      const back = blocks.flatMap((b) =>
        b.kind === 'text' ? [written(b.pieces)] : b.kind === 'heading' ? [`### ${b.text}`] : b.steps.map((s) => `${s.number}. ${written(s.pieces)}`),
      );
      expect(back, cv).toEqual(mechanism);
    }
    if (corpusPresent) expect(entries.some((m) => mechanismPieces(m).some((p) => p.kind === 'strong'))).toBe(true);
  });
});
