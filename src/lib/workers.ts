/** The two worker owners, and reading a file through both. Workers start lazily on the first call. */
import type { EngineApi } from '../../workers/engine.worker';
import type { IngestApi } from '../../workers/ingest.worker';
import type { IngestInput, IngestProgress, IngestResult } from '../shared/ingest';
import { WorkerOwner, type CallOptions } from './worker-owner';

export const engine = new WorkerOwner<EngineApi>(
  'search engine',
  () => new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
);

export const ingester = new WorkerOwner<IngestApi>(
  'file reader',
  () => new Worker(new URL('../../workers/ingest.worker.ts', import.meta.url), { type: 'module', name: 'ingest' }),
);

/**
 * Reads one file into the library: the file reader parses and chunks it, then hands the records
 * straight to the engine over a channel made for this file, and the engine embeds, stores and
 * indexes them. Resolves once the document is searchable.
 *
 * The engine serves the channel for as long as the file is read, so a crash of the engine ends the
 * read with its error, and a fresh engine (for WebGPU) waits until the file is stored.
 */
export async function ingest(input: Omit<IngestInput, 'engine'>, options: CallOptions<IngestProgress> = {}): Promise<IngestResult> {
  const { port1, port2 } = new MessageChannel();
  const finished = new AbortController();
  const serving = engine.api.serveReader(port1, { signal: finished.signal, transfer: [port1], timeoutMs: options.timeoutMs });
  serving.catch(() => finished.abort());
  const signal = options.signal ? AbortSignal.any([options.signal, finished.signal]) : finished.signal;
  try {
    const reading = ingester.api.ingest({ ...input, engine: port2 }, { ...options, signal, transfer: [port2] });
    return await Promise.race([reading, serving.then(() => reading)]);
  } finally {
    finished.abort();
  }
}
