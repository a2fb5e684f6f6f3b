/**
 * A compound split into the fewest parts that each read as a word (German "Festplattenpartition",
 * Dutch "wachtwoordbeheer"): what the keyword analyser splits against the index's terms
 * (analyzer.ts, compoundParts) and the word tables against their rows (LanguageTable.compound).
 */

/**
 * `word` as the fewest parts of `minPart` letters or more (at most `maxParts`), each read by
 * `part` (null when a piece is no word), in order; null when no such split into two or more exists.
 */
export function fewestParts<T>(
  word: string,
  part: (piece: string) => T | null,
  minPart: number,
  maxParts = Infinity,
): T[] | null {
  // best[i]: the fewest parts that make up word[0, i).
  const best: (T[] | null)[] = [[]];
  for (let end = minPart; end <= word.length; end++) {
    let choice: T[] | null = null;
    for (let start = 0; start <= end - minPart; start++) {
      const before = best[start];
      if (!before || before.length >= maxParts || (choice && before.length + 1 >= choice.length)) continue;
      const read = part(word.slice(start, end));
      if (read !== null) choice = [...before, read];
    }
    best[end] = choice;
  }
  const parts = best[word.length];
  return parts && parts.length >= 2 ? parts : null;
}
