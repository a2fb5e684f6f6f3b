/** Chunk sizes in tokens of the active model's tokenizer (DESIGN §4). */
export const SECTION = { low: 200, high: 400, min: 150, max: 500, overlap: 50 } as const;
export const PROPOSITION = { low: 50, high: 150, min: 30, max: 200 } as const;
/** Full-doc mode: the parent is the whole document up to this many tokens. */
export const FULL_DOC_MAX = 10_000;
/** Extractive summary length. */
export const SUMMARY = { min: 100, max: 200 } as const;
