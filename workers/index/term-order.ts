/**
 * Strings in code-unit order: the order `startsWith` runs along (not `localeCompare`'s), for the
 * sorted term lists that are read by how their terms begin (term-affixes.ts, the thesauri).
 */

/** Code-unit order of two strings. */
export const codeUnitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The first of `count` places, sorted in code-unit order by `at`, whose string is not before `key`. */
export function firstNotBefore(count: number, key: string, at: (place: number) => string): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (at(mid) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}
