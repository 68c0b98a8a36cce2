/**
 * The browser half of the one renderer (`lib/site/view/h.ts`): a view's tree as DOM nodes, the
 * same markup the build wrote as HTML. Loaded with the engine, on the reader's first change.
 * Each subtree is built detached and appended once, without intermediate arrays: a change on a
 * large contract page redraws hundreds of elements within the bench's 3 ms.
 */
import type { Child } from '../../lib/site/view/h.ts';

function build(node: Child, parent: Node): void {
  if (node === false || node === null || node === undefined) return;
  if (Array.isArray(node)) {
    for (const child of node) build(child, parent);
    return;
  }
  if (typeof node !== 'object') {
    parent.appendChild(document.createTextNode(String(node)));
    return;
  }
  const el = document.createElement(node.tag);
  const attrs = node.attrs;
  for (const name in attrs) {
    const value = attrs[name];
    if (value !== false && value !== null && value !== undefined) el.setAttribute(name, value === true ? '' : String(value));
  }
  const children = node.children;
  // One text child, the most common case, is set in one step.
  if (children.length === 1 && (typeof children[0] === 'string' || typeof children[0] === 'number')) el.textContent = String(children[0]);
  else for (const child of children) build(child, el);
  parent.appendChild(el);
}

/** The DOM nodes of a view's tree (a text child is a text node). */
export function toDom(node: Child): Node[] {
  const fragment = document.createDocumentFragment();
  build(node, fragment);
  return [...fragment.childNodes];
}

/** The one element a view draws. */
export function toElement(node: Child): Element {
  const fragment = document.createDocumentFragment();
  build(node, fragment);
  return fragment.firstChild as Element;
}
