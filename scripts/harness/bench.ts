/**
 * `npm run bench` (scripts/bench.mjs): a generated library searched by the real code — the built-in
 * embedder (workers/embed), LibraryIndex and the three-stage hybrid search (workers/retrieve), and
 * the vector indexes (workers/index). Runs in the harness page's main thread, so nothing here
 * crosses a worker boundary; it only generates text, times calls and reads the results back. The
 * parts: bench-text (text and embedder), bench-library (the library), bench-search (queries and
 * vector indexes), bench-snapshot (start-up), bench-file (a real file through the ingest queue).
 */
import { ingestFile, readerOnly } from './bench-file';
import { buildLibrary, type SizeResult } from './bench-library';
import { measureIndexes, measureQueries } from './bench-search';
import { restoreBenchSnapshot, saveBenchSnapshot } from './bench-snapshot';
import { init } from './bench-text';
import { Int8FlatIndex } from '../../workers/index/int8-index';
import { PqIndex } from '../../workers/index/pq-index';

export type { SizeResult } from './bench-library';
export type { FileResult } from './bench-file';

let keep: unknown = null;

/**
 * Generates, embeds, indexes and queries a library of `size` propositions, then saves it as the
 * start-up snapshot; `restore` then starts from it. Nothing of the built library is kept.
 */
async function run(
  size: number,
  { queries = 50, seed = 1, compareIndexes = true, snapshot = true } = {},
): Promise<Omit<SizeResult, 'snapshot'> & { saveMs: number }> {
  keep = null;
  const built = await buildLibrary(size, seed);
  const { query, vectors } = await measureQueries(built.index, queries, seed);
  const indexes = compareIndexes ? measureIndexes(built.propositionIds, built.propositionVectors, vectors) : {};
  const { docRecords, sections, embed, indexBuildMs } = built;
  // Without `snapshot` (scripts/profile-query.mjs), only the queries are wanted: nothing is saved.
  const saveMs = snapshot ? await saveBenchSnapshot(built.index, docRecords, built.texts, built.vectorRecords) : NaN;
  return { size, documents: docRecords.length, sections, embed, indexBuildMs, saveMs, query, indexes };
}

/**
 * Restores the snapshot `run` saved, as a new tab's engine starts (called after a garbage
 * collection, so the build's garbage is not timed); the restored index is what memory_mb measures.
 */
async function restore(
  documents: number,
  { queries = 50, seed = 1 } = {},
): Promise<Omit<SizeResult['snapshot'], 'saveMs'>> {
  const { index, ...timings } = await restoreBenchSnapshot(documents);
  keep = index;
  // Above PQ_ABOVE_PROPOSITIONS the 4-bit index is built in slices once the vectors are in: until it is, the int8 scan answers.
  const settling = performance.now();
  await index.vectorsSettled;
  const settledMs = round(performance.now() - settling);
  const { query } = await measureQueries(index, queries, seed);
  const propositions = index.vectors!.proposition;
  const kind = propositions instanceof PqIndex ? 'pq' : propositions instanceof Int8FlatIndex ? 'int8' : 'other';
  const wasmBytes =
    propositions instanceof PqIndex || propositions instanceof Int8FlatIndex ? propositions.wasmBytes : 0;
  const restoredQuery = { ...query, propositionIndex: kind, wasmMb: round(wasmBytes / 2 ** 20), settledMs };
  return { ...timings, restoredQuery };
}

const round = (value: number) => Number(value.toFixed(1));

function release(): void {
  keep = null;
}

/** Whether the last library is still held (its heap is what memory_mb measures). */
function holding(): boolean {
  return keep !== null;
}

export const bench = { init, run, restore, release, holding, ingestFile, readerOnly };
