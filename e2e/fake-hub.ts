/**
 * A local stand-in for the Hugging Face hub: `/{model}/resolve/main/{file}` from a folder, with
 * Range requests and CORS, on 127.0.0.1. It can cut every response after a byte budget, as a
 * dropped connection would, so the tests can interrupt a download and resume it; or hold the
 * responses after a budget, as a slow line would, so a test can watch a download under way.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';

/** Beside the app's port (E2E_PORT + 10) unless E2E_HUB_PORT says otherwise. */
export { HUB_PORT } from '../scripts/lib/e2e-ports.mjs';

export interface FakeHub {
  url: string;
  /** Bytes of model files sent so far. */
  served(): number;
  /** From now on every response breaks off once `bytes` more bytes have been sent in total. */
  cutAfter(bytes: number): void;
  /** From now on responses stall (the connection stays open) once `bytes` more bytes have been sent, until `heal`. */
  holdAfter(bytes: number): void;
  /** Serve normally again (held responses go on). */
  heal(): void;
  close(): Promise<void>;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Range',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Length, Accept-Ranges',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

function fileFor(root: string, url: string): string | null {
  const match = /^\/(.+)\/resolve\/main\/(.+)$/.exec(decodeURIComponent(new URL(url, 'http://x').pathname));
  if (!match) return null;
  const file = normalize(join(root, match[1]!, match[2]!));
  if (!file.startsWith(normalize(root) + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** Parses `bytes=a-b` / `bytes=a-` against a file of `size` bytes. */
function byteRange(header: string | undefined, size: number): [number, number] | null {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start <= end ? [start, end] : null;
}

const SLICE = 128 * 1024;

/**
 * Sends the body in slices at about 2.5 MB/s, as a real network would, so a person (or a test)
 * can watch the progress; `broken` drops the connection after the last slice.
 */
async function trickle(response: ServerResponse, body: Uint8Array, broken: boolean, gate: Gate) {
  for (let offset = 0; offset < body.length; offset += SLICE) {
    await gate.pass(Math.min(SLICE, body.length - offset));
    if (response.destroyed) return;
    response.write(body.subarray(offset, offset + SLICE));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (broken) response.destroy();
  else response.end();
}

/** Holds slices once a byte budget is spent, until opened. */
class Gate {
  private budget = Infinity;
  private opened: Promise<void> = Promise.resolve();
  private open: () => void = () => {};

  holdAfter(bytes: number): void {
    this.budget = bytes;
    this.opened = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.budget = Infinity;
    this.open();
  }

  async pass(bytes: number): Promise<void> {
    if (this.budget <= 0) await this.opened;
    this.budget -= bytes;
  }
}

/** Starts the hub serving `root/{model}/{file}` on `port` (0: any free port). */
export function startFakeHub(root: string, port: number): Promise<FakeHub> {
  let served = 0;
  let budget = Infinity;
  const gate = new Gate();

  function send(request: IncomingMessage, response: ServerResponse) {
    if (request.method === 'OPTIONS') return response.writeHead(204, CORS).end();
    const file = fileFor(root, request.url ?? '/');
    if (!file) return response.writeHead(404, { ...CORS, 'Content-Type': 'text/plain' }).end('Entry not found');
    const bytes = readFileSync(file);
    const range = byteRange(request.headers.range, bytes.length);
    const [start, end] = range ?? [0, bytes.length - 1];
    const body = bytes.subarray(start, end + 1);
    const headers = {
      ...CORS,
      'Accept-Ranges': 'bytes',
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(body.length),
    };
    if (range) response.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${bytes.length}` });
    else response.writeHead(200, headers);
    const allowed = Math.max(0, Math.min(body.length, budget));
    budget -= allowed;
    served += allowed;
    void trickle(response, body.subarray(0, allowed), allowed < body.length, gate);
  }

  const server = createServer(send);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        served: () => served,
        cutAfter: (bytes) => (budget = bytes),
        holdAfter: (bytes) => gate.holdAfter(bytes),
        heal: () => {
          budget = Infinity;
          gate.release();
        },
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
