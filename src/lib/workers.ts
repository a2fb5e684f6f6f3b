/** The two worker owners. Workers start lazily on the first call. */
import type { EngineApi } from '../../workers/engine.worker';
import type { IngestApi } from '../../workers/ingest.worker';
import { WorkerOwner } from './worker-owner';

export const engine = new WorkerOwner<EngineApi>(
  'search engine',
  () => new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }),
);

export const ingester = new WorkerOwner<IngestApi>(
  'file reader',
  () => new Worker(new URL('../../workers/ingest.worker.ts', import.meta.url), { type: 'module', name: 'ingest' }),
);
