/**
 * How each kind of file is read into text. A number is raised when its reader's output changes in
 * a way a stored document should not keep (the stored passages, not only new ones): documents read
 * the older way are read again from their stored originals when the app starts.
 *
 * markdown 2: passages are the text a reader sees, without heading hashes, list stars, fences,
 * anchors or comments (before: slices of the Markdown source).
 * pdf, docx, odt 2: contents and index pages (entries ending in page numbers) are no longer passages
 * (workers/chunk/navigation.ts); these are the formats that print them.
 * text 2: a manual page saved as text (`man htop > htop.txt`) is titled by its NAME line; an indented
 * option line had been taken for a centred title, and the title is every passage's first heading.
 * text 3: also a manual page whose header has nothing between its names ("FFMPEG(1)   FFMPEG(1)"),
 * or whose name line has no NAME heading above it (ranger's).
 */
import type { DocumentRecord, SourceKind } from './types';

const READ_RECIPES: Partial<Record<SourceKind, number>> = { markdown: 2, pdf: 2, docx: 2, odt: 2, text: 3 };

/** The reading a document of this kind gets now. */
export function readRecipe(kind: SourceKind): number {
  return READ_RECIPES[kind] ?? 1;
}

/** Whether a stored document was read an older way than its kind is read now (absent: the first). */
export function readOutdated(doc: Pick<DocumentRecord, 'kind' | 'readRecipe'>): boolean {
  return (doc.readRecipe ?? 1) < readRecipe(doc.kind);
}
