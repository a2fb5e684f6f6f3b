import { describe, expect, it } from 'vitest';
import { analyze, termsOf, wordSpans, words } from '../../common/text/analyzer';
import { loadLanguages } from '../../common/text/languages';
import { highlightSegments } from './highlight';

/** Strings where a splitter of its own would cut words differently from the index. */
const TRICKY = [
  'Café naïve façade: crème brûlée à la carte',
  'A well-known state-of-the-art check-in',
  "Don't stop: l'écran, the user's rock'n'roll",
  'Version 3.14 costs 1,000 euros in 2024; route A7',
  'Die Donaudampfschifffahrtsgesellschaft und Straßenbahnhaltestelle',
  '東京都の図書館で日本語の本を読みました',
  'path.join and readFileSync call XMLHttpRequest',
];

const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .filter((segment) => segment.mark)
    .map((segment) => segment.text);

describe('highlightSegments', () => {
  it('cuts text into the words the analyser finds, in place', () => {
    for (const text of TRICKY) {
      expect(wordSpans(text).map((span) => span.word)).toEqual(words(text));
      for (const { word, index } of wordSpans(text)) expect(text.slice(index, index + word.length)).toBe(word);
    }
  });

  it('marks exactly the words whose terms the analyser indexes for the question', () => {
    for (const text of TRICKY) {
      const segments = highlightSegments(text, text);
      expect(segments.map((segment) => segment.text).join('')).toBe(text);
      // Asked for the whole text, every word that has an index term is marked, and nothing else.
      expect(marked(text, text)).toEqual(words(text).filter((word) => termsOf(word).length > 0));
      // Asked for one word, the words marked are those sharing one of its index terms.
      for (const word of words(text)) {
        const asked = new Set(analyze(word));
        if (!asked.size) continue;
        const expected = words(text).filter((w) => termsOf(w).some((term) => asked.has(term)));
        expect(marked(text, word)).toEqual(expected);
        expect(expected).toContain(word);
      }
    }
  });

  it('marks a whole word the index keeps whole, not the pieces a letters-only split would give', () => {
    expect(marked("Don't stop: l'écran", "don't")).toEqual(["Don't"]);
    expect(marked('Version 3.14 costs', '3.14')).toEqual(['3.14']);
    expect(marked('readFileSync call', 'file')).toEqual(['readFileSync']);
  });

  it("reads a passage in its language: a French question's stop words mark nothing in French text", async () => {
    const question = 'Combien de temps les sauvegardes sont-elles conservées ?';
    const text = 'Les sauvegardes sont copiées chaque nuit sur le serveur de l’école, puis conservées trente jours.';
    const inFrench = () =>
      highlightSegments(text, question, 'fr')
        .filter((segment) => segment.mark)
        .map((segment) => segment.text);
    // Before French is loaded the page reads it as English, which keeps "les", "de" and "sont".
    expect(inFrench()).toEqual(expect.arrayContaining(['Les', 'sont', 'de']));
    await loadLanguages(['fr']);
    expect(inFrench()).toEqual(['sauvegardes', 'conservées']);
  });
});
