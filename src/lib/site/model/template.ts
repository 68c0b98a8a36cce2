/**
 * A pack template as the contract page shows it: the summary (kind, how it expands, when it
 * applies) that the static page renders inside each fold, and the body (what it generates, its
 * inputs, its bindings, its test block and text, placeholders marked) that the answer explorer
 * draws when the fold is first opened — so the page carries 96 summaries, not 96 full templates,
 * and both renderers take every word from here.
 * Pure: no DOM, no Node.
 */
import { memberKeys } from '../../opengdd/json.ts';
import type { Template } from '../../opengdd/types.ts';
import { conditionWords, type Naming, type Token } from '../describe.ts';
import { testViewRows, type TestViewRow } from '../test-view.ts';
import { packFileUrl, questionAnchor, rowSetAnchor, templateAnchor, valueAnchor } from '../urls.ts';
import { APPLIES_WHEN } from './words.ts';

/**
 * A piece of inline text: plain text, an identifier (`literal`: a row value, kept on one line), a
 * name (a question, value, row set or field; linked to its place on the page when `href` is set),
 * an answer by its name, a `{{placeholder}}` an adoption fills in, a link, or a condition's words.
 */
export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string; literal?: boolean }
  | { kind: 'name'; text: string; href?: string }
  | { kind: 'option'; text: string }
  | { kind: 'mark'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'condition'; pieces: Piece[] };

const text = (s: string): Piece => ({ kind: 'text', text: s });
const code = (s: string): Piece => ({ kind: 'code', text: s });

/** A condition's words (see describe.ts) as pieces; names link to their anchors when `link` is set. */
export function conditionPieces(tokens: Token[], link: boolean): Piece {
  const href = (tok: Token): string | undefined => {
    if (!link) return undefined;
    const id = 'id' in tok ? (tok.id ?? tok.text) : tok.text;
    if (tok.kind === 'question') return `#${questionAnchor(id)}`;
    if (tok.kind === 'value') return `#${valueAnchor(id)}`;
    if (tok.kind === 'rowset') return `#${rowSetAnchor(id)}`;
    return undefined;
  };
  return {
    kind: 'condition',
    pieces: tokens.map((tok): Piece => {
      if (tok.kind === 'text') return text(tok.text);
      // An answer the page names reads as a name; a row value as the literal written into a row.
      if (tok.kind === 'option') return tok.id ? { kind: 'option', text: tok.text } : { kind: 'code', text: tok.text, literal: true };
      const to = href(tok);
      return to ? { kind: 'name', text: tok.text, href: to } : { kind: 'name', text: tok.text };
    }),
  };
}

/** Template prose with each `{{placeholder}}` marked. */
export function placeholderPieces(s: string): Piece[] {
  return s
    .split(/(\{\{[^{}]+\}\})/g)
    .filter((part) => part !== '')
    .map((part) => (/^\{\{[^{}]+\}\}$/.test(part) ? { kind: 'mark', text: part } : text(part)));
}

/** What the fold's summary shows besides the title and state badge. */
export interface TemplateSummary {
  anchor: string;
  /** "General" or "Scenario". */
  kind: string;
  /** "Once", or "Per row · <collection>". */
  expands: Piece[];
  /** "Applies when …" or "Applies whatever the answers" (names not linked: the summary toggles the fold). */
  when: Piece[];
}

/** One fact of the body: a label and a phrase, or a list of phrases. */
export interface TemplateFact {
  label: string;
  pieces?: Piece[];
  list?: Piece[][];
}

/** The fold's body, drawn when it is first opened. */
export interface TemplateBody {
  facts: TemplateFact[];
  /** How each binding picks its phrase; absent when the template has none. */
  bindings?: { label: string; head: [string, string, string]; rows: { id: string; by: Piece[]; phrases: Piece[][] }[] };
  /** The test block laid out for reading (as TestBlockView draws it), placeholders marked. */
  test: { type: string; rows: TestViewRow[] };
  text: Piece[];
}

/** The summary of a template; `naming` names the questions and answers its condition cites. */
export function templateSummary(t: Template, naming: Naming): TemplateSummary {
  const flag = t.when?.flag;
  return {
    anchor: templateAnchor(t.id),
    kind: t.type === 'general' ? 'General' : 'Scenario',
    expands: t.expand === 'per-row' ? [text('Per row'), ...(t.collection ? [text(' · '), code(t.collection)] : [])] : [text('Once')],
    when: flag ? [text(APPLIES_WHEN.before), conditionPieces(conditionWords({ flag }, naming), false)] : [text(APPLIES_WHEN.always)],
  };
}

/** The body of a template; `naming` as for {@link templateSummary}. */
export function templateBody(t: Template, naming: Naming): TemplateBody {
  const flag = t.when?.flag;
  const row = t.when?.row;
  const facts: TemplateFact[] = [
    { label: 'Applies', pieces: flag ? [text('When '), conditionPieces(conditionWords({ flag }, naming), true), text('.')] : [text('Whatever the answers.')] },
  ];
  if (t.expand === 'per-row') {
    facts.push({
      label: 'Expands',
      pieces: [
        text('One test for each row of '),
        code(t.collection ?? ''),
        ...(row ? [text(' where '), conditionPieces(conditionWords({ row }), false)] : []),
        text(', named '),
        code(`<adoption>/${t.id}/<row id>`),
        text('.'),
      ],
    });
  } else facts.push({ label: 'Generates', pieces: [text('One test, named '), code(`<adoption>/${t.id}`), text('.')] });
  const inputs = memberKeys(t.inputs);
  if (inputs.length) {
    facts.push({
      label: 'Inputs',
      list: inputs.map((name) => {
        const def = (t.inputs as Record<string, { default?: unknown }>)[name]?.default;
        return [
          code(name),
          ...(def === undefined
            ? [text(' — the adoption supplies it in '), code(`verification.${t.id}`)]
            : [text(` — default ${Array.isArray(def) ? def.join(', ') : String(def)}`)]),
        ];
      }),
    });
  }
  const bindings = memberKeys(t.bindings);
  return {
    facts,
    ...(bindings.length
      ? {
          bindings: {
            label: `Bindings of template ${t.id}`,
            head: ['Binding', 'Selected by', 'Phrases'],
            rows: bindings.map((id) => {
              const b = t.bindings![id]!;
              return {
                id,
                by: b.flag
                  ? [conditionPieces([{ kind: 'text', text: 'the answer to ' }, { kind: 'question', text: naming.question(b.flag), id: b.flag }], true)]
                  : [text('the row’s '), { kind: 'name', text: b.row_field ?? '' }],
                phrases: memberKeys(b.map).map((k) => [code(k), text(` → ${b.map[k]}`)]),
              };
            }),
          },
        }
      : {}),
    test: { type: String((t.test as Record<string, unknown>).type), rows: testViewRows(t.test as Record<string, unknown>) },
    text: placeholderPieces(t.text),
  };
}

/**
 * What a folded template's body holds before it is drawn (and all it holds without JavaScript):
 * where its full text is published.
 */
export function templateFileNote(cv: string): Piece[] {
  return [text('Its test block and text are in '), { kind: 'link', text: `${cv}.pack.json`, href: packFileUrl(cv) }, text('.')];
}
