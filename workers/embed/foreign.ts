/**
 * Texts in another language, placed in the built-in model's English space through that language's
 * table: each word becomes the English words it translates to, sharing one word's weight, and the
 * model's own rows (through the same ONNX session) give their vectors. Words the table lacks but
 * the model knows (names, commands, borrowed terms) keep their own row, and a compound neither knows
 * ("Mailpasswort") stands for its parts' words; function words count for nothing, as their English
 * counterparts nearly do under the model's frequency weights.
 */
import { Tensor } from '@huggingface/transformers';
import { foldedWords, type LanguageTable } from './language-tables';

/** The model takes at most this many tokens of a text (tokenizer_config's model_max_length). */
const MAX_TOKENS = 8192;

/** A text as the model's token ids, each with the weight its row gets in the text's vector. */
export interface PlacedText {
  ids: number[];
  weights: number[];
}

export function placeWords(text: string, table: LanguageTable, vocab: ReadonlyMap<string, number>): PlacedText {
  const ids: number[] = [];
  const weights: number[] = [];
  for (const word of foldedWords(text)) {
    if (ids.length >= MAX_TOKENS) break;
    if (table.isFunctionWord(word)) continue;
    const known = (table.english(word) ?? []).flatMap((english) => vocab.get(english) ?? []);
    if (known.length) {
      for (const id of known) {
        ids.push(id);
        weights.push(1 / known.length);
      }
      continue;
    }
    const own = vocab.get(word);
    if (own !== undefined) {
      ids.push(own);
      weights.push(1);
      continue;
    }
    // A compound the table lacks ("Mailpasswort") stands for its parts' words (mail password).
    const parts = (table.compound(word) ?? []).flatMap((english) => vocab.get(english) ?? []);
    for (const id of parts) {
      ids.push(id);
      weights.push(1 / parts.length);
    }
  }
  return { ids, weights };
}

/** Runs the model's rows for a batch of placed texts: [batch, tokens] ids in, [batch, tokens, dims] out. */
export type RowsOf = (inputs: Record<string, Tensor>) => Promise<Tensor>;

/**
 * One unit vector per placed text: the weighted sum of its tokens' rows, scaled to unit length
 * (the mean's direction); null for a text with no known word.
 */
export async function embedPlaced(placed: readonly PlacedText[], rowsOf: RowsOf): Promise<(Float32Array | null)[]> {
  const out: (Float32Array | null)[] = placed.map(() => null);
  const todo = placed.flatMap((text, i) => (text.ids.length ? [i] : []));
  if (!todo.length) return out;
  const length = Math.max(...todo.map((i) => placed[i]!.ids.length));
  const ids = new BigInt64Array(todo.length * length);
  const mask = new BigInt64Array(todo.length * length);
  todo.forEach((i, row) =>
    placed[i]!.ids.forEach((id, t) => {
      ids[row * length + t] = BigInt(id);
      mask[row * length + t] = 1n;
    }),
  );
  const dimsOf = [todo.length, length];
  const hidden = await rowsOf({
    input_ids: new Tensor('int64', ids, dimsOf),
    attention_mask: new Tensor('int64', mask, dimsOf),
    token_type_ids: new Tensor('int64', new BigInt64Array(ids.length), dimsOf),
  });
  const dims = hidden.dims[2]!;
  const data = hidden.data as Float32Array;
  todo.forEach((i, row) => {
    const sum = new Float64Array(dims);
    placed[i]!.weights.forEach((weight, t) => {
      const offset = (row * length + t) * dims;
      for (let d = 0; d < dims; d++) sum[d]! += weight * data[offset + d]!;
    });
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += sum[d]! * sum[d]!;
    norm = Math.sqrt(norm);
    out[i] = norm > 0 && Number.isFinite(norm) ? Float32Array.from(sum, (x) => x / norm) : null;
  });
  return out;
}
