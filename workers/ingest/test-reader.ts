/**
 * Reading files in tests as the app does, in one thread: the file reader's pipeline hands each
 * document to an engine over the same database, which embeds, stores and indexes it.
 */
import { ACTIVE_MODEL_KEY, type CarrelDb } from '../../common/db';
import { BUILTIN_MODEL, type ModelInfo } from '../../common/models';
import type { Embedder } from '../embed/embedder';
import { Engine } from '../engine/engine';
import type { IngestDeps } from './pipeline';

/** An engine whose models are the given embedders by id (a missing one cannot load); the active model is read from the settings. */
export function testEngine(db: CarrelDb, embedders: Record<string, Embedder>): Engine {
  return new Engine(db, {
    activeModel: async () =>
      ((await db.settings.get(ACTIVE_MODEL_KEY))?.value as ModelInfo | undefined) ?? BUILTIN_MODEL,
    tryEmbedder: async (model) => embedders[model.id] ?? null,
    loadEmbedder: async (model) =>
      embedders[model.id] ?? Promise.reject(new Error(`no model ${model.id} in this test`)),
    unloadEmbedder: async () => {},
  });
}

/** The pipeline's dependencies, storing through `engine` and counting tokens with `tokens` (words when null). */
export function readerDeps(
  db: CarrelDb,
  engine: Engine,
  tokens: Embedder | null,
  overrides: Partial<IngestDeps> = {},
): IngestDeps {
  const deps: IngestDeps = {
    db,
    tokenCounter: async () => (tokens ? (text: string) => tokens.countTokens(text) : null),
    store: (request) => engine.store(request, { signal: deps.signal, progress: (event) => deps.progress(event) }),
    pdfjs: () => Promise.reject(new Error('no PDFs in this test')),
    signal: new AbortController().signal,
    progress: () => {},
    ...overrides,
  };
  return deps;
}
