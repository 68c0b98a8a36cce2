/**
 * What `astro dev` knows about the catalog between requests, shared by the content loaders (which
 * re-check the folder when a file changes), the pages (which read adoption files) and the dev
 * middleware (which shows the findings). These run as different module instances of one process
 * (Astro's own and Vite's module runner), so the state lives on `globalThis` under registered
 * symbols. A build never fills it: every function here answers "nothing" there.
 */
import type { Diagnostic } from '../../opengdd/index.ts';

interface DevState {
  /** The error findings of the latest check of the catalog; empty when it checked clean. */
  faults: Diagnostic[];
  /** Adoption texts as the checks read them, by `sha256:` digest (see {@link checkedText}). */
  texts: Map<string, string>;
}

const KEY = Symbol.for('opengdd-catalog.dev-state');

function state(): DevState | undefined {
  return (globalThis as Record<symbol, DevState | undefined>)[KEY];
}

/** Marks this process as a dev server following the catalog (called by the loaders in dev). */
export function devState(): DevState {
  return ((globalThis as Record<symbol, DevState | undefined>)[KEY] ??= { faults: [], texts: new Map() });
}

/** The error findings of the latest check in dev (none in a build, or when the catalog is clean). */
export function devFaults(): readonly Diagnostic[] {
  return state()?.faults ?? [];
}

/**
 * The text of an adoption file with digest `digest` as a check read it, if one did in dev. The
 * content store the pages read is written half a second after a check (Astro debounces it), so a
 * page may be rendered from the store's previous entry after the file changed: it is served the
 * text that entry was checked at, not the newer bytes on disk the entry knows nothing about.
 */
export function checkedText(digest: string): string | undefined {
  return state()?.texts.get(digest);
}

/**
 * Remembers the adoption texts of a check (`digest → text`). Texts of earlier checks stay while the
 * store may still cite them, bounded to twice the current ones (plus some slack for files that
 * keep changing).
 */
export function rememberTexts(current: Iterable<[string, string]>): void {
  const { texts } = devState();
  let count = 0;
  for (const [digest, text] of current) {
    // Re-inserted at the end, so the oldest texts are the first to go.
    texts.delete(digest);
    texts.set(digest, text);
    count++;
  }
  for (const digest of texts.keys()) {
    if (texts.size <= 2 * count + 64) break;
    texts.delete(digest);
  }
}
