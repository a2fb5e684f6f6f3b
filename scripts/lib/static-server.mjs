/**
 * A static file server for a built folder, on 127.0.0.1 only, with the app's cross-origin
 * isolation headers. Missing files are real 404s (Transformers.js treats only a 404 as "missing").
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cache-Control': 'no-store',
};

function fileFor(root, url) {
  const path = decodeURIComponent(new URL(url, 'http://x').pathname);
  const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(normalize(root) + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** Serves `root` on 127.0.0.1 (`port` 0 = any free port); resolves to `{url, close()}`. */
export function serveStatic(root, { port = 0 } = {}) {
  const server = createServer((request, response) => {
    const file = fileFor(root, request.url ?? '/');
    if (!file) {
      response.writeHead(404, { ...HEADERS, 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { ...HEADERS, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
      /** @type {() => Promise<void>} */
      const close = () => new Promise((done) => server.close(() => done()));
      resolve({ url: `http://127.0.0.1:${bound}/`, close });
    });
  });
}
