/**
 * Keeps the k best (row, score) pairs in a min-heap: O(n log k) over n candidates. Of equal scores
 * the lower row ranks first, whatever order they came in: a search that visits rows in another
 * order (a pruned one) keeps the same pairs.
 */
export class TopK {
  private heap: { row: number; score: number }[] = [];
  /**
   * The score a new pair must reach to be kept (-Infinity while fewer than k are kept): a field,
   * not a getter, since a scan reads it once a row (a million times a query).
   */
  floor = -Infinity;
  constructor(private readonly k: number) {
    if (k <= 0) this.floor = Infinity;
  }

  push(row: number, score: number): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push({ row, score });
      this.up(heap.length - 1);
      if (heap.length === this.k) this.floor = heap[0]!.score;
    } else if (this.k > 0 && worse(heap[0]!, row, score)) {
      heap[0] = { row, score };
      this.down(0);
      this.floor = heap[0].score;
    }
  }

  /** The kept pairs, best first. */
  sorted(): { row: number; score: number }[] {
    return [...this.heap].sort((a, b) => b.score - a.score || a.row - b.row);
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i]!, heap[parent]!.row, heap[parent]!.score)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && worse(heap[left]!, heap[smallest]!.row, heap[smallest]!.score)) smallest = left;
      if (right < heap.length && worse(heap[right]!, heap[smallest]!.row, heap[smallest]!.score)) smallest = right;
      if (smallest === i) return;
      [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
      i = smallest;
    }
  }
}

/** Whether `kept` ranks below (row, score): a lower score, or the same score and a higher row. */
const worse = (kept: { row: number; score: number }, row: number, score: number) =>
  kept.score < score || (kept.score === score && kept.row > row);

/** The k highest-scoring ids of a score map, best first (of equal scores, the one the map holds first). */
export function topK(scores: Map<string, number>, k: number): { id: string; score: number }[] {
  const ids: string[] = [];
  const best = new TopK(k);
  for (const [id, score] of scores) {
    // Only pairs good enough to be kept are pushed; the row is the id's place in the map.
    if (score >= best.floor) best.push(ids.length, score);
    ids.push(id);
  }
  return best.sorted().map(({ row, score }) => ({ id: ids[row]!, score }));
}
