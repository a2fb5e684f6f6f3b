/** The worker owners, and reading a file through two of them. Workers start lazily on the first call. */
import type { EngineApi } from '../../workers/engine.worker';
import type { ReaderApi } from '../../workers/reader.worker';
import type { ViewApi } from '../../workers/view.worker';
import type { IngestInput, IngestProgress, IngestResult, ReadOutcome } from '../../common/ingest';
import { WorkerOwner, type CallOptions } from './worker-owner';

export const engine = new WorkerOwner<EngineApi>(
  'search engine',
  () => new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
);

export const fileReader = new WorkerOwner<ReaderApi>(
  'file reader',
  () => new Worker(new URL('../../workers/reader.worker.ts', import.meta.url), { type: 'module', name: 'reader' }),
);

/** Converts originals for the viewer, off the page: the page only draws what it answers. */
export const viewConverter = new WorkerOwner<ViewApi>(
  'viewer',
  () => new Worker(new URL('../../workers/view.worker.ts', import.meta.url), { type: 'module', name: 'view' }),
);

/**
 * Starts the file reader and has it load what reading needs, when files are on their way (the
 * picker opened, files dragged over the page): a first PDF then waits for none of it. A reader
 * that is ready already answers at once.
 */
export function warmReader(): void {
  fileReader.api.warm(undefined).catch((error: unknown) => console.warn('the file reader could not get ready', error));
}

/**
 * Has the file reader read and chunk one file. Unless its content is already stored, the reader
 * posts the records on `handOver` (the other end stays with the caller) and answers `handed-over`:
 * the reader is then free, and the engine takes the records when `storeHandedOver` is called.
 */
export function readFile(
  input: Omit<IngestInput, 'engine'>,
  handOver: MessagePort,
  options: CallOptions<IngestProgress> = {},
): Promise<ReadOutcome> {
  return fileReader.api.read({ ...input, engine: handOver }, { ...options, transfer: [handOver] });
}

/** Has the engine embed, store and index what a reader handed over on `port`; answers the stored document. */
export function storeHandedOver(port: MessagePort, options: CallOptions<IngestProgress> = {}): Promise<IngestResult> {
  return engine.api.storeHandedOver(port, { ...options, transfer: [port] });
}
