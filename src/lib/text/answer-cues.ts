/**
 * What kind of answer a question asks for, and which lines of a passage can never be one. General
 * question words only (who, when, how many, how to…, and the same in German and French): the cues
 * are the same for every library, so they never learn one benchmark's questions.
 */
import { analyze } from '../../../common/text/analyzer';
import type { Span } from '../../../common/text/sentences';

export type AnswerType = 'person' | 'time' | 'quantity' | 'place' | 'procedure' | 'reason';

/** `source` as a pattern whose words end where letters end in any script (`\b` only knows ASCII). */
const cue = (source: string, flags = 'iu') => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, flags);

const TYPES: [AnswerType, RegExp][] = [
  // Before `time`: "how long" and "how old" ask for a number.
  [
    'quantity',
    cue(
      'how (?:many|much|long|old|far|large|big|small|often|tall|high|wide|deep|fast)|what (?:percentage|percent|number|amount|proportion|size|fraction)' +
        '|wie (?:viele?|lange|alt|weit|groß|gross|klein|oft|hoch|breit|tief|schnell)|welche (?:größe|anzahl|menge)' +
        '|combien|quelle (?:taille|quantité|proportion)|quel (?:nombre|pourcentage)',
    ),
  ],
  [
    'time',
    cue(
      'when|(?:what|which|in what) (?:year|date|century|decade|month|day|time|period|era|age)' +
        '|wann|(?:in )?welchem (?:jahr|jahrhundert|monat)|an welchem tag|seit wann' +
        '|quand|(?:en )?quelle (?:année|date|époque)|(?:en )?quel (?:siècle|mois|jour)|depuis quand',
    ),
  ],
  // French "qui" asks only at the start: elsewhere it is "which/that" ("le programme qui…").
  ['person', new RegExp(`${cue('who(?:m|se)?|wer|wem|wen|wessen').source}|^\\s*(?:à |de )?qui(?![\\p{L}])`, 'iu')],
  [
    'place',
    cue(
      'where|(?:what|which) (?:country|city|state|region|place|area|town|continent|island|river|location)' +
        '|wo|wohin|woher|in welche[mr]? (?:land|stadt|ordner|verzeichnis|datei)|où|dans quel(?:le)? (?:pays|ville|dossier|répertoire|fichier)',
    ),
  ],
  // "how do I…", "how can you…", "how to…": a way to do something, not how something is. In German
  // "wie" before a verb and a person ("wie installiere ich"), in French "comment".
  [
    'procedure',
    cue(
      'how (?:do|can|could|should|would|shall|may) (?:i|you|we|one)|how to|what (?:command|function|option|way)' +
        '|wie \\p{L}+ (?:ich|man|wir)|wie kann|mit welche[mrn]? (?:befehl|programm|option)|welche[rn]? befehl' +
        '|quelle (?:commande|option)|quel (?:outil|programme)',
    ),
  ],
  // French "comment" only at the start, where the English word ("what is a comment") never asks how.
  ['procedure', /^\s*comment(?![\p{L}])/iu],
  ['procedure', cue('comment (?:faire|puis-je|peut-on|dois-je|faut-il)')],
  ['reason', cue('why|what (?:caused|causes|made)|warum|wieso|weshalb|pourquoi')],
];

/** The kind of answer `question` asks for, or null when its words say nothing of it (a plain "what…"). */
export function answerType(question: string): AnswerType | null {
  return TYPES.find(([, pattern]) => pattern.test(question))?.[0] ?? null;
}

// Digits count wherever they stand ("1990s", "sda1"), number words only as whole words.
const NUMBER = new RegExp(
  '\\d+(?:[.,]\\d+)*|' +
    cue(
      'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|once|twice|several' +
        // German and French number words; not those that are English words too ("cent", "Sept.").
        '|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf|zwanzig|hundert|tausend|millionen|hälfte|einmal|zweimal|mehrere' +
        '|deux|trois|quatre|cinq|huit|neuf|dix|douze|vingt|moitié|plusieurs',
    ).source,
  'giu',
);
/**
 * A date: a year, an ordinal ("the 9th century", "May 3rd"), a month or weekday, an era. Not the
 * bare words "years" or "century": "for many years" does not say when.
 */
const TIME = cue(
  '(?:1\\d{3}|20\\d{2})s?|\\d+(?:st|nd|rd|th)|\\d+\\s*(?:BC|AD|BCE|CE)|(?:AD|CE)\\s*\\d+' +
    '|January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday' +
    '|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|\\d+\\.\\s*Jahrhundert' +
    '|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\\d+e siècle',
  'gu',
);
/** A name: a capitalised word inside the sentence (the first word is capitalised anyway). */
const NAME = /(?<=[\p{L},;:)] )\p{Lu}[\p{L}'’.-]+/gu;
/** Instruction cues: "To quit, use q()", "type", "run", a call or a command line; the same in German and French. */
const PROCEDURE = new RegExp(
  '^(?:to|use|type|run|call|press|enter|set|add|write|click|select|open|install|pass|give|um|geben|wählen|drücken|klicken|öffnen|installieren|pour|utilisez|tapez|saisissez|appuyez|cliquez|choisissez|lancez|ouvrez)(?![\\p{L}])' +
    '|(?<![\\p{L}])(?:use|type|run|call|press|enter|invoke|execute|verwenden|benutzen|eingeben|ausführen|drücken|aufrufen|utiliser|utilisez|taper|tapez|saisir|saisissez|exécuter|exécutez|lancer|appuyer|appuyez)(?![\\p{L}])' +
    // The polite imperative: German verb first with "Sie" ("Führen Sie…aus"), French "-ez" ("Tapez…").
    '|^\\p{L}+ Sie(?![\\p{L}])|^\\p{L}{2,}ez(?![\\p{L}])' +
    '|\\w\\(\\S*\\)|(?:^|\\s)(?:\\$|>|--)\\s?\\w',
  'iu',
);
const REASON = cue(
  'because|since|due to|owing to|so that|in order to|as a result|therefore|thus|caused|reason' +
    '|weil|denn|deshalb|daher|deswegen|damit|aufgrund|grund|parce que|afin de|pour que|donc|à cause de|raison',
);

/** Whether `sentence` holds a match of `cue` (a global pattern) that `question` does not say itself. */
function holdsNew(sentence: string, cue: RegExp, question: string): boolean {
  return [...sentence.matchAll(cue)].some((m) => !says(question, m[0]));
}

/** Whether `text` holds `word` as a whole word ("1812" holds 1812, not 1 or 18), ignoring case. */
function says(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * Whether `sentence` holds the kind of thing `type` asks for, beyond the question's own words (a
 * name, date or number the question already says is not its answer: "when did the war of 1812
 * end" is not answered by "the war of 1812").
 */
export function fitsType(type: AnswerType, sentence: string, question: string): boolean {
  switch (type) {
    case 'quantity':
      return holdsNew(sentence, NUMBER, question);
    case 'time':
      return holdsNew(sentence, TIME, question);
    case 'person':
    case 'place':
      return holdsNew(sentence, NAME, question);
    case 'procedure': {
      // Or it opens with the very verb asked about, as an instruction: "how do I indent…" → "Indent 2 spaces."
      const opening = analyze(sentence.split(/\s/, 1)[0] ?? '');
      return PROCEDURE.test(sentence) || (opening.length > 0 && analyze(question).includes(opening[0]!));
    }
    case 'reason':
      return REASON.test(sentence);
  }
}

/** A comment line of code (`#`, `//`, `--`, `;`, `/*`, `*`), or a rule of `#`, `=`, `-`, `*`. */
const COMMENT = /^\s*(?:#|\/\/|--\s|;|\/\*|\*\s|\*\/)|^\s*([#=*_~-])\1{3,}\s*$/;
/** A numbered heading's number: "1.5", "A.2", "IV.", "§ 3". */
const HEADING_NUMBER = /^(?:§\s*)?(?:[\dA-Z]{1,3}[.)]?)(?:\.\d+)*\.?\s+/;
const MAX_HEADING_WORDS = 12;
const TABLE_ROW = /^\s*\|?[^|\n]*\S\s+\|\s+\S/;
/** A line of a screen drawn as text: it opens or closes with a box-drawing character ("│16:27 … │"). */
const DRAWN = /^\s*[\u2500-\u257F]|[\u2500-\u257F]\s*$/;

/**
 * How many characters of `sentence` are figures glued before its first word: a PDF's text layer
 * runs a stem-and-leaf display or a table's numbers into the sentence after it ("… 48 |
 * 00000022335800333 50 | 0370 A stem-and-leaf plot is like a histogram…"). Tokens of digits,
 * punctuation and symbols only, eight digits at least, then a capital.
 */
export function figuresBefore(sentence: string): number {
  const run = /^(?:[\p{N}\p{P}\p{S}]+\s+)+(?=\p{Lu})/u.exec(sentence)?.[0] ?? '';
  return (run.match(/\p{N}/gu)?.length ?? 0) >= 8 ? run.length : 0;
}

/**
 * A line of figures rather than words: a stem-and-leaf display ("16 | 070355555588"), a row of a
 * numeric table. Fewer letters than a quarter of its other characters, and digits enough not to
 * be a short formula: it reads as no answer.
 */
export function isFigures(line: string): boolean {
  const letters = line.match(/\p{L}/gu)?.length ?? 0;
  const digits = line.match(/\p{N}/gu)?.length ?? 0;
  const other = line.replace(/\s/g, '').length - letters;
  return digits >= 8 && letters * 4 < other;
}

function normalise(text: string): string {
  return text.replace(HEADING_NUMBER, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The spans of `text` that may hold an answer: every line but headings (a line that is one of
 * `headings`, with or without its number, or a short line standing alone above a paragraph),
 * comment lines of code, lines of figures and the lines of a screen drawn in box characters. A
 * span never runs across a dropped line, so a heading is never glued to the sentence under it.
 */
export function answerSpans(text: string, headings: readonly string[] = []): Span[] {
  const known = new Set(headings.map(normalise).filter(Boolean));
  const lines: Span[] = [];
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start);
    lines.push({ start, end: end < 0 ? text.length : end });
    if (end < 0) break;
    start = end + 1;
  }
  const blank = (i: number) => i < 0 || i >= lines.length || !text.slice(lines[i]!.start, lines[i]!.end).trim();
  const dropped = lines.map(({ start, end }, i) => {
    const line = text.slice(start, end).trim();
    if (!line || COMMENT.test(line) || DRAWN.test(line) || known.has(normalise(line)) || isFigures(line)) return true;
    // A short unpunctuated line standing alone between blank lines is a heading or a caption.
    return blank(i - 1) && blank(i + 1) && line.split(/\s+/).length <= MAX_HEADING_WORDS && !/[.!?:;,)]$/.test(line);
  });
  // A table row is read on its own: the row, not the table, is what may answer.
  const row = lines.map(({ start, end }) => TABLE_ROW.test(text.slice(start, end)));
  const spans: Span[] = [];
  lines.forEach((line, i) => {
    if (dropped[i]) return;
    const previous = spans.at(-1);
    if (previous && i > 0 && !dropped[i - 1] && !row[i] && !row[i - 1]) previous.end = line.end;
    else spans.push({ ...line });
  });
  return spans;
}
