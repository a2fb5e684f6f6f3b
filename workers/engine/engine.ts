/**
 * The search engine's state: the active model, the in-memory index of the ready documents, and
 * how both follow IndexedDB. The worker file only wires this to its messages and to Dexie's
 * `storagemutated` events, so the whole life of the index can be tested in Node.
 *
 * The engine is this tab's only writer of documents and the only holder of the embedding model:
 * the file reader hands it each read and chunked document (`store`), and it embeds, stores and
 * indexes it from memory, with no read-back. It removes documents, imports backups and re-embeds
 * the library for a model switch (`switchModel`) too, and in the background the vectors an older
 * recipe made (`reembedOutdated`).
 *
 * A query reads nothing from IndexedDB: the index changes when the engine itself stores or removes
 * a document, and when another tab changes the documents or the active model (`noteChange`, from
 * Dexie's cross-context events). Only then is IndexedDB read, by the one catch-up, `catchUp`.
 */
import { importLibrary, type ImportSummary } from './backup';
import type { CarrelDb } from '../../common/db';
import type { IngestProgress, ReembedProgress, StoreRequest, StoreResult } from '../../common/ingest';
import type { CallContext } from '../../common/rpc';
import {
  readVectors,
  storedOrder,
  storedVectors,
  type StoredOrder,
  type StoredVectorRecord,
} from '../../common/vector-codec';
import { embedAll, vectorsFollowLanguage } from '../embed/document-vectors';
import { BUILTIN_MODEL, type ModelInfo } from '../../common/models';
import type { SearchResponse } from '../../common/types';
import type { Embedder } from '../embed/embedder';
import type { TranslationTable } from '../retrieve/translation';
import type { Thesauri } from '../retrieve/thesaurus';
import type { LanguageTables } from '../embed/language-tables';
import type { Lexicon } from '../retrieve/lexicon';
import { fetchLibraryTables } from '../retrieve/cross-language';
import { LibraryIndex } from '../retrieve/search';
import { DocumentTexts } from './document-texts';
import { searchIndex, type SearchRequest } from './search';
import { switchModel } from './reembed';
import { OutdatedVectors } from './outdated-vectors';
import { restoreSnapshot, saveSnapshot } from './snapshot';
import { SnapshotTimer, type SnapshotDelay } from './snapshot-timer';
import { deleteDocument, saveDocument } from './store';
import { catchUpIndex, documentLanguages, documentStamp, loadDocument, unpackVectors } from './catch-up';
import type { ChangedParts } from '../../common/db-changes';
import { loadLanguages } from '../../common/text/languages';
import { documentHeadings, markRemoval } from './library-facts';

/** How the engine reaches models (the worker passes workers/embed/embedders.ts'; tests pass their own). */
export interface ModelAccess {
  activeModel(db: CarrelDb): Promise<ModelInfo>;
  /** The model's embedder, or null when it cannot load (search falls back to keywords). */
  tryEmbedder(model: ModelInfo): Promise<Embedder | null>;
  /** The model's embedder; rejects when it cannot load (a model switch needs it). */
  loadEmbedder(model: ModelInfo): Promise<Embedder>;
  unloadEmbedder(modelId: string): Promise<void>;
}

export class Engine {
  model: ModelInfo = BUILTIN_MODEL;
  index = new LibraryIndex();
  /** docId → stamp of every document in `index` (see documentStamp). */
  indexed = new Map<string, string>();
  /** Set when another context changed the documents or the settings: the next query reads them first. */
  private stale: ChangedParts = { documents: false, settings: false };
  /** The ready documents the last restore read, for the catch-up that follows it (once). */
  private restoredReady: ReadonlySet<string> | undefined;
  // Serialise reads of the library: overlapping ones would add the same document twice. Snapshot
  // saves go in the same line, so that no change lands in an index being stored.
  private work: Promise<unknown> = Promise.resolve();
  /** The last change of the index in `work` (not a snapshot save): what a search must wait for. */
  private changed: Promise<unknown> = Promise.resolve();
  private started: Promise<void> | null = null;
  /** Documents this engine is writing or deleting: Dexie reports its own writes as changes too. */
  private writing = new Set<string>();
  /** Query expansion for the keyword leg, once loaded (none in tests unless given). */
  lexicon: Lexicon | null = null;
  /** Fetches the learned translation table, the first time a search asks for it (none in tests unless given). */
  loadTranslation: () => Promise<TranslationTable | null> = async () => null;
  private translation: Promise<TranslationTable | null> | null = null;
  /** The built-in model's language tables, for the keyword leg across languages (none in tests unless given). */
  languages: LanguageTables | null = null;
  /** The German and French thesauri, for the keyword leg (none in tests unless given). */
  thesauri: Thesauri | null = null;
  /** The texts the hits shown are cut from (the index holds no copy of them). */
  private readonly texts: DocumentTexts;
  /** The background re-embedding of vectors an older recipe made; stopped by a model switch. */
  private readonly outdated: OutdatedVectors;
  /** Stores the index as a start-up snapshot, so a reload reads its parts instead of re-indexing. */
  private readonly snapshots: SnapshotTimer;

  constructor(
    private readonly db: CarrelDb,
    private readonly models: ModelAccess,
    snapshotDelay: SnapshotDelay = { quietMs: 3_000, maxWaitMs: 60_000 },
  ) {
    this.texts = new DocumentTexts(db);
    this.outdated = new OutdatedVectors({
      db,
      activeModel: () => this.model,
      embedder: (model) => this.models.tryEmbedder(model),
      replace: (modelId, docId, stored, order) => this.replaceVectors(modelId, docId, stored, order),
    });
    this.snapshots = new SnapshotTimer(snapshotDelay, (quiet) => {
      this.work = this.work
        .then(() => saveSnapshot(this.db, this.model.id, this.index, this.indexed))
        .catch((error) => console.warn('snapshot not saved', error))
        .then(() => void (quiet && this.index.settleVectors()));
    });
  }

  /**
   * Brings the index up to date with IndexedDB: the first call loads the active model's index (from
   * its snapshot when there is one) and every ready document; later calls read what other contexts
   * changed since (`noteChange`), or, when `force` says so, look at the documents or the active model
   * anyway (the eval and bench harness write their own). Nothing is read when nothing changed.
   * Answers how many documents the index holds.
   */
  async catchUp(force: Partial<Pick<ChangedParts, 'documents' | 'settings'>> = {}): Promise<{ documents: number }> {
    await this.open();
    const documents = this.stale.documents || !!force.documents;
    const settings = this.stale.settings || !!force.settings;
    this.stale = { documents: false, settings: false };
    if (settings) await this.catchUpModel();
    if (documents) await this.catchUpDocuments();
    // Not a snapshot being stored: it reads the index, and a search need not wait for its write.
    else await this.changed;
    return { documents: this.indexed.size };
  }

  /** The first catch-up: the active model's index (from its snapshot when there is one) and every ready document. */
  private open(): Promise<void> {
    this.started ??= (async () => {
      await this.useModel(await this.models.activeModel(this.db));
      await this.catchUpDocuments();
      void this.reembedOutdated();
      if (this.languages) void fetchLibraryTables(this.languages, this.index.languages());
      // The thesauri of the library's languages too, so its first question in one need not wait.
      for (const lang of this.index.languages()) if (lang !== 'en') void this.thesauri?.get(lang);
    })();
    return this.started;
  }

  /** Re-embeds in the background the active model's vectors an older recipe made (OutdatedVectors); resolves to how many documents it did. */
  reembedOutdated(): Promise<number> {
    return this.outdated.start();
  }

  /** Puts a document's new vectors (as stored) in the index, unless the model or the document changed meanwhile. */
  private replaceVectors(
    modelId: string,
    docId: string,
    stored: StoredVectorRecord,
    order: StoredOrder,
  ): Promise<unknown> {
    return this.exclusive(() => {
      if (this.model.id !== modelId || !this.indexed.has(docId)) return;
      this.index.replaceVectors(docId, unpackVectors(readVectors(stored, order)));
    });
  }

  /**
   * The catch-up of the active model: when a switch has completed (every document has the new
   * model's vectors), the index is rebuilt from those vectors. One settings read.
   */
  private async catchUpModel(): Promise<void> {
    const active = await this.models.activeModel(this.db);
    if (active.id === this.model.id) return;
    const previous = this.model.id;
    this.outdated.stop();
    await this.useModel(active);
    await this.catchUpDocuments();
    await this.models.unloadEmbedder(previous);
  }

  /**
   * IndexedDB changed: note it, so the next query (or `catchUp`) reads what changed, unless the
   * change was only this engine's own writing, which the index already holds.
   */
  noteChange(parts: ChangedParts): void {
    const own = !!parts.documentIds?.length && parts.documentIds.every((docId) => this.writing.has(docId));
    this.stale = {
      documents: this.stale.documents || (parts.documents && !own),
      settings: this.stale.settings || parts.settings,
    };
  }

  /** Runs one query; with `previous` (the last question searched), a follow-up is enriched with its key words. */
  async search({ query, previous, options }: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
    const began = performance.now();
    await this.catchUp();
    signal?.throwIfAborted();
    return searchIndex(
      {
        index: () => this.index,
        model: () => this.model,
        embedder: () => this.models.tryEmbedder(this.model),
        lexicon: () => this.lexicon,
        translation: () => (this.translation ??= this.loadTranslation()),
        languages: () => this.languages,
        thesauri: () => this.thesauri,
        text: (docId) => this.texts.get(docId, this.indexed.get(docId) ?? ''),
      },
      { query, previous, options },
      began,
      signal,
    );
  }

  /**
   * Embeds a document the file reader read, stores it in one transaction and adds it to the index
   * from memory. A model switch that completes meanwhile is followed: the document is embedded
   * again with the new model (the save refuses vectors of a model no longer active).
   */
  async store(request: StoreRequest, ctx: CallContext<IngestProgress>): Promise<StoreResult> {
    await this.catchUp();
    const docId = request.record.id;
    for (;;) {
      const model = this.model;
      const embedder = await this.models.tryEmbedder(model);
      const embedded = embedder
        ? await embedAll(
            embedder,
            docId,
            { ...request.record, sections: request.sections, propositions: request.propositions },
            ctx,
          )
        : null;
      const order = storedOrder(request.sections, request.propositions);
      const vectors = embedded && storedVectors(embedded, order);
      const stored: StoreRequest = { ...request, record: { ...request.record, modelId: vectors?.modelId } };
      ctx.progress({ stage: 'saving', done: 0, total: 1 });
      await loadLanguages(documentLanguages(stored.record, stored.sections, stored.propositions));
      const storedBytes = await this.writingDocuments([docId], () =>
        saveDocument(this.db, stored, vectors, ctx.signal),
      );
      if (storedBytes !== null) {
        await this.exclusive(() => {
          // Indexed from what was stored: int8 vectors read back as a reload would read them.
          if (this.model.id !== model.id) return;
          this.index.addDocument(
            stored.record,
            stored.sections,
            stored.propositions,
            unpackVectors(vectors ? readVectors(vectors, order) : undefined),
            stored.text.text,
          );
          this.indexed.set(docId, documentStamp(stored.record));
          this.texts.put(docId, documentStamp(stored.record), stored.text.text);
          this.snapshots.schedule();
        });
        return { embedded: !!vectors, record: stored.record, storedBytes };
      }
      await this.catchUpModel();
    }
  }

  /** Adds a backup's documents that are not stored yet (each in one transaction), and indexes them. */
  async importBackup(file: Blob, passphrase: string | undefined, signal: AbortSignal): Promise<ImportSummary> {
    await this.open();
    const summary = await importLibrary(this.db, file, passphrase, signal);
    // Dexie reported those writes as changes; the catch-up below reads them, so they need no second read.
    this.stale = { ...this.stale, documents: false };
    if (summary.added) {
      await this.catchUpDocuments();
      // A backup made before the last change of recipe, or with another model, brings vectors search cannot use.
      await this.outdated.lookAgain();
    }
    return summary;
  }

  /** Runs (or resumes) a switch to the target model, then searches with it. */
  async switchModel(ctx: CallContext<ReembedProgress>): Promise<{ modelId: string | null; documents: number }> {
    await this.open();
    const result = await switchModel({
      db: this.db,
      embedder: (model) => this.models.loadEmbedder(model),
      signal: ctx.signal,
      progress: ctx.progress,
    });
    await this.catchUpModel();
    return result;
  }

  /**
   * Stores a document another device sent, through `write` (one transaction, vectors included, so
   * nothing is embedded here), and indexes it. False when it was stored already.
   */
  async receive(docId: string, write: () => Promise<boolean>): Promise<boolean> {
    await this.open();
    if (!(await this.writingDocuments([docId], write))) return false;
    await this.reindex(docId, false);
    // From a device using another model: keywords find it until it is embedded here.
    if (!(await this.db.vectors.where(':id').equals([this.model.id, docId]).count())) await this.outdated.lookAgain();
    return true;
  }

  /**
   * The person's correction of a document's language: stored, and its passages indexed again in
   * it. The built-in model reads a passage through its language's table, so that model's vectors
   * of the document are marked outdated and made again in the background (search keeps the old
   * ones until then).
   */
  async setLanguage(docId: string, lang: string): Promise<void> {
    await this.open();
    const modelId = this.model.id;
    const reembed = vectorsFollowLanguage(modelId);
    await this.writingDocuments([docId], () =>
      this.db.transaction('rw', [this.db.documents, this.db.vectors], async () => {
        await this.db.documents.update(docId, { lang, langSet: true });
        if (reembed) await this.db.vectors.update([modelId, docId], { recipe: 0 });
      }),
    );
    await this.reindex(docId, true);
    if (reembed) await this.outdated.lookAgain();
  }

  /** Indexes a stored document (again, when `again`) from what Dexie holds. */
  private async reindex(docId: string, again: boolean): Promise<void> {
    await this.exclusive(async () => {
      if (this.indexed.has(docId) !== again) return;
      const stamp = await loadDocument(this.db, this.index, docId, this.model.id);
      if (stamp === null) return;
      this.indexed.set(docId, stamp);
      this.snapshots.schedule();
    });
  }

  /** Deletes a document and every record of it, and drops it from the index. */
  async remove(docId: string): Promise<void> {
    await this.open();
    await this.writingDocuments([docId], () => deleteDocument(this.db, docId));
    await this.dropFromIndex([docId]);
  }

  /** Takes documents out of the index (their records stay or go, as the caller says). */
  private dropFromIndex(docIds: string[]): Promise<unknown> {
    return this.exclusive(() => {
      const dropped = docIds.filter((docId) => this.indexed.delete(docId));
      for (const docId of dropped) this.index.removeDocument(docId);
      if (dropped.length) this.snapshots.schedule();
    });
  }

  /**
   * Marks documents removed, due for deletion at `removeAt` (`null`: the removal is undone). A marked
   * document leaves the index at once and comes back from IndexedDB when the mark is taken off.
   */
  async markRemoval(docIds: string[], removeAt: number | null): Promise<void> {
    await this.catchUp();
    await this.writingDocuments(docIds, () => markRemoval(this.db, docIds, removeAt));
    if (removeAt === null) {
      for (const docId of docIds) await this.reindex(docId, false);
      return;
    }
    await this.dropFromIndex(docIds);
  }

  /** Each document's section headings (what the library's filter matches besides titles and names). */
  async headings(docIds: string[]): Promise<Record<string, string[]>> {
    await this.catchUp();
    await this.changed;
    return documentHeadings(this.index, docIds);
  }

  /** Runs this engine's own write of documents; Dexie's report of it is then not taken for another tab's. */
  private async writingDocuments<T>(docIds: string[], write: () => Promise<T>): Promise<T> {
    for (const docId of docIds) this.writing.add(docId);
    try {
      return await write();
    } finally {
      for (const docId of docIds) this.writing.delete(docId);
    }
  }

  /** Runs `change` to the index after every read of the library under way, and before the next. */
  private exclusive(change: () => void | Promise<void>): Promise<unknown> {
    this.work = this.work.then(change).catch((error) => console.error('index change failed', error));
    this.changed = this.work;
    return this.work;
  }

  /** The catch-up of the documents: adds the ready ones the index lacks and drops those IndexedDB no longer has. */
  private catchUpDocuments(): Promise<unknown> {
    this.work = this.work
      .then(async () => {
        // Right after a restore, the documents it read are still the library: any change since
        // was noted (noteChange) and brings another catch-up.
        const known = this.restoredReady;
        this.restoredReady = undefined;
        const { added, removed } = await catchUpIndex(this.db, this.index, this.indexed, this.model.id, known);
        if (added + removed > 0) this.snapshots.schedule();
      })
      .catch((error) => console.error('index catch-up failed', error));
    this.changed = this.work;
    return this.work;
  }

  /**
   * Switches to `active` with its stored snapshot when there is one, else with an empty index that
   * the catch-up fills. Model and index change together, with no await between, so no catch-up or save mixes them.
   */
  private async useModel(active: ModelInfo): Promise<void> {
    const restored = await restoreSnapshot(this.db, active.id).catch((error: unknown) => {
      console.warn('snapshot not restored; indexing from the library', error);
      return null;
    });
    this.model = active;
    this.index = restored?.index ?? new LibraryIndex();
    this.indexed = restored?.indexed ?? new Map();
    this.restoredReady = restored?.ready;
    // Search answers from BM25 while the vectors are read; should they fail, the catch-up indexes those documents again.
    restored?.vectors.catch(() => this.catchUpDocuments());
  }
}
