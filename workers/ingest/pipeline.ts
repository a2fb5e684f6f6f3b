/**
 * Read one file: read → parse → chunk, then hand the records to the engine, which embeds them,
 * stores them in one Dexie transaction and indexes them. Nothing is visible to search until that
 * transaction commits the document with status `ready`. The file reader worker runs `readFile`
 * and posts what it read to the engine; tests run `ingestFile`, which stores it too.
 */
import { readRecipe } from '../../common/read-recipe';
import type { ReadableDb } from '../../common/db';
import {
  storedResult,
  type IngestInput,
  type IngestProgress,
  type IngestResult,
  type StoreRequest,
  type StoreResult,
} from '../../common/ingest';
import { AppError, type DocumentRecord, type ParsedDocument } from '../../common/types';
import type { TokenCounter } from '../embed/token-counter';
import { chunkDocumentAsync } from '../chunk/chunker';
import { countOnce } from '../chunk/count-once';
import { detectDocumentLanguages } from './languages';
import { decodeText, detectKind } from '../parse/detect';
import { parseHtml } from '../parse/html';
import { parseImage } from '../parse/image';
import { parseMarkdown } from '../parse/markdown';
import { parsePdf, type PdfOptions } from '../parse/pdf';
import { parseText } from '../parse/text';
import { contentId } from './hash';
import { approximateTokens } from '../../common/text/tokens';

/** Files above this are refused with a message rather than freezing the tab. */
export const MAX_FILE_BYTES = 256 * 2 ** 20;

export interface IngestDeps {
  db: ReadableDb;
  /** The active model's token counter, or null when its tokenizer cannot load (words are counted then). */
  tokenCounter(): Promise<TokenCounter | null>;
  /** Hands the chunked document to the engine; resolves once it is stored and searchable (`ingestFile` only). */
  store(request: StoreRequest): Promise<StoreResult>;
  pdfjs(): Promise<typeof import('pdfjs-dist')>;
  /**
   * For n consecutive sentences, the n − 1 similarities of each to the next (`adjacentSimilarity`
   * with the built-in model): long sections are then cut at topic shifts (DESIGN §4) instead of
   * into balanced parts. The app's reader does not pass it: measured, it was not better
   * (docs/ingest.md, "Topic shifts").
   */
  similarity?: (texts: string[]) => Promise<number[]>;
  /**
   * Reads scanned pages; absent, a PDF without a text layer is refused. With `prefer`, it is told
   * the language a person set for the document (workers/parse/ocr-following.ts).
   */
  ocr?: NonNullable<PdfOptions['ocr']> & { prefer?(lang: string): void };
  signal: AbortSignal;
  progress(event: IngestProgress): void;
}

/** What reading a file gives: the records for the engine to store, or the stored copy of the same content. */
export type ReadFile = { request: StoreRequest; duplicate?: never } | { duplicate: IngestResult; request?: never };

/** Runs the whole pipeline for one file and returns what was stored. */
export async function ingestFile(input: Omit<IngestInput, 'engine'>, deps: IngestDeps): Promise<IngestResult> {
  const read = await readFile(input, deps);
  if (read.duplicate) return read.duplicate;
  const { embedded, record, storedBytes } = await deps.store(read.request);
  return storedResult(record, embedded, storedBytes);
}

/** Reads, parses and chunks one file into the records the engine stores. */
export async function readFile(input: Omit<IngestInput, 'engine'>, deps: Omit<IngestDeps, 'store'>): Promise<ReadFile> {
  const { file } = input;
  if (file.size === 0)
    throw new AppError('EMPTY_FILE', `“${file.name}” is empty (0 bytes). Choose a file with content.`);
  if (file.size > MAX_FILE_BYTES) {
    const mb = Math.round(file.size / 2 ** 20);
    throw new AppError(
      'TOO_LARGE',
      `“${file.name}” is ${mb} MB; Carrel takes files up to ${MAX_FILE_BYTES / 2 ** 20} MB. Split it into smaller files.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectKind(file.name, file.type, bytes.subarray(0, 1024));
  const docId = await contentId(bytes);
  const existing = await deps.db.documents.get(docId);
  if (existing?.langSet && existing.lang) deps.ocr?.prefer?.(existing.lang);
  if (existing?.status === 'ready' && !input.force) {
    return { duplicate: { ...storedResult(existing, !!existing.modelId), duplicate: true } };
  }

  deps.progress({ stage: 'parsing', done: 0, total: 1 });
  const parsed = await parse(kind, bytes, file.name, input.password, deps);
  deps.signal.throwIfAborted();

  deps.progress({ stage: 'chunking', done: 0, total: 1 });
  // Each distinct text counted once (count-once.ts): the same counts, in less time.
  const countTokens = countOnce((await deps.tokenCounter()) ?? approximateTokens);
  const chunked = await chunkDocumentAsync(parsed, docId, {
    countTokens,
    mode: input.chunkMode,
    delimiter: input.delimiter,
    sizes: input.sizes,
    similarity: deps.similarity,
  });
  if (chunked.propositions.length === 0) {
    throw new AppError('EMPTY_FILE', `“${file.name}” has no readable text.`);
  }
  deps.signal.throwIfAborted();
  const detected = await detectDocumentLanguages(parsed, chunked);
  // A language the person set stays through a re-read.
  const lang = existing?.langSet ? existing.lang : detected;

  const record: DocumentRecord = {
    id: docId,
    name: file.name,
    kind,
    mime: file.type,
    size: file.size,
    // A re-indexed document keeps its place in the library.
    addedAt: existing?.addedAt ?? Date.now(),
    indexedAt: Date.now(),
    readRecipe: readRecipe(kind),
    status: 'ready',
    title: chunked.title,
    summary: chunked.summary,
    keywords: chunked.keywords,
    pageCount: parsed.pageCount,
    tokens: chunked.tokens,
    sectionCount: chunked.sections.length,
    propositionCount: chunked.propositions.length,
    chunkMode: input.chunkMode,
    ...(input.sizes ? { chunkSizes: input.sizes } : {}),
    ...(parsed.ocr ? { ocr: parsed.ocr } : {}),
    ...(lang ? { lang } : {}),
    ...(existing?.langSet ? { langSet: true } : {}),
  };
  const text = { docId, text: parsed.text, ...(parsed.ocrWords ? { ocrWords: parsed.ocrWords } : {}) };
  return {
    request: {
      record,
      file,
      text,
      sections: chunked.sections,
      propositions: chunked.propositions,
      jobKey: input.jobKey,
    },
  };
}

async function parse(
  kind: DocumentRecord['kind'],
  bytes: Uint8Array,
  name: string,
  password: string | undefined,
  deps: Omit<IngestDeps, 'store'>,
): Promise<ParsedDocument> {
  if (kind === 'pdf') {
    const pdfjs = await deps.pdfjs();
    // pdf.js takes ownership of the buffer it is given; keep ours for the hash and the blob.
    return parsePdf(bytes.slice(), name, {
      pdfjs,
      password,
      signal: deps.signal,
      ocr: deps.ocr,
      onPage: (done, total, ocr) => deps.progress({ stage: 'parsing', done, total, ...(ocr ? { ocr } : {}) }),
    });
  }
  if (kind === 'image') {
    return parseImage(
      bytes,
      name,
      deps.ocr,
      (done, total) => deps.progress({ stage: 'parsing', done, total, ocr: true }),
      deps.signal,
    );
  }
  // The zipped formats' readers (Mammoth and the zip reader among them) load with the first such
  // file, as pdf.js does with the first PDF: a reader for notes and pages starts without them.
  if (kind === 'docx') return (await import('../parse/docx')).parseDocx(bytes, name);
  if (kind === 'odt' || kind === 'odp') return (await import('../parse/office')).parseOdf(bytes, name);
  if (kind === 'pptx') return (await import('../parse/office')).parsePptx(bytes, name);
  if (kind === 'epub') return (await import('../parse/epub')).parseEpub(bytes, name);
  const text = decodeText(bytes, name);
  if (kind === 'markdown') return parseMarkdown(text, name);
  if (kind === 'html') return parseHtml(text, name);
  return parseText(text, name);
}
