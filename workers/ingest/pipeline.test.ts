// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChunks } from '../engine/chunk-store';
import { readStoredChunks } from '../../common/stored-chunk';
import { ACTIVE_MODEL_KEY, openDb, type CarrelDb } from '../../common/db';
import { deleteDocument } from '../engine/store';
import { BUILTIN_MODEL } from '../../common/models';
import { readVectors, storedOrder } from '../../common/vector-codec';
import { AppError } from '../../common/types';
import type { Embedder } from '../embed/embedder';
import { builtinEmbedder } from '../embed/builtin.test-support';
import { pack } from '../embed/document-vectors';
import { adjacentSimilarity } from '../chunk/topic-similarity';
import type { Engine } from '../engine/engine';
import { ingestFile, MAX_FILE_BYTES, type IngestDeps } from './pipeline';
import { readerDeps, testEngine } from './test-reader';

const markdown = `# Field Notes

## Treatment

The physician prescribed antibiotics to treat the bacterial infection. The course lasts ten days.

## Gardening

Tomatoes grow best in full sun with regular watering.
`;

let embedder: Embedder;
let db: CarrelDb;
let engine: Engine;
let dbCount = 0;

beforeAll(async () => {
  embedder = await builtinEmbedder();
});
afterAll(() => embedder?.dispose());

function deps(overrides: Partial<IngestDeps> = {}): IngestDeps {
  return readerDeps(db, engine, embedder, overrides);
}

const file = (text: string, name = 'notes.md') => new File([text], name, { type: 'text/markdown' });

describe('ingestFile', () => {
  beforeAll(() => {
    db = openDb(`pipeline-test-${dbCount++}`);
    engine = testEngine(db, { 'carrel-glove-50k': embedder });
  });

  it('stores the document, its hierarchy and its vectors in one go', async () => {
    const result = await ingestFile({ file: file(markdown), chunkMode: 'three-level' }, deps());
    expect(result.duplicate).toBe(false);
    const doc = await db.documents.get(result.docId);
    expect(doc).toMatchObject({
      name: 'notes.md',
      status: 'ready',
      kind: 'markdown',
      readRecipe: 2,
      modelId: 'carrel-glove-50k',
    });
    // Text is stored once: in the texts table, not again in the records that point into it.
    expect(
      readStoredChunks((await db.chunks.get(result.docId))!).propositions.filter((p) => p.text !== undefined),
    ).toHaveLength(0);
    const { sections, propositions } = await readChunks(db, result.docId);
    expect(sections.length).toBeGreaterThan(0);
    expect(propositions.map((p) => p.headingPath.at(-1))).toEqual(expect.arrayContaining(['Treatment', 'Gardening']));
    expect(propositions.every((p) => sections.some((s) => s.id === p.sectionId))).toBe(true);
    expect(propositions.some((p) => p.text.includes('physician prescribed antibiotics'))).toBe(true);
    const stored = (await db.vectors.get(['carrel-glove-50k', result.docId]))!;
    // Stored as int8, 100 bytes and a scale a row; read back as float32.
    expect(stored.propositions.codes.length).toBe(propositions.length * 100);
    // The rows follow the stored propositions, so their ids are not stored again.
    expect(stored.propositionIds).toBeUndefined();
    const vectors = readVectors(stored, storedOrder(sections, propositions));
    expect(vectors.propositionIds).toEqual(propositions.map((p) => p.id));
    expect(vectors.propositions.length).toBe(propositions.length * 100);
    expect(vectors.propositions.every(Number.isFinite)).toBe(true);
    expect((await db.files.get(result.docId))!.blob.size).toBe(markdown.length);
  });

  it('adds the same file twice as one document', async () => {
    const again = await ingestFile({ file: file(markdown, 'copy-of-notes.md'), chunkMode: 'three-level' }, deps());
    expect(again.duplicate).toBe(true);
    expect(await db.documents.count()).toBe(1);
  });

  it('re-indexes a stored document in another chunking mode, replacing its records and keeping its place', async () => {
    const before = (await db.documents.toArray()).find((doc) => doc.name === 'notes.md')!;
    const result = await ingestFile({ file: file(markdown), chunkMode: 'full-doc', force: true }, deps());
    expect(result).toMatchObject({ docId: before.id, duplicate: false, sections: 1 });
    const after = await db.documents.get(before.id);
    expect(after).toMatchObject({ chunkMode: 'full-doc', addedAt: before.addedAt, sectionCount: 1 });
    const chunks = await readChunks(db, before.id);
    expect(chunks.sections).toHaveLength(1);
    const vectors = await db.vectors.get(['carrel-glove-50k', before.id]);
    expect(readVectors(vectors!, storedOrder(chunks.sections, chunks.propositions)).propositionIds).toHaveLength(
      chunks.propositions.length,
    );
    await ingestFile({ file: file(markdown), chunkMode: 'three-level', force: true }, deps());
  });

  it('keeps keyword search possible when the model cannot load', async () => {
    const result = await ingestFile(
      { file: file('# Other\n\nSolar panels convert sunlight into electricity.'), chunkMode: 'three-level' },
      readerDeps(db, testEngine(db, {}), null),
    );
    expect(result.embedded).toBe(false);
    expect(await db.vectors.where('docId').equals(result.docId).count()).toBe(0);
    expect((await readChunks(db, result.docId)).propositions.length).toBeGreaterThan(0);
  });

  it('refuses a file over the size limit before reading a byte of it', async () => {
    const huge = new File(['not read'], 'huge.txt', { type: 'text/plain' });
    Object.defineProperty(huge, 'size', { value: MAX_FILE_BYTES + 1 });
    Object.defineProperty(huge, 'arrayBuffer', { value: () => Promise.reject(new Error('must not be read')) });
    const before = await db.documents.count();
    await expect(ingestFile({ file: huge, chunkMode: 'three-level' }, deps())).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: expect.stringMatching(/smaller files/),
    });
    expect(await db.documents.count()).toBe(before);
  });

  it('refuses an empty file and an unsupported type without touching the library', async () => {
    const before = await db.documents.count();
    await expect(
      ingestFile({ file: new File([], 'empty.md'), chunkMode: 'three-level' }, deps()),
    ).rejects.toMatchObject({ code: 'EMPTY_FILE' });
    await expect(
      ingestFile({ file: new File(['x'], 'photo.png', { type: 'image/png' }), chunkMode: 'three-level' }, deps()),
    ).rejects.toBeInstanceOf(AppError);
    expect(await db.documents.count()).toBe(before);
  });

  it('stores nothing when cancelled mid-way', async () => {
    const controller = new AbortController();
    const before = await db.chunks.count();
    const run = ingestFile(
      { file: file('# Cancelled\n\nThis document is cancelled while it is being read.'), chunkMode: 'three-level' },
      deps({ signal: controller.signal, progress: (event) => event.stage === 'chunking' && controller.abort() }),
    );
    await expect(run).rejects.toThrow();
    expect(await db.chunks.count()).toBe(before);
  });

  it('embeds again with the new model when a model switch finished while the file was embedded', async () => {
    // The engine searches with the built-in model; the switch completes (another model becomes
    // active) after it started, so the first save finds its vectors outdated.
    const other: Embedder = {
      ...embedder,
      modelId: 'other/model',
      embed: (texts, opts) => embedder.embed(texts, opts),
    };
    const switching = testEngine(db, { 'carrel-glove-50k': embedder, 'other/model': other });
    await switching.catchUp();
    await db.settings.put({ key: ACTIVE_MODEL_KEY, value: { ...BUILTIN_MODEL, id: 'other/model' } });
    try {
      const result = await ingestFile(
        { file: file('# Switch\n\nThe lighthouse keeper polished the lens every evening.'), chunkMode: 'three-level' },
        readerDeps(db, switching, embedder),
      );
      const stored = (await db.vectors.where('docId').equals(result.docId).toArray()).map((v) => v.modelId);
      expect(stored).toEqual(['other/model']);
      expect((await db.documents.get(result.docId))?.modelId).toBe('other/model');
      expect(switching.model.id).toBe('other/model');
      const found = await switching.search({ query: 'lighthouse keeper', options: { minRelevance: undefined } });
      expect(found.hits.map((hit) => hit.docId)).toContain(result.docId);
    } finally {
      await db.settings.delete(ACTIVE_MODEL_KEY);
    }
  });

  it('takes the file off the stored queue in the same transaction that stores it', async () => {
    const queued = file('# Queue\n\nThe ferry leaves the pier at seven.', 'queued.md');
    await db.jobs.put({ key: 'job-1', file: queued, owner: 'tab', addedAt: 1 });
    await ingestFile({ file: queued, chunkMode: 'three-level', jobKey: 'job-1' }, deps());
    expect(await db.jobs.get('job-1')).toBeUndefined();

    // Cancelled while saving: the document is not stored, and the file stays queued.
    const controller = new AbortController();
    await db.jobs.put({ key: 'job-2', file: queued, owner: 'tab', addedAt: 2 });
    const other = file('# Later\n\nThe night ferry waits for the last train.', 'later.md');
    const saving = ingestFile(
      { file: other, chunkMode: 'three-level', jobKey: 'job-2' },
      deps({ signal: controller.signal, progress: (event) => event.stage === 'saving' && controller.abort() }),
    );
    await expect(saving).rejects.toThrow();
    expect(await db.jobs.get('job-2')).toBeDefined();
  });

  it('deleting a document removes every record of it', async () => {
    const [doc] = await db.documents.toArray();
    await deleteDocument(db, doc!.id);
    const counts = await Promise.all(
      [db.files, db.texts, db.chunks, db.vectors].map((t) => t.where('docId').equals(doc!.id).count()),
    );
    expect(counts).toEqual([0, 0, 0, 0]);
    expect(await db.documents.get(doc!.id)).toBeUndefined();
  });
});

describe('topic shifts in ingest', () => {
  beforeAll(() => {
    db = openDb(`pipeline-test-${dbCount++}`);
    engine = testEngine(db, { 'carrel-glove-50k': embedder });
  });

  it("cuts a long section where the built-in model's vectors say the topic changes", async () => {
    // One long paragraph, no block boundary to help: 16 sentences about cats, then 26 about ships.
    const cats = Array.from({ length: 16 }, (_, i) => `The cat number ${i} sleeps on the warm sofa all day long.`);
    const ships = Array.from({ length: 26 }, (_, i) => `The ship number ${i} sails across the cold sea every night.`);
    const text = `# Animals and boats\n\n${[...cats, ...ships].join(' ')}\n`;
    const similarity = (texts: string[]) => adjacentSimilarity(embedder, texts);
    const result = await ingestFile({ file: file(text, 'animals.md'), chunkMode: 'three-level' }, deps({ similarity }));
    const { sections, propositions } = await readChunks(db, result.docId);
    expect(sections).toHaveLength(2);
    // The second section's own passages open at the first ship, not at the balanced midpoint.
    expect(propositions.find((p) => p.sectionId === sections[1]!.id)!.text).toMatch(/^The ship number 0 /);
  });
});

describe('pack', () => {
  it('skips texts without a vector and keeps rows aligned with ids', () => {
    const packed = pack(['a', 'b', 'c'], [new Float32Array([1, 0]), null, new Float32Array([0, 1])], 2);
    expect(packed.ids).toEqual(['a', 'c']);
    expect(Array.from(packed.data)).toEqual([1, 0, 0, 1]);
  });
});
