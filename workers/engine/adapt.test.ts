// @vitest-environment node
import 'fake-indexeddb/auto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/shared/db';
import type { StoreRequest } from '../../src/shared/ingest';
import { BUILTIN_MODEL } from '../../src/shared/models';
import type { PropositionRecord, SectionRecord } from '../../src/shared/types';
import { createEmbedder, type Embedder } from '../embed/embedder';
import { Engine, type ModelAccess } from './engine';

const MODELS = fileURLToPath(new URL('../../public/models/', import.meta.url));

const TOPICS = [
  ['Saving unfinished work', 'Your edits are kept aside in a drawer.', 'Nothing is lost when you switch tasks.'],
  ['Copying files to a server', 'Files travel over the network quickly.', 'Only changed parts are sent again.'],
  ['Splitting the screen', 'The window is divided into panes.', 'Each pane runs its own program.'],
  ['Formatting dates', 'Dates are printed with percent codes.', 'The year and month come first.'],
  ['Ignoring build output', 'Generated folders are left out of history.', 'Patterns list the names to skip.'],
  ['Restoring a backup', 'The archive is unpacked into place.', 'Old copies are replaced by the saved ones.'],
];

/** A document of six sections, each under its own heading with three sentences. */
function document(docId: string, topics: string[][]): StoreRequest {
  const base = { docId, pages: [1], tokens: 10, keywords: [], prevId: null, nextId: null, start: 0, end: 1 };
  const sections: SectionRecord[] = [];
  const propositions: PropositionRecord[] = [];
  topics.forEach(([heading, ...sentences], order) => {
    const id = `${docId}-s${order}`;
    const lines = [`${heading} is what this part of ${docId} explains.`, ...sentences];
    sections.push({
      ...base,
      id,
      order,
      position: order,
      headingPath: [docId, heading!],
      text: lines.join(' '),
      embedded: true,
    });
    lines.forEach((text, i) =>
      propositions.push({
        ...base,
        id: `${id}-p${i}`,
        sectionId: id,
        order: i,
        position: order,
        headingPath: [docId, heading!],
        text,
        type: 'fact',
      }),
    );
  });
  const text = sections.map((s) => s.text).join('\n');
  return {
    record: {
      id: docId,
      name: `${docId}.md`,
      kind: 'markdown',
      mime: 'text/markdown',
      size: text.length,
      addedAt: 1,
      status: 'ready',
      title: docId,
      summary: '',
      keywords: [],
      tokens: 60,
      sectionCount: sections.length,
      propositionCount: propositions.length,
      chunkMode: 'three-level',
    },
    file: new File([text], `${docId}.md`),
    text: { docId, text },
    sections,
    propositions,
  };
}

let embedder: Embedder;
beforeAll(async () => {
  embedder = await createEmbedder({ modelId: BUILTIN_MODEL.id, modelBaseUrl: MODELS, device: 'cpu', isStatic: true });
});
afterAll(() => embedder?.dispose());

const ctx = () => ({ signal: new AbortController().signal, progress: () => {} });

function setUp(model: Embedder, name: string) {
  const db = openDb(`adapt-test-${name}`);
  const models: ModelAccess = {
    activeModel: async () => BUILTIN_MODEL,
    tryEmbedder: async () => model,
    loadEmbedder: async () => model,
    unloadEmbedder: async () => {},
  };
  return { db, engine: new Engine(db, models) };
}

describe('Engine.adapt', () => {
  it('trains on the library’s pairs, embeds every document again with the adapted table, and keeps using it', async () => {
    const { db, engine } = setUp(embedder, 'apply');
    for (const [i, docId] of ['handbook', 'manual', 'guide'].entries())
      await engine.store(
        document(docId, TOPICS.map((t) => [`${t[0]} (${docId})`, ...t.slice(1)]).slice(i, i + 5)),
        ctx(),
      );
    const before = await db.vectors.get([BUILTIN_MODEL.id, 'manual']);

    const report = await engine.adapt({ steps: 40, evalEvery: 10 });
    expect(report.kinds).toEqual({ heading: 14, sentence: 14 });
    expect(report.pairs).toBe(28);
    expect(report.heldBack).toBe(3);
    expect(report.reembedded).toBe(3);
    expect(report.steps).toBe(40);
    expect(Number.isFinite(report.floor)).toBe(true);
    const after = await db.vectors.get([BUILTIN_MODEL.id, 'manual']);
    expect(after!.propositions).not.toEqual(before!.propositions);

    // A document stored afterwards is embedded with the adapted table too (trained words moved).
    const late = document('notes', [TOPICS[5]!]);
    await engine.store(late, ctx());
    const adaptedVectors = await db.vectors.get([BUILTIN_MODEL.id, 'notes']);
    const { db: plainDb, engine: plain } = setUp(embedder, 'plain');
    await plain.store(document('notes', [TOPICS[5]!]), ctx());
    expect(adaptedVectors!.propositions).not.toEqual(
      (await plainDb.vectors.get([BUILTIN_MODEL.id, 'notes']))!.propositions,
    );
    expect((await engine.search({ query: 'restoring a backup' })).hits.length).toBeGreaterThan(0);
  });

  it('only reports, changing nothing, when told not to apply', async () => {
    const { db, engine } = setUp(embedder, 'report');
    await engine.store(document('handbook', TOPICS), ctx());
    const before = await db.vectors.get([BUILTIN_MODEL.id, 'handbook']);
    const report = await engine.adapt({ steps: 10, apply: false });
    expect(report.reembedded).toBe(0);
    expect((await db.vectors.get([BUILTIN_MODEL.id, 'handbook']))!.propositions).toEqual(before!.propositions);
  });

  it('refuses a model that is not a static table', async () => {
    const { engine } = setUp({ ...embedder, static: undefined }, 'transformer');
    await expect(engine.adapt({})).rejects.toThrow(/not a static model/);
  });
});
