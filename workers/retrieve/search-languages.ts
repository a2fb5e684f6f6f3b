/**
 * Search across the languages of a library: which language each item is in, keeping to some
 * languages (Settings › "Search only …"), and putting the scores of passages in different
 * languages on a nearer footing before they are fused.
 */
import type { Level, SearchOptions } from '../../src/shared/types';
import { sectionLang, type DocMeta, type LibraryIndex } from './library-index';

/**
 * The documents a search may return: those chosen (`docIds`), and of them those holding a passage
 * in one of `languages`; null when nothing restricts it.
 */
export function restriction(index: LibraryIndex, opts: SearchOptions): Set<string> | null {
  const chosen = opts.docIds?.length ? new Set(opts.docIds) : null;
  if (!opts.languages?.length) return chosen;
  const wanted = new Set(opts.languages);
  const held = (doc: DocMeta) => [doc.lang ?? 'en', ...(doc.otherLangs ?? [])].some((lang) => wanted.has(lang));
  return new Set(
    [...index.docs.values()].filter((doc) => (!chosen || chosen.has(doc.id)) && held(doc)).map((d) => d.id),
  );
}

/** Whether a passage (by its document and section) is in one of `languages`; all are when none are given. */
export function passageLanguageFilter(
  index: LibraryIndex,
  languages: string[] | undefined,
): (docId: string, sectionId: string) => boolean {
  if (!languages?.length) return () => true;
  const wanted = new Set(languages);
  return (docId, sectionId) => wanted.has(sectionLang(index.docs.get(docId)!, sectionId));
}

/** The language of an item of `level`: its document's, or its section's own in a two-language document. */
export function languageOf(index: LibraryIndex, level: Level): (id: string) => string {
  if (level === 'document') return (id) => index.docs.get(id)?.lang ?? 'en';
  if (level === 'section')
    return (id) => {
      const docId = index.sections.get(id)?.docId;
      return docId === undefined ? 'en' : sectionLang(index.docs.get(docId)!, id);
    };
  return (id) => {
    const p = index.propositions.get(id);
    return p ? sectionLang(index.docs.get(p.docId)!, p.sectionId) : 'en';
  };
}

/**
 * Scores of passages in different languages are not on one scale: a question's words match a
 * passage in their own language through the analyser and the model, and one in another language
 * only through a dictionary's translations. Like the merging of per-language result lists in
 * cross-language retrieval, each language's scores are shifted by `share` of the gap between its
 * best and the best of all, so the nearest passage of each language competes nearer on equal terms.
 */
export function balanceLanguages(
  scores: Map<string, number>,
  langOf: (id: string) => string,
  share: number,
): Map<string, number> {
  if (scores.size < 2) return scores;
  const best = new Map<string, number>();
  const langs = new Map<string, string>();
  let overall = -Infinity;
  for (const [id, score] of scores) {
    const lang = langOf(id);
    langs.set(id, lang);
    best.set(lang, Math.max(best.get(lang) ?? -Infinity, score));
    overall = Math.max(overall, score);
  }
  if (best.size < 2) return scores;
  const shifted = new Map<string, number>();
  for (const [id, score] of scores)
    shifted.set(id, score > 0 ? score + share * (overall - best.get(langs.get(id)!)!) : score);
  return shifted;
}
