/**
 * Ingest one file: read → parse → chunk → embed → one Dexie transaction. Nothing is visible to
 * search until that transaction commits the document with status `ready`.
 */
import { storedChunk } from '../../src/shared/chunk-text';
import type { CarrelDb, TextRecord, VectorRecord } from '../../src/shared/db';
import { ACTIVE_MODEL_KEY, deleteDocumentRecords, documentTables } from '../../src/shared/db';
import { BUILTIN_MODEL } from '../../src/shared/models';
import { storedVectors } from '../../src/shared/vector-codec';
import type { IngestInput, IngestProgress, IngestResult } from '../../src/shared/ingest';
import { AppError, type DocumentRecord, type ParsedDocument, type PropositionRecord, type SectionRecord } from '../../src/shared/types';
import type { Embedder } from '../embed/embedder';
import { chunkDocument } from '../chunk/index';
import { decodeText, detectKind } from '../parse/detect';
import { parseHtml } from '../parse/html';
import { parseDocx } from '../parse/docx';
import { parseEpub } from '../parse/epub';
import { parseImage } from '../parse/image';
import { parseOdf, parsePptx } from '../parse/office';
import { parseMarkdown } from '../parse/markdown';
import { parsePdf, type PdfOptions } from '../parse/pdf';
import { parseText } from '../parse/text';
import { contentId } from './hash';
import { approximateTokens } from './approximate-tokens';

/** Files above this are refused with a message rather than freezing the tab. */
export const MAX_FILE_BYTES = 256 * 2 ** 20;

export interface IngestDeps {
  db: CarrelDb;
  /** The embedder, or null when the model cannot load (keyword search still works). */
  embedder(): Promise<Embedder | null>;
  pdfjs(): Promise<typeof import('pdfjs-dist')>;
  /** Reads scanned pages; absent, a PDF without a text layer is refused. */
  ocr?: PdfOptions['ocr'];
  signal: AbortSignal;
  progress(event: IngestProgress): void;
}

/** Runs the whole pipeline for one file and returns what was stored. */
export async function ingestFile(input: IngestInput, deps: IngestDeps): Promise<IngestResult> {
  const { file } = input;
  if (file.size === 0) throw new AppError('EMPTY_FILE', `“${file.name}” is empty (0 bytes). Choose a file with content.`);
  if (file.size > MAX_FILE_BYTES) {
    const mb = Math.round(file.size / 2 ** 20);
    throw new AppError('TOO_LARGE', `“${file.name}” is ${mb} MB; Carrel takes files up to ${MAX_FILE_BYTES / 2 ** 20} MB. Split it into smaller files.`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectKind(file.name, file.type, bytes.subarray(0, 1024));
  const docId = await contentId(bytes);
  const existing = await deps.db.documents.get(docId);
  if (existing?.status === 'ready' && !input.force) {
    return { docId, duplicate: true, title: existing.title, sections: existing.sectionCount, propositions: existing.propositionCount, embedded: !!existing.modelId };
  }

  deps.progress({ stage: 'parsing', done: 0, total: 1 });
  const parsed = await parse(kind, bytes, file.name, input.password, deps);
  deps.signal.throwIfAborted();

  const embedder = await deps.embedder();
  deps.progress({ stage: 'chunking', done: 0, total: 1 });
  const countTokens = embedder ? (text: string) => embedder.countTokens(text) : approximateTokens;
  const chunked = chunkDocument(parsed, docId, { countTokens, mode: input.chunkMode, delimiter: input.delimiter, sizes: input.sizes });
  if (chunked.propositions.length === 0) {
    throw new AppError('EMPTY_FILE', `“${file.name}” has no readable text.`);
  }
  deps.signal.throwIfAborted();

  let vectors = embedder ? await embedAll(embedder, docId, chunked, deps) : null;
  deps.signal.throwIfAborted();

  deps.progress({ stage: 'saving', done: 0, total: 1 });
  const record: DocumentRecord = {
    id: docId,
    name: file.name,
    kind,
    mime: file.type,
    size: file.size,
    // A re-indexed document keeps its place in the library.
    addedAt: existing?.addedAt ?? Date.now(),
    indexedAt: Date.now(),
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
    modelId: vectors?.modelId,
    ...(parsed.ocr ? { ocr: parsed.ocr } : {}),
  };
  // A model switch may finish while this file is embedded, leaving it with only the old model's
  // vectors: the save checks in its transaction which model is active, and if that changed the
  // file is embedded again with it.
  while (!(await save(deps.db, { record, file, text: { docId, text: parsed.text, ...(parsed.ocrWords ? { ocrWords: parsed.ocrWords } : {}) }, chunked, vectors, jobKey: input.jobKey }, deps.signal))) {
    const current = await deps.embedder();
    vectors = current ? await embedAll(current, docId, chunked, deps) : null;
    record.modelId = vectors?.modelId;
  }
  return { docId, duplicate: false, title: record.title, sections: record.sectionCount, propositions: record.propositionCount, embedded: !!vectors };
}

interface Stored {
  record: DocumentRecord;
  file: File;
  text: TextRecord;
  chunked: { sections: SectionRecord[]; propositions: PropositionRecord[] };
  vectors: VectorRecord | null;
  jobKey?: string;
}

/**
 * Replaces every record of the document in one transaction; false (nothing written) when the
 * vectors are not the active model's. Nothing is searchable before it commits.
 */
async function save(db: CarrelDb, { record, file, text, chunked, vectors, jobKey }: Stored, signal: AbortSignal): Promise<boolean> {
  return db.transaction('rw', [...documentTables(db), db.settings, db.jobs], async () => {
    const active = ((await db.settings.get(ACTIVE_MODEL_KEY))?.value as { id: string } | undefined)?.id ?? BUILTIN_MODEL.id;
    if (vectors && vectors.modelId !== active) return false;
    const docId = record.id;
    await deleteDocumentRecords(db, docId);
    await db.files.put({ docId, blob: file });
    await db.texts.put(text);
    // Text is stored once: the records keep only what the document's text does not hold.
    await db.sections.bulkPut(chunked.sections.map((section) => storedChunk(section, text.text)));
    await db.propositions.bulkPut(chunked.propositions.map((proposition) => storedChunk(proposition, text.text)));
    if (vectors) await db.vectors.put(storedVectors(vectors));
    if (jobKey) await db.jobs.delete(jobKey);
    // A pause or cancel that came while saving still wins: throwing here rolls the whole write back.
    signal.throwIfAborted();
    await db.documents.put(record);
    return true;
  });
}

async function parse(
  kind: DocumentRecord['kind'],
  bytes: Uint8Array,
  name: string,
  password: string | undefined,
  deps: IngestDeps,
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
    return parseImage(bytes, name, deps.ocr, (done, total) => deps.progress({ stage: 'parsing', done, total, ocr: true }), deps.signal);
  }
  if (kind === 'docx') return parseDocx(bytes, name);
  if (kind === 'odt' || kind === 'odp') return parseOdf(bytes, name);
  if (kind === 'pptx') return parsePptx(bytes, name);
  if (kind === 'epub') return parseEpub(bytes, name);
  const text = decodeText(bytes, name);
  if (kind === 'markdown') return parseMarkdown(text, name);
  if (kind === 'html') return parseHtml(text, name);
  return parseText(text, name);
}

const EMBED_BATCH = 128;

/** What of a document gets a vector: its summary (or title), embedded sections and propositions. */
export interface EmbeddableDocument {
  title: string;
  summary: string;
  sections: Pick<SectionRecord, 'id' | 'embedded' | 'headingPath' | 'text'>[];
  propositions: Pick<PropositionRecord, 'id' | 'text'>[];
}

/** Embeds the summary, the embedded sections and every proposition, reporting progress per batch. */
export async function embedAll(
  embedder: Embedder,
  docId: string,
  chunked: EmbeddableDocument,
  deps: Pick<IngestDeps, 'signal' | 'progress'>,
): Promise<VectorRecord> {
  const sections = chunked.sections.filter((s) => s.embedded);
  const texts = [
    chunked.summary || chunked.title,
    ...sections.map((s) => `${s.headingPath.join(' ')}\n${s.text}`),
    ...chunked.propositions.map((p) => p.text),
  ];
  const out: (Float32Array | null)[] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    deps.progress({ stage: 'embedding', done: i, total: texts.length });
    out.push(...(await embedder.embed(texts.slice(i, i + EMBED_BATCH), { signal: deps.signal })));
  }
  deps.progress({ stage: 'embedding', done: texts.length, total: texts.length });
  const sectionVectors = pack(sections.map((s) => s.id), out.slice(1, 1 + sections.length), embedder.dims);
  const propositionVectors = pack(chunked.propositions.map((p) => p.id), out.slice(1 + sections.length), embedder.dims);
  return {
    modelId: embedder.modelId,
    docId,
    dims: embedder.dims,
    doc: out[0] ?? null,
    sectionIds: sectionVectors.ids,
    sections: sectionVectors.data,
    propositionIds: propositionVectors.ids,
    propositions: propositionVectors.data,
  };
}

/** Packs vectors into one contiguous array, skipping texts that had no known word (null). */
export function pack(ids: string[], vectors: (Float32Array | null)[], dims: number): { ids: string[]; data: Float32Array } {
  const kept = ids.flatMap((id, i) => (vectors[i] ? [[id, vectors[i]] as const] : []));
  const data = new Float32Array(kept.length * dims);
  kept.forEach(([, vector], row) => data.set(vector, row * dims));
  return { ids: kept.map(([id]) => id), data };
}
