/**
 * An index's terms found by how they begin or end: what a German question word is looked for with
 * inside the library's compounds (analyzer.ts, `compoundsHolding`). The terms are sorted,
 * forwards and spelled backwards, when a question first needs them; terms added since are read one
 * by one until there are enough of them to sort and merge in, so a library that grows while
 * questions are asked never sorts its whole vocabulary again (400,000 terms: 0.47 s to sort at
 * first, 75 ms to merge 5,000 more, against 0.26 s to sort again; Node, a scratch test).
 */

/** Terms added since the last sort that are read one by one before the next sort. */
const UNSORTED = 4096;

export class TermAffixes {
  /** Term numbers in order of their terms, and in order of their terms spelled backwards. */
  private forwards: Uint32Array = new Uint32Array(0);
  private backwards: Uint32Array = new Uint32Array(0);
  private reversed: string[] = [];
  private sorted = 0;

  /** `vocabulary` grows in place (terms are never taken out of it); its terms are read as they are then. */
  constructor(private readonly vocabulary: readonly string[]) {}

  /** The numbers of the terms that begin with `prefix`, longer than it. */
  withPrefix(prefix: string): number[] {
    this.sort();
    const found: number[] = [];
    const terms = this.vocabulary;
    for (let i = lowerBound(this.forwards, prefix, (n) => terms[n]!); i < this.forwards.length; i++) {
      const term = terms[this.forwards[i]!]!;
      if (!term.startsWith(prefix)) break;
      if (term.length > prefix.length) found.push(this.forwards[i]!);
    }
    for (let n = this.sorted; n < terms.length; n++)
      if (terms[n]!.length > prefix.length && terms[n]!.startsWith(prefix)) found.push(n);
    return found;
  }

  /** The numbers of the terms that end with `suffix`, longer than it. */
  withSuffix(suffix: string): number[] {
    this.sort();
    const found: number[] = [];
    const backwards = reverse(suffix);
    const reversed = this.reversed;
    for (let i = lowerBound(this.backwards, backwards, (n) => reversed[n]!); i < this.backwards.length; i++) {
      const term = reversed[this.backwards[i]!]!;
      if (!term.startsWith(backwards)) break;
      if (term.length > backwards.length) found.push(this.backwards[i]!);
    }
    const terms = this.vocabulary;
    for (let n = this.sorted; n < terms.length; n++)
      if (terms[n]!.length > suffix.length && terms[n]!.endsWith(suffix)) found.push(n);
    return found;
  }

  /** Sorts the terms added since the last sort and merges them into both orders (the first time, all of them). */
  private sort(): void {
    const terms = this.vocabulary;
    if (terms.length === this.sorted || (this.sorted > 0 && terms.length - this.sorted < UNSORTED)) return;
    for (let n = this.reversed.length; n < terms.length; n++) this.reversed.push(reverse(terms[n]!));
    const added = Array.from({ length: terms.length - this.sorted }, (_, i) => this.sorted + i);
    const reversed = this.reversed;
    this.forwards = merged(this.forwards, added, (n) => terms[n]!);
    this.backwards = merged(this.backwards, added, (n) => reversed[n]!);
    this.sorted = terms.length;
  }
}

/** `sorted` (term numbers in order of `termOf`) with `added` sorted and merged in. */
function merged(sorted: Uint32Array, added: number[], termOf: (n: number) => string): Uint32Array {
  added.sort((a, b) => compare(termOf(a), termOf(b)));
  const out = new Uint32Array(sorted.length + added.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++)
    out[k] =
      j >= added.length || (i < sorted.length && termOf(sorted[i]!) <= termOf(added[j]!)) ? sorted[i++]! : added[j++]!;
  return out;
}

const reverse = (term: string) => [...term].reverse().join('');

/** Code-unit order, the order `startsWith` runs along (not `localeCompare`'s). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first place in `numbers` (sorted by `termOf`) whose term is not before `key`. */
function lowerBound(numbers: Uint32Array, key: string, termOf: (n: number) => string): number {
  let low = 0;
  let high = numbers.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (termOf(numbers[mid]!) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}
