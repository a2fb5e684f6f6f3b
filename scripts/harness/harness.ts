/**
 * Runs Carrel's real modules in the page for the Node scripts: `chunk` (one file → the DESIGN §9
 * chunk JSON) and `eval` (ingest a corpus through the real pipeline into IndexedDB, then search).
 */
import * as pdfjsLib from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.min.mjs';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { openDb } from '../../src/shared/db';
import { AppError, type ChunkMode, type SearchOptions } from '../../src/shared/types';
import { chunkDocument } from '../../workers/chunk/index';
import { createEmbedder, type Embedder } from '../../workers/embed/embedder';
import { syncIndex } from '../../workers/engine/sync';
import { ingestFile } from '../../workers/ingest/pipeline';
import { decodeText, detectKind } from '../../workers/parse/detect';
import { parseHtml } from '../../workers/parse/html';
import { parseMarkdown } from '../../workers/parse/markdown';
import { parsePdf } from '../../workers/parse/pdf';
import { parseText } from '../../workers/parse/text';
import { DEFAULT_SEARCH_OPTIONS } from '../../workers/retrieve/defaults';
import { mrrAt, ndcgAt, percentile, recallAt } from '../../workers/retrieve/metrics';
import { LibraryIndex, search } from '../../workers/retrieve/search';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

let embedderPromise: Promise<Embedder> | null = null;
function embedder(modelId = 'carrel-glove-50k'): Promise<Embedder> {
  embedderPromise ??= createEmbedder({
    modelId,
    modelBaseUrl: '/models/',
    device: 'wasm',
    wasmPaths: { mjs: new URL(ortMjs, location.href).href, wasm: new URL(ortWasm, location.href).href },
  });
  return embedderPromise;
}

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** One file → the chunk JSON of DESIGN §9, or `{error: {code, message}}`. */
async function chunkFile(b64: string, name: string, password?: string, mode: ChunkMode = 'three-level') {
  try {
    const bytes = fromBase64(b64);
    const kind = detectKind(name, '', bytes.subarray(0, 1024));
    const parsed =
      kind === 'pdf'
        ? await parsePdf(bytes.slice(), name, { pdfjs: pdfjsLib, password })
        : (kind === 'markdown' ? parseMarkdown : kind === 'html' ? parseHtml : parseText)(decodeText(bytes, name), name);
    const { countTokens } = await embedder();
    const chunked = chunkDocument(parsed, 'chunk-cli', { countTokens, mode });
    return {
      title: chunked.title,
      tokens: chunked.tokens,
      pageCount: parsed.pageCount ?? null,
      summary: chunked.summary,
      keywords: chunked.keywords,
      sections: chunked.sections.map((s) => ({
        headingPath: s.headingPath,
        tokens: s.tokens,
        pages: s.pages,
        text: s.text,
        propositions: chunked.propositions.filter((p) => p.sectionId === s.id).map((p) => ({ text: p.text, tokens: p.tokens, pages: p.pages, type: p.type })),
      })),
    };
  } catch (error) {
    return { error: { code: error instanceof AppError ? error.code : 'UNKNOWN', message: error instanceof Error ? error.message : String(error) } };
  }
}

const db = openDb('carrel-eval');
const index = new LibraryIndex();
const indexed = new Set<string>();
/** Section texts, for the QA metric "answer inside the top-3 sections". */
const sectionText = new Map<string, string>();

/** Ingests documents (name + text) through the real pipeline; returns how many were stored. */
async function ingest(docs: { name: string; text: string }[]) {
  const model = await embedder();
  let stored = 0;
  for (const doc of docs) {
    const file = new File([doc.text], doc.name, { type: 'text/markdown' });
    await ingestFile(
      { file, chunkMode: 'three-level' },
      { db, embedder: async () => model, pdfjs: async () => pdfjsLib, signal: new AbortController().signal, progress: () => {} },
    );
    stored++;
  }
  await syncIndex(db, index, indexed, model.modelId);
  await db.sections.each((section) => void sectionText.set(section.id, section.text));
  return { stored, indexed: indexed.size };
}

/** Runs queries; returns, per query, the ranked document names and proposition texts, and the time. */
async function query(texts: string[], options: Partial<SearchOptions>) {
  const model = await embedder();
  const opts = { ...DEFAULT_SEARCH_OPTIONS, ...options };
  const out = [];
  for (const text of texts) {
    const began = performance.now();
    const [vector] = opts.strategy === 'bm25' ? [null] : await model.embed([text]);
    const hits = search(index, { text, vector: vector ?? null }, opts);
    const ms = performance.now() - began;
    out.push({
      ms,
      docs: [...new Set(hits.map((h) => h.docName))],
      sections: hits.map((h) => h.sectionId),
      sectionTexts: hits.slice(0, 3).map((h) => sectionText.get(h.sectionId) ?? ''),
      propositions: hits.flatMap((h) => h.propositions.map((p) => ({ text: p.text, score: p.score }))).sort((a, b) => b.score - a.score).slice(0, 5).map((p) => p.text),
    });
  }
  return out;
}

/** Empties the evaluation database. */
async function reset() {
  for (const docId of [...indexed]) index.removeDocument(docId);
  indexed.clear();
  sectionText.clear();
  await db.delete();
  await db.open();
}

/** Mean ranking metrics over queries: `ranked[i]` against `qrels[i]` (id → grade). */
function score(ranked: string[][], qrels: [string, number][][], latencies: number[]) {
  const mean = (metric: (r: string[], q: Map<string, number>) => number) =>
    Number((ranked.reduce((sum, r, i) => sum + metric(r, new Map(qrels[i])), 0) / Math.max(1, ranked.length)).toFixed(4));
  return {
    'ndcg@10': mean((r, q) => ndcgAt(r, q, 10)),
    'recall@10': mean((r, q) => recallAt(r, q, 10)),
    'recall@100': mean((r, q) => recallAt(r, q, 100)),
    'mrr@10': mean((r, q) => mrrAt(r, q, 10)),
    latency_ms: { p50: Number(percentile(latencies, 50).toFixed(2)), p95: Number(percentile(latencies, 95).toFixed(2)) },
  };
}

Object.assign(window, { carrel: { chunkFile, ingest, query, reset, score, ready: () => embedder().then(() => true) } });
