/**
 * Tables of contents, lists of figures and indexes are kept as passages of their own, typed
 * `contents` (workers/chunk/navigation.ts): they name every subject of a document and answer none,
 * so search keeps them below real text, unless the question asks for the contents itself.
 */

/**
 * A question that asks for a contents list, in the languages the interface speaks and a few more.
 * A bare "index" is left out: "create an index" asks about databases far more often than books.
 */
const CONTENTS_REQUEST =
  /(?<![\p{L}\p{N}])(?:table of contents|contents|toc|list of (?:figures|tables|illustrations)|inhaltsverzeichnis|abbildungsverzeichnis|sommaire|table des matières|índice|indice|sumário|inhoudsopgave|spis treści|содержание|оглавление)(?![\p{L}\p{N}])|目次|目录|目錄/iu;

/** A line that is only the title of a contents list ("Table des matières", "Contents:"). */
const CONTENTS_TITLE = new RegExp(`^\\s*(?:${CONTENTS_REQUEST.source})\\s*:?\\s*$`, 'iu');

/** Whether `line` is nothing but a contents list's title, in one of the languages above. */
export function isContentsTitle(line: string): boolean {
  return CONTENTS_TITLE.test(line);
}

/** Whether the question asks for a document's contents (its table of contents, list of figures…). */
export function asksForContents(question: string): boolean {
  return CONTENTS_REQUEST.test(question);
}
