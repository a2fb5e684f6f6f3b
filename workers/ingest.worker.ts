/// <reference lib="webworker" />
import * as pdfjsLib from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.min.mjs';
import { openDb } from '../src/shared/db';
import { expose, type CallContext } from '../src/shared/rpc';
import { ingestFile, type IngestInput, type IngestProgress } from './ingest/pipeline';
import { tryEmbedder } from './model-loader';

const db = openDb();

// pdf.js runs in this worker with its "fake worker" in-thread: no nested worker, no workerSrc.
// Imported statically: a dynamic import would pull in Vite's preload helper, which needs `document`.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;
const pdfjs = async () => pdfjsLib;

const api = {
  ingest(input: IngestInput, ctx: CallContext) {
    return ingestFile(input, {
      db,
      embedder: tryEmbedder,
      pdfjs,
      signal: ctx.signal,
      progress: (event: IngestProgress) => ctx.progress(event),
    });
  },
};

export type IngestApi = typeof api;

expose(api, self);
