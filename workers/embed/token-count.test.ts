// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AutoTokenizer, env, Tensor, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { plainInputs, tokenCounter } from './token-count';
import { createTokenCounter } from './token-counter';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The built-in model's own tokenizer, from public/models (no network). */
async function builtinTokenizer(): Promise<PreTrainedTokenizer> {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${ROOT}public/models/`;
  return AutoTokenizer.from_pretrained('carrel-glove-50k');
}

/** Every paragraph and line of the repository's text fixtures, and the fixtures whole. */
function fixtureTexts(): string[] {
  const texts: string[] = [];
  for (const dir of ['test/fixtures', 'e2e/fixtures']) {
    for (const name of readdirSync(`${ROOT}${dir}`)) {
      if (!/\.(md|txt|html)$/.test(name)) continue;
      const text = readFileSync(`${ROOT}${dir}/${name}`, 'utf8');
      texts.push(text, ...text.split(/\n\s*\n/), ...text.split('\n'));
    }
  }
  return texts.filter((text) => text.trim());
}

/** Texts whose normalising or cutting could go wrong. */
const AWKWARD = [
  'Tabs\tand\r\nline breaks, "quotes", (brackets) and a_b-c.d/e:f@g',
  'a form\ffeed and a bell\u0007 are control characters',
  'the [MASK] and [CLS] tokens written out, [mask] in lower case, [not one]',
  'café, naïve, résumé, Straße, Ærø',
  '日本語のテキストと中文',
  'an emoji 🎉 and a non-breaking\u00a0space, a zero\u200bwidth joiner, a BOM\ufeffhere',
  `a word of 150 letters ${'x'.repeat(150)} and 100 ${'y'.repeat(100)}`,
  "don't, 3.14, 1,000, e.g., U.S.A., C++, #include <stdio.h>, ~/.config/htop/htoprc",
  '   leading and trailing spaces   ',
  `${'é'.repeat(120)} ${'ß'.repeat(99)} e\u0301t\u00e9 ﬁnal ligature, “curly” quotes – and — dashes, 1½, x²`,
  'Ελληνικά, русский текст, العربية, 한국어, ไทย, 𠀀𠀁 astral ideographs',
  'a line\u2028separator, a paragraph\u2029separator, a soft\u00adhyphen, private\ue000use',
  '',
];

describe('tokenCounter', () => {
  let tokenizer: PreTrainedTokenizer;
  const encoded = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;
  beforeAll(async () => {
    tokenizer = await builtinTokenizer();
  });

  it('counts what the tokenizer encodes, for every text of the fixtures and the awkward cases', () => {
    const count = tokenCounter(tokenizer);
    const texts = [...fixtureTexts(), ...AWKWARD];
    expect(texts.length).toBeGreaterThan(300);
    const wrong = texts.filter((text) => count(text) !== encoded(text));
    expect(wrong).toEqual([]);
  });

  it('counts the same read with the tokenizers library alone, as the file reader reads the built-in model', async () => {
    const count = await createTokenCounter({
      modelId: 'carrel-glove-50k',
      readFile: async (path) => readFileSync(`${ROOT}public/models/carrel-glove-50k/${path}`),
    });
    const texts = [...fixtureTexts(), ...AWKWARD];
    const wrong = texts.filter((text) => count(text) !== encoded(text));
    expect(wrong).toEqual([]);
  });

  it('does not encode a text to count it, unless it writes out a special token', () => {
    const spy = vi.spyOn(tokenizer, 'encode');
    const count = tokenCounter(tokenizer);
    expect(count('Delay between updates, in tenths of a second (default: 3).')).toBe(15);
    expect(count('Délai entre deux mises à jour – en dixièmes de seconde')).toBe(11);
    expect(spy).not.toHaveBeenCalled();
    count('a [MASK] token');
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it('gives the model the inputs the tokenizer gives, in batches as the embedder sends them', () => {
    const inputs = plainInputs(tokenizer, Tensor)!;
    expect(inputs).not.toBeNull();
    const texts = [...fixtureTexts(), ...AWKWARD].filter((text) => !/\[(cls|sep|pad|unk|mask)\]/i.test(text));
    // Batches of 64, and one far over the model's length (cut as the tokenizer cuts).
    const batches = Array.from({ length: Math.ceil(texts.length / 64) }, (_, i) => texts.slice(i * 64, i * 64 + 64));
    batches.push(['short', 'word '.repeat(9000), `${'x'.repeat(150)} C++ ~/.config`]);
    for (const batch of batches) {
      const ours = inputs(batch)!;
      const theirs = tokenizer(batch, { padding: true, truncation: true }) as Record<
        string,
        { dims: number[]; data: BigInt64Array }
      >;
      expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
      for (const key of Object.keys(theirs)) {
        expect(ours[key]!.dims).toEqual(theirs[key]!.dims);
        expect(ours[key]!.data).toEqual(theirs[key]!.data);
      }
    }
    expect(inputs(['plain', 'a [MASK] token'])).toBeNull();
  });

  it('encodes every text for a tokenizer that cuts words into pieces', () => {
    const encode = vi.fn((text: string) => text.split(' '));
    const pieces = {
      encode,
      _tokenizerJSON: {
        model: { type: 'WordPiece', vocab: { run: 0, '##ning': 1 }, continuing_subword_prefix: '##' },
        normalizer: { type: 'BertNormalizer' },
        pre_tokenizer: { type: 'BertPreTokenizer' },
      },
    } as unknown as PreTrainedTokenizer;
    expect(tokenCounter(pieces)('running fast')).toBe(2);
    expect(encode).toHaveBeenCalledOnce();
    expect(plainInputs(pieces, Tensor)).toBeNull();
  });
});
