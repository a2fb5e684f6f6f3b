/**
 * `npm run chunk` in the page: one file through the real file reader (detect → parse, pdf.js in
 * the worker → chunk with the model's tokenizer → embed → Dexie), then its records read back.
 */
import { readChunks } from '../../workers/engine/chunk-store';
import { engine, ingest as readFile } from '../../src/lib/workers';
import { AppError, type ChunkMode, type ErrorCode, type OcrSummary, type PropositionType } from '../../common/types';
import { pageDb } from './page-db';

const INGEST_TIMEOUT_MS = 10 * 60_000;

/** The chunk JSON of DESIGN §9, plus what the readable outline shows. */
export interface ChunkReport {
  title: string;
  tokens: number;
  sections: {
    headingPath: string[];
    tokens: number;
    pages: number[];
    text: string;
    propositions: { text: string; tokens: number; pages: number[]; type: PropositionType }[];
  }[];
  pageCount: number | null;
  summary: string;
  keywords: string[];
  /** The model whose tokenizer counted the tokens, or 'approximate' when it could not load. */
  tokenizer: string;
  /** Pages read by OCR, with their confidence (absent when the PDF had a text layer throughout). */
  ocr?: OcrSummary;
}

export interface ChunkFailure {
  error: { code: ErrorCode; message: string };
}

function toBytes(input: string | number[]): Uint8Array<ArrayBuffer> {
  return typeof input === 'string' ? Uint8Array.from(atob(input), (c) => c.charCodeAt(0)) : Uint8Array.from(input);
}

async function ingestOnce(file: File, password: string | undefined, mode: ChunkMode) {
  const input = { file, password, chunkMode: mode };
  const result = await readFile(input, { timeoutMs: INGEST_TIMEOUT_MS });
  // The same bytes were stored before in another mode: store them again in this one.
  if (result.duplicate && (await pageDb().documents.get(result.docId))?.chunkMode !== mode) {
    await engine.api.remove({ docId: result.docId });
    return readFile(input, { timeoutMs: INGEST_TIMEOUT_MS });
  }
  return result;
}

/** Reads one stored document back as a ChunkReport. */
async function readBack(docId: string): Promise<ChunkReport> {
  const db = pageDb();
  const [doc, { sections, propositions }] = await Promise.all([db.documents.get(docId), readChunks(db, docId)]);
  if (!doc) throw new AppError('UNKNOWN', `document ${docId} was not stored`);
  return {
    title: doc.title,
    tokens: doc.tokens,
    sections: sections.map((s) => ({
      headingPath: s.headingPath,
      tokens: s.tokens,
      pages: s.pages,
      text: s.text,
      propositions: propositions
        .filter((p) => p.sectionId === s.id)
        .map((p) => ({ text: p.text, tokens: p.tokens, pages: p.pages, type: p.type })),
    })),
    pageCount: doc.pageCount ?? null,
    summary: doc.summary,
    keywords: doc.keywords,
    tokenizer: doc.modelId ?? 'approximate',
    ...(doc.ocr ? { ocr: doc.ocr } : {}),
  };
}

/** One file (base64 or byte values) → ChunkReport, or `{error: {code, message}}` for a file Carrel refuses. */
export async function chunkFile(
  input: string | number[],
  name: string,
  password?: string,
  mode: ChunkMode = 'three-level',
): Promise<ChunkReport | ChunkFailure> {
  try {
    const result = await ingestOnce(new File([toBytes(input)], name), password, mode);
    return await readBack(result.docId);
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'UNKNOWN';
    return { error: { code, message: error instanceof Error ? error.message : String(error) } };
  }
}
