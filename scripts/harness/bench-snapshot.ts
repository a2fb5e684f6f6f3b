/**
 * The engine's start-up path at a bench size: the library saved as the start-up snapshot, and
 * restored from it as a new tab's engine starts, up to its first answer.
 */
import Dexie from 'dexie';
import { openDb } from '../../common/db';
import { BUILTIN_MODEL } from '../../common/models';
import { storedText, type TextRecord } from '../../common/text-codec';
import type { DocumentRecord } from '../../common/types';
import type { StoredVectorRecord } from '../../common/vector-codec';
import { DocumentTexts } from '../../workers/engine/document-texts';
import { restoreSnapshot, saveSnapshot } from '../../workers/engine/snapshot';
import { catchUpIndex, documentStamp } from '../../workers/engine/catch-up';
import { DEFAULT_SEARCH_OPTIONS } from '../../workers/retrieve/defaults';
import { withHitTexts } from '../../workers/retrieve/hit-texts';
import { search, type LibraryIndex } from '../../workers/retrieve/search';
import type { SizeResult } from './bench-library';
import { loadExpansion, related } from './bench-search';
import { benchEmbedder, prng, round, sentence } from './bench-text';

const SNAPSHOT_DB = 'carrel-bench-snapshot';

/**
 * The engine's start-up path at this size: `saveSnapshot` (what the engine does once the library is
 * quiet) into a database of its own, so the app's workers never see the generated documents.
 */
export async function saveBenchSnapshot(
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
 * rebuilt from arrays, stamps checked; then the first answer: the engine's catch-up (counted since
 * 2026-11-27 evening), a query embedded, searched (from BM25
 * alone unless the vectors are in by then, as in the engine) and its hits' texts read from the
 * texts table. Then, once the vectors are in, the same query answered by both legs.
 */
export async function restoreBenchSnapshot(
  documents: number,
): Promise<Omit<SizeResult['snapshot'], 'saveMs' | 'restoredQuery'> & { index: LibraryIndex }> {
  const reader = openDb(SNAPSHOT_DB);
  const began = performance.now();
  const restored = await restoreSnapshot(reader, BUILTIN_MODEL.id);
  const restoreMs = performance.now() - began;
  if (restored?.indexed.size !== documents)
    throw new Error(`snapshot restored ${restored?.indexed.size ?? 0} of ${documents} documents`);
  let vectorsIn = Infinity;
  void restored.vectors.then(
    () => (vectorsIn = performance.now()),
    () => undefined,
  );
  // The engine's first catch-up, which its first answer waits for: the ready documents the snapshot lacks (none
  // here), from the documents the restore read, as the engine does (Engine.catchUpDocuments).
  const caughtUp = await catchUpIndex(reader, restored.index, restored.indexed, BUILTIN_MODEL.id, restored.ready);
  if (caughtUp.added + caughtUp.removed) throw new Error(`the catch-up changed ${JSON.stringify(caughtUp)}`);
  const catchUpMs = performance.now() - began - restoreMs;
  const text = sentence(prng(documents), 2, 5);
  const vector = (await benchEmbedder().embed([text], { as: 'query' }))[0] ?? null;
  await loadExpansion();
  const embedded = performance.now();
  const texts = new DocumentTexts(reader);
  let searched = 0;
  const answer = async () => {
    const found = search(restored.index, { text, vector, related: related(text) }, DEFAULT_SEARCH_OPTIONS);
    searched = performance.now();
    const hits = await withHitTexts(restored.index, found, (docId) =>
      texts.get(docId, restored.indexed.get(docId) ?? ''),
    );
    if (hits.some((hit) => hit.propositions.some((p) => !p.text)))
      throw new Error('a hit of the first answer has no text');
  };
  const firstFromVectors = restored.index.vectors !== null;
  await answer();
  const answered = performance.now();
  const firstAnswerMs = answered - began;
  const firstAnswerParts = {
    catchUpMs: round(catchUpMs, 1),
    embedMs: round(embedded - began - restoreMs - catchUpMs, 1),
    searchMs: round(searched - embedded, 1),
    textsMs: round(answered - searched, 1),
  };
  const vectorsBeforeTexts = vectorsIn < answered;
  const { vectorsMs } = await restored.vectors;
  const vectorsReadyMs = performance.now() - began;
  await answer();
  const hybridAnswerMs = performance.now() - began;
  reader.close();
  await Dexie.delete(SNAPSHOT_DB);
  const { readMs, rebuildMs, checkMs } = restored.timings;
  return {
    restoreMs: round(restoreMs, 1),
    readMs: round(readMs, 1),
    rebuildMs: round(rebuildMs, 1),
    checkMs: round(checkMs, 1),
    vectorsMs: round(vectorsMs, 1),
    firstAnswerMs: round(firstAnswerMs, 1),
    firstFromVectors,
    firstAnswerParts,
    vectorsBeforeTexts,
    vectorsReadyMs: round(vectorsReadyMs, 1),
    hybridAnswerMs: round(hybridAnswerMs, 1),
    index: restored.index,
  };
}
