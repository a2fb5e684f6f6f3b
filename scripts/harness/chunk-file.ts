/**
 * `npm run chunk` in the page: one file through the app's ingest queue (the file reader's detect →
 * parse, pdf.js in the worker → chunk with the model's tokenizer; then the engine's embed → Dexie),
 * then its records read back.
 */
import { readChunks } from '../../workers/engine/chunk-store';
import { engine } from '../../src/lib/workers';
import { AppError, type ChunkMode, type ErrorCode, type OcrSummary, type PropositionType } from '../../common/types';
import { chunking } from '../../src/lib/chunking.svelte';
import type { IngestResult } from '../../common/ingest';
import { pageDb } from './page-db';
import { addFiles } from './queue.svelte';

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

/** Adds the file to the queue; its failure is thrown as the AppError the page would show. */
async function added(file: File, password: string | undefined): Promise<IngestResult> {
  const [outcome] = await addFiles([file], () => password);
  if ('error' in outcome!) throw new AppError(outcome.error.code, outcome.error.message);
  return outcome.result;
}

async function ingestOnce(file: File, password: string | undefined, mode: ChunkMode) {
  // Chosen as a person chooses it in Settings: the queue reads every file with the library's mode.
  if (chunking.current.mode !== mode) await chunking.save({ ...chunking.current, mode });
  const result = await added(file, password);
  // The same bytes were stored before in another mode: store them again in this one.
  if (result.duplicate && (await pageDb().documents.get(result.docId))?.chunkMode !== mode) {
    await engine.api.remove({ docId: result.docId });
    return added(file, password);
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
