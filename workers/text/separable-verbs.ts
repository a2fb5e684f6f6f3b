/**
 * German splits a separable verb in a main clause and a question: "Wie hänge ich die Platte ein?"
 * is "einhängen" (to mount), "Wie schalte ich den Rechner aus?" is "ausschalten" (to switch off). The
 * particle closes the clause and is a stop word alone ("ein", "aus"), and the verb left behind means
 * something else ("hängen" is to hang), while a manual writes the verb whole ("Einhängen der
 * Partition", "um sie auszuschalten"). So a question's particle that closes its clause is put back on
 * the verb of that clause, when the word the two make is a German word the caller knows (the word
 * table of the built-in model): "Wie einhängen ich die Platte?" reads as the manual does, for the
 * meaning leg (the table has "einhängen" → mount) and for the keyword leg. The joined word keeps the
 * finite verb's vowel ("lädt … herunter" → "herunterläden"): both legs fold umlauts before they read it.
 */

/** Particles of separable verbs that close a clause ("… ein?", "… zurück."); prepositions do not end one. */
const PARTICLES = new Set(
  `ab an auf aus bei dar durch ein fest fort her herab heran herauf heraus herein herum herunter hervor
   hin hinauf hinaus hinein hinzu los mit nach um vor voran vorbei weg weiter wieder zu zurecht zurück
   zusammen`.split(/\s+/),
);

/** Endings of a finite verb, longest first: "richtet" → "richt", "hänge" → "häng", "lädt" → "läd". */
const FINITE_ENDINGS = ['est', 'et', 'st', 'en', 'e', 't', 'n', ''];

/** What follows a word that ends its clause: punctuation, or a dash between spaces. */
const CLAUSE_END = /^[,.;:!?…]|^\s[–—-]\s/;

const WORD = /\p{L}+/gu;

/** The infinitives a finite verb form may belong to, with a particle before it: "gibst" → "angeben"… */
function infinitives(particle: string, verb: string): string[] {
  const out: string[] = [];
  for (const ending of FINITE_ENDINGS) {
    if (!verb.endsWith(ending) || verb.length - ending.length < 2) continue;
    const stem = verb.slice(0, verb.length - ending.length);
    // "gibt" → "geben", "sieht" → "sehen": the vowel of the infinitive.
    const stems = [stem, stem.replace(/ie(?=[^aeiouäöü]*$)/, 'e'), stem.replace(/i(?=[^aeiouäöü]*$)/, 'e')];
    for (const s of new Set(stems)) out.push(`${particle}${s}en`, `${particle}${s}n`);
  }
  return out;
}

/**
 * `question` with each separable verb put back together: the clause's finite verb replaced by the
 * infinitive (particle first) and the particle taken off its end, when `knows` (given the word in
 * lower case) knows the infinitive. The verb is the first word of the clause that makes a known
 * word with its particle (a German question puts it first or second). Unchanged otherwise.
 */
export function joinSeparableVerbs(question: string, knows: (word: string) => boolean): string {
  const words = [...question.matchAll(WORD)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  const edits: { start: number; end: number; text: string }[] = [];
  let clauseStart = 0;
  words.forEach((word, i) => {
    const after = question.slice(word.end, words[i + 1]?.start ?? question.length);
    const closes = i === words.length - 1 || CLAUSE_END.test(after);
    const particle = word.text.toLowerCase();
    if (closes && PARTICLES.has(particle) && i > clauseStart) {
      for (const verb of words.slice(clauseStart, i)) {
        const joined = infinitives(particle, verb.text.toLowerCase()).find(knows);
        if (!joined) continue;
        edits.push({ start: verb.start, end: verb.end, text: joined });
        // The particle goes with the space before it.
        edits.push({ start: words[i - 1]!.end, end: word.end, text: '' });
        break;
      }
    }
    if (closes) clauseStart = i + 1;
  });
  let out = question;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
