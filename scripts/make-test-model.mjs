#!/usr/bin/env node
/**
 * Makes a second, smaller model for the tests from the built-in one: the same vocabulary, the first
 * DIMS of its 100 dimensions, re-quantised to int8 per row and written with the built-in model's
 * ONNX writer. Another id and another dimension, so the tests can tell which model answered.
 *
 *   node scripts/make-test-model.mjs [--dims 64] [--out test-results/hub/carrel-test/glove-64]
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import { ElemType, initializer, model, node, valueInfo } from './model/onnx-writer.mjs';

const BUILTIN = fileURLToPath(new URL('../public/models/carrel-glove-50k/', import.meta.url));

/** The built-in table, dequantised: run the model once over every token id. */
async function builtinTable() {
  const config = JSON.parse(readFileSync(join(BUILTIN, 'config.json'), 'utf8'));
  const session = await ort.InferenceSession.create(join(BUILTIN, 'onnx/model_quantized.onnx'));
  const ids = BigInt64Array.from({ length: config.vocab_size }, (_, i) => BigInt(i));
  const { last_hidden_state: out } = await session.run({ input_ids: new ort.Tensor('int64', ids, [1, ids.length]) });
  // A float32 output: the model's last_hidden_state.
  return { rows: config.vocab_size, dims: config.hidden_size, data: /** @type {Float32Array} */ (out.data) };
}

/** Writes the model folder and returns its path. */
export async function makeTestModel({ dims = 64, out }) {
  const source = await builtinTable();
  const table = new Int8Array(source.rows * dims);
  const scales = new Float32Array(source.rows);
  for (let r = 0; r < source.rows; r++) {
    const row = source.data.subarray(r * source.dims, r * source.dims + dims);
    const scale = Math.max(...row.map(Math.abs)) / 127 || 1;
    scales[r] = scale;
    row.forEach((x, d) => (table[r * dims + d] = Math.round(x / scale)));
  }
  const onnx = model({
    producer: 'carrel make-test-model',
    graphName: 'carrel-test',
    inputs: [valueInfo(11, 'input_ids', ElemType.INT64, ['batch_size', 'sequence_length'])],
    outputs: [valueInfo(12, 'last_hidden_state', ElemType.FLOAT, ['batch_size', 'sequence_length', dims])],
    initializers: [
      initializer('table', ElemType.INT8, [source.rows, dims], new Uint8Array(table.buffer)),
      initializer('row_scale', ElemType.FLOAT, [source.rows, 1], new Uint8Array(scales.buffer)),
    ],
    nodes: [
      node('Gather', ['table', 'input_ids'], ['rows_int8'], 'lookup', { axis: 0 }),
      node('Cast', ['rows_int8'], ['rows'], 'to_float', { to: ElemType.FLOAT }),
      node('Gather', ['row_scale', 'input_ids'], ['scale'], 'lookup_scale', { axis: 0 }),
      node('Mul', ['rows', 'scale'], ['last_hidden_state'], 'dequantize'),
    ],
  });
  mkdirSync(join(out, 'onnx'), { recursive: true });
  // The same graph under the int8 name (for WASM) and the fp32 name (what a download fetches for
  // WebGPU without shader-f16): its table is int8 either way, and its output is float.
  writeFileSync(join(out, 'onnx/model_quantized.onnx'), onnx);
  writeFileSync(join(out, 'onnx/model.onnx'), onnx);
  for (const file of ['tokenizer.json', 'tokenizer_config.json']) copyFileSync(join(BUILTIN, file), join(out, file));
  const config = {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dims,
    vocab_size: source.rows,
    'transformers.js_config': { dtype: 'q8' },
  };
  writeFileSync(join(out, 'config.json'), JSON.stringify(config, null, 2));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(
    process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith('--') ? [[arg.slice(2), all[i + 1]]] : [])),
  );
  const dims = Number(args.dims ?? 64);
  const out = await makeTestModel({ dims, out: args.out ?? `test-results/hub/carrel-test/glove-${dims}` });
  console.error(`wrote ${out}`);
}
