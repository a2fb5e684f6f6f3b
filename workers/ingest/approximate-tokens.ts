/** Token count used only when the model's tokenizer cannot load: words and punctuation marks. */
export function approximateTokens(text: string): number {
  return text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
}
