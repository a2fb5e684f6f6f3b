import { describe, expect, it } from 'vitest';
import { answerSpans, answerType, figuresBefore, fitsType } from './answer-cues';

const spans = (text: string, headings: string[] = []) =>
  answerSpans(text, headings).map((s) => text.slice(s.start, s.end));

describe('answerType', () => {
  it('reads the kind of answer from the question words', () => {
    expect(answerType('Who ruled the island in 1191?')).toBe('person');
    expect(answerType('When did the first bible appear?')).toBe('time');
    expect(answerType('In what year was it built?')).toBe('time');
    expect(answerType('How many spaces should I indent?')).toBe('quantity');
    expect(answerType('how long did the war last')).toBe('quantity');
    expect(answerType('how do I quit R')).toBe('procedure');
    expect(answerType('why does the cache miss')).toBe('reason');
    expect(answerType('what is a proposition')).toBeNull();
  });

  it('reads German and French question words, and the French ones only where they ask', () => {
    expect(answerType('Wie viele Partitionen brauche ich?')).toBe('quantity');
    expect(answerType('Wann wurde das Paket gebaut?')).toBe('time');
    expect(answerType('Wer pflegt das Paket?')).toBe('person');
    expect(answerType('Wo liegt die Konfigurationsdatei?')).toBe('place');
    expect(answerType('Wie finde ich den Gerätenamen heraus?')).toBe('procedure');
    expect(answerType('Warum startet der Rechner nicht?')).toBe('reason');
    expect(answerType('Combien de mémoire faut-il ?')).toBe('quantity');
    expect(answerType('Quand la version est-elle sortie ?')).toBe('time');
    expect(answerType('Qui maintient ce paquet ?')).toBe('person');
    expect(answerType('Où est rangée la documentation ?')).toBe('place');
    expect(answerType("Comment vérifier l'image ?")).toBe('procedure');
    expect(answerType("Pourquoi l'écran reste-t-il noir ?")).toBe('reason');
    // "qui" inside a French question, and the English word "comment", ask for nothing.
    expect(answerType('Quel est le programme qui lit les disques ?')).toBeNull();
    expect(answerType('what is a comment in R')).toBeNull();
  });
});

describe('fitsType', () => {
  it('wants a name the question does not already say for "who"', () => {
    expect(fitsType('person', 'The treaty was signed by Rollo and the king.', 'Who signed the treaty?')).toBe(true);
    expect(fitsType('person', 'Richard signed the treaty.', 'Who did Richard fight?')).toBe(false);
  });

  it('wants a date for "when" and a number for "how many"', () => {
    expect(fitsType('time', 'It opened in 1932.', 'when did it open')).toBe(true);
    expect(fitsType('time', 'It opened to great applause.', 'when did it open')).toBe(false);
    expect(fitsType('quantity', 'Indent two spaces.', 'how many spaces')).toBe(true);
  });

  it('does not take the word "years" for a date', () => {
    expect(fitsType('time', 'The bridge stood for many years.', 'when was the bridge built')).toBe(false);
    expect(fitsType('time', 'It was built in the 12th century.', 'when was the bridge built')).toBe(true);
  });

  it('does not take the date or number the question already says for its answer', () => {
    expect(fitsType('time', 'The War of 1812 was fought at sea.', 'When did the War of 1812 end?')).toBe(false);
    expect(fitsType('time', 'The War of 1812 ended in 1815.', 'When did the War of 1812 end?')).toBe(true);
    expect(fitsType('quantity', 'The 3 ships sailed at dawn.', 'How many of the 3 ships sank?')).toBe(false);
    // A whole number, not a digit of one: "1" is not said by "1812".
    expect(fitsType('quantity', 'The fort had 1 gate.', 'How many gates did the 1812 fort have?')).toBe(true);
  });
});

describe('fitsType in German and French', () => {
  it('wants a number word or a month, and an instruction verb', () => {
    expect(fitsType('quantity', 'Es werden zwei Partitionen angelegt.', 'Wie viele Partitionen?')).toBe(true);
    expect(fitsType('time', 'La version est sortie en juillet.', 'Quand est-elle sortie ?')).toBe(true);
    expect(fitsType('procedure', 'Tapez sha256sum fichier.iso pour vérifier.', "Comment vérifier l'image ?")).toBe(
      true,
    );
    expect(fitsType('procedure', 'Führen Sie lsblk aus.', 'Wie finde ich den Namen?')).toBe(true);
    expect(fitsType('procedure', 'Vérifiez la somme de contrôle.', "Comment vérifier l'image ?")).toBe(true);
    expect(fitsType('reason', 'Der Rechner startet nicht, weil der Bootloader fehlt.', 'Warum?')).toBe(true);
    expect(fitsType('reason', 'Der Rechner startet schnell.', 'Warum?')).toBe(false);
  });
});

describe('answerSpans', () => {
  it('drops headings, known or standing alone, and never joins them to the text under them', () => {
    expect(spans('Intro text.\n\nIndentation\n\nIndent 2 spaces. No tabs.')).toEqual([
      'Intro text.',
      'Indent 2 spaces. No tabs.',
    ]);
    expect(
      spans('1.5 Using R interactively\nWhen you use the R program it issues a prompt.', ['1.5 Using R interactively']),
    ).toEqual(['When you use the R program it issues a prompt.']);
  });

  it('keeps lines a wrapped paragraph is made of', () => {
    expect(spans('While you should follow the style that is\nalready there, new code is required.')).toEqual([
      'While you should follow the style that is\nalready there, new code is required.',
    ]);
  });

  it('drops the lines of a screen drawn with box characters, and keeps the text around it', () => {
    const screen = [
      'The smart filter hides join and quit messages of people who did not talk.',
      '┌──────────────────────────────┐',
      '│16:27 --> alice has joined #test │',
      '│16:28 <-- bob has quit (Ping timeout) │',
      '└──────────────────────────────┘',
      'It is on by default.',
    ].join('\n');
    expect(spans(screen)).toEqual([
      'The smart filter hides join and quit messages of people who did not talk.',
      'It is on by default.',
    ]);
  });

  it('drops comment lines and rules of code', () => {
    expect(spans('####################\n# Get configuration directory.\n// a note\nget_dir() {\n}')).toEqual([
      'get_dir() {\n}',
    ]);
  });

  it('drops lines of figures, keeping sentences and rows that name their numbers', () => {
    const display = [
      'The decimal point is 1 digit(s) to the left of the |',
      '16 | 070355555588',
      '18 | 000022233333335577777777888822335777888',
      '1.2 3.4 5.6 7.8 9.0',
      'In 1954 the 2,300 km line opened.',
      'Revenue | 2024 | 3.5 | 4.2',
      'x = 2 * (3 + 4)',
    ].join('\n');
    expect(spans(display)).toEqual([
      'The decimal point is 1 digit(s) to the left of the |',
      'In 1954 the 2,300 km line opened.',
      'Revenue | 2024 | 3.5 | 4.2',
      'x = 2 * (3 + 4)',
    ]);
  });

  it('reads each table row on its own', () => {
    expect(spans('Section | Contents\nFormatting | Indentation - Line Length')).toEqual([
      'Section | Contents',
      'Formatting | Indentation - Line Length',
    ]);
  });
});

describe('figuresBefore', () => {
  it('finds the figures a PDF ran into the sentence after them, and nothing in a sentence that starts with words or a number of its own', () => {
    const glued =
      '46 | 0000233357700000023578 48 | 00000022335800333 50 | 0370 A stem-and-leaf plot is like a histogram.';
    expect(glued.slice(figuresBefore(glued))).toBe('A stem-and-leaf plot is like a histogram.');
    expect(figuresBefore('3.2 Caching keeps responses.')).toBe(0);
    expect(figuresBefore('In 1954 the 2,300 km line opened.')).toBe(0);
    expect(figuresBefore('12345678 90 are the digits')).toBe(0);
  });
});
