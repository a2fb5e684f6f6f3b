/**
 * The bench's library: `size` generated propositions in documents of ~40 (10 sections of 4), embedded
 * by the built-in model and added to a new LibraryIndex (workers/retrieve) as ingest would, with
 * each document's vectors as the engine stores them.
 */
import { BUILTIN_MODEL } from '../../common/models';
import type { TextRecord } from '../../common/text-codec';
import type { DocumentRecord, PropositionRecord, SectionRecord } from '../../common/types';
import { storedOrder, storedVectors, type StoredVectorRecord } from '../../common/vector-codec';
import { LibraryIndex } from '../../workers/retrieve/search';
import { benchEmbedder, embedAll, prng, round, sentence } from './bench-text';
import type { StageFigures } from './query-stages';

const PROPOSITIONS_PER_SECTION = 4;
const SECTIONS_PER_DOC = 10;

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
    /** From the start to the first answer with its texts: from BM25 alone unless `firstFromVectors`. */
    firstAnswerMs: number;
    firstFromVectors: boolean;
    /** The first answer's parts after the restore, in ms: the engine's catch-up, the query embedded (and the expansion loaded), searched, its hits' texts read. */
    firstAnswerParts: { catchUpMs: number; embedMs: number; searchMs: number; textsMs: number };
    /** Whether the vectors went in before the first answer's texts had been read (so the answer waited for them). */
    vectorsBeforeTexts: boolean;
    /** From the start until the stored vectors are in the index. */
    vectorsReadyMs: number;
    /** From the start to the same query answered again, by both legs, once the vectors are in. */
    hybridAnswerMs: number;
    /**
     * The same queries as `query`, on the restored index once its vectors are settled: what a tab
     * answers after a start (above `PQ_ABOVE_PROPOSITIONS` its propositions are a PqIndex, where the
     * built library's stay an Int8FlatIndex). With the proposition index's kind and the
     * WebAssembly memory it holds, which `memoryMb` does not see.
     */
    restoredQuery: SizeResult['query'] & {
      propositionIndex: string;
      wasmMb: number;
      /** How long after the hybrid answer the proposition vectors were in the index they stay in (`vectorsSettled`). */
      settledMs: number;
    };
  };
  query: {
    p50: number;
    p95: number;
    searchOnlyP50: number;
    emptyResults: number;
    /** Per stage (embed, expand, then traceSearch's `<stage>.<part>`): p50 and mean ms, share of the query. */
    stages: Record<string, StageFigures>;
  };
  indexes: Record<string, { buildMs: number; p50: number; recallAt10: number; error?: string }>;
}

export interface BuiltLibrary {
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
export async function buildLibrary(size: number, seed: number): Promise<BuiltLibrary> {
  const docs = corpus(size, seed);
  const dims = benchEmbedder().dims;
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
