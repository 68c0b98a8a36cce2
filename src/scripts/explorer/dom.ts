/**
 * Small DOM helpers for the answer explorer. What the island draws is styled by global, class-based
 * rules of the components it belongs to, so it never copies another component's scoped-style
 * attribute.
 */
import type { BadgeState } from '../../lib/site/model/words.ts';

/** Creates an element with a class and text. */
export function make<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Sets a badge (StateBadge markup: its tone's CSS rule draws the glyph) to a tone and label. */
export function setBadge(badge: Element | null | undefined, state: BadgeState): void {
  if (!badge) return;
  if (badge.getAttribute('data-state-label') === state.label && badge.getAttribute('data-tone') === state.tone) return;
  badge.setAttribute('data-tone', state.tone);
  badge.setAttribute('data-state-label', state.label);
  if (state.title) badge.setAttribute('title', state.title);
  else badge.removeAttribute('title');
  badge.textContent = state.label;
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
