/**
 * `npm run bench` (scripts/bench.mjs): a generated library searched by the real code — the built-in
 * embedder (workers/embed), LibraryIndex and the three-stage hybrid search (workers/retrieve), and
 * the vector indexes (workers/index). Runs in the harness page's main thread, so nothing here
 * crosses a worker boundary; it only generates text, times calls and reads the results back.
 */
import type { DocumentRecord, PropositionRecord, SectionRecord } from '../../common/types';
import { engine, ingest as readFile, readFile as readToChannel, storeHandedOver } from '../../src/lib/workers';
import { BUILTIN_MODEL } from '../../common/models';
import type { Embedder } from '../../workers/embed/embedder';
import { FlatIndex } from '../../workers/index/flat-index';
import { Int8FlatIndex } from '../../workers/index/int8-index';
import type { VectorIndex } from '../../workers/index/vector-index';
import { VoyIndex } from './voy-index';
import { loadEmbedder } from '../../workers/embed/embedders';
import { DEFAULT_SEARCH_OPTIONS } from '../../workers/retrieve/defaults';
import { LibraryIndex, search } from '../../workers/retrieve/search';
import { reset } from './library';
import { pageDb } from './page-db';
import Dexie from 'dexie';
import { openDb } from '../../common/db';
import { restoreSnapshot, saveSnapshot } from '../../workers/engine/snapshot';
import { joinParts } from '../../workers/engine/parts';
import { loadLexicon, relatedTerms, type Lexicon } from '../../workers/retrieve/lexicon';
import { loadTranslation, type TranslationTable } from '../../workers/retrieve/translation';
import { documentStamp } from '../../workers/engine/catch-up';
import { DocumentTexts } from '../../workers/engine/document-texts';
import { withHitTexts } from '../../workers/retrieve/hit-texts';
import { storedText, type TextRecord } from '../../common/text-codec';
import { storedOrder, storedVectors, type StoredVectorRecord } from '../../common/vector-codec';

const SNAPSHOT_DB = 'carrel-bench-snapshot';

const PROPOSITIONS_PER_SECTION = 4;
const SECTIONS_PER_DOC = 10;
const VOCAB_SIZE = 20_000;

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let embedder: Embedder | null = null;
let words: string[] = [];
let cumulative: Float64Array = new Float64Array();

/** Loads the model and the vocabulary; returns the model load time. */
async function init(): Promise<{ modelLoadMs: number; dims: number; device: string; vocab: number }> {
  const began = performance.now();
  embedder = await loadEmbedder(BUILTIN_MODEL);
  const modelLoadMs = performance.now() - began;
  const tokenizer = (await (await fetch(`/models/${BUILTIN_MODEL.id}/tokenizer.json`)).json()) as {
    model: { vocab: Record<string, number> };
  };
  // The vocabulary is in frequency order: rank r gets weight 1/(r+1) (Zipf).
  words = Object.entries(tokenizer.model.vocab)
    .sort((a, b) => a[1] - b[1])
    .map(([w]) => w)
    .filter((w) => /^[a-z]{2,}$/.test(w))
    .slice(0, VOCAB_SIZE);
  cumulative = new Float64Array(words.length);
  let sum = 0;
  words.forEach((_, r) => (cumulative[r] = sum += 1 / (r + 1)));
  return { modelLoadMs, dims: embedder.dims, device: embedder.device, vocab: words.length };
}

function word(random: () => number): string {
  const target = random() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return words[lo]!;
}

function sentence(random: () => number, min: number, max: number): string {
  const n = min + Math.floor(random() * (max - min + 1));
  return Array.from({ length: n }, () => word(random)).join(' ');
}

interface Doc {
  doc: DocumentRecord;
  text: string;
  sections: SectionRecord[];
  propositions: PropositionRecord[];
}

/**
 * `size` propositions in documents of ~40 (10 sections of 4). As the chunker makes them, each
 * proposition and section is its document's text from `start` to `end`.
 */
function corpus(size: number, seed: number): Doc[] {
  const random = prng(seed);
  const docs: Doc[] = [];
  for (let made = 0, d = 0; made < size; d++) {
    const docId = `d${d}`;
    const sections: SectionRecord[] = [];
    const propositions: PropositionRecord[] = [];
    let text = '';
    for (let s = 0; s < SECTIONS_PER_DOC && made < size; s++) {
      const sectionId = `${docId}s${s}`;
      if (s > 0) text += '\n';
      const sectionStart = text.length;
      for (let p = 0; p < PROPOSITIONS_PER_SECTION && made < size; p++, made++) {
        if (p > 0) text += ' ';
        const start = text.length;
        text += `${sentence(random, 8, 20)}.`;
        propositions.push({
          id: `${sectionId}p${p}`,
          docId,
          sectionId,
          order: propositions.length,
          headingPath: [`Section ${s}`],
          text: text.slice(start),
          start,
          end: text.length,
          pages: [],
          position: 0,
          tokens: 0,
          keywords: [],
          prevId: null,
          nextId: null,
          type: 'fact',
        });
      }
      sections.push({
        id: sectionId,
        docId,
        order: s,
        headingPath: [`Section ${s}`],
        text: text.slice(sectionStart),
        start: sectionStart,
        end: text.length,
        pages: [],
        position: 0,
        tokens: 0,
        keywords: [],
        prevId: null,
        nextId: null,
        embedded: true,
      });
    }
    const doc: DocumentRecord = {
      id: docId,
      name: `${docId}.txt`,
      kind: 'text',
      mime: 'text/plain',
      size: 0,
      addedAt: 0,
      status: 'ready',
      title: sentence(random, 2, 5),
      summary: '',
      keywords: [],
      tokens: 0,
      sectionCount: sections.length,
      propositionCount: propositions.length,
      chunkMode: 'three-level',
      modelId: BUILTIN_MODEL.id,
    };
    docs.push({ doc, text, sections, propositions });
  }
  return docs;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

async function embedAll(texts: string[]): Promise<Float32Array[]> {
  const vectors = await embedder!.embed(texts, { batchSize: 64 });
  return vectors.map((v) => v ?? new Float32Array(embedder!.dims));
}

export interface SizeResult {
  size: number;
  documents: number;
  sections: number;
  embed: { propositions: number; ms: number; textBytes: number };
  indexBuildMs: number;
  /** Saving the index as the engine's start-up snapshot, and restoring it the way the engine starts (see `restore`). */
  snapshot: {
    saveMs: number;
    restoreMs: number;
    readMs: number;
    rebuildMs: number;
    checkMs: number;
    vectorsMs: number;
    firstAnswerMs: number;
  };
  query: { p50: number; p95: number; searchOnlyP50: number; emptyResults: number };
  indexes: Record<string, { buildMs: number; p50: number; recallAt10: number; error?: string }>;
}

/** voy pads every vector to 768 float32 dimensions: above this many rows it needs gigabytes of WASM memory. */
const VOY_MAX_ROWS = 100_000;

let keep: unknown = null;

interface BuiltLibrary {
  index: LibraryIndex;
  docRecords: DocumentRecord[];
  /** Each document's whole text, which the index holds no copy of. */
  texts: TextRecord[];
  /** Each document's vectors, which the snapshot holds no copy of. */
  vectorRecords: StoredVectorRecord[];
  sections: number;
  propositionIds: string[];
  /** Every proposition's vector, one row after another. */
  propositionVectors: Float32Array;
  embed: SizeResult['embed'];
  indexBuildMs: number;
}

/** Generates and embeds `size` propositions and adds them to a new LibraryIndex, as ingest would. */
async function buildLibrary(size: number, seed: number): Promise<BuiltLibrary> {
  const docs = corpus(size, seed);
  const dims = embedder!.dims;
  const propositionTexts = docs.flatMap((d) => d.propositions.map((p) => p.text));
  const textBytes = new TextEncoder().encode(propositionTexts.join('\n')).length;
  const embedBegan = performance.now();
  // Rows of one array, not a million small Float32Arrays: the index copies them anyway.
  const propositionVectors = new Float32Array(propositionTexts.length * dims);
  (await embedAll(propositionTexts)).forEach((v, i) => propositionVectors.set(v, i * dims));
  const embedMs = performance.now() - embedBegan;
  const sectionVectors = await embedAll(docs.flatMap((d) => d.sections.map((s) => s.text)));
  const docVectors = await embedAll(docs.map((d) => `${d.doc.title}\n${d.sections.map((s) => s.text).join('\n')}`));

  const buildBegan = performance.now();
  const index = new LibraryIndex();
  let p = 0;
  let s = 0;
  docs.forEach(({ doc, text, sections, propositions }, i) => {
    const vectors = {
      doc: docVectors[i]!,
      sections: new Map(sections.map((x) => [x.id, sectionVectors[s++]!])),
      propositions: new Map(propositions.map((x) => [x.id, propositionVectors.subarray(p * dims, ++p * dims)])),
    };
    index.addDocument(doc, sections, propositions, vectors, text);
  });
  const indexBuildMs = performance.now() - buildBegan;
  // Each document's vectors as the engine stores them (rows in the propositions' order, without their ids): a restore reads them from there.
  p = 0;
  s = 0;
  const vectorRecords = docs.map(({ doc, sections, propositions }, i) =>
    storedVectors(
      {
        modelId: BUILTIN_MODEL.id,
        docId: doc.id,
        dims,
        doc: docVectors[i]!,
        sectionIds: sections.map((x) => x.id),
        sections: Float32Array.from(sections.flatMap(() => [...sectionVectors[s++]!])),
        propositionIds: propositions.map((x) => x.id),
        propositions: propositionVectors.subarray(p * dims, (p += propositions.length) * dims),
      },
      storedOrder(sections, propositions),
    ),
  );
  return {
    vectorRecords,
    index,
    docRecords: docs.map((d) => d.doc),
    texts: docs.map((d) => ({ docId: d.doc.id, text: d.text })),
    sections: sectionVectors.length,
    propositionIds: docs.flatMap((d) => d.propositions.map((x) => x.id)),
    propositionVectors,
    embed: { propositions: propositionTexts.length, ms: round(embedMs, 1), textBytes },
    indexBuildMs: round(indexBuildMs, 1),
  };
}

let lexicon: Lexicon | null | undefined;
let translation: TranslationTable | null | undefined;

/** Loads what query expansion needs, as the engine does (workers/engine/engine.ts). */
async function loadExpansion(): Promise<void> {
  lexicon ??= await loadLexicon();
  translation ??= DEFAULT_SEARCH_OPTIONS.translationWeight ? await loadTranslation() : null;
}

/** Query expansion as the engine does it (workers/engine/engine.ts); call `loadExpansion` first. */
const related = (text: string) => {
  const { relatedWeight = 0, translationWeight = 0 } = DEFAULT_SEARCH_OPTIONS;
  const found = [
    ...(relatedWeight ? (lexicon?.related(text) ?? []) : []),
    ...(translation?.related(text, translationWeight) ?? []),
  ];
  return found.length ? relatedTerms(found, relatedWeight) : undefined;
};

/** `queries` generated queries through embedding, query expansion and the full three-stage search. */
async function measureQueries(
  index: LibraryIndex,
  queries: number,
  seed: number,
): Promise<{ query: SizeResult['query']; vectors: Float32Array[] }> {
  const random = prng(seed + 1000);
  const queryTexts = Array.from({ length: queries }, () => sentence(random, 2, 5));
  // Query expansion as the engine does it (workers/engine/engine.ts), inside the timed path.
  await loadExpansion();
  // One warm-up query: the first search compiles the hot paths.
  search(
    index,
    { text: queryTexts[0]!, vector: (await embedder!.embed([queryTexts[0]!]))[0]!, related: related(queryTexts[0]!) },
    DEFAULT_SEARCH_OPTIONS,
  );
  const full: number[] = [];
  const searchOnly: number[] = [];
  const vectors: Float32Array[] = [];
  let emptyResults = 0;
  for (const text of queryTexts) {
    const began = performance.now();
    const vector = (await embedder!.embed([text]))[0] ?? null;
    const searchBegan = performance.now();
    const hits = search(index, { text, vector, related: related(text) }, DEFAULT_SEARCH_OPTIONS);
    const ended = performance.now();
    full.push(ended - began);
    searchOnly.push(ended - searchBegan);
    if (!hits.length) emptyResults++;
    if (vector) vectors.push(vector);
  }
  const query = {
    p50: round(percentile(full, 50)),
    p95: round(percentile(full, 95)),
    searchOnlyP50: round(percentile(searchOnly, 50)),
    emptyResults,
  };
  return { query, vectors };
}

/** The proposition vectors alone in each vector index: search p50 and recall@10 against the exact flat scan. */
function measureIndexes(ids: string[], data: Float32Array, queryVectors: Float32Array[]): SizeResult['indexes'] {
  const dims = embedder!.dims;
  const indexes: SizeResult['indexes'] = {};
  const impls: Record<string, () => VectorIndex> = {
    flat: () => new FlatIndex(dims),
    voy: () => new VoyIndex(dims),
    int8: () => new Int8FlatIndex(dims),
  };
  let truth: Set<string>[] = [];
  for (const [name, make] of Object.entries(impls)) {
    if (name === 'voy' && ids.length > VOY_MAX_ROWS) {
      // It fails there (its WASM memory runs out in add), and the memory it grew stays with the page.
      indexes[name] = {
        buildMs: NaN,
        p50: NaN,
        recallAt10: NaN,
        error: `not run above ${VOY_MAX_ROWS} rows: 768 float32 dimensions per row exceed its 4 GB WASM memory at 1M`,
      };
      continue;
    }
    const began = performance.now();
    const vi = make();
    try {
      vi.add(ids, data);
    } catch (error) {
      indexes[name] = {
        buildMs: NaN,
        p50: NaN,
        recallAt10: NaN,
        error: error instanceof Error ? error.message : String(error),
      };
      continue;
    }
    const buildMs = performance.now() - began;
    vi.search(queryVectors[0]!, 10);
    const times: number[] = [];
    const tops = queryVectors.map((q) => {
      const t0 = performance.now();
      const top = vi.search(q, 10);
      times.push(performance.now() - t0);
      return top.map((h) => h.id);
    });
    // The flat index comes first and is exact: its top 10 is the truth for the others.
    if (name === 'flat') truth = tops.map((top) => new Set(top));
    const found = tops.reduce((sum, top, i) => sum + top.filter((id) => truth[i]!.has(id)).length, 0);
    indexes[name] = {
      buildMs: round(buildMs, 1),
      p50: round(percentile(times, 50), 3),
      recallAt10: round(found / (truth.length * 10), 4),
    };
  }
  return indexes;
}

/**
 * Generates, embeds, indexes and queries a library of `size` propositions, then saves it as the
 * start-up snapshot; `restore` then starts from it. Nothing of the built library is kept.
 */
async function run(
  size: number,
  { queries = 50, seed = 1, compareIndexes = true } = {},
): Promise<Omit<SizeResult, 'snapshot'> & { saveMs: number }> {
  keep = null;
  const built = await buildLibrary(size, seed);
  const { query, vectors } = await measureQueries(built.index, queries, seed);
  const indexes = compareIndexes ? measureIndexes(built.propositionIds, built.propositionVectors, vectors) : {};
  const { docRecords, sections, embed, indexBuildMs } = built;
  const saveMs = await saveBenchSnapshot(built.index, docRecords, built.texts, built.vectorRecords);
  return { size, documents: docRecords.length, sections, embed, indexBuildMs, saveMs, query, indexes };
}

/**
 * Restores the snapshot `run` saved, as a new tab's engine starts (called after a garbage
 * collection, so the build's garbage is not timed); the restored index is what memory_mb measures.
 */
async function restore(documents: number): Promise<Omit<SizeResult['snapshot'], 'saveMs'>> {
  const { index, ...timings } = await restoreBenchSnapshot(documents);
  keep = index;
  return timings;
}

/**
 * The engine's start-up path at this size: `saveSnapshot` (what the engine does once the library is
 * quiet) into a database of its own, so the app's workers never see the generated documents.
 */
async function saveBenchSnapshot(
  index: LibraryIndex,
  docs: DocumentRecord[],
  texts: TextRecord[],
  vectors: StoredVectorRecord[],
): Promise<number> {
  await Dexie.delete(SNAPSHOT_DB);
  const db = openDb(SNAPSHOT_DB);
  await db.documents.bulkPut(docs);
  for (let i = 0; i < texts.length; i += 1000) await db.texts.bulkPut(texts.slice(i, i + 1000).map(storedText));
  for (let i = 0; i < vectors.length; i += 1000) await db.vectors.bulkPut(vectors.slice(i, i + 1000));
  const indexed = new Map(docs.map((doc) => [doc.id, documentStamp(doc)]));
  const began = performance.now();
  await saveSnapshot(db, BUILTIN_MODEL.id, index, indexed);
  const saveMs = performance.now() - began;
  db.close();
  return round(saveMs, 1);
}

/**
 * `restoreSnapshot` from a fresh connection, as a new tab's engine starts: parts read, index
 * rebuilt from arrays, stamps checked; then the first answer: a query embedded, searched and its
 * hits' texts read from the texts table, as the engine does.
 */
async function restoreBenchSnapshot(
  documents: number,
): Promise<Omit<SizeResult['snapshot'], 'saveMs'> & { index: LibraryIndex }> {
  const reader = openDb(SNAPSHOT_DB);
  const began = performance.now();
  const restored = await restoreSnapshot(reader, BUILTIN_MODEL.id);
  const restoreMs = performance.now() - began;
  if (restored?.indexed.size !== documents)
    throw new Error(`snapshot restored ${restored?.indexed.size ?? 0} of ${documents} documents`);
  const text = sentence(prng(documents), 2, 5);
  const vector = (await embedder!.embed([text], { as: 'query' }))[0] ?? null;
  await loadExpansion();
  const found = search(restored.index, { text, vector, related: related(text) }, DEFAULT_SEARCH_OPTIONS);
  const texts = new DocumentTexts(reader);
  const hits = await withHitTexts(restored.index, found, (docId) =>
    texts.get(docId, restored.indexed.get(docId) ?? ''),
  );
  const firstAnswerMs = performance.now() - began;
  if (hits.some((hit) => hit.propositions.some((p) => !p.text)))
    throw new Error('a hit of the first answer has no text');
  reader.close();
  await Dexie.delete(SNAPSHOT_DB);
  const { readMs, rebuildMs, checkMs, vectorsMs } = restored.timings;
  return {
    restoreMs: round(restoreMs, 1),
    readMs: round(readMs, 1),
    rebuildMs: round(rebuildMs, 1),
    checkMs: round(checkMs, 1),
    vectorsMs: round(vectorsMs, 1),
    firstAnswerMs: round(firstAnswerMs, 1),
    index: restored.index,
  };
}

function release(): void {
  keep = null;
}

/** Whether the last library is still held (its heap is what memory_mb measures). */
function holding(): boolean {
  return keep !== null;
}

export interface FileResult {
  /** Upload to searchable: the file reader's parse and chunk, then the engine's embed, store and index, in ms. */
  ms: number;
  pages: number | null;
  propositions: number;
  /** IndexedDB usage (navigator.storage.estimate) grown by this one document, in bytes. */
  storedBytes: number | null;
  /** Bytes per proposition of each table's records for this document (and the index snapshot), estimated from their contents. */
  breakdown: Record<string, number>;
  /**
   * Searches through the engine worker (round trip, as the UI sends them) while a second copy of the
   * file is being ingested, with the first copy in the library.
   */
  duringIngest: { queries: number; p50: number; p95: number; ingestMs: number };
  /** Copies of the file (each one byte longer, so a new document) read one after another, and as the queue reads them. */
  severalFiles: { files: number; propositions: number; oneByOneMs: number; overlappedMs: number };
}

/** Ingests one file (base64 bytes) into an emptied library through the real workers, as an upload does. */
async function ingestFile(name: string, base64: string): Promise<FileResult> {
  await reset();
  await engine.api.catchUp({}, { timeoutMs: 120_000 });
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const usage = async () => (await navigator.storage?.estimate?.())?.usage ?? null;
  const before = await usage();
  const began = performance.now();
  const result = await readFile(
    { file: new File([bytes], name), chunkMode: 'three-level' },
    { timeoutMs: 10 * 60_000 },
  );
  const ms = performance.now() - began;
  await snapshotHolding(result.docId);
  const after = await usage();
  const record = await pageDb().documents.get(result.docId);
  const breakdown = await storageBreakdown(result.docId, result.propositions);
  const duringIngest = await queryDuringIngest(name, bytes);
  const severalFiles = await ingestSeveral(name, bytes);
  return {
    ms: round(ms, 0),
    pages: record?.pageCount ?? null,
    propositions: result.propositions,
    storedBytes: before !== null && after !== null ? after - before : null,
    breakdown,
    duringIngest,
    severalFiles,
  };
}

/**
 * Waits until the engine has stored its start-up snapshot with `docId` in it (it does so once the
 * library has been quiet for a few seconds), so the storage figures count the snapshot too.
 */
async function snapshotHolding(docId: string): Promise<void> {
  const db = pageDb();
  const holds = async () =>
    (await db.snapshots.toArray()).some(
      (record) => Array.isArray(record.stamps) && (record.stamps as [string, string][]).some(([id]) => id === docId),
    );
  const deadline = performance.now() + 60_000;
  while (!(await holds())) {
    if (performance.now() > deadline) throw new Error('the engine stored no snapshot within a minute of the ingest');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * About how many bytes a value takes in IndexedDB: Chromium stores V8's serialisation, in which a
 * string is one byte a character when it is all Latin-1 (else two), a number 8, a typed array or
 * Blob its bytes; each property adds its name. Close enough to see which table holds what.
 */
export function approxBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 8;
  if (typeof value === 'string') return ([...value].every((c) => c.charCodeAt(0) < 256) ? 1 : 2) * value.length + 2;
  if (value instanceof Blob) return value.size;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + approxBytes(item), 2);
  if (typeof value === 'object')
    return Object.entries(value).reduce((sum, [key, item]) => sum + key.length + 2 + approxBytes(item), 2);
  return 0;
}

/**
 * What `values` take on disk as IndexedDB records of a scratch database: Chromium compresses
 * stored values, so this can be well under `approxBytes` (a run of zeros costs nearly nothing).
 */
async function bytesOnDisk(values: unknown[]): Promise<number> {
  const name = 'carrel-bench-disk';
  await Dexie.delete(name);
  const scratch = new Dexie(name);
  scratch.version(1).stores({ values: '++id' });
  await scratch.open();
  const usage = async () => (await navigator.storage.estimate()).usage ?? 0;
  const before = await usage();
  await scratch.table('values').bulkAdd(values.map((value) => ({ value })));
  const after = await usage();
  scratch.close();
  await Dexie.delete(name);
  return after - before;
}

/**
 * Where one document's bytes are, table by table, per proposition (the library holds only it):
 * `name` estimated from the records, `disk.name` measured as stored on their own.
 */
async function storageBreakdown(docId: string, propositions: number): Promise<Record<string, number>> {
  const db = pageDb();
  const tables: Record<string, unknown[]> = {
    documents: [await db.documents.get(docId)],
    files: [await db.files.get(docId)],
    texts: [await db.texts.get(docId)],
    chunks: [await db.chunks.get(docId)],
    vectors: await db.vectors.where('docId').equals(docId).toArray(),
    snapshots: await db.snapshots.toArray(),
  };
  const perProposition = (value: unknown) => Math.round(approxBytes(value) / Math.max(1, propositions));
  const breakdown = Object.fromEntries(
    Object.entries(tables).map(([table, records]) => [table, perProposition(records)]),
  );
  const onDisk = async (name: string, values: unknown[]) =>
    (breakdown[`disk.${name}`] = Math.round((await bytesOnDisk(values)) / Math.max(1, propositions)));
  for (const [table, records] of Object.entries(tables)) await onDisk(table, records);
  const manifest = tables.snapshots.find((record) => (record as { skeleton?: unknown }).skeleton) as
    { skeleton: unknown } | undefined;
  if (manifest) {
    const parts = new Map(
      tables.snapshots.map((record) => [(record as { key: string }).key, (record as { value?: unknown }).value]),
    );
    const snapshot = joinParts(manifest.skeleton, parts) as Record<string, unknown> | null;
    for (const [key, value] of Object.entries(snapshot ?? {})) {
      if (key === 'bm25') {
        for (const [level, part] of Object.entries((value ?? {}) as Record<string, unknown>)) {
          breakdown[`snapshot.${key}.${level}`] = perProposition(part);
          await onDisk(`snapshot.${key}.${level}`, [part]);
        }
      } else {
        breakdown[`snapshot.${key}`] = perProposition(value);
        await onDisk(`snapshot.${key}`, [value]);
      }
    }
  }
  return breakdown;
}

const QUERIES_DURING_INGEST = [
  'how do I read data from a file',
  'fit a linear model',
  'plot a histogram',
  'matrix multiplication',
  'lists and data frames',
  'loops and conditional execution',
];

/**
 * `files` copies of a file into an emptied library, first each read and stored before the next
 * starts, then as the ingest queue does it (src/lib/ingest-queue.svelte.ts): the next file is read
 * while the engine stores the previous one.
 */
async function ingestSeveral(
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  files = 3,
): Promise<FileResult['severalFiles']> {
  const copies = (round: number) =>
    Array.from(
      { length: files },
      (_, i) => new File([bytes, new Uint8Array(round * files + i + 1).fill(10)], `copy-${round}-${i}-${name}`),
    );
  const options = { timeoutMs: 10 * 60_000 };
  await reset();
  let began = performance.now();
  let propositions = 0;
  for (const file of copies(0))
    propositions += (await readFile({ file, chunkMode: 'three-level' }, options)).propositions;
  const oneByOneMs = performance.now() - began;
  await reset();
  began = performance.now();
  // The reader takes the next file as soon as it has posted this one's records; the engine stores them in turn.
  let storing: Promise<unknown> = Promise.resolve();
  for (const file of copies(1)) {
    const { port1, port2 } = new MessageChannel();
    await readToChannel({ file, chunkMode: 'three-level' }, port2, options);
    storing = storing.then(() => storeHandedOver(port1, options));
  }
  await storing;
  const overlappedMs = performance.now() - began;
  return { files, propositions, oneByOneMs: round(oneByOneMs, 0), overlappedMs: round(overlappedMs, 0) };
}

/** Searches one after another until an ingest of the file with one byte appended (a new document) ends. */
async function queryDuringIngest(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<FileResult['duringIngest']> {
  const copy = new File([bytes, new Uint8Array([10])], `copy-${name}`);
  let ingesting = true;
  const began = performance.now();
  const ingest = readFile({ file: copy, chunkMode: 'three-level' }, { timeoutMs: 10 * 60_000 }).finally(
    () => (ingesting = false),
  );
  const times: number[] = [];
  for (let i = 0; ingesting; i++) {
    const t0 = performance.now();
    await engine.api.search({ query: QUERIES_DURING_INGEST[i % QUERIES_DURING_INGEST.length]! }, { timeoutMs: 60_000 });
    times.push(performance.now() - t0);
  }
  await ingest;
  const ingestMs = performance.now() - began;
  return {
    queries: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    ingestMs: round(ingestMs, 0),
  };
}

export const bench = { init, run, restore, release, holding, ingestFile };

/** `count` generated propositions (after `init`), for the backend figures (backends.ts). */
export function sampleSentences(count: number, seed = 7): string[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => `${sentence(random, 8, 20)}.`);
}
