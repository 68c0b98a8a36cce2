/**
 * The browser half of the one renderer (`lib/site/view/h.ts`): a view's tree as DOM nodes, the
 * same markup the build wrote as HTML. Loaded with the engine, on the reader's first change.
 */
import type { Child } from '../../lib/site/view/h.ts';

/** The DOM nodes of a view's tree (a text child is a text node). */
export function toDom(node: Child): Node[] {
  if (node === false || node === null || node === undefined) return [];
  if (Array.isArray(node)) return node.flatMap(toDom);
  if (typeof node !== 'object') return [document.createTextNode(String(node))];
  const el = document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    if (value === false || value === null || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of node.children) el.append(...toDom(child));
  return [el];
}

/** The one element a view draws. */
export const toElement = (node: Child): Element => toDom(node)[0] as Element;
