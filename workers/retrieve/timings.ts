/** Per-stage timing of a search, for the bench: off (no clock read) unless timings are asked for. */

/**
 * Where a query's time goes, in ms per stage (the bench prints it): pass one to `traceSearch` and
 * each stage adds its time to its key. Keys are `<stage>.<part>`, e.g. `documents.bm25`.
 */
export type SearchTimings = Record<string, number>;

/** Adds the time since the last call to `key` of `timings`; does nothing without them. */
export type Lap = (key: string) => void;

export function lapper(timings: SearchTimings | undefined): Lap {
  if (!timings) return () => undefined;
  let last = performance.now();
  return (key) => {
    const now = performance.now();
    timings[key] = (timings[key] ?? 0) + now - last;
    last = now;
  };
}
