/// <reference lib="webworker" />
import { openDb } from '../src/shared/db';
import { expose, type CallContext } from '../src/shared/rpc';
import { ingestFile, type IngestInput, type IngestProgress } from './ingest/pipeline';
import { tryEmbedder } from './model-loader';

const db = openDb();

let pdfjsModule: Promise<typeof import('pdfjs-dist')> | null = null;

/** pdf.js runs in this worker with its "fake worker" in-thread: no nested worker, no workerSrc. */
function pdfjs(): Promise<typeof import('pdfjs-dist')> {
  pdfjsModule ??= (async () => {
    const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist');
  })();
  return pdfjsModule;
}

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
