/**
 * Small DOM helpers for the answer explorer. Elements the island creates take the scoped-style
 * attribute (`data-astro-cid-…`) of the component they belong to, copied from a server-rendered
 * neighbour, so they look exactly like the static ones.
 */
import { GLYPH, type BadgeState, type Tone } from './words.ts';

/** The scoped-style attribute name of a server-rendered element, if any. */
export function cidOf(el: Element | null | undefined): string | undefined {
  if (!el) return undefined;
  for (const a of el.getAttributeNames()) if (a.startsWith('data-astro-cid-')) return a;
  return undefined;
}

/** Creates an element with a class, text and the given scoped-style attribute. */
export function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cid: string | undefined,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (cid) el.setAttribute(cid, '');
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Sets a badge (StateBadge markup) to a tone and label. */
export function setBadge(badge: Element, state: BadgeState): void {
  if (badge.getAttribute('data-state-label') === state.label && badge.getAttribute('data-tone') === state.tone) return;
  badge.setAttribute('data-tone', state.tone);
  badge.setAttribute('data-state-label', state.label);
  const glyph = badge.firstElementChild;
  if (glyph) glyph.textContent = GLYPH[state.tone as Tone];
  const label = badge.lastChild;
  if (label && label.nodeType === Node.TEXT_NODE) label.textContent = state.label;
  else badge.append(state.label);
}

/** Sets text only when it differs (keeps screen readers and layout quiet). */
export function setText(el: Element | null | undefined, text: string): void {
  if (el && el.textContent !== text) el.textContent = text;
}

/** Shows or hides an element with the `hidden` attribute, touching the DOM only on change. */
export function show(el: Element | null | undefined, visible: boolean): void {
  if (el instanceof HTMLElement && el.hidden === visible) el.hidden = !visible;
}

/** Sets or removes an attribute, touching the DOM only on change. */
export function attr(el: Element | null | undefined, name: string, value: string | undefined): void {
  if (!el) return;
  if (value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
