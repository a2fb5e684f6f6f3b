// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { modelFilePath, modelFiles } from '../../common/models';

const MODEL_FILES = modelFiles('q8');
import { downloadModel, PART_BYTES, type FileStore } from './download';

/** The Cache API methods the downloader uses, over a Map. */
function memoryStore(): FileStore & { keys(): string[] } {
  const entries = new Map<string, Blob>();
  return {
    keys: () => [...entries.keys()],
    match: async (key) => {
      const blob = entries.get(key);
      return blob && new Response(blob, { headers: { 'Content-Length': String(blob.size) } });
    },
    put: async (key, response) => void entries.set(key, await response.blob()),
    delete: async (key) => entries.delete(key),
  };
}

/** A hub answering Range requests from in-memory files; it can break off after a byte budget. */
function fakeHub(files: Record<string, Uint8Array>, budget = Infinity) {
  const hub = {
    served: 0,
    budget,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const file = files[String(input).split('/resolve/main/')[1]!];
      if (!file) return new Response('Entry not found', { status: 404 });
      const [, a, b] = /bytes=(\d+)-(\d+)/.exec(new Headers(init?.headers).get('Range') ?? '') ?? [];
      const start = Number(a ?? 0);
      const end = Math.min(Number(b ?? file.length - 1), file.length - 1);
      const body = file.slice(start, end + 1);
      const allowed = Math.max(0, Math.min(body.length, hub.budget));
      hub.budget -= allowed;
      hub.served += allowed;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          if (allowed > 0) controller.enqueue(body.slice(0, allowed));
          if (allowed < body.length) controller.error(new TypeError('network error'));
          else controller.close();
        },
      });
      return new Response(stream, {
        status: 206,
        headers: { 'Content-Range': `bytes ${start}-${end}/${file.length}` },
      });
    }) as typeof fetch,
  };
  return hub;
}

const bytes = (n: number, seed: number) => Buffer.from(Uint8Array.from({ length: n }, (_, i) => (i * seed) % 251));
const MODEL = Object.fromEntries(
  MODEL_FILES.map((file, i) => [file, bytes(file.endsWith('.onnx') ? 2 * PART_BYTES + 1000 : 300 + i, i + 3)]),
);
const TOTAL = Object.values(MODEL).reduce((n, f) => n + f.length, 0);

function run(hub: ReturnType<typeof fakeHub>, files: FileStore, parts: FileStore, progress: number[] = []) {
  return downloadModel({
    modelId: 'owner/model',
    fileNames: MODEL_FILES,
    host: 'https://hub.test/',
    files,
    parts,
    signal: new AbortController().signal,
    onProgress: (p) => progress.push(p.done),
    fetch: hub.fetch,
  });
}

describe('downloadModel', () => {
  it('stores every file whole under its same-origin path and reports progress up to the total', async () => {
    const files = memoryStore();
    const parts = memoryStore();
    const progress: number[] = [];
    expect(await run(fakeHub(MODEL), files, parts, progress)).toBe(TOTAL);
    for (const file of MODEL_FILES) {
      const stored = Buffer.from(await (await files.match(modelFilePath('owner/model', file)))!.arrayBuffer());
      expect(stored.equals(MODEL[file]!), file).toBe(true);
    }
    expect(parts.keys()).toEqual([]);
    expect(progress.at(-1)).toBe(TOTAL);
    expect(progress.some((done) => done > 0 && done < TOTAL)).toBe(true);
  });

  it('resumes after a dropped connection, fetching only the parts that had not arrived', async () => {
    const files = memoryStore();
    const parts = memoryStore();
    const broken = fakeHub(MODEL, PART_BYTES + 5000);
    await expect(run(broken, files, parts)).rejects.toThrow('the connection was interrupted');
    const healed = fakeHub(MODEL);
    await run(healed, files, parts);
    const weights = MODEL['onnx/model_quantized.onnx']!;
    const stored = Buffer.from(
      await (await files.match(modelFilePath('owner/model', 'onnx/model_quantized.onnx')))!.arrayBuffer(),
    );
    expect(stored.equals(weights)).toBe(true);
    // The first part of the weights and the JSON files came the first time; one-byte size probes aside.
    expect(healed.served).toBeLessThanOrEqual(weights.length - PART_BYTES + 1);
  });

  it('says what the server answered when the hub has no such model, without naming its files', async () => {
    const { 'config.json': _, ...withoutConfig } = MODEL;
    const refused = run(fakeHub(withoutConfig), memoryStore(), memoryStore());
    await expect(refused).rejects.toThrow('A file of the model could not be downloaded: the server answered 404.');
    await expect(refused).rejects.not.toThrow(/config\.json/);
  });

  it('says the network is unreachable when nothing could start', async () => {
    const offline = { fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch };
    const refused = run(offline as unknown as ReturnType<typeof fakeHub>, memoryStore(), memoryStore());
    await expect(refused).rejects.toMatchObject({ code: 'NETWORK_UNREACHABLE' });
    await expect(refused).rejects.toThrow(/cannot be reached: this device seems to be offline/);
  });
});
