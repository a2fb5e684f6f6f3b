/// <reference lib="webworker" />
/**
 * The file reader: parses and chunks files, counting tokens with the active model's tokenizer
 * (never its weights), and hands each document to the engine worker over the port it came with.
 */
import * as pdfjsLib from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.min.mjs';
import { openDb } from '../src/shared/db';
import { connect, expose, type CallContext } from '../src/shared/rpc';
import { Ocr } from './parse/ocr';
import type { IngestInput, IngestProgress } from '../src/shared/ingest';
import { ingestFile } from './ingest/pipeline';
import { BUILTIN_OCR_LANGUAGE } from '../src/shared/ocr-languages';
import { activeModel, tryTokenCounter } from './model-loader';
import type { ReaderApi } from './engine.worker';

const db = openDb();

// pdf.js runs in this worker with its "fake worker" in-thread: no nested worker, no workerSrc.
// Imported statically: a dynamic import would pull in Vite's preload helper, which needs `document`.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;
const pdfjs = async () => pdfjsLib;
// One OCR engine for this worker, started on the first scanned page.
const ocr = new Ocr(self.location.origin);

const api = {
  /** Reads and chunks one file, and has the engine embed and store it. */
  async ingest({ engine: port, ...input }: IngestInput, ctx: CallContext<IngestProgress>) {
    const engine = connect<ReaderApi>(port);
    try {
      return await ingestFile(input, {
        db,
        tokenCounter: async () => tryTokenCounter(await activeModel(db)),
        store: (request) => engine.store(request, { signal: ctx.signal, onProgress: ctx.progress }),
        pdfjs,
        ocr: ocr.in(input.ocrLanguage ?? BUILTIN_OCR_LANGUAGE, ctx.signal),
        signal: ctx.signal,
        progress: ctx.progress,
      });
    } finally {
      port.close();
    }
  },
};

export type IngestApi = typeof api;

expose(api, self);
