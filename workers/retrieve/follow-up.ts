/**
 * Follow-up questions ("and if that fails?") carry little to search with. When a question opens by
 * referring back, or is short and points back with a pronoun, the previous question's key words
 * are added (seed 003); the person sees the query that was actually searched.
 */
import { analyze, words as wordsOf, termsOf } from '../../common/text/analyzer';

const REFERS_BACK =
  /^(and|but|or|so|also|then|what about|how about|what if|and if|if so|if not|why|how come|it|its|this|that|these|those|they|them|there|he|she|his|her)\b/i;
const POINTS_BACK = /\b(it|its|that|this|these|those|they|them|there|one|ones)\b/i;
const SHORT = 5;

/** The query to search: `query` itself, or `query` plus the previous question's key words. */
export function enrichFollowUp(query: string, previous: string | null): string {
  const words = wordsOf(query);
  if (!previous?.trim() || words.length === 0) return query;
  // A short query is a follow-up only when it points back ("how long does it take?"): short
  // keyword searches ("honey harvest") are new questions, typed as such.
  const refersBack = REFERS_BACK.test(query.trim()) || (words.length <= SHORT && POINTS_BACK.test(query));
  if (!refersBack) return query;
  const own = new Set(analyze(query));
  // The previous question's content words, in its own order, without repeating the new ones.
  const added: string[] = [];
  for (const word of wordsOf(previous)) {
    const [term] = termsOf(word);
    if (!term || own.has(term) || added.some((w) => termsOf(w)[0] === term)) continue;
    added.push(word);
  }
  return added.length ? `${query.trim()} ${added.join(' ')}` : query;
}
