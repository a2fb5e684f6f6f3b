/**
 * The harness page: Carrel's real workers (reader.worker and engine.worker behind the app's
 * WorkerOwner) driven from Node through Playwright by `npm run chunk`, `npm run eval` and the corpus
 * tests. Nothing here re-implements the pipeline; it only feeds it and reads back.
 */
import { engine, fileReader } from '../../src/lib/workers';
import { backends } from './backends';
import { bench } from './bench';
import { sampleSentences } from './bench-text';
import { chunkFile } from './chunk-file';
import { generation } from './generation';
import { ingest, reset } from './library';
import { ocrBench } from './ocr-bench';
import { query } from './queries';
import { askQuestions } from './questions';
import { score } from './score';
import { stageLosses } from './stages';
import { synthetic } from './synthetic-bench';
import { useModel } from './use-model';

const ENGINE_START_TIMEOUT_MS = 120_000;

/** Starts the engine (library + model); says which model and device it runs. */
function ready() {
  return engine.api.init({}, { timeoutMs: ENGINE_START_TIMEOUT_MS });
}

const api = {
  ready,
  /** What the app does when the picker opens or files are dragged in (warmReader), awaited. */
  warmReader: () => fileReader.api.warm(undefined),
  askQuestions,
  bench,
  backends: (count: number) => backends(sampleSentences(count)),
  chunkFile,
  generation,
  ingest,
  ocrBench,
  query,
  reset,
  score,
  stageLosses,
  synthetic,
  useModel,
};

/** What the page exposes as `window.carrel`. */
export type HarnessApi = typeof api;

declare global {
  interface Window {
    carrel: HarnessApi;
  }
}

window.carrel = api;
