/**
 * The name a person reads for a catalog id: `boss-stagger` reads "Boss stagger", as the seed pages
 * title their adoptions. Pure: the island and the build use it alike.
 */

/** `poison-window` → "Poison window"; an id with no letters stays as it is. */
export function humanName(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : id;
}
