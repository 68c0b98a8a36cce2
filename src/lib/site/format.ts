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

/** The count line of an adoption's tests: "11 tests from 8 of the 14 templates; 6 templates do not apply". */
export function testCountLine(tests: number, live: number, total: number): string {
  if (total === 0) return 'No verification pack: this adoption generates no tests.';
  const head = `${plural(tests, 'test')} from ${live} of the ${plural(total, 'template')}`;
  const rest = total - live;
  if (rest === 0) return `${head}; every template applies`;
  return `${head}; ${rest === 1 ? '1 template does not apply' : `${rest} templates do not apply`}`;
}
