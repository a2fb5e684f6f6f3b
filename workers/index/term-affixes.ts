/**
 * An index's terms found by how they begin or end: what a German question word is looked for with
 * inside the library's compounds (analyzer.ts, `compoundsHolding`). The terms are sorted,
 * forwards and spelled backwards, when a question first needs them; terms added since are read one
 * by one until there are enough of them to sort and merge in, so a library that grows while
 * questions are asked never sorts its whole vocabulary again (400,000 terms: 0.47 s to sort at
 * first, 75 ms to merge 5,000 more, against 0.26 s to sort again; Node, a scratch test).
 */

import { codeUnitOrder, firstNotBefore } from './term-order';

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
    const terms = this.vocabulary;
    return this.starting(this.forwards, prefix, (n) => terms[n]!);
  }

  /** The numbers of the terms that end with `suffix`, longer than it. */
  withSuffix(suffix: string): number[] {
    this.sort();
    const reversed = this.reversed;
    return this.starting(this.backwards, reverse(suffix), (n) => reversed[n]!);
  }

  /**
   * The numbers of the terms whose spelling (`spelled`: forwards or backwards, as `order` is sorted
   * by) begins with `start` and is longer: those of `order`, then those added since it was sorted.
   */
  private starting(order: Uint32Array, start: string, spelled: (n: number) => string): number[] {
    const found: number[] = [];
    for (let i = firstNotBefore(order.length, start, (i) => spelled(order[i]!)); i < order.length; i++) {
      const term = spelled(order[i]!);
      if (!term.startsWith(start)) break;
      if (term.length > start.length) found.push(order[i]!);
    }
    for (let n = this.sorted; n < this.vocabulary.length; n++) {
      const term = spelled(n);
      if (term.length > start.length && term.startsWith(start)) found.push(n);
    }
    return found;
  }

  /**
   * Spells the new terms backwards; once enough have come, sorts them and merges them into both
   * orders (the first time, all of them).
   */
  private sort(): void {
    const terms = this.vocabulary;
    // Every term spelled backwards, the ones read one by one too.
    for (let n = this.reversed.length; n < terms.length; n++) this.reversed.push(reverse(terms[n]!));
    if (terms.length === this.sorted || (this.sorted > 0 && terms.length - this.sorted < UNSORTED)) return;
    const added = Array.from({ length: terms.length - this.sorted }, (_, i) => this.sorted + i);
    const reversed = this.reversed;
    this.forwards = merged(this.forwards, added, (n) => terms[n]!);
    this.backwards = merged(this.backwards, added, (n) => reversed[n]!);
    this.sorted = terms.length;
  }
}

/** `sorted` (term numbers in order of `termOf`) with `added` sorted and merged in. */
function merged(sorted: Uint32Array, added: number[], termOf: (n: number) => string): Uint32Array {
  added.sort((a, b) => codeUnitOrder(termOf(a), termOf(b)));
  const out = new Uint32Array(sorted.length + added.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++)
    out[k] =
      j >= added.length || (i < sorted.length && termOf(sorted[i]!) <= termOf(added[j]!)) ? sorted[i++]! : added[j++]!;
  return out;
}

const reverse = (term: string) => [...term].reverse().join('');
