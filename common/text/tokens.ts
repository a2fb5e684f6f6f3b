/**
 * The one token estimate, for when the model's tokenizer is not at hand (it has not loaded, or the
 * page has none): words and punctuation marks, each one token.
 */
export function approximateTokens(text: string): number {
  return text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
}
