/** FNV-1a, 32 bits: a fast hash for telling equal things apart (vectors, words, runs of words). */
export const FNV_OFFSET = 0x811c9dc5;

/** Mixes one more value (a byte, a character code, another hash) into `hash`. */
export const fnvStep = (hash: number, value: number): number => Math.imul(hash ^ value, 0x01000193);
