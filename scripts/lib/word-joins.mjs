/**
 * Words run together or cut apart by a text extraction, measured against a reference extraction of
 * the same file (pdftotext): a join is a word of ours the reference never has but has as two
 * neighbours ("ofthe" where it reads "of the"); a split is two neighbouring words of ours that the
 * reference has only as one ("re dundancy").
 */

/**
 * Lower-case words with the punctuation around them dropped; `hyphen` when the word ended in one,
 * `open` when it ended in a letter, digit or hyphen and `bare` when it started with a letter or digit.
 */
export function words(text) {
  const found = [];
  for (const raw of text.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();
    if (word)
      found.push({
        word,
        hyphen: raw.endsWith('-'),
        open: /[\p{L}\p{N}-]$/u.test(raw),
        bare: /^[\p{L}\p{N}]/u.test(raw),
      });
  }
  return found;
}

/** `{joins, splits}` of `texts` (our passages) against `reference`, each as "left|right", once per occurrence. */
export function wordJoins(texts, reference) {
  const theirs = words(reference);
  const vocabulary = new Set(theirs.map((w) => w.word));
  // A line-end hyphen the reference kept ("regres- sion") does not make a pair a reader sees apart.
  const apart = new Set();
  const neighbours = new Set();
  theirs.forEach((w, i) => {
    const next = theirs[i + 1];
    if (!next) return;
    neighbours.add(`${w.word}|${next.word}`);
    if (!w.hyphen) apart.add(`${w.word}|${next.word}`);
  });
  const joins = [];
  const splits = [];
  for (const text of texts) {
    const ours = words(text);
    ours.forEach(({ word, open }, i) => {
      if (!vocabulary.has(word))
        for (let cut = 1; cut < word.length; cut++) {
          const pair = `${word.slice(0, cut)}|${word.slice(cut)}`;
          if (apart.has(pair)) {
            joins.push(pair);
            break;
          }
        }
      const next = ours[i + 1];
      const pair = next && `${word}|${next.word}`;
      // Punctuation between them ("the log. An alert") is not a word cut in two.
      if (next && open && next.bare && vocabulary.has(word + next.word) && !neighbours.has(pair)) splits.push(pair);
    });
  }
  return { joins, splits };
}
