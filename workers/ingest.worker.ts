/// <reference lib="webworker" />
import * as pdfjsLib from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.min.mjs';
import { openDb } from '../src/shared/db';
import { expose, type CallContext } from '../src/shared/rpc';
import { Ocr } from './parse/ocr';
import type { IngestInput, IngestProgress, ReembedProgress } from '../src/shared/ingest';
import { ingestFile } from './ingest/pipeline';
import { switchModel } from './ingest/reembed';
import { TARGET_MODEL_KEY } from '../src/shared/db';
import { BUILTIN_OCR_LANGUAGE } from '../src/shared/ocr-languages';
import type { ModelInfo } from '../src/shared/models';
import { activeModel, chosenModels, loadEmbedder, needsFreshWorker, planRuntime, tryEmbedder } from './model-loader';

const db = openDb();
planRuntime(chosenModels(db));

// pdf.js runs in this worker with its "fake worker" in-thread: no nested worker, no workerSrc.
// Imported statically: a dynamic import would pull in Vite's preload helper, which needs `document`.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;
const pdfjs = async () => pdfjsLib;
// One OCR engine for this worker, started on the first scanned page.
const ocr = new Ocr(self.location.origin);

const api = {
  /** Reads, chunks and embeds one file with the active model, and stores it. */
  ingest(input: IngestInput, ctx: CallContext<IngestProgress>) {
    return ingestFile(input, {
      db,
      embedder: async () => tryEmbedder(await activeModel(db)),
      pdfjs,
      ocr: ocr.in(input.ocrLanguage ?? BUILTIN_OCR_LANGUAGE, ctx.signal),
      signal: ctx.signal,
      progress: (event) => ctx.progress(event),
    });
  },

  /**
   * Re-embeds the library with the model being switched to, then makes it the active one. Answers
   * `freshWorker` instead when that model needs WebGPU, which only a fresh worker can start.
   */
  async switchModel(_: Record<string, never>, ctx: CallContext<ReembedProgress>) {
    const target = (await db.settings.get(TARGET_MODEL_KEY))?.value as ModelInfo | undefined;
    if (target && (await needsFreshWorker(target))) return { modelId: null, documents: 0, freshWorker: true };
    return switchModel({
      db,
      embedder: (model) => loadEmbedder(model),
      signal: ctx.signal,
      progress: (event) => ctx.progress(event),
    });
  },
};

export type IngestApi = typeof api;

expose(api, self);
