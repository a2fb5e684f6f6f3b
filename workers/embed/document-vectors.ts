/** A document's vectors: its summary (or title), its embedded sections and every proposition, packed per kind. */
import type { VectorRecord } from '../../common/db';
import type { IngestProgress } from '../../common/ingest';
import type { PropositionRecord, SectionRecord } from '../../common/types';
import { BUILTIN_MODEL } from '../../common/models';
import { nextTask } from '../../common/next-task';
import type { Embedder } from './embedder';
import { guessLanguage } from './language-tables';

const EMBED_BATCH = 128;

/** What of a document gets a vector. */
export interface EmbeddableDocument {
  title: string;
  summary: string;
  /** Its language as stored (detected when read, or set by the person); absent when not told. */
  lang?: string;
  sections: Pick<SectionRecord, 'id' | 'embedded' | 'headingPath' | 'text' | 'lang'>[];
  propositions: Pick<PropositionRecord, 'id' | 'text' | 'headingPath' | 'lang'>[];
}

/**
 * How a document's texts are made into vectors, stored with them: 1 embedded a proposition's text
 * alone; 2 puts its section's heading before it (`propositionText`). A library's
 * vectors of an older recipe are made again in the background (workers/engine/reembed.ts).
 */
export const EMBED_RECIPE = 2;

/**
 * The recipe of a model's vectors. The built-in model's 3 reads a text of another language through
 * that language's table (workers/embed/language-tables.ts); other models read every language
 * themselves, so their vectors stay as they were.
 */
export const recipeFor = (modelId: string): number => (vectorsFollowLanguage(modelId) ? 3 : EMBED_RECIPE);

/** Whether a model's vectors depend on the language a text is read in (the built-in model's tables). */
export const vectorsFollowLanguage = (modelId: string): boolean => modelId === BUILTIN_MODEL.id;

/** How much of a document's text its language is guessed from. */
const LANGUAGE_SAMPLE = 20_000;

/**
 * What a proposition is embedded as: its section's own heading, then its text. A sentence leans on
 * its heading for what it is about (under "Line length", "It must not exceed 80 characters"), and a
 * question often asks in the heading's words. The rest of the path is scored at the section and
 * document levels. Questions top 3 29 → 30 of 35, the other sets within noise (docs/retrieval.md).
 */
export function propositionText(p: Pick<PropositionRecord, 'text' | 'headingPath'>): string {
  const heading = p.headingPath.at(-1);
  return heading ? `${heading}\n${p.text}` : p.text;
}

/** Embeds the summary, the embedded sections and every proposition, reporting progress per batch. */
export async function embedAll(
  embedder: Embedder,
  docId: string,
  chunked: EmbeddableDocument,
  deps: { signal: AbortSignal; progress(event: IngestProgress): void },
): Promise<VectorRecord> {
  const sections = chunked.sections.filter((s) => s.embedded);
  const texts = [
    chunked.summary || chunked.title,
    ...sections.map((s) => `${s.headingPath.join(' ')}\n${s.text}`),
    ...chunked.propositions.map(propositionText),
  ];
  // Each text in the language the library stores for it (DESIGN §9 Languages), when the document's
  // is known: a table of format codes ("%Y-%m-%d") once read as Spanish by its "y"s, and then an
  // English library fetched the Spanish table and every question brought in Spanish words.
  const doc = chunked.lang;
  const langs = doc && [doc, ...sections.map((s) => s.lang ?? doc), ...chunked.propositions.map((p) => p.lang ?? doc)];
  // Otherwise the document's guessed language reads the passages too short to tell theirs.
  const lang = doc ?? guessLanguage(texts.join('\n').slice(0, LANGUAGE_SAMPLE));
  // Embedded shortest first: a batch is padded to its longest text, so texts of like length
  // together pad little (a passage beside a whole section was padded to the section's length).
  const order = byLength(texts);
  const out: (Float32Array | null)[] = new Array<Float32Array | null>(texts.length).fill(null);
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    // A search sent meanwhile is answered between batches, not after the whole document.
    if (i > 0) await nextTask();
    deps.progress({ stage: 'embedding', done: i, total: texts.length });
    const positions = order.slice(i, i + EMBED_BATCH);
    const vectors = await embedder.embed(
      positions.map((p) => texts[p]!),
      { signal: deps.signal, ...(langs ? { langs: positions.map((p) => langs[p]!) } : { lang }) },
    );
    positions.forEach((p, k) => (out[p] = vectors[k] ?? null));
  }
  deps.progress({ stage: 'embedding', done: texts.length, total: texts.length });
  const sectionVectors = pack(
    sections.map((s) => s.id),
    out.slice(1, 1 + sections.length),
    embedder.dims,
  );
  const propositionVectors = pack(
    chunked.propositions.map((p) => p.id),
    out.slice(1 + sections.length),
    embedder.dims,
  );
  return {
    modelId: embedder.modelId,
    docId,
    dims: embedder.dims,
    doc: out[0] ?? null,
    sectionIds: sectionVectors.ids,
    sections: sectionVectors.data,
    propositionIds: propositionVectors.ids,
    propositions: propositionVectors.data,
    recipe: recipeFor(embedder.modelId),
  };
}

/** Positions of `texts`, shortest first (by characters, which order tokens closely enough); ties keep their order. */
export function byLength(texts: readonly string[]): number[] {
  return texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length || a - b);
}

/** Packs vectors into one contiguous array, skipping texts that had no known word (null). */
export function pack(
  ids: string[],
  vectors: (Float32Array | null)[],
  dims: number,
): { ids: string[]; data: Float32Array } {
  const kept = ids.flatMap((id, i) => (vectors[i] ? [[id, vectors[i]] as const] : []));
  const data = new Float32Array(kept.length * dims);
  kept.forEach(([, vector], row) => data.set(vector, row * dims));
  return { ids: kept.map(([id]) => id), data };
}
