/** Search kept to some languages (Settings › "Search only passages in …"). */
import type { SearchOptions } from '../../common/types';
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
