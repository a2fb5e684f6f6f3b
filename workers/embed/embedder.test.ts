// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tensor } from '@huggingface/transformers';
import { meanPooledUnitVectors, type Embedder } from './embedder';
import { builtinEmbedder, MODELS, throughOnnx } from './builtin.test-support';
import { LanguageTables, type LanguageTableData } from './language-tables';
const MODEL_DIR = `${MODELS}carrel-glove-50k/`;

// (anchor, paraphrase, unrelated) triples from the model research notes.
const TRIPLES = [
  ['The cat sat on the mat', 'A kitten rested on the rug', 'The stock market fell sharply today'],
  [
    'How do I reset my password?',
    'Steps to recover a forgotten account password',
    'The best recipes for chocolate cake',
  ],
  [
    'The doctor prescribed antibiotics for the infection',
    'The physician gave her medicine to treat the bacterial illness',
    'The football team won the championship',
  ],
  [
    'Heavy rain caused flooding in the city',
    'Storms led to floods across town',
    'The software update improved battery life',
  ],
  ['The database query returned no results', 'The SQL search found zero rows', 'Flowers bloom in the spring'],
  [
    'The train arrives at the station at noon',
    'The railway service reaches the depot at midday',
    'He enjoys fishing in the lake',
  ],
] as const;

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

let embedder: Embedder;
beforeAll(async () => {
  embedder = await builtinEmbedder();
});
afterAll(() => embedder?.dispose());

describe('the built-in model files', () => {
  it('declare a 100-dimension BERT model with 50,005 tokens and the five specials first', () => {
    const config = JSON.parse(readFileSync(`${MODEL_DIR}config.json`, 'utf8'));
    expect(config).toMatchObject({ model_type: 'bert', hidden_size: 100, vocab_size: 50005 });
    const tokenizer = JSON.parse(readFileSync(`${MODEL_DIR}tokenizer.json`, 'utf8'));
    const vocab = tokenizer.model.vocab as Record<string, number>;
    expect(Object.keys(vocab)).toHaveLength(50005);
    expect([vocab['[PAD]'], vocab['[UNK]'], vocab['[CLS]'], vocab['[SEP]'], vocab['[MASK]'], vocab['the']]).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(Object.keys(vocab).some((w) => w.length > 1 && w.includes('-'))).toBe(false);
  });
});

describe('the built-in model, read as a lookup table', () => {
  it('gives unit vectors of 100 dimensions', async () => {
    const [v] = await embedder.embed(['The museum displays ancient paintings']);
    expect(embedder.dims).toBe(100);
    expect(v).toHaveLength(100);
    expect(Math.hypot(...v!)).toBeCloseTo(1, 5);
  });

  it('scores paraphrases above unrelated sentences', async () => {
    for (const [a, b, c] of TRIPLES) {
      const [va, vb, vc] = (await embedder.embed([a, b, c])) as Float32Array[];
      const similar = dot(va!, vb!);
      const unrelated = dot(va!, vc!);
      expect(similar, `${a} / ${b}`).toBeGreaterThan(unrelated + 0.2);
      expect(similar).toBeGreaterThan(0.4);
    }
  });

  it('returns null, never NaN, for text with no known word', async () => {
    const vectors = await embedder.embed(['zxqvbnm qqqzzz', '', '😀😀', '   ', 'a real sentence about trains']);
    expect(vectors.slice(0, 4)).toEqual([null, null, null, null]);
    expect(vectors[4]!.every(Number.isFinite)).toBe(true);
  });

  it('gives the same vectors in a mixed batch as one at a time', async () => {
    const texts = ['short text', 'a much longer sentence with many more words than the first one has in it', 'trains'];
    const batch = await embedder.embed(texts, { batchSize: 3 });
    for (const [i, text] of texts.entries()) {
      const [single] = await embedder.embed([text]);
      expect(dot(single!, batch[i]!)).toBeCloseTo(1, 5);
    }
  });

  it('counts tokens with the model tokenizer, without special tokens', () => {
    expect(embedder.countTokens('The cat sat on the mat.')).toBe(7);
    expect(embedder.countTokens("didn't")).toBe(3);
    expect(embedder.countTokens('')).toBe(0);
  });

  it('stops between batches when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['one', 'two'], { signal: controller.signal })).rejects.toThrow();
  });
});

describe('meanPooledUnitVectors', () => {
  it('averages only unmasked tokens, gives unit vectors, and null for a row of zeros', () => {
    // Two rows of three tokens in two dimensions; row 0's last token is padding, row 1 is all zeros.
    const hidden = new Tensor('float32', new Float32Array([3, 0, 1, 4, 100, 0, 0, 0, 0, 0, 0, 0]), [2, 3, 2]);
    const mask = new Tensor('int64', new BigInt64Array([1n, 1n, 0n, 1n, 1n, 1n]), [2, 3]);
    const [first, second] = meanPooledUnitVectors(hidden, mask);
    // mean of (3,0) and (1,4) = (2,2) → (0.7071, 0.7071); the padded (100,0) must not count.
    expect([...first!].map((x) => x.toFixed(4))).toEqual(['0.7071', '0.7071']);
    expect(second).toBeNull();
  });
});

describe('the built-in model without ONNX Runtime', () => {
  // Texts of every kind the app embeds: sentences, a whole section, no known word, a special token
  // written out (the tokenizer's own encode), accents, and German read through a language table.
  const TEXTS = [
    'The cat sat on the mat',
    'How do I reset my password?',
    TRIPLES.flat().join(' ').repeat(4),
    'zxqvbnm qqqzzz',
    '',
    'a [SEP] inside [CLS] text',
    'Café déjà vu, naïve façade',
    'Die Katze schläft auf dem Teppich',
  ];
  const GERMAN: LanguageTableData = {
    lang: 'de',
    words: { katze: 'cat kitten', schlaft: 'sleeps', teppich: 'carpet rug' },
  };

  it('gives exactly the vectors ONNX Runtime gives through Transformers.js, for queries, passages and other languages', async () => {
    const tables = () => new LanguageTables(async (lang) => (lang === 'de' ? GERMAN : null));
    const onnx = await throughOnnx({ languages: tables() });
    const table = await builtinEmbedder({ languages: tables() });
    try {
      expect(table.dims).toBe(onnx.dims);
      const langs = TEXTS.map((_, i) => (i === TEXTS.length - 1 ? 'de' : 'en'));
      for (const as of ['query', 'passage'] as const) {
        const [fromOnnx, fromTable] = await Promise.all([onnx, table].map((e) => e.embed(TEXTS, { as, langs })));
        expect(fromTable.map((v) => v && [...v])).toEqual(fromOnnx!.map((v) => v && [...v]));
      }
      // The German text went through its table: not the vector of the same words read as English.
      const [english] = await table.embed([TEXTS.at(-1)!], { langs: ['en'] });
      const [german] = await table.embed([TEXTS.at(-1)!], { langs: ['de'] });
      expect(dot(english!, german!)).toBeLessThan(0.99);
    } finally {
      await onnx.dispose();
      await table.dispose();
    }
  });
});
