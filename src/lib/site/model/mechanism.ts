/**
 * A definition's mechanism (§10.2) as the contract page shows it: each entry's inline marks, and
 * the entries as blocks when their author numbers steps or heads parts in the text itself. Pure: no
 * DOM, no Node.
 */
import { mechanismPartAnchor } from '../urls.ts';
import type { Piece } from './template.ts';

/**
 * Mechanism text with the two inline marks contract authors use in it: `` `an id` `` as code and
 * `**a term**` (where the text defines it) in bold. Anything else, a lone backtick or asterisk
 * among them, stays as written: the text is the builder's exact obligation, and only its marks
 * change how it looks.
 */
export function mechanismPieces(s: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  // A bold term starts and ends with a character that is not a space, as in Markdown.
  for (const m of s.matchAll(/`([^`\n]+)`|\*\*([^*\s](?:[^*\n]*[^*\s])?)\*\*/g)) {
    if (m.index > at) out.push({ kind: 'text', text: s.slice(at, m.index) });
    out.push(m[1] !== undefined ? { kind: 'code', text: m[1] } : { kind: 'strong', text: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < s.length) out.push({ kind: 'text', text: s.slice(at) });
  return out;
}

/**
 * An entry its author did not number; a run of entries the author numbered (`1. Block. …`); or a
 * heading the author put between them (`### Settle the change`), a sub-section of the mechanism
 * with its own anchor.
 */
export type MechanismBlock =
  | { kind: 'text'; pieces: Piece[] }
  | { kind: 'steps'; steps: { number: number; pieces: Piece[] }[] }
  | { kind: 'heading'; id: string; text: string };

/** An entry's own number and the text after it ("3. Settle. …" → 3, "Settle. …"). */
const OWN_NUMBER = /^(\d{1,4})[.)]\s+/;
/** An entry that is a heading ("### Settle the change"). */
const HEADING = /^#{1,6}\s+(\S.*)$/;

/**
 * The entries as blocks when some begin with a number of their own or are headings, or undefined
 * when none does (the page then numbers the entries itself). Authors who number steps in the text
 * interleave them with entries that introduce the steps, and count on across those: a page
 * numbering every entry as well showed "4. 1. Block.". Here each unnumbered entry is a paragraph,
 * each run of numbered entries one ordered list that keeps the author's numbers, and each heading
 * a sub-section (its id from {@link mechanismPartAnchor}, unique on the page).
 */
export function mechanismBlocks(entries: readonly string[]): MechanismBlock[] | undefined {
  if (!entries.some((e) => OWN_NUMBER.test(e) || HEADING.test(e))) return undefined;
  const blocks: MechanismBlock[] = [];
  const ids = new Set<string>();
  for (const entry of entries) {
    const heading = HEADING.exec(entry);
    if (heading) {
      // The heading reads as words: its marks are dropped, not shown as characters.
      const text = mechanismPieces(heading[1]!.trim())
        .map((p) => ('text' in p ? p.text : ''))
        .join('');
      const base = mechanismPartAnchor(text);
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
      ids.add(id);
      blocks.push({ kind: 'heading', id, text });
      continue;
    }
    const own = OWN_NUMBER.exec(entry);
    if (!own) {
      blocks.push({ kind: 'text', pieces: mechanismPieces(entry) });
      continue;
    }
    const last = blocks[blocks.length - 1];
    const step = { number: Number(own[1]), pieces: mechanismPieces(entry.slice(own[0].length)) };
    if (last?.kind === 'steps') last.steps.push(step);
    else blocks.push({ kind: 'steps', steps: [step] });
  }
  return blocks;
}
