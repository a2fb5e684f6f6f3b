/**
 * `npm run bench`'s file figures: one real file (a PDF) added to an emptied library through the
 * app's ingest queue (queue.svelte.ts), as a drop adds it; what it takes on disk; searches while a
 * copy is added; and several copies added one by one, then together as the queue reads them.
 */
import { engine, readFile } from '../../src/lib/workers';
import type { IngestResult } from '../../common/ingest';
import { percentile, round } from './bench-text';
import { snapshotHolding, storageBreakdown } from './bench-storage';
import { reset } from './library';
import { pageDb } from './page-db';
import { addFiles } from './queue.svelte';

export interface FileResult {
  /** Upload to searchable: the file reader's parse and chunk, then the engine's embed, store and index, in ms. */
  ms: number;
  /**
   * The file reader alone, on a copy of the file, best of three: `parseMs` until chunking starts
   * (pdf.js and the page lines, the headings), `readMs` until the records are handed over.
   */
  reader: { parseMs: number; readMs: number };
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

/** Adds one file to the queue and answers what it stored; a file the queue could not read fails the bench with the page's message. */
async function added(file: File): Promise<IngestResult> {
  const [outcome] = await addFiles([file]);
  if ('error' in outcome!) throw new Error(`${file.name}: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result;
}

/** Adds one file (base64 bytes) to an emptied library through the ingest queue, as an upload does. */
export async function ingestFile(name: string, base64: string): Promise<FileResult> {
  await reset();
  await engine.api.catchUp({}, { timeoutMs: 120_000 });
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const usage = async () => (await navigator.storage?.estimate?.())?.usage ?? null;
  const before = await usage();
  const began = performance.now();
  const result = await added(new File([bytes], name));
  const ms = performance.now() - began;
  await snapshotHolding(result.docId);
  const after = await usage();
  const record = await pageDb().documents.get(result.docId);
  const breakdown = await storageBreakdown(result.docId, result.propositions);
  const reader = await readerOnly(name, bytes);
  const duringIngest = await queryDuringIngest(name, bytes);
  const severalFiles = await ingestSeveral(name, bytes);
  return {
    ms: round(ms, 0),
    reader,
    pages: record?.pageCount ?? null,
    propositions: result.propositions,
    storedBytes: before !== null && after !== null ? after - before : null,
    breakdown,
    duringIngest,
    severalFiles,
  };
}

/** Reads a copy of the file in the file reader, as the queue does, and drops what it hands over. */
export async function readerOnly(
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  runs = 3,
): Promise<FileResult['reader']> {
  const best = { parseMs: Infinity, readMs: Infinity };
  for (let run = 0; run < runs; run++) {
    const file = new File([bytes, new Uint8Array(run + 100).fill(10)], `reader-${run}-${name}`);
    const { port1, port2 } = new MessageChannel();
    let parsed = 0;
    const began = performance.now();
    const outcome = await readFile({ file, chunkMode: 'three-level' }, port2, {
      timeoutMs: 300_000,
      onProgress: (event) => {
        if (event.stage === 'chunking' && !parsed) parsed = performance.now();
      },
    });
    const readMs = performance.now() - began;
    port1.close();
    if (outcome.kind !== 'handed-over') throw new Error(`${name}: the reader answered ${outcome.kind}`);
    // A run whose "chunking" progress never came (it can be skipped when the reader is quick) has no parse time.
    if (parsed) best.parseMs = Math.min(best.parseMs, round(parsed - began, 0));
    best.readMs = Math.min(best.readMs, round(readMs, 0));
  }
  return best;
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
 * `files` copies of a file into an emptied library, first each added once the one before is stored,
 * then all added at once, as a drop of several does: the queue reads the next file while the engine
 * stores the one before.
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
  await reset();
  let began = performance.now();
  let propositions = 0;
  for (const file of copies(0)) propositions += (await added(file)).propositions;
  const oneByOneMs = performance.now() - began;
  await reset();
  began = performance.now();
  const outcomes = await addFiles(copies(1));
  const failed = outcomes.find((outcome) => 'error' in outcome);
  if (failed && 'error' in failed) throw new Error(`${failed.file.name}: ${failed.error.message}`);
  const overlappedMs = performance.now() - began;
  return { files, propositions, oneByOneMs: round(oneByOneMs, 0), overlappedMs: round(overlappedMs, 0) };
}

/** Searches one after another until an ingest of the file with one byte appended (a new document) ends. */
async function queryDuringIngest(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<FileResult['duringIngest']> {
  const copy = new File([bytes, new Uint8Array([10])], `copy-${name}`);
  let ingesting = true;
  const began = performance.now();
  const ingest = added(copy).finally(() => (ingesting = false));
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
