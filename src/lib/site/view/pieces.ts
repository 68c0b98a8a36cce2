/**
 * The view of the page model's inline pieces (`model/template.ts`): plain text, identifiers, names
 * (linked to their place on the page), answers by name, `{{placeholders}}`, terms in bold, links
 * and conditions. Its styles are in Pieces.astro.
 */
import type { Piece } from '../model/template.ts';
import { h, type Child } from './h.ts';

/** A run of pieces. */
export function pieces(run: Piece[]): Child[] {
  return run.map((p): Child => {
    switch (p.kind) {
      case 'text':
        return p.text;
      case 'code':
        return h('code', { class: p.literal ? 'literal' : undefined }, p.text);
      case 'name':
        return p.href ? h('a', { href: p.href }, h('em', null, p.text)) : h('em', null, p.text);
      case 'option':
        return h('span', { class: 'option-name' }, p.text);
      case 'mark':
        return h('mark', { class: 'placeholder' }, p.text);
      case 'strong':
        return h('strong', null, p.text);
      case 'link':
        return h('a', { href: p.href }, p.text);
      case 'condition':
        return h('span', { class: 'condition' }, pieces(p.pieces));
    }
  });
}
