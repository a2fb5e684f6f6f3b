/**
 * PDF → blocks with pdf.js (run inside the file reader). Headings come from the outline when
 * its titles are found on their pages, else from font sizes above the body size. Every block keeps
 * its 1-based physical pages; printed page labels are kept where the PDF has them.
 */
import { AppError, type Block, type OcrSummary, type ParsedDocument } from '../../src/shared/types';
import { pdfjsWasmUrl } from '../../src/shared/pdfjs-wasm';
import { pageItems, pageWords, type PageReader } from './ocr';
import { bodySize, itemsToLines, joinLine, removeFurniture, type Line, type TextItemLike } from './pdf-lines';
import { SectionNumbers } from './section-numbers';
import { titleFromFileName } from './title';

type PdfJs = typeof import('pdfjs-dist');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

export interface PdfOptions {
  pdfjs: PdfJs;
  password?: string;
  signal?: AbortSignal;
  /** `ocr`: the page was a scan, read by OCR. */
  onPage?: (done: number, total: number, ocr?: boolean) => void;
  /** Reads scanned pages (workers/parse/ocr.ts); without it a PDF without a text layer is refused. */
  ocr?: PageReader;
}

/** A page with fewer letters than this in its text layer, and an image on it, is read by OCR. */
const OCR_BELOW_LETTERS = 40;
/** Scans are rendered for OCR at 300 dpi, the resolution tesseract is trained for… */
const OCR_DPI = 300;
/** …unless the page is so large that would exceed this many pixels (A4 at 300 dpi is 8.7 million). */
const OCR_MAX_PIXELS = 16e6;
/** Pages read by OCR with a mean confidence below this (0–100) are flagged as doubtful. */
export const OCR_CONFIDENCE_FLOOR = 70;

export interface OutlineHeading {
  key: string;
  title: string;
  level: number;
  page: number;
}

export interface Draft {
  kind: Block['kind'];
  level?: number;
  text: string;
  pages: Set<number>;
  size: number;
  /** x of the first line: a list item's wrapped lines are indented past its bullet. */
  x: number;
  lines: number;
  lastY: number;
  lastPage: number;
}

/** Bullets, including the private-use glyphs of symbol fonts (Wingdings, Symbol) that PDFs keep. */
const BULLET = /^([•●▪◦‣∙·*–\-■□▪►▸◆◇➢✓✔❖\p{Co}]|\d{1,2}[.)]|[a-z][.)])\s/u;
const BULLET_MARK = /^[•●▪◦‣∙·*–\-■□▪►▸◆◇➢✓✔❖\p{Co}]\s/u;

const normal = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Parses a PDF; throws AppError for passwords, damage and missing text layers, the signal's reason when aborted. */
export async function parsePdf(data: Uint8Array, fileName: string, opts: PdfOptions): Promise<ParsedDocument> {
  opts.signal?.throwIfAborted();
  const task = opts.pdfjs.getDocument({
    data,
    password: opts.password,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    wasmUrl: pdfjsWasmUrl(),
    // In a worker there is no document: scans are drawn for OCR on OffscreenCanvas, and the
    // image decoders are fetched with plain fetch (pdf.js's own fetcher reads document.baseURI).
    ...(!('document' in globalThis)
      ? { CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilters, BinaryDataFactory: WasmFetcher }
      : {}),
  });
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

async function readDocument(doc: PdfDocument, fileName: string, opts: PdfOptions): Promise<ParsedDocument> {
  const pages: Line[][] = [];
  const scanned: { page: number; confidence: number }[] = [];
  const ocrWords: NonNullable<ParsedDocument['ocrWords']> = {};
  const failed: number[] = [];
  let tried = 0;
  for (let p = 1; p <= doc.numPages; p++) {
    opts.signal?.throwIfAborted();
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    let items: TextItemLike[] = content.items.filter((i): i is TextItemLike & typeof i => 'str' in i);
    let ocr = false;
    if (
      opts.ocr &&
      letterCount(items.map((i) => i.str).join('')) < OCR_BELOW_LETTERS &&
      (await hasImage(page, opts.pdfjs))
    ) {
      ocr = true;
      tried++;
      opts.onPage?.(p - 1, doc.numPages, true);
      try {
        const read = await readScannedPage(page, opts.ocr);
        // A page with a little real text (a title over a photo) keeps it unless OCR read more.
        if (letterCount(read.items.map((i) => i.str).join('')) > letterCount(items.map((i) => i.str).join(''))) {
          items = read.items;
          scanned.push({ page: p, confidence: read.confidence });
          ocrWords[p] = pageWords(read.items);
        }
      } catch (error) {
        // One unreadable page does not lose the others; the document says which pages failed. A
        // language not on the device fails every page: the file says so, to be retried.
        opts.signal?.throwIfAborted();
        if (error instanceof AppError && error.code === 'OCR_LANGUAGE_MISSING') throw error;
        console.warn(`OCR failed on page ${p} of ${fileName}`, error);
        failed.push(p);
      }
    }
    pages.push(itemsToLines(items, p));
    page.cleanup();
    opts.onPage?.(p, doc.numPages, ocr);
  }
  // OCR debris on scanned pages ("sw | \ +") is not a text layer either.
  const letters = letterCount(
    pages
      .flat()
      .map((l) => l.text)
      .join(''),
  );
  if (tried && !scanned.length && letters < 40 * doc.numPages) {
    const them = tried === 1 ? 'it' : 'them';
    const why = failed.length
      ? `OCR failed on ${failed.length === tried ? them : `${failed.length} of them`}`
      : `OCR found no text on ${them}`;
    throw new AppError(
      'PDF_NO_TEXT',
      `“${fileName}” is a scan (${tried} ${tried === 1 ? 'page' : 'pages'} without a text layer), and ${why}.`,
    );
  }
  if (letters < 40 * doc.numPages && !scanned.length) {
    // Without OCR (the command-line chunker can run without it) the UI's action says what to do.
    throw new AppError(
      'PDF_NO_TEXT',
      `“${fileName}” has no text layer (${letters} letters on ${doc.numPages} pages): it looks like a scan, so there is nothing to search.`,
    );
  }
  const labels = await doc.getPageLabels().catch(() => null);
  const outline = await outlineHeadings(doc);
  const drafts = buildDrafts(removeFurniture(pages), outline);
  const info = (await doc.getMetadata().catch(() => null))?.info as { Title?: string } | undefined;
  const parsed = assemble(drafts, doc.numPages, labels, info?.Title?.trim() || '', fileName);
  return scanned.length || failed.length ? { ...parsed, ocr: ocrSummary(scanned, failed), ocrWords } : parsed;
}

export const letterCount = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

export function ocrSummary(scanned: { page: number; confidence: number }[], failed: number[]): OcrSummary {
  const confidence = scanned.length ? scanned.reduce((sum, s) => sum + s.confidence, 0) / scanned.length : 0;
  return {
    pages: scanned.map((s) => s.page),
    confidence: Math.round(confidence),
    doubtfulPages: scanned.filter((s) => s.confidence < OCR_CONFIDENCE_FLOOR).map((s) => s.page),
    failedPages: failed,
  };
}

type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type RenderContext = NonNullable<Parameters<PdfPage['render']>[0]['canvasContext']>;

/** Does the page paint an image (a scan), rather than being blank or holding only vector drawings? */
async function hasImage(page: PdfPage, pdfjs: PdfJs): Promise<boolean> {
  const { fnArray } = await page.getOperatorList();
  const paints = new Set([
    pdfjs.OPS.paintImageXObject,
    pdfjs.OPS.paintInlineImageXObject,
    pdfjs.OPS.paintImageMaskXObject,
    pdfjs.OPS.paintImageXObjectRepeat,
  ]);
  return fnArray.some((op) => paints.has(op));
}

/**
 * Draws the page at 300 dpi and reads it by OCR; the words come back as text items in the page's
 * own coordinates (one per word, on its line's baseline, sized by the line's height), so lines,
 * paragraphs, columns and headings are found exactly as for a PDF with a text layer.
 */
async function readScannedPage(
  page: PdfPage,
  ocr: NonNullable<PdfOptions['ocr']>,
): Promise<{ items: TextItemLike[]; confidence: number }> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_DPI / 72, Math.sqrt(OCR_MAX_PIXELS / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const canvas = new OffscreenCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: null, canvasContext: context as unknown as RenderContext, viewport }).promise;
  const image = await canvas.convertToBlob({ type: 'image/png' });
  canvas.width = canvas.height = 0;
  const read = await ocr.recognize(image);
  const items = pageItems(read, (x, y) => viewport.convertToPdfPoint(x, y) as [number, number], scale);
  return { items, confidence: read.confidence };
}

/** pdf.js's canvases, made as OffscreenCanvas (its default factory needs a DOM document). */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas | null }, width: number, height: number) {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

/** Fetches pdf.js's WebAssembly image decoders (the only binary data Carrel gives it a URL for). */
class WasmFetcher {
  private readonly wasmUrl: string | null;
  constructor({ wasmUrl = null }: { wasmUrl?: string | null }) {
    this.wasmUrl = wasmUrl;
  }
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    if (kind !== 'wasmUrl' || !this.wasmUrl) throw new Error(`Carrel does not give pdf.js ${kind} data`);
    const response = await fetch(`${this.wasmUrl}${filename}`);
    if (!response.ok) throw new Error(`Unable to load wasm data at: ${this.wasmUrl}${filename}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** SVG filters (transfer functions, high contrast) need a DOM; a scan read by OCR does without them. */
class NoFilters {
  addFilter = () => 'none';
  addHCMFilter = () => 'none';
  addAlphaFilter = () => 'none';
  addLuminosityFilter = () => 'none';
  addKnockoutFilter = () => 'none';
  addHighlightHCMFilter = () => 'none';
  addSelectionHCMFilter = () => 'none';
  addSelectionFilter = () => 'none';
  createSelectionStyle = () => null;
  destroy() {}
}

function pdfError(error: unknown, fileName: string): AppError {
  const { name, code } = (error ?? {}) as { name?: string; code?: number };
  if (name === 'PasswordException') {
    return code === 2
      ? new AppError('PDF_BAD_PASSWORD', `That password does not open “${fileName}”.`)
      : new AppError('PDF_PASSWORD', `“${fileName}” is protected by a password.`);
  }
  if (name === 'InvalidPDFException' || name === 'FormatError')
    return new AppError('PDF_INVALID', `“${fileName}” is damaged or not a valid PDF.`);
  return new AppError(
    'PDF_INVALID',
    `“${fileName}” could not be read as a PDF (${(error as Error)?.message ?? error}).`,
  );
}

/** Outline entries with their depth and physical page (entries whose page cannot be resolved are dropped). */
async function outlineHeadings(doc: PdfDocument): Promise<OutlineHeading[]> {
  const outline = await doc.getOutline().catch(() => null);
  if (!outline) return [];
  const result: OutlineHeading[] = [];
  const walk = async (items: typeof outline, level: number) => {
    for (const item of items) {
      const page = await destinationPage(doc, item.dest).catch(() => null);
      if (page && item.title.trim())
        result.push({ key: normal(item.title), title: item.title.trim(), level: Math.min(level, 6), page });
      if (item.items?.length) await walk(item.items, level + 1);
    }
  };
  await walk(outline, 1);
  return result;
}

async function destinationPage(doc: PdfDocument, dest: string | unknown[] | null): Promise<number | null> {
  const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
  const ref = explicit?.[0];
  if (ref === undefined || ref === null) return null;
  if (typeof ref === 'number') return ref + 1;
  return (await doc.getPageIndex(ref as Parameters<PdfDocument['getPageIndex']>[0])) + 1;
}

/** Lines → heading and paragraph drafts (exported for tests). */
export function buildDrafts(pages: Line[][], outline: OutlineHeading[]): Draft[] {
  const lines = pages.flat();
  const body = bodySize(lines);
  const fromOutline = outlineMatcher(outline, lines);
  const levelOf = headingLevels(pages, body);
  const numbers = new SectionNumbers();
  const drafts: Draft[] = [];
  let current: Draft | null = null;
  const start = (line: Line, kind: Draft['kind'], level?: number) => {
    const text = kind === 'list-item' ? line.text.replace(/^\p{Co}/u, '•') : line.text;
    current = {
      kind,
      level,
      text,
      pages: new Set([line.page]),
      size: line.size,
      x: line.x,
      lines: 1,
      lastY: line.y,
      lastPage: line.page,
    };
    drafts.push(current);
  };
  for (const line of lines) {
    // A footnote's number set small on its own line ("14") would end the paragraph above it.
    if (/^\d{1,3}$/.test(line.text.trim()) && line.size < body * 0.9) continue;
    const found = fromOutline ? fromOutline(line) : isSizeHeading(line, body) ? levelOf(line) : null;
    const level = found ?? (line.size >= body - 0.5 ? numbers.levelOf(line.text) : null);
    const cur = current as Draft | null;
    if (level) {
      // A heading that wraps onto a second line of the same size continues the same heading.
      if (
        cur?.kind === 'heading' &&
        cur.lastPage === line.page &&
        Math.abs(cur.size - line.size) < 0.5 &&
        cur.lastY - line.y < line.size * 2
      ) {
        cur.text = `${cur.text} ${line.text}`;
        cur.lastY = line.y;
        cur.lines++;
      } else {
        start(line, 'heading', level);
        numbers.noteHeading(line.text, level);
      }
      continue;
    }
    const bullet = BULLET.test(line.text);
    if (cur && cur.kind !== 'heading' && !bullet && continues(cur, line)) {
      cur.text = joinLine(cur.text, line.text);
      cur.lines++;
      cur.pages.add(line.page);
      cur.lastY = line.y;
      cur.lastPage = line.page;
    } else start(line, bullet ? 'list-item' : 'paragraph');
  }
  // Four or more lines set large are a passage (an abstract, a pull quote), not a heading.
  for (const draft of drafts)
    if (draft.kind === 'heading' && (draft.lines > 3 || draft.text.length > 200))
      [draft.kind, draft.level] = ['paragraph', undefined];
  return drafts;
}

/** Same size and close below on the same page, or an unfinished sentence running onto the next page. */
function continues(cur: Draft, line: Line): boolean {
  if (Math.abs(cur.size - line.size) > 0.6) return false;
  // A list item's wrapped lines hang indented past the bullet; a line at the bullet's x is new text.
  if (cur.kind === 'list-item' && line.page === cur.lastPage && line.x <= cur.x + 2) return false;
  if (line.columnStart)
    return line.page === cur.lastPage && !/[.!?:;]["”’)]?$/.test(cur.text) && /^\p{Ll}/u.test(line.text);
  if (cur.lastPage === line.page) return cur.lastY - line.y > 0 && cur.lastY - line.y < line.size * 1.9;
  return line.page === cur.lastPage + 1 && !/[.!?:;]["”’)]?$/.test(cur.text) && /^\p{Ll}/u.test(line.text);
}

function isSizeHeading(line: Line, body: number): boolean {
  // Table-of-contents entries ("2 Simple manipulations . . . . 8") are set large too.
  if (/(?:(?:\.\s?){4,}|…|(?:\s\.){2,})\s*[\divxlc]*$/i.test(line.text)) return false;
  // A bullet or dash opens a list item, however large it is set ("– Inform operators of…"); "3. Scope" may be a heading.
  if (BULLET_MARK.test(line.text)) return false;
  // A point or more above the body size (12 on 11): headings set in bold at body size + 1 count.
  return (
    line.size >= body * 1.08 &&
    line.size - body >= 0.8 &&
    line.text.length <= 120 &&
    /\p{L}{2,}/u.test(line.text) &&
    !/[.,;]$/.test(line.text)
  );
}

/**
 * Heading levels by font size, largest first, sizes within half a point counted as one. On a
 * document of three pages or more, a size seen only on the first page (a cover's author names,
 * dates, series) is not a heading level, nor on six pages or more one seen on a single later page
 * (a second title page); the first page's largest line (the title) still is.
 */
function headingLevels(pages: Line[][], body: number): (line: Line) => number | null {
  const candidates = (lines: Line[]) => lines.filter((l) => isSizeHeading(l, body)).map((l) => l.size);
  // On longer documents a heading size recurs on two pages or more; a size used once is front matter.
  const pagesWith = new Map<number, number>();
  for (const lines of pages.slice(1))
    for (const size of new Set(candidates(lines))) pagesWith.set(size, (pagesWith.get(size) ?? 0) + 1);
  const sizes = new Set(
    pages.length >= 3
      ? [...pagesWith].filter(([, n]) => n >= 2 || pages.length < 6).map(([size]) => size)
      : pages.flatMap(candidates),
  );
  const coverTitle = Math.max(0, ...candidates(pages[0] ?? []));
  if (coverTitle) sizes.add(coverTitle);
  const levels: number[] = [];
  for (const size of [...sizes].sort((a, b) => b - a))
    if (!levels.length || levels.at(-1)! - size > 0.5) levels.push(size);
  return (line) => {
    if (line.page === 1 && pages.length >= 3 && line.size !== coverTitle && !sizes.has(line.size)) return null;
    const level = levels.findIndex((size) => size - line.size <= 0.5);
    return level < 0 ? null : Math.min(6, level + 1);
  };
}

/**
 * When most outline titles are found on their pages, headings are exactly those lines (the outline
 * knows the levels); otherwise the outline is unreliable and font sizes decide (returns null).
 */
function outlineMatcher(outline: OutlineHeading[], lines: Line[]): ((line: Line) => number | null) | null {
  if (outline.length < 2) return null;
  const matches = (entry: OutlineHeading, line: Line) => {
    const key = normal(line.text);
    return (
      line.page === entry.page &&
      key.length > 0 &&
      (key === entry.key ||
        (key.length >= 6 && entry.key.startsWith(key)) ||
        (entry.key.length >= 6 && key.startsWith(entry.key) && key.length - entry.key.length < 6))
    );
  };
  const found = outline.filter((entry) => lines.some((line) => matches(entry, line)));
  if (found.length < outline.length * 0.5) return null;
  const used = new Set<OutlineHeading>();
  return (line) => {
    const entry = outline.find((e) => !used.has(e) && matches(e, line));
    if (!entry) return null;
    if (normal(line.text).length >= entry.key.length) used.add(entry);
    return entry.level;
  };
}

export function assemble(
  drafts: Draft[],
  pageCount: number,
  labels: string[] | null,
  metaTitle: string,
  fileName: string,
): ParsedDocument {
  const blocks: Block[] = [];
  let text = '';
  for (const draft of drafts) {
    if (text) text += '\n\n';
    const start = text.length;
    text += draft.text;
    const pages = [...draft.pages].sort((a, b) => a - b);
    const block: Block = { kind: draft.kind, text: draft.text, start, end: text.length, pages };
    if (draft.level) block.level = draft.level;
    if (labels) block.pageLabels = pages.map((p) => labels[p - 1] ?? String(p));
    blocks.push(block);
  }
  // A title has a word in it: a first "heading" of scraps ("ha te 1]", OCR reading a picture) or a bare number is not one.
  const firstHeading = blocks.find((b) => b.kind === 'heading' && /\p{L}{3,}/u.test(b.text))?.text;
  const title =
    metaTitle && !/^(untitled|microsoft word)/i.test(metaTitle)
      ? metaTitle
      : firstHeading || titleFromFileName(fileName);
  return { kind: 'pdf', title, text, blocks, pageCount };
}
