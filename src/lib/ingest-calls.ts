/**
 * The two worker calls that ingest a queued file: the file reader reads and chunks it with the
 * chunking and OCR language chosen, and posts the records on a channel; the engine embeds, stores
 * and indexes what came down that channel. Each call stops on the file's signal, and is given up
 * when its worker goes quiet for too long.
 */
import type { IngestProgress, IngestResult, ReadOutcome } from '../../common/ingest';
import { chunking } from './chunking.svelte';
import { ocrLanguage } from './ocr-language.svelte';
import type { QueuedFile } from './queued-file.svelte';
import { withIngestLock } from './stored-queue';
import { STUCK_MS } from './stuck-watch';
import { engine, readFile, storeHandedOver } from './workers';

const INGEST_TIMEOUT_MS = 30 * 60_000;
/**
 * A file whose worker reports no progress for this long is given up and the worker restarted (see
 * WorkerOwner's watchdog): well after the row said "Stuck", for a person who is not watching.
 * Parsing and chunking report nothing until they are done and take up to ~10 s per MB on a loaded
 * 2-core machine (16.6 MB of Markdown: 117 s), so big files get longer. Tests shorten it through
 * a global.
 */
function stallMs(file: File): number {
  return (globalThis as { carrelStallMs?: number }).carrelStallMs ?? 3 * STUCK_MS + 20_000 * (file.size / 2 ** 20);
}

function callOptions(job: QueuedFile, signal: AbortSignal, onProgress: (event: IngestProgress) => void) {
  return { signal, timeoutMs: INGEST_TIMEOUT_MS, stallMs: stallMs(job.file), onProgress };
}

/** Has the file reader read `job`'s file (one file at a time across this browser's tabs) and post its records on `port`. */
export function readQueued(
  job: QueuedFile,
  port: MessagePort,
  signal: AbortSignal,
  onProgress: (event: IngestProgress) => void,
): Promise<ReadOutcome> {
  const { mode, delimiter, sizes } = chunking.current;
  const input = {
    file: job.file,
    password: job.password,
    chunkMode: mode,
    delimiter,
    sizes,
    force: job.force,
    jobKey: job.key,
    ocrLanguage: ocrLanguage.current,
  };
  return withIngestLock(() => readFile(input, port, callOptions(job, signal, onProgress)), signal);
}

/** Has the engine embed, store and index what the reader posted on `port`; answers the stored document. */
export function storeQueued(
  job: QueuedFile,
  port: MessagePort,
  signal: AbortSignal,
  onProgress: (event: IngestProgress) => void,
): Promise<IngestResult> {
  return storeHandedOver(port, callOptions(job, signal, onProgress));
}

/**
 * Has the engine load its model while a file is read, instead of once the read is handed over:
 * after a start of the engine (the page's, or a restart) the first file no longer waits for it.
 * A failure is left for the store, which loads the model itself and reports what went wrong.
 */
export function warmEngine(): void {
  engine.api.warmModel({}, { timeoutMs: INGEST_TIMEOUT_MS }).catch(() => undefined);
}
