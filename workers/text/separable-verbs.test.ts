import { describe, expect, it } from 'vitest';
import { joinSeparableVerbs } from './separable-verbs';

/** German infinitives a word table would know (folded as the table keys are: no umlauts). */
const KNOWN = new Set(
  `einhangen ausschalten anlegen zurucksetzen herunterladen angeben aussehen einrichten hinzufugen
   abmelden zumachen umstellen andern anfangen hangen`.split(/\s+/),
);
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');
const join = (question: string) => joinSeparableVerbs(question, (word) => KNOWN.has(fold(word)));

describe('a German question with a separable verb', () => {
  it('has the particle put back on the verb, which takes the infinitive', () => {
    expect(join('Wie hänge ich den USB-Stick ein?')).toBe('Wie einhängen ich den USB-Stick?');
    expect(join('wie schalte ich das Gerät aus')).toBe('wie ausschalten ich das Gerät');
    expect(join('Wo lege ich ein neues Konto an?')).toBe('Wo anlegen ich ein neues Konto?');
  });

  it('finds the verb behind a question phrase, in a yes-no question, and in any person', () => {
    expect(join('Mit welchem Befehl setzt man das Passwort zurück?')).toBe(
      'Mit welchem Befehl zurücksetzen man das Passwort?',
    );
    expect(join('Fängt die Woche am Montag an?')).toBe('anfängen die Woche am Montag?');
    expect(join('Richtet ihr den Drucker selbst ein?')).toBe('einrichten ihr den Drucker selbst?');
  });

  it('knows a vowel change and an umlaut of the finite verb ("gibt" is "angeben", "lädt" "herunterladen")', () => {
    expect(join('Welchen Pfad gibt man beim Start an?')).toBe('Welchen Pfad angeben man beim Start?');
    expect(join('Warum lädt das Programm alles doppelt herunter?')).toBe(
      'Warum herunterläden das Programm alles doppelt?',
    );
    expect(join('Wann meldet man sich ab?')).toBe('Wann abmelden man sich?');
  });

  it('joins only a particle that closes its clause, in each clause', () => {
    // "ein" is an article here, and "an" begins a phrase: nothing closes a clause.
    expect(join('Wie hänge ich ein Laufwerk an einen Rechner')).toBe('Wie hänge ich ein Laufwerk an einen Rechner');
    expect(join('Ich stelle die Uhr um, aber wie schalte ich den Wecker aus?')).toBe(
      'Ich umstellen die Uhr, aber wie ausschalten ich den Wecker?',
    );
  });

  it('is left as it is when the joined word is not a word the table knows', () => {
    expect(join('Wie viele Dateien passen auf?')).toBe('Wie viele Dateien passen auf?');
    expect(join('Was kommt danach')).toBe('Was kommt danach');
  });
});
