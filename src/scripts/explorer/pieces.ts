/**
 * The page model's inline pieces as DOM nodes, the markup Pieces.astro renders (its styles are
 * global). Loaded with the engine: only drawn parts of the page need it.
 */
import type { Piece } from '../../lib/site/model/template.ts';
import { make } from './dom.ts';

/** The nodes of a run of pieces (as Pieces.astro renders them). */
export function pieceNodes(pieces: Piece[]): (Node | string)[] {
  return pieces.map((p) => {
    switch (p.kind) {
      case 'text':
        return p.text;
      case 'code':
        return make('code', p.literal ? 'literal' : undefined, p.text);
      case 'name': {
        const em = make('em', undefined, p.text);
        if (!p.href) return em;
        const a = make('a');
        a.href = p.href;
        a.append(em);
        return a;
      }
      case 'option':
        return make('span', 'option-name', p.text);
      case 'mark':
        return make('mark', 'placeholder', p.text);
      case 'strong':
        return make('strong', undefined, p.text);
      case 'link': {
        const a = make('a', undefined, p.text);
        a.href = p.href;
        return a;
      }
      case 'condition': {
        const span = make('span', 'condition');
        span.append(...pieceNodes(p.pieces));
        return span;
      }
    }
  });
}
