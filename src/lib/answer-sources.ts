/** How an answer names the passage a marker points to. */
import type { AnswerSource } from './answer-extract';
import { pageReference } from '../../common/page-reference';

/** "Title (file), Heading › Sub, p. 4": the document, the heading path and the pages. */
export function citationLabel(source: AnswerSource): string {
  const { hit, passage } = source;
  const parts = [hit.docTitle && hit.docTitle !== hit.docName ? `${hit.docTitle} (${hit.docName})` : hit.docName];
  if (hit.headingPath.length) parts.push(hit.headingPath.join(' › '));
  const where = pageReference(passage.pages.length ? passage : hit);
  if (where) parts.push(where);
  return parts.join(', ');
}
