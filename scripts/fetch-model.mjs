#!/usr/bin/env node
/**
 * Puts a model under public/models/ID so a deployment serves it itself: the app then loads it from
 * its own origin (no download from the hub, no CSP change), and the service worker precaches it
 * when its files are under the precache size limit.
 *
 *   npm run models:fetch -- ID [--dtype q8|fp16|fp32] [--host https://huggingface.co] [--out public/models]
 *
 * q8 (the default) is what runs on WASM; fp16 or fp32 weights let browsers with WebGPU run the
 * model there (fp16 needs the adapter's shader-f16). Fetch several by running it once per dtype.
 *
 * An interrupted run resumes: each file is written to FILE.part and continued with a Range request.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';

// As common/models.ts WEIGHTS_FILE / modelFiles: what Transformers.js loads in the browser.
const WEIGHTS_FILE = { q8: 'onnx/model_quantized.onnx', fp16: 'onnx/model_fp16.onnx', fp32: 'onnx/model.onnx' };

/**
 * Prints `message` and ends the run with exit code 2.
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(2);
}

/** Downloads one file to `path`, continuing a `.part` left by an earlier run. */
async function fetchFile(url, path) {
  const part = `${path}.part`;
  const have = existsSync(part) ? statSync(part).size : 0;
  const response = await fetch(url, { headers: have ? { Range: `bytes=${have}-` } : {} }).catch((error) =>
    fail(`${url}: ${error.cause?.message ?? error.message}`),
  );
  if (response.status === 416) return renameSync(part, path); // the part was already complete
  if (!response.ok)
    fail(`${url}: the server answered ${response.status}${response.status === 404 ? ' (is the model id right?)' : ''}`);
  const append = response.status === 206;
  mkdirSync(dirname(path), { recursive: true });
  if (!response.body) fail(`${url}: the server answered ${response.status} without a body`);
  // fetch's stream, typed by the DOM library; Node's own web-stream type is the same object.
  const body = /** @type {import('node:stream/web').ReadableStream} */ (response.body);
  await pipeline(Readable.fromWeb(body), createWriteStream(part, { flags: append ? 'a' : 'w' }));
  renameSync(part, path);
  console.error(`${path}: ${statSync(path).size} bytes${append ? ` (resumed at ${have})` : ''}`);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { host: { type: 'string' }, out: { type: 'string' }, dtype: { type: 'string', default: 'q8' } },
});
const id = positionals[0];
if (!id || !/^[\w.-]+\/[\w.-]+$/.test(id))
  fail('Usage: npm run models:fetch -- OWNER/NAME [--dtype q8|fp16|fp32] [--host URL] [--out public/models]');
if (!(values.dtype in WEIGHTS_FILE))
  fail(`--dtype must be one of ${Object.keys(WEIGHTS_FILE).join(', ')}, not “${values.dtype}”.`);
const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', WEIGHTS_FILE[values.dtype]];
const host = (values.host ?? 'https://huggingface.co').replace(/\/+$/, '');
const out = join(values.out ?? 'public/models', id);
for (const file of MODEL_FILES) {
  const path = join(out, file);
  if (existsSync(path)) continue;
  await fetchFile(`${host}/${id}/resolve/main/${file}`, path);
}
console.error(`${id} is in ${out}; build and deploy to serve it from your own origin.`);
