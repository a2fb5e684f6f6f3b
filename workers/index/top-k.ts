/** Keeps the k best (row, score) pairs in a min-heap: O(n log k) over n candidates. */
export class TopK {
  private heap: { row: number; score: number }[] = [];
  constructor(private readonly k: number) {}

  /** The score a new pair must beat to be kept (-Infinity while fewer than k are kept). */
  get floor(): number {
    return this.heap.length < this.k ? -Infinity : (this.heap[0]?.score ?? Infinity);
  }

  push(row: number, score: number): void {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push({ row, score });
      this.up(heap.length - 1);
    } else if (this.k > 0 && score > heap[0]!.score) {
      heap[0] = { row, score };
      this.down(0);
    }
  }

  /** The kept pairs, best first. */
  sorted(): { row: number; score: number }[] {
    return [...this.heap].sort((a, b) => b.score - a.score);
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.score <= heap[i]!.score) break;
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
      if (left < heap.length && heap[left]!.score < heap[smallest]!.score) smallest = left;
      if (right < heap.length && heap[right]!.score < heap[smallest]!.score) smallest = right;
      if (smallest === i) return;
      [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
      i = smallest;
    }
  }
}

/** The k highest-scoring ids of a score map, best first. */
export function topK(scores: Map<string, number>, k: number): { id: string; score: number }[] {
  const ids = [...scores.keys()];
  const best = new TopK(k);
  ids.forEach((id, row) => best.push(row, scores.get(id)!));
  return best.sorted().map(({ row, score }) => ({ id: ids[row]!, score }));
}
