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

describe('sentenceSpans in running text', () => {
  const sentences = (text: string) => sentenceSpans(text).map((s) => text.slice(s.start, s.end));

  it('survives abbreviations, decimals, figures and URLs', () => {
    expect(
      sentences(
        'Use a tool, e.g. a hammer. It costs 3.50 dollars in the U.S. today. See Fig. 3 at https://example.com/a.b for more.',
      ),
    ).toEqual([
      'Use a tool, e.g. a hammer.',
      'It costs 3.50 dollars in the U.S. today.',
      'See Fig. 3 at https://example.com/a.b for more.',
    ]);
  });

  it('keeps titles, initials, versions and wrapped lines inside their sentence', () => {
    expect(
      sentences(
        'Dr. Smith met Mr. T. Jones at 3 p.m. today. Upgrade to v2.3.1 now. Read the\nInternet Society notes, i.e. the\nRFC. Done.',
      ),
    ).toEqual([
      'Dr. Smith met Mr. T. Jones at 3 p.m. today.',
      'Upgrade to v2.3.1 now.',
      'Read the\nInternet Society notes, i.e. the\nRFC.',
      'Done.',
    ]);
  });

  it('splits Chinese and Japanese sentences', () => {
    expect(sentences('今天天气很好。我们去公园吧。')).toHaveLength(2);
    expect(sentences('東京は大きい。京都は古い。')).toHaveLength(2);
  });
});
