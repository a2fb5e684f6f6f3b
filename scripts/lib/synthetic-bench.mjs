/**
 * `npm run bench -- --synthetic N`: the product-quantised proposition index on N clustered synthetic
 * vectors (scripts/harness/synthetic-bench.ts) in headless Chromium. Reports build time, query
 * p50/p95, recall@10 against an exact scan, and the page's memory (JS heap plus typed-array backing
 * stores, after a full garbage collection, as the main bench measures it, plus the WebAssembly memory
 * the index reports holding, which those figures leave out) held by the index.
 */
import { openHarness } from './harness.mjs';

/** Runs the synthetic bench; resolves to its figures. */
export async function syntheticBench({ size, dims, centres, rerank, queries, truthQueries, port, log }) {
  const { page, close } = await openHarness({ log, port });
  try {
    const cdp = await page.context().newCDPSession(page);
    const memoryMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize, backingStorageSize } = await cdp.send('Runtime.getHeapUsage');
      return { heap: usedSize / 2 ** 20, buffers: backingStorageSize / 2 ** 20 };
    };
    const before = await memoryMb();
    log(`synthetic: building ${size} rows of ${dims} dims around ${centres} centres`);
    const built = await page.evaluate((options) => window.carrel.synthetic.build(options.size, options), {
      size,
      dims,
      centres,
      rerank,
    });
    log(`synthetic: ${JSON.stringify(built)}`);
    const after = await memoryMb();
    const measured = await page.evaluate((options) => window.carrel.synthetic.measure(options), {
      queries,
      truthQueries,
      reranks: [...new Set([50, 100, 250, 500, rerank, 2000])].sort((a, b) => a - b),
    });
    await page.evaluate(() => window.carrel.synthetic.release());
    const heap = after.heap - before.heap;
    const buffers = after.buffers - before.buffers;
    return {
      ...built,
      ...measured,
      // The codes' WebAssembly memory is not among the typed-array backing stores CDP reports.
      memory_mb: Number((heap + buffers + built.wasmMb).toFixed(1)),
      memory_heap_mb: Number(heap.toFixed(1)),
      memory_buffers_mb: Number(buffers.toFixed(1)),
      memory_wasm_mb: built.wasmMb,
    };
  } finally {
    await close();
  }
}
