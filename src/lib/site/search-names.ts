/**
 * Names the search shows for pages whose own name is an id.
 */

/** An adoption id as a name: `hunters-satchel` → "Hunters satchel" (the seed pages show "Backpack"). */
export function adoptionDisplayName(id: string): string {
  const words = id.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
