/**
 * Downloads a model's files in parts with Range requests, into the Cache API. Each finished part
 * is stored at once, so an interrupted download (lost connection, closed tab, Cancel) resumes
 * from the last whole part. When all parts of a file are in, they are joined into one entry under
 * the file's same-origin path, where the model runtime looks first.
 */
import { modelFilePath, remoteFileUrl } from '../../common/models';
import { AppError } from '../../common/types';

/** The few Cache API methods used (a Map-backed fake in unit tests). */
export interface FileStore {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
  delete(key: string): Promise<boolean>;
}

export interface DownloadProgress {
  done: number;
  total: number;
  /** Estimated from this session's speed; null until something has arrived. */
  secondsLeft: number | null;
}

export interface DownloadOptions {
  modelId: string;
  /** The files to fetch (`modelFiles(dtype)`). */
  fileNames: readonly string[];
  /** `https://huggingface.co` or a mirror with the same `/{model}/resolve/main/{file}` layout. */
  host: string;
  files: FileStore;
  parts: FileStore;
  signal: AbortSignal;
  onProgress(progress: DownloadProgress): void;
  fetch?: typeof fetch;
}

export const PART_BYTES = 2 * 2 ** 20;

const partKey = (modelId: string, file: string, part: number) => `${modelFilePath(modelId, file)}?part=${part}`;

function failure(file: string, reason: string): AppError {
  return new AppError('MODEL_DOWNLOAD', `Could not download ${file}: ${reason}.`);
}

/** The file's size, from a one-byte Range request (its Content-Range gives the whole length). */
async function remoteSize(url: string, file: string, opts: DownloadOptions): Promise<number> {
  const response = await (opts.fetch ?? fetch)(url, { headers: { Range: 'bytes=0-0' }, signal: opts.signal }).catch(
    (error: unknown) => {
      throw opts.signal.aborted ? error : failure(file, 'the server could not be reached');
    },
  );
  await response.body?.cancel();
  if (!response.ok) throw failure(file, `the server answered ${response.status}`);
  const range = /\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '');
  const size = Number(range?.[1] ?? response.headers.get('Content-Length'));
  if (!Number.isFinite(size) || size <= 0) throw failure(file, 'the server did not say how large it is');
  return size;
}

/** Reads a body to the end, reporting each chunk as it arrives. */
async function readBody(response: Response, onChunk: (bytes: number) => void): Promise<Blob> {
  const chunks: Uint8Array[] = [];
  const reader = response.body!.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    onChunk(next.value.byteLength);
  }
  return new Blob(chunks as BlobPart[]);
}

/** Downloads every missing part of every model file; resolves to the model's total bytes. */
export async function downloadModel(opts: DownloadOptions): Promise<number> {
  const { modelId, files, parts, signal } = opts;
  const todo = [];
  for (const file of opts.fileNames) {
    if (await files.match(modelFilePath(modelId, file))) continue;
    todo.push({ file, url: remoteFileUrl(opts.host, modelId, file) });
  }
  const sizes = await Promise.all(todo.map(({ url, file }) => remoteSize(url, file, opts)));
  const stored = await Promise.all(
    opts.fileNames.map(async (file) =>
      Number((await files.match(modelFilePath(modelId, file)))?.headers.get('Content-Length') ?? 0),
    ),
  );
  const total = stored.reduce((a, b) => a + b, 0) + sizes.reduce((a, b) => a + b, 0);
  let done = stored.reduce((a, b) => a + b, 0);
  const began = performance.now();
  let fetchedNow = 0;
  const report = () => {
    const seconds = (performance.now() - began) / 1000;
    const secondsLeft = fetchedNow > 0 ? ((total - done) * seconds) / fetchedNow : null;
    opts.onProgress({ done, total, secondsLeft });
  };

  for (const [i, { file, url }] of todo.entries()) {
    const size = sizes[i]!;
    const count = Math.ceil(size / PART_BYTES);
    const blobs: Blob[] = [];
    for (let part = 0; part < count; part++) {
      signal.throwIfAborted();
      const start = part * PART_BYTES;
      const end = Math.min(size, start + PART_BYTES) - 1;
      let blob = await (await parts.match(partKey(modelId, file, part)))?.blob();
      if (blob?.size === end - start + 1) {
        done += blob.size;
      } else {
        blob = await fetchPart(url, file, start, end, opts, (bytes) => {
          done += bytes;
          fetchedNow += bytes;
          report();
        });
        await parts.put(partKey(modelId, file, part), new Response(blob));
      }
      blobs.push(blob);
      report();
    }
    const whole = new Blob(blobs, { type: file.endsWith('.json') ? 'application/json' : 'application/octet-stream' });
    await files.put(
      modelFilePath(modelId, file),
      new Response(whole, { headers: { 'Content-Type': whole.type, 'Content-Length': String(whole.size) } }),
    );
    for (let part = 0; part < count; part++) await parts.delete(partKey(modelId, file, part));
  }
  report();
  return total;
}

async function fetchPart(
  url: string,
  file: string,
  start: number,
  end: number,
  opts: DownloadOptions,
  onChunk: (bytes: number) => void,
): Promise<Blob> {
  let received = 0;
  try {
    const response = await (opts.fetch ?? fetch)(url, {
      headers: { Range: `bytes=${start}-${end}` },
      signal: opts.signal,
    });
    if (response.status !== 206 && !(response.status === 200 && start === 0))
      throw failure(file, `the server answered ${response.status} to a range request`);
    const blob = await readBody(response, (bytes) => {
      received += bytes;
      onChunk(bytes);
    });
    if (blob.size !== end - start + 1) throw failure(file, 'the connection was interrupted');
    return blob;
  } catch (error) {
    onChunk(-received); // the partial part is thrown away, so it does not count as done
    if (opts.signal.aborted || error instanceof AppError) throw error;
    throw failure(file, 'the connection was interrupted');
  }
}
