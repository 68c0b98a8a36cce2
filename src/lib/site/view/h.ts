/**
 * The one renderer of the views the answer explorer redraws: a view is a plain function from the
 * page model to a tree of {@link VNode}s, made with {@link h}. The build turns the tree into HTML
 * ({@link toHtml}, through `<Fragment set:html>` in the view's Astro component); the island turns
 * the same tree into DOM (`scripts/explorer/to-dom.ts`). So a view's markup is written once, and
 * the page carries no props for the island: it redraws from the files it already fetches.
 * Measured against Preact for this job in the README ("One renderer"). Pure: no DOM, no Node.
 */

/** An attribute's value: `false`, `null` and `undefined` leave it out, `true` writes it bare. */
export type AttrValue = string | number | boolean | null | undefined;

/** An element of a view: its tag, attributes and children. */
export interface VNode {
  tag: string;
  attrs: Record<string, AttrValue>;
  children: Child[];
}

/** What a view may put inside an element: elements, text, and nothing (`false`, `null`, `undefined`). */
export type Child = VNode | string | number | false | null | undefined | Child[];

/** An element: `h('li', { class: 'reasons' }, 'text', h('code', null, id))`. */
export function h(tag: string, attrs?: Record<string, AttrValue> | null, ...children: Child[]): VNode {
  return { tag, attrs: attrs ?? {}, children };
}

/** Elements with no closing tag. */
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr']);
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c]!);
const escapeAttr = (s: string) => s.replace(/[&"]/g, (c) => TEXT_ESCAPES[c]!);

/** The HTML of a view's tree, as Astro would write the same markup. */
export function toHtml(node: Child): string {
  if (node === false || node === null || node === undefined) return '';
  if (Array.isArray(node)) return node.map(toHtml).join('');
  if (typeof node !== 'object') return escapeText(String(node));
  let out = `<${node.tag}`;
  for (const [name, value] of Object.entries(node.attrs)) {
    if (value === false || value === null || value === undefined) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeAttr(String(value))}"`;
  }
  out += '>';
  if (VOID.has(node.tag)) return out;
  return `${out}${node.children.map(toHtml).join('')}</${node.tag}>`;
}
