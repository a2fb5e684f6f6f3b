/** What the page asks the viewer's worker to draw (workers/view.worker.ts). */
export interface ViewRequest {
  /** The document's id: the worker keeps the last few conversions by it. */
  docId: string;
  kind: 'markdown' | 'html' | 'docx' | 'epub' | 'odt' | 'odp' | 'pptx';
  /** The stored file, or for Markdown kept only as text, that text. */
  source: Blob | string;
  name: string;
  /** The passage to mark: its text, and for Markdown its offsets into the source. */
  passage: { start: number; end: number; text: string };
}
