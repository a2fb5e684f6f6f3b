/**
 * Readers for the bilingual dictionaries Debian ships in dictd format (FreeDict, Ding): an `.index`
 * of headword, offset and length (dictd's base64 numbers) and a `.dict.dz` that opens as gzip.
 * Pure functions over the files' text, so the build and its tests share them.
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A dictd index number (base64 digits, most significant first). */
export function b64Number(text) {
  let n = 0;
  for (const ch of text) n = n * 64 + B64.indexOf(ch);
  return n;
}

/**
 * Lower case without accents, as the built-in model's tokenizer (BertNormalizer, strip_accents)
 * sees a word; must equal `foldWord` in workers/embed/language-tables.ts.
 */
export const foldWord = (word) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Every entry of a dictionary: its headword and body (the lines after the headword's own). */
export function* entries(indexText, dict) {
  for (const line of indexText.split('\n')) {
    const [headword, offset, length] = line.split('\t');
    if (!length || headword.startsWith('00database') || headword.startsWith('00-database')) continue;
    const text = dict.subarray(b64Number(offset), b64Number(offset) + b64Number(length)).toString('utf8');
    const body = text.split('\n').slice(1).join('\n');
    yield { headword, body };
  }
}

/**
 * Lines of an entry that are not translations: cross-references, synonyms, examples, notes, and in
 * Ding the rest of the headword's own line, which opens with its grammar (" {n} von
 * Zwischenakteuren" after "Ausschalten": German, not English).
 */
const NOT_TRANSLATION = /^\s*(?:(?:synonyms?|antonyms?|see|note|notes|example|examples|usage|also)\b\s*:?|\{)/i;

/**
 * The translations an entry's body gives, in its order: phrases cut at commas and semicolons, with
 * pronunciations, grammar, labels and glosses removed ("1. go, ride <v> [fig.]" → "go", "ride").
 */
export function translations(body) {
  const out = [];
  for (const raw of body.split('\n')) {
    if (NOT_TRANSLATION.test(raw) || /^\s*["„“]/.test(raw)) continue;
    const line = raw
      .replace(/\/[^/]*\//g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\([^)]*\)/g, ' ')
      .replace(/^\s*\d+\.\s*/, ' ');
    for (const phrase of line.split(/[,;|]/)) {
      const clean = phrase.replace(/\s+/g, ' ').trim();
      if (clean && /\p{L}/u.test(clean)) out.push(clean);
    }
  }
  return out;
}

/** The words of a phrase, folded. */
export const phraseWords = (phrase) => foldWord(phrase).match(/[\p{L}\p{N}]+/gu) ?? [];

/** A foreign headword worth a table row: one word of letters, as the model's tokenizer will cut it. */
export const isWord = (word) => /^\p{L}{2,40}$/u.test(word);
