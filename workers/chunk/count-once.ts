/**
 * A token counter that counts each distinct text once. Chunking one document asks for the same
 * texts again and again (a sentence when it is split off and when it becomes a unit, a section's
 * span when it is measured and when it is stored, the summary's candidates); the model's tokenizer
 * was most of the chunking time of R-intro.pdf. Counting is a pure function of the text, so the
 * counts, and the chunks, are the same.
 */
export function countOnce(count: (text: string) => number): (text: string) => number {
  const counted = new Map<string, number>();
  return (text) => {
    let tokens = counted.get(text);
    if (tokens === undefined) counted.set(text, (tokens = count(text)));
    return tokens;
  };
}
