/**
 * BM25 (k1 1.2, b 0.75) over an inverted index that supports adding and removing documents without
 * a rebuild. An optional boost field (title, heading path) counts its terms twice.
 */
import { analyze } from './analyzer';

export interface Scored {
  id: string;
  score: number;
}

const K1 = 1.2;
const B = 0.75;
const BOOST = 2;

export class Bm25Index {
  /** term → (id → term frequency) */
  private postings = new Map<string, Map<string, number>>();
  /** id → [document length, its distinct terms] */
  private docs = new Map<string, { length: number; terms: string[] }>();
  private totalLength = 0;

  get size(): number {
    return this.docs.size;
  }

  add(id: string, text: string, boostText = ''): void {
    if (this.docs.has(id)) this.remove(id);
    const counts = new Map<string, number>();
    for (const term of analyze(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const term of analyze(boostText)) counts.set(term, (counts.get(term) ?? 0) + BOOST);
    let length = 0;
    for (const [term, tf] of counts) {
      length += tf;
      let posting = this.postings.get(term);
      if (!posting) this.postings.set(term, (posting = new Map()));
      posting.set(id, tf);
    }
    this.docs.set(id, { length, terms: [...counts.keys()] });
    this.totalLength += length;
  }

  remove(id: string): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    for (const term of doc.terms) {
      const posting = this.postings.get(term)!;
      posting.delete(id);
      if (posting.size === 0) this.postings.delete(term);
    }
    this.docs.delete(id);
    this.totalLength -= doc.length;
  }

  /** BM25 scores of every document containing a query term (optionally only those `filter` keeps). */
  scoreAll(query: string, filter?: (id: string) => boolean): Map<string, number> {
    const scores = new Map<string, number>();
    const n = this.docs.size;
    if (n === 0) return scores;
    const avgLength = this.totalLength / n;
    for (const term of new Set(analyze(query))) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [id, tf] of posting) {
        if (filter && !filter(id)) continue;
        const length = this.docs.get(id)!.length;
        const score = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avgLength));
        scores.set(id, (scores.get(id) ?? 0) + score);
      }
    }
    return scores;
  }

  /**
   * What a document matching every query term once, at average length, would score: the yardstick
   * for how much of a query a hit covers. Terms the index has never seen count at the highest idf.
   */
  maxScore(query: string): number {
    const n = this.docs.size;
    if (n === 0) return 0;
    let total = 0;
    for (const term of new Set(analyze(query))) {
      const df = this.postings.get(term)?.size ?? 0;
      total += Math.log(1 + (n - df + 0.5) / (df + 0.5));
    }
    return total;
  }

  /** The k best documents for `query`. */
  search(query: string, k: number, filter?: (id: string) => boolean): Scored[] {
    return topK(this.scoreAll(query, filter), k);
  }
}

/** The k highest entries of a score map, best first. */
export function topK(scores: Map<string, number>, k: number): Scored[] {
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score).slice(0, k);
}
