/**
 * Small DOM helpers for the answer explorer: they touch an element only when what it shows
 * changes. The markup the island draws comes from the views (`lib/site/view/`).
 */
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
