import { countsSentence } from '../opengdd/explore.ts';

/** Small text helpers shared by pages and components. */

/** Own keys of a catalog map, annotations (`_…`) left out. */
export function keysOf(map: object | undefined | null): string[] {
  return map && typeof map === 'object' ? Object.keys(map).filter((k) => !k.startsWith('_')) : [];
}

/** How many non-annotation keys a map has. */
export function countKeys(map: object | undefined | null): number {
  return keysOf(map).length;
}

/** `1 question`, `3 questions`; `irregular` for words that do not take an s. */
export function plural(n: number, word: string, irregular?: string): string {
  return `${n} ${n === 1 ? word : (irregular ?? `${word}s`)}`;
}

/** The count line of an adoption's tests (the engine's wording, shared with the island). */
export function testCountLine(tests: number, live: number, total: number): string {
  return countsSentence({ tests, live, templates: total });
}
