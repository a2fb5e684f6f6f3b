/** How an answer names the passage a marker points to. */
import type { AnswerSource } from './answer-extract';

/** "Title (file), Heading › Sub, p. 4": the document, the heading path and the pages. */
export function citationLabel(source: AnswerSource): string {
  const { hit, passage } = source;
  const parts = [hit.docTitle && hit.docTitle !== hit.docName ? `${hit.docTitle} (${hit.docName})` : hit.docName];
  if (hit.headingPath.length) parts.push(hit.headingPath.join(' › '));
  const pages = passage.pages.length ? passage.pages : hit.pages;
  if (pages.length) parts.push(pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages[0]}–${pages.at(-1)}`);
  return parts.join(', ');
}
