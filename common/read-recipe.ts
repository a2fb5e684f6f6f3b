/**
 * How each kind of file is read into text. A number is raised when its reader's output changes in
 * a way a stored document should not keep (the stored passages, not only new ones): documents read
 * the older way are read again from their stored originals when the app starts.
 *
 * markdown 2: passages are the text a reader sees, without heading hashes, list stars, fences,
 * anchors or comments (before: slices of the Markdown source).
 * pdf, docx, odt 2: contents and index pages (entries ending in page numbers) are no longer passages
 * (workers/chunk/navigation.ts); these are the formats that print them.
 */
import type { DocumentRecord, SourceKind } from './types';

const READ_RECIPES: Partial<Record<SourceKind, number>> = { markdown: 2, pdf: 2, docx: 2, odt: 2 };

/** The reading a document of this kind gets now. */
export function readRecipe(kind: SourceKind): number {
  return READ_RECIPES[kind] ?? 1;
}

/** Whether a stored document was read an older way than its kind is read now (absent: the first). */
export function readOutdated(doc: Pick<DocumentRecord, 'kind' | 'readRecipe'>): boolean {
  return (doc.readRecipe ?? 1) < readRecipe(doc.kind);
}
