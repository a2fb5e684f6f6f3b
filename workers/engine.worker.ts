/// <reference lib="webworker" />
/** The search engine's worker: wires `Engine` (workers/engine/engine.ts) to the page and to Dexie's change events. */
import Dexie, { type ObservabilitySet } from 'dexie';
import { openDb, TARGET_MODEL_KEY, type ConversationTurn, type JobRecord } from '../common/db';
import {
  storedResult,
  type HandOver,
  type IngestProgress,
  type IngestResult,
  type ReembedProgress,
} from '../common/ingest';
import type { ModelInfo } from '../common/models';
import type { ChosenSetting } from '../common/settings';
import { assembleContext } from '../common/text/prompt';
import { approximateTokens } from '../common/text/tokens';
import { expose, receiveOne, type CallContext } from '../common/rpc';
import { pacedProgress } from '../common/ingest-progress-pace';
import type { ResultHit } from '../common/types';
import {
  activeModel,
  chosenModels,
  embeddingModel,
  loadEmbedder,
  modelError,
  tryEmbedder,
  unloadEmbedder,
} from './embed/embedders';
import type { DownloadProgress } from './runtime/download';
import { fetchModelFiles, runtime, type FetchRequest } from './runtime/browser';
import { backupFileName, backupIsEncrypted, exportLibrary } from './engine/backup';
import { adoptSettings, chooseModel, saveSetting } from './engine/choices';
import { installModel, uninstallModel, type InstallRequest } from './engine/installed-models';
import { Engine } from './engine/engine';
import { changedParts } from '../common/db-changes';
import { stillMarked, storedBytes } from './engine/library-facts';
import { loadLexicon } from './retrieve/lexicon';
import { loadTranslation } from './retrieve/translation';
import { languageTables } from './embed/language-tables';
import { thesauri } from './retrieve/thesaurus';
import { adoptJobs, forgetJobs, pauseJobs, queueJobs } from './engine/jobs';
import { deleteConversation, renameConversation, saveTurn, splitOffLastTurn } from './engine/conversations';
import type { SyncStatus } from '../common/sync';
import { browserPouch } from './engine/replication/browser-pouch';
import { writeDocumentPayload } from './engine/replication/records';
import { LOCAL_COPY, Replication, type StartRequest } from './engine/replication/replication';
import { indexedDbKeyStore } from './engine/replication/key-store';

const db = openDb();
runtime.plan(chosenModels(db).then((models) => models.map(embeddingModel)));
const engine = new Engine(db, { activeModel, tryEmbedder, loadEmbedder, unloadEmbedder });
const lexiconLoaded = loadLexicon().then((lexicon) => void (engine.lexicon = lexicon));
engine.loadTranslation = loadTranslation;
engine.languages = languageTables;
engine.thesauri = thesauri;
// Sync applies what arrives through the engine, the one writer of the library.
const replication = new Replication(
  db,
  browserPouch,
  {
    receive: (payload) => engine.receive(payload.document.id, () => writeDocumentPayload(db, payload)),
    remove: (docId) => engine.remove(docId),
  },
  LOCAL_COPY,
  indexedDbKeyStore(self.indexedDB),
);

/**
 * Documents or settings changed by any tab or worker: noted at once (so a query reads them first),
 * and read within a second, at most once a second — a folder of thousands of files commits
 * thousands of times.
 */
const onChange = (() => {
  const THROTTLE_MS = 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (parts: ObservabilitySet) => {
    const changed = changedParts(db.name, parts);
    const conversations = Object.keys(parts).some((part) => part.startsWith(`idb://${db.name}/conversations/`));
    if (!changed.documents && !changed.settings && !conversations) return;
    engine.noteChange(changed);
    timer ??= setTimeout(() => {
      timer = undefined;
      void engine.catchUp();
      replication.libraryChanged();
    }, THROTTLE_MS);
  };
})();
Dexie.on('storagemutated', onChange);
void engine.catchUp();
void replication.resumeRemembered();

const api = {
  /**
   * Loads the library into memory and starts the model; resolves when search can answer.
   * Rejects with FRESH_WORKER when the model runs on WebGPU, which only a fresh worker can start.
   */
  async init(_: Record<string, never>) {
    await Promise.all([engine.catchUp({ settings: true }), lexiconLoaded]);
    await runtime.requireWorkerFor(embeddingModel(engine.model));
    const embedder = await tryEmbedder(engine.model);
    return {
      documents: engine.indexed.size,
      modelId: engine.model.id,
      modelLabel: engine.model.label,
      device: embedder?.device ?? null,
      modelError: embedder ? null : modelError(engine.model),
    };
  },

  /**
   * Starts loading the active model, so that a file being read meanwhile is embedded without
   * waiting for it (the ingest queue calls this as a read starts). A model that would need a fresh
   * worker is left to `init`: restarting this one could stop a store under way.
   */
  async warmModel(_: Record<string, never>): Promise<void> {
    await engine.catchUp();
    if (await runtime.needsFreshWorker(embeddingModel(engine.model))) return;
    await tryEmbedder(engine.model);
  },

  /** Runs one query through the selected strategy; the model's absence degrades to keywords. */
  search(request: Parameters<Engine['search']>[0], ctx: CallContext) {
    return engine.search(request, ctx.signal);
  },

  /**
   * Embeds, stores and indexes the document a file reader read: its records wait on `port`, the
   * file's channel from the reader, which posted them there before the page handed the port over.
   * Answers the stored document; aborted, it stores nothing.
   */
  async storeHandedOver(port: MessagePort, ctx: CallContext<IngestProgress>): Promise<IngestResult> {
    const { request } = await receiveOne<HandOver>(port, ctx.signal);
    const paced = pacedProgress(ctx.progress);
    try {
      const { embedded, record, storedBytes } = await engine.store(request, {
        signal: ctx.signal,
        progress: paced.progress,
      });
      return storedResult(record, embedded, storedBytes);
    } finally {
      paced.end();
    }
  },

  /**
   * Re-embeds the library with the model being switched to, then searches with it. Rejects with
   * FRESH_WORKER when that model needs WebGPU, which only a fresh worker can start.
   */
  async switchModel(_: Record<string, never>, ctx: CallContext<ReembedProgress>) {
    const target = (await db.settings.get(TARGET_MODEL_KEY))?.value as ModelInfo | undefined;
    if (target) await runtime.requireWorkerFor(embeddingModel(target));
    return engine.switchModel(ctx);
  },

  /** Downloads a model's files (an embedding model, an OCR language) into the model cache; resumes what arrived before. */
  download(request: FetchRequest, ctx: CallContext<DownloadProgress>) {
    return fetchModelFiles(request, ctx.signal, (progress) => ctx.progress(progress));
  },

  /** Stores a setting chosen in the page (the page reads it back live). */
  saveSetting(setting: ChosenSetting) {
    return saveSetting(db, setting);
  },

  /** Stores the settings not set yet (a browser's older copies of them); returns the keys stored. */
  adoptSettings({ settings }: { settings: ChosenSetting[] }) {
    return adoptSettings(db, settings);
  },

  /** Makes `info` the model the library switches to (the page then calls `switchModel`). */
  chooseModel({ info }: { info: ModelInfo }) {
    return chooseModel(db, info);
  },

  /** Downloads (or resumes) a model into the model cache and records it; a self-hosted one is only recorded. */
  installModel(request: InstallRequest, ctx: CallContext<DownloadProgress>) {
    return installModel(db, request, fetchModelFiles, ctx.signal, (progress) => ctx.progress(progress));
  },

  /** Deletes a model's files, vectors and record; false when search uses it or a switch goes to it. */
  uninstallModel({ id, parts }: { id: string; parts: InstallRequest['parts'] }) {
    return uninstallModel(db, id, parts);
  },

  /** The whole library as one backup file (encrypted when given a passphrase), and the name to save it under. */
  async exportBackup({ passphrase }: { passphrase?: string }) {
    return { blob: await exportLibrary(db, passphrase), name: backupFileName() };
  },

  /** Whether a backup file needs a passphrase (throws on a foreign, damaged or newer file). */
  backupIsEncrypted({ file }: { file: Blob }) {
    return backupIsEncrypted(file);
  },

  /** Adds a backup's documents that are not stored yet, and indexes them. */
  importBackup({ file, passphrase }: { file: Blob; passphrase?: string }, ctx: CallContext) {
    return engine.importBackup(file, passphrase, ctx.signal);
  },

  /** Reads every document written elsewhere since the last read (the eval and bench harness write their own). */
  catchUp(_: Record<string, never>) {
    return engine.catchUp({ documents: true });
  },

  /** Deletes a document and every record of it. */
  remove({ docId }: { docId: string }) {
    return engine.remove(docId);
  },

  /** Hides documents from the list and from search until `removeAt` (ms), when `finishRemoval` deletes them; `null` undoes it. */
  markRemoval({ docIds, removeAt }: { docIds: string[]; removeAt: number | null }) {
    return engine.markRemoval(docIds, removeAt);
  },

  /** Deletes the documents among `docIds` still marked for removal (another tab may have undone it). */
  async finishRemoval({ docIds }: { docIds: string[] }) {
    for (const docId of await stillMarked(db, docIds)) await engine.remove(docId);
  },

  /** Each document's section headings, for the library's filter. */
  headings({ docIds }: { docIds: string[] }) {
    return engine.headings(docIds);
  },

  /** The bytes each document's records take (its original, text, passages and vectors). */
  async storedSizes({ docIds }: { docIds: string[] }) {
    const sizes: Record<string, number> = {};
    for (const docId of docIds) sizes[docId] = await storedBytes(db, docId);
    return sizes;
  },

  /** Notes when a document was opened in the viewer (the library sorts by it). */
  async noteOpened({ docId, at }: { docId: string; at: number }) {
    await db.documents.update(docId, { openedAt: at });
  },

  /** Sets a document's language (the person's correction); its keywords are indexed again in it. */
  setLanguage({ docId, lang }: { docId: string; lang: string }) {
    return engine.setLanguage(docId, lang);
  },

  /** Makes the token-budgeted, cited context for the given results. */
  async context({ hits, budget }: { hits: ResultHit[]; budget: number }) {
    const embedder = await tryEmbedder(engine.model);
    const countTokens = embedder ? (text: string) => embedder.countTokens(text) : approximateTokens;
    return assembleContext(hits, { budget, countTokens });
  },

  /** Writes files added to the ingest queue, so a reload finds them. */
  queueJobs({ records }: { records: JobRecord[] }) {
    return queueJobs(db, records);
  },

  /** Keeps files paused (or not) across a reload. */
  pauseJobs({ keys, paused }: { keys: string[]; paused: boolean }) {
    return pauseJobs(db, keys, paused);
  },

  /** Drops files that failed, were cancelled or were already in the library from the stored queue. */
  forgetJobs({ keys }: { keys: string[] }) {
    return forgetJobs(db, keys);
  },

  /** Gives tab `tabId` the queued files of tabs that are gone. */
  adoptJobs({ tabId }: { tabId: string }) {
    return adoptJobs(db, tabId);
  },

  /** Adds a question and its answer to conversation `id` (a new one when null); answers that conversation's id. */
  saveTurn({ id, turn }: { id: string | null; turn: ConversationTurn }) {
    return saveTurn(db, id, turn);
  },

  /** Moves the last question of conversation `id` into a new conversation; answers its id. */
  splitConversation({ id }: { id: string }) {
    return splitOffLastTurn(db, id);
  },

  renameConversation({ id, title }: { id: string; title: string }) {
    return renameConversation(db, id, title);
  },

  deleteConversation({ id }: { id: string }) {
    return deleteConversation(db, id);
  },
};

const syncApi = {
  /** Starts sync with a server (the first device makes the library's key); answers the status. */
  syncStart(request: StartRequest) {
    return replication.start(request);
  },

  /** Stores the server and device, so that a fresh engine's policy allows the server (see Replication.configure). */
  syncConfigure(request: Omit<StartRequest, 'passphrase'>) {
    return replication.configure(request);
  },

  syncPause(_: Record<string, never>) {
    return replication.pause();
  },

  /** Resumes a paused sync; after a reload, with the passphrase. */
  syncResume({ passphrase }: { passphrase?: string }) {
    return replication.resume(passphrase);
  },

  /** Forgets the sync keys remembered on this device. */
  syncForgetKey(_: Record<string, never>) {
    return replication.forgetKey();
  },

  /** Ends sync on this device (the library and the server's copy stay). */
  syncForget(_: Record<string, never>) {
    return replication.forget();
  },

  /** Sends the sync status now and at every change, until the caller aborts. */
  watchSync(_: Record<string, never>, ctx: CallContext<SyncStatus>): Promise<void> {
    return new Promise((resolve) => {
      const stop = replication.watch((status) => ctx.progress(status));
      ctx.signal.addEventListener('abort', () => (stop(), resolve()), { once: true });
    });
  },
};

export type EngineApi = typeof api & typeof syncApi;

expose({ ...api, ...syncApi }, self);
