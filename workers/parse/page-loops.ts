/**
 * Reads a document's pages with several readers at once: each takes the next page not yet taken,
 * so a slow page (a scan read by OCR) holds up one reader, not the others. The pages come back in
 * their order whatever order they were finished in.
 */

/** Reads page `page` (1-based). */
export type PageRead<T> = (page: number) => Promise<T>;

/**
 * Pages 1..count, read by `readers` at once (one page each at a time). `onRead` hears of each
 * page as it is finished, with how many are finished. The first failure (or the signal's abort)
 * stops every reader before its next page and rejects.
 */
export async function readPagesAtOnce<T>(
  count: number,
  readers: readonly PageRead<T>[],
  onRead?: (done: number, page: number, value: T) => void,
  signal?: AbortSignal,
): Promise<T[]> {
  const pages = new Array<T>(count);
  let next = 1;
  let done = 0;
  let stopped = false;
  const run = async (read: PageRead<T>) => {
    while (!stopped && next <= count) {
      signal?.throwIfAborted();
      const page = next++;
      try {
        pages[page - 1] = await read(page);
      } catch (error) {
        stopped = true;
        throw error;
      }
      onRead?.(++done, page, pages[page - 1]!);
    }
  };
  await Promise.all(readers.map(run));
  return pages;
}
