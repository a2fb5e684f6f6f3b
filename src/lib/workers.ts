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
 * read with its error, and a fresh engine (for WebGPU) waits until the file is stored. Once the
 * file is handed over, the engine's answer is the one that counts: a reader that crashes or hangs
 * after that (while it reads the next file) does not fail this one. With `turn`, the engine takes
 * the file only once that settles (the previous file is done with): the reader parses this file
 * meanwhile, and what it hands over waits in the channel.
 */
export async function ingest(input: Omit<IngestInput, 'engine'>, { turn, ...options }: CallOptions<IngestProgress> & { turn?: Promise<void> } = {}): Promise<IngestResult> {
  const { port1, port2 } = new MessageChannel();
  const finished = new AbortController();
  const serving = (turn ?? Promise.resolve()).then(() => engine.api.serveReader(port1, { signal: finished.signal, transfer: [port1], timeoutMs: options.timeoutMs }));
  serving.catch(() => finished.abort());
  const signal = options.signal ? AbortSignal.any([options.signal, finished.signal]) : finished.signal;
  let handedOver = false;
  const onProgress = (event: IngestProgress) => {
    if (event.stage === 'embedding' || event.stage === 'saving') handedOver = true;
    options.onProgress?.(event);
  };
  try {
    const reading = ingester.api.ingest({ ...input, engine: port2 }, { ...options, onProgress, signal, transfer: [port2] });
    const fromReader = reading.catch(async (error: unknown) => {
      // Handed over: the engine says how it ended (null: it did not store the file).
      const stored = handedOver ? await serving.catch(() => null) : null;
      if (stored) return stored;
      throw error;
    });
    const fromEngine = serving.then((stored) => stored ?? fromReader);
    return await Promise.race([fromReader, fromEngine]);
  } finally {
    finished.abort();
  }
}
