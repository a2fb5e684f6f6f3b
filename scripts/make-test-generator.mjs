#!/usr/bin/env node
/**
 * Makes a tiny deterministic text generator for the tests: a one-layer LLaMA-shaped ONNX
 * decoder with a key/value cache and a small real WordPiece tokenizer, which Transformers.js loads
 * for text-generation like any hub model. Its logits are a bigram table: after the chat template's
 * `<answer>` it always writes ANSWER_TEXT token by token, then end-of-sequence. Pure Node, no downloads.
 *
 * With `slow`, the answer loops back to its first word instead of ending, and each token costs a
 * 512×512 matrix product the runtime cannot fold away: it writes until stopped or out of tokens,
 * slowly enough that a test can press Stop or ask again while it writes.
 *
 *   node scripts/make-test-generator.mjs [--out test-results/hub/carrel-test/tiny-generator] [--slow]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ElemType, initializer, model, node, valueInfo } from './model/onnx-writer.mjs';

/** What the model answers, whatever it is asked: a cited claim, a marker naming no source, another claim. */
export const ANSWER_TEXT = 'The first source answers this [1] and a second one would add detail [2] as cited .';
const SPECIAL = ['[PAD]', '[UNK]', '</s>', '<answer>'];
const EOS = 2;
const START = 3;

function vocabulary() {
  const words = ANSWER_TEXT.split(' ');
  if (new Set(words).size !== words.length)
    throw new Error('every answer word must be unique: the next word depends on the last one only');
  return [...SPECIAL, ...words];
}

/** next[t] = the token after t: `<answer>` → first word → … → last word → `</s>`; anything else → `</s>`. */
function bigramLogits(vocab, slow) {
  const size = vocab.length;
  const logits = new Float32Array(size * size);
  const next = new Array(size).fill(EOS);
  next[START] = SPECIAL.length;
  for (let t = SPECIAL.length; t < size - 1; t++) next[t] = t + 1;
  if (slow) next[size - 1] = SPECIAL.length;
  next.forEach((n, t) => (logits[t * size + n] = 10));
  return logits;
}

/** Work that depends on the input (so it is not folded at load): zeros expanded to 512×512, squared, summed to 0. */
const SLOW_NODES = [
  node('Cast', ['input_ids'], ['ids_float'], 'ids_float', { to: ElemType.FLOAT }),
  node('ReduceMin', ['ids_float'], ['smallest'], 'smallest', { keepdims: 0 }),
  node('Mul', ['smallest', 'zero'], ['nothing'], 'nothing'),
  node('Expand', ['nothing', 'square'], ['big'], 'big'),
  node('MatMul', ['big', 'big'], ['product'], 'product'),
  node('ReduceSum', ['product'], ['total'], 'total', { keepdims: 0 }),
  node('Add', ['bigram_logits', 'total'], ['logits'], 'busy_logits'),
];

function onnxGraph(size, slow) {
  const kvDims = ['batch_size', 1, 'past_sequence_length', 1];
  const presentDims = ['batch_size', 1, 'total_sequence_length', 1];
  return model({
    producer: 'carrel make-test-generator',
    graphName: 'carrel-tiny-generator',
    inputs: [
      valueInfo(11, 'input_ids', ElemType.INT64, ['batch_size', 'sequence_length']),
      valueInfo(11, 'past_key_values.0.key', ElemType.FLOAT, kvDims),
      valueInfo(11, 'past_key_values.0.value', ElemType.FLOAT, kvDims),
    ],
    outputs: [
      valueInfo(12, 'logits', ElemType.FLOAT, ['batch_size', 'sequence_length', size]),
      valueInfo(12, 'present.0.key', ElemType.FLOAT, presentDims),
      valueInfo(12, 'present.0.value', ElemType.FLOAT, presentDims),
    ],
    initializers: [
      initializer('next_token', ElemType.FLOAT, [size, size], new Uint8Array(bigramLogits(vocabulary(), slow).buffer)),
      initializer('zero', ElemType.FLOAT, [], new Uint8Array(new Float32Array([0]).buffer)),
      initializer('square', ElemType.INT64, [2], new Uint8Array(BigInt64Array.from([512n, 512n]).buffer)),
      initializer('kv_row', ElemType.FLOAT, [size, 1], new Uint8Array(new Float32Array(size).buffer)),
      initializer('head_axis', ElemType.INT64, [1], new Uint8Array(BigInt64Array.from([1n]).buffer)),
    ],
    nodes: [
      node('Gather', ['next_token', 'input_ids'], [slow ? 'bigram_logits' : 'logits'], 'bigram', { axis: 0 }),
      ...(slow ? SLOW_NODES : []),
      // The cache grows by one zero row per token, so Transformers.js tracks its length as for a real model.
      node('Gather', ['kv_row', 'input_ids'], ['kv_rows'], 'kv_lookup', { axis: 0 }),
      node('Unsqueeze', ['kv_rows', 'head_axis'], ['kv_new'], 'kv_heads'),
      node('Concat', ['past_key_values.0.key', 'kv_new'], ['present.0.key'], 'grow_key', { axis: 2 }),
      node('Concat', ['past_key_values.0.value', 'kv_new'], ['present.0.value'], 'grow_value', { axis: 2 }),
    ],
  });
}

function tokenizerFiles(vocab) {
  const added = SPECIAL.map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added,
    normalizer: null,
    pre_tokenizer: { type: 'WhitespaceSplit' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: false },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((w, i) => [w, i])),
    },
  };
  const config = {
    tokenizer_class: 'PreTrainedTokenizer',
    eos_token: '</s>',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    model_max_length: 4096,
    chat_template:
      "{% for message in messages %}{{ message['content'] }}\n{% endfor %}{% if add_generation_prompt %}<answer>{% endif %}",
  };
  return { tokenizer, config };
}

/** Writes the model folder and returns its path. */
export function makeTestGenerator({ out, slow = false }) {
  const vocab = vocabulary();
  const onnx = onnxGraph(vocab.length, slow);
  mkdirSync(join(out, 'onnx'), { recursive: true });
  // One fp32 graph under every name a dtype choice fetches (q8 and q4 on WASM, q4f16 on WebGPU).
  for (const name of ['model', 'model_quantized', 'model_q4', 'model_q4f16', 'model_fp16'])
    writeFileSync(join(out, `onnx/${name}.onnx`), onnx);
  const { tokenizer, config } = tokenizerFiles(vocab);
  writeFileSync(join(out, 'tokenizer.json'), JSON.stringify(tokenizer));
  writeFileSync(join(out, 'tokenizer_config.json'), JSON.stringify(config, null, 2));
  const modelConfig = {
    model_type: 'llama',
    architectures: ['LlamaForCausalLM'],
    vocab_size: vocab.length,
    hidden_size: 1,
    num_attention_heads: 1,
    num_key_value_heads: 1,
    head_dim: 1,
    num_hidden_layers: 1,
    max_position_embeddings: 4096,
    eos_token_id: EOS,
    pad_token_id: 0,
  };
  writeFileSync(join(out, 'config.json'), JSON.stringify(modelConfig, null, 2));
  writeFileSync(join(out, 'generation_config.json'), JSON.stringify({ eos_token_id: EOS, pad_token_id: 0 }, null, 2));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = makeTestGenerator({
    out: at > 0 ? process.argv[at + 1] : 'test-results/hub/carrel-test/tiny-generator',
    slow: process.argv.includes('--slow'),
  });
  console.error(`wrote ${out}`);
}
