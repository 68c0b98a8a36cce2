/**
 * What an island says in place of what it draws when the files it draws from could not be
 * fetched. Apart from words.ts, which brings the engine's grammar along: the islands' first
 * script imports this, and stays small.
 * Pure: no DOM, no Node.
 */

/** "The figures could not be loaded. Reload the page to try again." */
export function loadFailed(what: string): string {
  return `${what} could not be loaded. Reload the page to try again.`;
}
