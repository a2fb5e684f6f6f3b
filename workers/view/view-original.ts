/**
 * A stored original as the viewer's nodes, with the passage marked: Word, EPUB, OpenDocument and
 * PowerPoint files become the same HTML they were indexed from, HTML keeps its allowed elements,
 * Markdown is rendered. All of it runs in the viewer's worker; the page only draws the nodes.
 */
import type { ViewNode } from '../../common/view-nodes';
import type { ViewRequest } from '../../common/view-request';
import { docxToHtml } from '../parse/docx-html';
import { epubToHtml } from '../parse/epub-html';
import { officeToHtml } from '../parse/office-html';
import { allowedNodes } from './allowed-nodes';
import { markdownNodes } from './markdown-nodes';
import { markPassage } from './mark-passage';

/** The original's nodes; `marked` is false when the passage could not be placed in them. */
export async function viewOriginal({
  docId,
  kind,
  source,
  name,
  passage,
}: ViewRequest): Promise<{ nodes: ViewNode[]; marked: boolean }> {
  if (kind === 'markdown') return markdownNodes(typeof source === 'string' ? source : await source.text(), passage);
  let converted = recent.get(docId);
  if (!converted) {
    converted = html(kind, source, name);
    remember(docId, converted);
  }
  const nodes = allowedNodes(await converted);
  return { nodes, marked: markPassage(nodes, passage.text) };
}

/**
 * The HTML of the last few originals opened: mammoth takes seconds on a 100-page Word file
 * (16.7 s on the 2-core test machine), and a person often opens several passages of one document.
 */
const recent = new Map<string, Promise<string>>();
const RECENT_DOCUMENTS = 4;

function remember(docId: string, converted: Promise<string>): void {
  recent.set(docId, converted);
  if (recent.size > RECENT_DOCUMENTS) recent.delete(recent.keys().next().value!);
  // A failed conversion is tried again next time.
  void converted.catch(() => recent.get(docId) === converted && recent.delete(docId));
}

async function html(kind: Exclude<ViewRequest['kind'], 'markdown'>, source: Blob | string, name: string) {
  if (typeof source === 'string') return source;
  if (kind === 'html') return source.text();
  const bytes = new Uint8Array(await source.arrayBuffer());
  if (kind === 'docx') return docxToHtml(bytes);
  if (kind === 'epub') return (await epubToHtml(bytes, name)).html;
  return officeToHtml(kind, bytes, name);
}
