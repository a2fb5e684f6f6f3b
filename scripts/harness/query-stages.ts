/**
 * Where the bench's query time goes: each query's per-stage times (`traceSearch`'s timings, plus
 * the embedding and the query expansion the bench times itself), summed up per stage as the median
 * and the mean in ms and the mean's share of the whole query, and the mean over the slowest tenth of
 * the queries (where a p95 goes). Shares can be compared between runs on a loaded machine, where
 * absolute times are not.
 */
import type { SearchTimings } from '../../workers/retrieve/search';

export interface StageFigures {
  p50: number;
  mean: number;
  /** The stage's mean over the mean of the whole query (0–1). */
  share: number;
  /** The stage's mean over the slowest tenth of the queries (by their whole time). */
  slowest: number;
}

export class QueryStages {
  private readonly queries: SearchTimings[] = [];

  /** One query's timings (every stage it went through, in ms). */
  record(timings: SearchTimings): void {
    this.queries.push({ ...timings });
  }

  /** Every stage seen, in the order the first query went through them. */
  summary(): Record<string, StageFigures> {
    const stages = [...new Set(this.queries.flatMap((timings) => Object.keys(timings)))];
    const count = Math.max(1, this.queries.length);
    const total = this.queries.reduce((sum, timings) => sum + sumOf(timings), 0) / count;
    const slowest = [...this.queries].sort((a, b) => sumOf(b) - sumOf(a)).slice(0, Math.max(1, Math.ceil(count / 10)));
    const figures: Record<string, StageFigures> = {};
    for (const stage of stages) {
      const times = this.queries.map((timings) => timings[stage] ?? 0).sort((a, b) => a - b);
      const mean = times.reduce((sum, time) => sum + time, 0) / count;
      figures[stage] = {
        p50: round(times[Math.floor((times.length - 1) / 2)] ?? 0),
        mean: round(mean),
        share: total > 0 ? round(mean / total, 3) : 0,
        slowest: round(slowest.reduce((sum, timings) => sum + (timings[stage] ?? 0), 0) / slowest.length),
      };
    }
    return figures;
  }
}

const sumOf = (timings: SearchTimings) => Object.values(timings).reduce((sum, time) => sum + time, 0);
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
