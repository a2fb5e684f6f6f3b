/**
 * Counting a text's tokens, and making the model's inputs, without encoding it, where the result is
 * plain to see. Chunking counts the tokens of every sentence, block and section of a document
 * (R-intro.pdf: 0.69 M characters), and embedding encodes every passage and section again: the
 * tokenizer's `encode` took most of chunking's time and half of embedding's.
 *
 * The built-in model's tokenizer is WordPiece over whole words: its vocabulary has no "##"
 * continuation, so every BERT pre-token is one token, a word it knows or [UNK]. For plain ASCII
 * text (no control character but tab and line breaks, none of the special tokens written out) the
 * BERT normaliser changes no word boundary, and a pre-token is a run of letters and digits or one
 * punctuation character. Any other text, or any other tokenizer, is encoded as before.
 * workers/embed/token-count.test.ts holds counts and inputs equal to the tokenizer's on the
 * repository's texts, and e2e-corpus/token-count.test.ts on every text of ../shared/eval.
 */
import type { PreTrainedTokenizer, Tensor } from '@huggingface/transformers';

/** What the counter needs of the tokenizer's tokenizer.json. */
interface TokenizerJson {
  model?: {
    type?: string;
    vocab?: Record<string, number>;
    continuing_subword_prefix?: string;
    unk_token?: string;
    max_input_chars_per_word?: number;
  };
  normalizer?: {
    type?: string;
    clean_text?: boolean;
    handle_chinese_chars?: boolean;
    lowercase?: boolean;
    strip_accents?: boolean | null;
  } | null;
  pre_tokenizer?: { type?: string } | null;
  added_tokens?: { content: string }[];
  post_processor?: { type?: string; single?: unknown[] } | null;
}

/** Printable ASCII, tabs and line breaks: text the BERT normaliser only lowercases and spaces. */
const PLAIN_ASCII = /^[\x20-\x7E\t\n\r]*$/;
/** BERT's pre-tokens in such text: runs of letters and digits, and each punctuation character. */
const ASCII_PRE_TOKEN = /[A-Za-z0-9]+|[!-/:-@[-`{-~]/g;

/**
 * What counting needs of a tokenizer: Transformers.js's PreTrainedTokenizer has it all, and the
 * tokenizers library's Tokenizer has it with its JSON and an `encode` giving ids beside it
 * (workers/embed/token-counter.ts).
 */
export interface CountingTokenizer {
  /** The ids of a text. */
  encode(text: string, options: { add_special_tokens: boolean }): ArrayLike<number>;
  /** The tokenizer.json it was made from. */
  _tokenizerJSON?: unknown;
  /** Its steps (normaliser, pre-tokenizer). */
  _tokenizer?: unknown;
}

const jsonOf = (tokenizer: CountingTokenizer) => tokenizer._tokenizerJSON as TokenizerJson | undefined;

/** The steps of the tokenizer's own encoding used here (@huggingface/tokenizers' Tokenizer). */
interface Steps {
  normalizer?: ((text: string) => string) | null;
  pre_tokenizer?: ((text: string, options: { section_index: number }) => string[]) | null;
  remove_space?: boolean;
  do_lowercase_and_remove_accent?: boolean;
}

/**
 * A text's pre-tokens, normalised (lower case, accents off), as the tokenizer hands them to its
 * model; null where that cannot be told without encoding (a special token written out). Plain
 * ASCII is cut by a regular expression; other text goes through the tokenizer's own normaliser and
 * pre-tokenizer, skipping the rest of its encoding.
 */
function preTokenReader(tokenizer: CountingTokenizer, json: TokenizerJson): ((text: string) => string[] | null) | null {
  const steps = tokenizer._tokenizer as Steps | undefined;
  const { normalizer, pre_tokenizer } = steps ?? {};
  if (typeof normalizer !== 'function' || typeof pre_tokenizer !== 'function') return null;
  if (steps!.remove_space || steps!.do_lowercase_and_remove_accent) return null;
  const special = (json.added_tokens ?? []).map((token) => token.content.toLowerCase());
  const writesSpecial = (text: string) => {
    if (!special.length) return false;
    const lower = text.toLowerCase();
    return special.some((token) => lower.includes(token));
  };
  const normalise = isUncasedBert(json.normalizer) ? uncasedBert : normalizer;
  return (text) => {
    if (PLAIN_ASCII.test(text)) {
      if (text.includes('[') && writesSpecial(text)) return null;
      return (text.match(ASCII_PRE_TOKEN) ?? []).map((word) => word.toLowerCase());
    }
    if (writesSpecial(text)) return null;
    const normalised = normalise(text);
    return normalised ? pre_tokenizer(normalised, { section_index: 0 }) : [];
  };
}

/** The uncased BERT normaliser's settings (the built-in model's). */
function isUncasedBert(config: TokenizerJson['normalizer']): boolean {
  return (
    config?.type === 'BertNormalizer' &&
    config.clean_text === true &&
    config.handle_chinese_chars === true &&
    config.lowercase === true &&
    (config.strip_accents ?? null) === null
  );
}

/** Control characters the normaliser drops (tab and line breaks become spaces instead), and U+FFFD. */
const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\uFFFD]/gu;
/** The CJK ideographs it spaces out, as it tests them: one UTF-16 unit at a time. */
const IDEOGRAPH = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/g;

/**
 * What @huggingface/tokenizers' BertNormalizer makes of a text with those settings, a step at a
 * time over the whole string rather than character by character: control characters out, white
 * space to spaces, ideographs spaced, lower case, accents off.
 */
function uncasedBert(text: string): string {
  return text
    .replace(CONTROL, (c) => (c === '\t' || c === '\n' || c === '\r' ? ' ' : ''))
    .replace(/\s/g, ' ')
    .replace(IDEOGRAPH, ' $& ')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');
}

/** A token counter for `tokenizer` (its count without special tokens), quick where it can be. */
export function tokenCounter(tokenizer: CountingTokenizer): (text: string) => number {
  const encoded = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;
  const json = jsonOf(tokenizer);
  const read = json && countsPreTokens(json) ? preTokenReader(tokenizer, json) : null;
  if (!read) return encoded;
  return (text) => {
    if (PLAIN_ASCII.test(text) && !text.includes('[')) return text.match(ASCII_PRE_TOKEN)?.length ?? 0;
    return read(text)?.length ?? encoded(text);
  };
}

/** The model inputs `tokenizer(texts, { padding: true, truncation: true })` gives. */
export type ModelInputs = Record<string, Tensor> & { input_ids: Tensor; attention_mask: Tensor };

/**
 * For the same tokenizers, the model's inputs for a batch of texts made without encoding them:
 * each pre-token's id (or [UNK]'s) between [CLS] and [SEP], cut at the model's length, padded to
 * the longest; null for a batch with a special token written out (the caller encodes it).
 * Embedding R-intro.pdf spent ~180 ms in the tokenizer. Null for a tokenizer it cannot follow.
 * `tensor` is Transformers.js's Tensor, passed in so that counting tokens never loads Transformers.js.
 */
export function plainInputs(
  tokenizer: PreTrainedTokenizer,
  tensor: typeof Tensor,
): ((texts: string[]) => ModelInputs | null) | null {
  const json = jsonOf(tokenizer);
  if (!json || !countsPreTokens(json) || json.post_processor?.type !== 'TemplateProcessing') return null;
  const vocab = vocabularyOf(tokenizer) ?? new Map(Object.entries(json.model!.vocab!));
  const [unk, cls, sep] = [json.model!.unk_token ?? '[UNK]', '[CLS]', '[SEP]'].map((token) => vocab.get(token));
  const template = JSON.stringify(json.post_processor.single);
  const bert = JSON.stringify([
    { SpecialToken: { id: '[CLS]', type_id: 0 } },
    { Sequence: { id: 'A', type_id: 0 } },
    { SpecialToken: { id: '[SEP]', type_id: 0 } },
  ]);
  const pad = (tokenizer as unknown as { pad_token_id?: number }).pad_token_id;
  if (unk === undefined || cls === undefined || sep === undefined || pad === undefined || template !== bert)
    return null;
  // Which inputs it gives (token_type_ids or not), as the tokenizer itself does.
  const keys = Object.keys(tokenizer(['a'], { padding: true, truncation: true }));
  if (!keys.includes('input_ids') || !keys.includes('attention_mask')) return null;
  if (keys.some((key) => !['input_ids', 'attention_mask', 'token_type_ids'].includes(key))) return null;
  const maxLength = (tokenizer as unknown as { model_max_length?: number }).model_max_length ?? Infinity;
  const maxChars = json.model!.max_input_chars_per_word ?? 100;
  const read = preTokenReader(tokenizer, json);
  if (!read) return null;
  const big: bigint[] = [];
  const bigint = (n: number) => (big[n] ??= BigInt(n));
  // WordPiece measures a word in code points, and gives [UNK] past its longest.
  const idOf = (word: string) =>
    (word.length > maxChars && [...word].length > maxChars ? undefined : vocab.get(word)) ?? unk;
  return (texts) => {
    if (!texts.length) return null;
    const rows: number[][] = [];
    for (const text of texts) {
      const words = read(text);
      if (!words) return null;
      const ids = [cls, ...words.map(idOf), sep];
      if (ids.length > maxLength) ids.length = maxLength;
      rows.push(ids);
    }
    const width = Math.max(...rows.map((ids) => ids.length));
    const size = texts.length * width;
    const inputIds = new BigInt64Array(size).fill(bigint(pad));
    const mask = new BigInt64Array(size);
    rows.forEach((ids, row) => {
      ids.forEach((id, k) => {
        inputIds[row * width + k] = bigint(id);
        mask[row * width + k] = 1n;
      });
    });
    const dims = [texts.length, width];
    const inputs: ModelInputs = {
      input_ids: new tensor('int64', inputIds, dims),
      attention_mask: new tensor('int64', mask, dims),
    };
    if (keys.includes('token_type_ids')) inputs.token_type_ids = new tensor('int64', new BigInt64Array(size), dims);
    return inputs;
  };
}

/**
 * The tokenizer's own map of pieces to ids (its WordPiece model's), or null where it has none: the
 * built-in model's 50,000 words made into a second Map cost each fresh engine 30 ms.
 */
function vocabularyOf(tokenizer: PreTrainedTokenizer): Map<string, number> | null {
  const ids = (tokenizer as unknown as { _tokenizer?: { model?: { tokens_to_ids?: unknown } } })._tokenizer?.model
    ?.tokens_to_ids;
  return ids instanceof Map ? (ids as Map<string, number>) : null;
}

/** countsPreTokens' answer for each tokenizer.json read: a token counter and the model's inputs both ask. */
const countsPreTokensOf = new WeakMap<TokenizerJson, boolean>();

/** Whether every BERT pre-token is one token: WordPiece with no continuation pieces. */
function countsPreTokens(json: TokenizerJson): boolean {
  let counts = countsPreTokensOf.get(json);
  if (counts === undefined) countsPreTokensOf.set(json, (counts = wordPieceWholeWords(json)));
  return counts;
}

function wordPieceWholeWords({ model, normalizer, pre_tokenizer }: TokenizerJson): boolean {
  if (model?.type !== 'WordPiece' || !model.vocab) return false;
  if (normalizer?.type !== 'BertNormalizer' || pre_tokenizer?.type !== 'BertPreTokenizer') return false;
  const prefix = model.continuing_subword_prefix ?? '##';
  for (const piece in model.vocab) if (piece.startsWith(prefix)) return false;
  return true;
}
