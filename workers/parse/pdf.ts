/**
 * PDF → blocks with pdf.js (run inside the file reader). Reads each page's text layer, hands pages
 * that are scans to OCR (pdf-ocr), and refuses a PDF that leaves nothing to search. Headings come
 * from the outline when its titles are found on their pages, else from font sizes above the body
 * size (pdf-headings). Every block keeps its 1-based physical pages; printed page labels are kept
 * where the PDF has them.
 */
import { AppError, type ParsedDocument } from '../../common/types';
import { pageWords, type PageReader } from './ocr';
import { assemble, buildDrafts } from './pdf-headings';
import { itemsToLines, removeFurniture, type Line, type TextItemLike } from './pdf-lines';
import { loadPdf, pdfError, type PdfDocument, type PdfJs, type PdfPage } from './pdf-loader';
import { hasImage, letterCount, OCR_BELOW_LETTERS, ocrSummary, readScannedPage } from './pdf-ocr';
import { outlineHeadings } from './pdf-outline';
import { readPagesAtOnce, type PageRead } from './page-loops';

export interface PdfOptions {
  pdfjs: PdfJs;
  password?: string;
  signal?: AbortSignal;
  /** `ocr`: the page was a scan, read by OCR. */
  onPage?: (done: number, total: number, ocr?: boolean) => void;
  /** Reads scanned pages (workers/parse/ocr.ts); without it a PDF without a text layer is refused. */
  ocr?: PageReader;
}

/** Parses a PDF; throws AppError for passwords, damage and missing text layers, the signal's reason when aborted. */
export async function parsePdf(data: Uint8Array, fileName: string, opts: PdfOptions): Promise<ParsedDocument> {
  opts.signal?.throwIfAborted();
  // pdf.js takes ownership of the buffer it is given.
  const task = loadPdf(opts.pdfjs, data, opts.password);
  // Aborting destroys the task, which rejects whatever pdf.js is doing; the abort reason is rethrown below.
  const cancel = () => void task.destroy();
  opts.signal?.addEventListener('abort', cancel, { once: true });
  try {
    let doc: PdfDocument;
    try {
      doc = await task.promise;
    } catch (error) {
      opts.signal?.throwIfAborted();
      throw pdfError(error, fileName);
    }
    return await readDocument(doc, fileName, opts);
  } catch (error) {
    opts.signal?.throwIfAborted();
    throw error;
  } finally {
    opts.signal?.removeEventListener('abort', cancel);
    await task.destroy();
  }
}

/** What OCR made of a PDF's scanned pages, gathered page by page. */
interface ScanReport {
  tried: number;
  scanned: { page: number; confidence: number }[];
  failed: number[];
  words: NonNullable<ParsedDocument['ocrWords']>;
}

async function readDocument(doc: PdfDocument, fileName: string, opts: PdfOptions): Promise<ParsedDocument> {
  const scans: ScanReport = { tried: 0, scanned: [], failed: [], words: {} };
  const progress = { done: 0 };
  const local: PageRead<ReadPage> = (p) => readPage(doc, p, fileName, opts, scans, progress.done);
  // Two pages at once where OCR may read them: a scanned page's wait for OCR is the other's turn.
  const read = await readPagesAtOnce(
    doc.numPages,
    opts.ocr ? [local, local] : [local],
    (done, _, page) => {
      progress.done = done;
      opts.onPage?.(done, doc.numPages, page.ocr);
    },
    opts.signal,
  );
  const pages = read.map((page) => page.lines);
  scans.scanned.sort((a, b) => a.page - b.page);
  scans.failed.sort((a, b) => a - b);
  requireText(pages, doc.numPages, scans, fileName);
  const labels = await doc.getPageLabels().catch(() => null);
  const outline = await outlineHeadings(doc);
  const drafts = buildDrafts(removeFurniture(pages), outline);
  const info = (await doc.getMetadata().catch(() => null))?.info as { Title?: string } | undefined;
  const parsed = assemble(drafts, doc.numPages, labels, info?.Title?.trim() || '', fileName);
  const { scanned, failed, words } = scans;
  return scanned.length || failed.length ? { ...parsed, ocr: ocrSummary(scanned, failed), ocrWords: words } : parsed;
}

interface ReadPage {
  lines: Line[];
  /** Read by OCR. */
  ocr: boolean;
}

/** One page's lines, from its text layer or, when the page is a scan, from OCR (noted in `scans`). */
async function readPage(
  doc: PdfDocument,
  p: number,
  fileName: string,
  opts: PdfOptions,
  scans: ScanReport,
  done: number,
): Promise<ReadPage> {
  const page = await doc.getPage(p);
  const content = await page.getTextContent();
  let items: TextItemLike[] = content.items.filter((i): i is TextItemLike & typeof i => 'str' in i);
  let ocr = false;
  if (opts.ocr && textLetters(items) < OCR_BELOW_LETTERS && (await hasImage(page, opts.pdfjs))) {
    ocr = true;
    scans.tried++;
    opts.onPage?.(done, doc.numPages, true);
    items = await readScan(page, p, items, fileName, opts, scans);
  }
  const lines = itemsToLines(items, p);
  page.cleanup();
  return { lines, ocr };
}

const textLetters = (items: TextItemLike[]) => letterCount(items.map((i) => i.str).join(''));

/** The scanned page's words read by OCR, or its own text items when OCR read less or failed. */
async function readScan(
  page: PdfPage,
  p: number,
  items: TextItemLike[],
  fileName: string,
  opts: PdfOptions,
  scans: ScanReport,
): Promise<TextItemLike[]> {
  try {
    const read = await readScannedPage(page, opts.ocr!);
    // A page with a little real text (a title over a photo) keeps it unless OCR read more.
    if (textLetters(read.items) <= textLetters(items)) return items;
    scans.scanned.push({ page: p, confidence: read.confidence });
    scans.words[p] = pageWords(read.items);
    return read.items;
  } catch (error) {
    // One unreadable page does not lose the others; the document says which pages failed. A
    // language not on the device fails every page: the file says so, to be retried.
    opts.signal?.throwIfAborted();
    if (error instanceof AppError && error.code === 'OCR_LANGUAGE_MISSING') throw error;
    console.warn(`OCR failed on page ${p} of ${fileName}`, error);
    scans.failed.push(p);
    return items;
  }
}

/** Refuses a PDF that leaves nothing to search: no text layer, and OCR absent, failing or finding nothing. */
function requireText(pages: Line[][], pageCount: number, scans: ScanReport, fileName: string): void {
  const { tried, scanned, failed } = scans;
  // OCR debris on scanned pages ("sw | \ +") is not a text layer either.
  const letters = letterCount(
    pages
      .flat()
      .map((l) => l.text)
      .join(''),
  );
  if (tried && !scanned.length && letters < 40 * pageCount) {
    const them = tried === 1 ? 'it' : 'them';
    const why = failed.length
      ? `OCR failed on ${failed.length === tried ? them : `${failed.length} of them`}`
      : `OCR found no text on ${them}`;
    throw new AppError(
      'PDF_NO_TEXT',
      `“${fileName}” is a scan (${tried} ${tried === 1 ? 'page' : 'pages'} without a text layer), and ${why}.`,
    );
  }
  if (letters < 40 * pageCount && !scanned.length) {
    // Without OCR (the command-line chunker can run without it) the UI's action says what to do.
    throw new AppError(
      'PDF_NO_TEXT',
      `“${fileName}” has no text layer (${letters} letters on ${pageCount} pages): it looks like a scan, so there is nothing to search.`,
    );
  }
}
