/**
 * A downloaded model is a record (the models table) and files (the model cache): the engine makes
 * and removes both in one call each, so the page never holds one without the other in flight.
 */
import type { CarrelDb, ModelRecord } from '../../common/db';
import {
  ALL_MODEL_FILES,
  MODEL_CACHE,
  WEIGHTS_FILE,
  modelFilePath,
  modelFiles,
  type ModelInfo,
} from '../../common/models';
import type { FetchRequest } from '../runtime/browser';
import type { DownloadProgress } from '../runtime/download';
import { putModel, removeModel } from './choices';

export interface InstallRequest {
  /** The model with the weights this device fetches (the page decides them from its WebGPU). */
  info: ModelInfo;
  /** The hub, or a mirror with its layout. */
  host: string;
  /** The cache the parts of an interrupted download wait in. */
  parts: FetchRequest['parts'];
}

export type FetchFiles = (
  request: FetchRequest,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
) => Promise<number>;

/**
 * Downloads (or resumes) a model: its record says `downloading` until every file is cached, then
 * `ready`. A deployment that serves the model itself under /models/ needs no download.
 */
export async function installModel(
  db: CarrelDb,
  { info, host, parts }: InstallRequest,
  fetchFiles: FetchFiles,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<void> {
  if (await servesFile(info.id, 'config.json')) {
    // The deployment may serve only the int8 weights (`npm run models:fetch` fetches those).
    const served = info.dtype === 'q8' || (await servesFile(info.id, WEIGHTS_FILE[info.dtype])) ? info.dtype : 'q8';
    await putModel(db, {
      id: info.id,
      info: { ...info, dtype: served },
      status: 'ready',
      done: 0,
      total: 0,
      source: 'self-hosted',
    });
    return;
  }
  const record: ModelRecord = {
    id: info.id,
    info,
    status: 'downloading',
    done: 0,
    total: info.bytes,
    source: 'download',
  };
  await putModel(db, record);
  onProgress({ done: 0, total: info.bytes, secondsLeft: null });
  const total = await fetchFiles(
    { modelId: info.id, fileNames: modelFiles(info.dtype), host, parts },
    signal,
    onProgress,
  );
  await putModel(db, { ...record, info: { ...info, bytes: total }, status: 'ready', done: total, total });
}

/**
 * Deletes a model's cached files (and the parts of an interrupted download), its vectors and its
 * record; false when search uses it or a switch goes to it (its files are then kept).
 */
export async function uninstallModel(db: CarrelDb, id: string, partsCache: string): Promise<boolean> {
  if (!(await removeModel(db, id))) return false;
  const [files, parts] = await Promise.all([caches.open(MODEL_CACHE), caches.open(partsCache)]);
  for (const key of await parts.keys())
    if (new URL(key.url).pathname.startsWith(`/models/${id}/`)) await parts.delete(key);
  await Promise.all(ALL_MODEL_FILES.map((file) => files.delete(modelFilePath(id, file))));
  return true;
}

/** Whether the deployment serves one of a model's files under /models/. */
async function servesFile(id: string, file: string): Promise<boolean> {
  const response = await fetch(modelFilePath(id, file), { method: 'HEAD' }).catch(() => null);
  // A missing file may come back as the app's index.html (SPA fallback): that is not the file.
  return !!response?.ok && !(response.headers.get('Content-Type') ?? '').includes('html');
}
