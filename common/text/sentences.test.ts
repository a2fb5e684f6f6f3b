import { describe, expect, it } from 'vitest';
import { sentenceSpans } from './sentences';

/** The sentences of `text`, trimmed. */
const splitSentences = (text: string) => sentenceSpans(text).map(({ start, end }) => text.slice(start, end));

describe('splitSentences', () => {
  it('splits at sentence ends but not inside numbers, after abbreviations or before lower case', () => {
    expect(splitSentences('It costs 3.50 euros. Trains leave at 9 a.m. daily! Is it "fast"? Yes.')).toEqual([
      'It costs 3.50 euros.',
      'Trains leave at 9 a.m. daily!',
      'Is it "fast"?',
      'Yes.',
    ]);
    expect(splitSentences('Dr. Shaw saw e.g. three patients. Then she left.')).toEqual([
      'Dr. Shaw saw e.g. three patients.',
      'Then she left.',
    ]);
  });
});

describe('splitSentences in other languages', () => {
  it('does not cut after German abbreviations', () => {
    expect(
      splitSentences('Man braucht z. B. Drucker bzw. Scanner. Vgl. Abschnitt 4 und Abb. Drei. Das ist alles.'),
    ).toEqual(['Man braucht z. B. Drucker bzw. Scanner.', 'Vgl. Abschnitt 4 und Abb. Drei.', 'Das ist alles.']);
    expect(splitSentences('Die Schrauben, Muttern usw. Diese liegen im Fach.')).toEqual([
      'Die Schrauben, Muttern usw.',
      'Diese liegen im Fach.',
    ]);
  });

  it('does not cut after French, Spanish, Italian, Portuguese or Dutch abbreviations', () => {
    expect(splitSentences('Il faut p. ex. Linux. M. Dupont et Mme Durand arrivent env. Dix minutes après.')).toEqual([
      'Il faut p. ex. Linux.',
      'M. Dupont et Mme Durand arrivent env. Dix minutes après.',
    ]);
    expect(splitSentences('Lo firmó la Sra. Gómez. Llegó el Dott. Rossi. Vem o Exmo. Senhor.')).toEqual([
      'Lo firmó la Sra. Gómez.',
      'Llegó el Dott. Rossi.',
      'Vem o Exmo. Senhor.',
    ]);
    expect(splitSentences('Neem bijv. Linux. Zie blz. Vier.')).toEqual(['Neem bijv. Linux.', 'Zie blz. Vier.']);
  });
});
