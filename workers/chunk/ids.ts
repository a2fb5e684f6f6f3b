/** Stable ids: the same document content and position always give the same id. */

/** cyrb53: a fast 53-bit string hash with good spread. */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Id of a chunk from its document, level, order and start offset. */
export function chunkId(docId: string, level: 's' | 'p', order: number, start: number): string {
  return `${level}${hash53(`${docId}:${level}:${order}:${start}`).toString(36)}`;
}
