/**
 * The engine's background re-embedding of the vectors an older recipe made (`reembedOutdated` in
 * reembed.ts): one run at a time, always for the active model, stopped by a switch to another
 * model, and run again when documents may have come without vectors search can use.
 */
import { VECTOR_RECIPES_KEY, type CarrelDb } from '../../common/db';
import type { ModelInfo } from '../../common/models';
import type { StoredOrder, StoredVectorRecord } from '../../common/vector-codec';
import type { Embedder } from '../embed/embedder';
import { reembedOutdated } from './reembed';

/** What a run needs from the engine. */
export interface OutdatedVectorsDeps {
  db: CarrelDb;
  /** The model whose vectors are searched now. */
  activeModel(): ModelInfo;
  /** The model's embedder, or null when it cannot load (the run then does nothing). */
  embedder(model: ModelInfo): Promise<Embedder | null>;
  /** Puts a document's new vectors (as stored) in the index, unless the model or the document changed meanwhile. */
  replace(modelId: string, docId: string, stored: StoredVectorRecord, order: StoredOrder): Promise<unknown>;
}

export class OutdatedVectors {
  /** The run under way, if any. */
  private running: { model: string; stop: AbortController; done: Promise<number> } | null = null;

  constructor(private readonly deps: OutdatedVectorsDeps) {}

  /**
   * Makes again, in the background, the active model's vectors that an older recipe made
   * (recipeFor), one document at a time: search uses a document's old vectors until its new ones
   * are stored. Resolves to how many documents it re-embedded (tests wait for it).
   */
  start(): Promise<number> {
    const model = this.deps.activeModel();
    if (this.running?.model === model.id) return this.running.done;
    this.running?.stop.abort();
    const stop = new AbortController();
    const done = reembedOutdated({
      db: this.deps.db,
      modelId: model.id,
      embedder: () => this.deps.embedder(model),
      signal: stop.signal,
      replace: (docId, stored, order) => this.deps.replace(model.id, docId, stored, order),
    })
      .catch((error: unknown) => {
        if (!stop.signal.aborted) console.warn('outdated vectors not re-embedded', error);
        return 0;
      })
      .finally(() => {
        if (this.running?.stop === stop) this.running = null;
      });
    this.running = { model: model.id, stop, done };
    return done;
  }

  /** Stops the run under way: a model switch leaves its vectors of no use. */
  stop(): void {
    this.running?.stop.abort();
  }

  /** Documents may lack usable vectors now: looks again, after a run under way (which may have looked already). */
  async lookAgain(): Promise<void> {
    await this.deps.db.settings.delete(VECTOR_RECIPES_KEY);
    void (this.running?.done ?? Promise.resolve()).then(() => this.start());
  }
}
