#!/usr/bin/env node
/**
 * Performance bench: the real search code in headless Chromium on generated libraries.
 *   npm run bench [-- --quick] [-- --sizes 1000,10000] [-- --ocr-pages 20,33] (0 = none) [-- --port 4193] (0 = any free port)
 *                 [-- --ocr-setup '{"workers":2,"readDpi":200,"variants":["300dpi"]}'] (scripts/harness/ocr-bench.ts)
 *                 [-- --ocr-only] (the OCR figures alone)
 *                 [-- --queue-files 50] (0 = none: files per minute through the app's ingest queue)
 *                 [-- --sync-docs 1000] [-- --sync-bytes 254000] (0 docs = none: first sync to an empty device, a change's delay)
 *                 [-- --sync-only] (the sync figures alone)
 *                 [-- --synthetic 1000000] [-- --dims 100] [-- --rerank 1000] (the product-quantised index on
 *                 clustered synthetic vectors alone: scripts/lib/synthetic-bench.mjs)
 * Progress goes to stderr; the LAST line of stdout is one JSON object (docs/benchmarks.md).
 * --quick runs 1000 propositions only and OCRs one clean page (a CI smoke check). Numbers are noisy
 * on a shared machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { generationBlock } from './lib/generation-bench.mjs';
import { openHarness } from './lib/harness.mjs';
import { workerMemoryMb } from './lib/worker-memory.mjs';
import { queueBench } from './lib/queue-bench.mjs';
import { syncBench } from './lib/sync-bench.mjs';
import { syntheticBench } from './lib/synthetic-bench.mjs';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    pdf: { type: 'string', default: '../shared/eval/docs/pdf/R-intro.pdf' },
    'ocr-pages': { type: 'string' },
    'ocr-setup': { type: 'string', default: '{}' },
    'ocr-only': { type: 'boolean', default: false },
    sizes: { type: 'string' },
    queries: { type: 'string', default: '50' },
    port: { type: 'string', default: '4193' },
    'queue-files': { type: 'string' },
    'sync-docs': { type: 'string' },
    // About the text of R-intro.pdf (pdftotext prints 254,512 bytes).
    'sync-bytes': { type: 'string' },
    'sync-only': { type: 'boolean', default: false },
    synthetic: { type: 'string' },
    dims: { type: 'string', default: '100' },
    rerank: { type: 'string', default: '1000' },
  },
});
const ALL_SIZES = [1000, 10000, 100000, 1000000];
// 1 000 000 is not run by default (`--sizes 1000000`): it takes many minutes here.
const sizes = values.sizes ? values.sizes.split(',').map(Number) : values.quick ? [1000] : [1000, 10000, 100000];
const log = (line) => console.error(line);
const syncDocs = Number(values['sync-docs'] ?? (values.quick ? 20 : 1000));
const syncBytes = Number(values['sync-bytes'] ?? (values.quick ? 20_000 : 254_000));

/** The sync figures; a failure is printed and fails the run, never left out quietly. */
async function syncFigures(rebuild) {
  if (syncDocs <= 0) return null;
  try {
    return await syncBench({ count: syncDocs, bytes: syncBytes, rebuild, log });
  } catch (error) {
    const [message, ...rest] = String(error instanceof Error ? error.message : error).split('\n');
    log(`sync: FAILED: ${message}`);
    // Playwright's call log says what it waited for (the element, and why it could not act on it):
    // its last lines, for a failure seen only in CI's log.
    for (const line of rest.filter((l) => l.trim()).slice(-8)) log(`sync:   ${line.trim()}`);
    process.exitCode = 1;
    return { documents: syncDocs, failed: message };
  }
}
if (values.synthetic) {
  const size = Number(values.synthetic);
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`--synthetic wants a number of rows, e.g. 1000000 (got ${values.synthetic})`);
  const synthetic = await syntheticBench({
    size,
    dims: Number(values.dims),
    centres: 4000,
    rerank: Number(values.rerank),
    queries: Number(values.queries),
    truthQueries: 20,
    port: Number(values.port),
    log,
  });
  console.log(
    JSON.stringify({ machine: { cpus: cpus().length, memGb: Number((totalmem() / 2 ** 30).toFixed(1)) }, synthetic }),
  );
  process.exit();
}
if (values['sync-only']) {
  console.log(JSON.stringify({ sync: await syncFigures(!values.quick) }));
  process.exit();
}

// --enable-unsafe-webgpu: WebGPU wherever an adapter exists (Chromium's software one without a GPU).
const { page, close } = await openHarness({ log, port: Number(values.port), chromiumArgs: ['--enable-unsafe-webgpu'] });
try {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // The page's JS heap and, outside it, the backing stores of its typed arrays (the vectors, the
  // BM25 postings), in MiB after a full garbage collection.
  const memoryMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, backingStorageSize } = await cdp.send('Runtime.getHeapUsage');
    return { heap: usedSize / 2 ** 20, buffers: backingStorageSize / 2 ** 20 };
  };
  const chromium = page.context().browser()?.version() ?? null;
  const init = await page.evaluate(() => window.carrel.bench.init());
  log(
    `model ${init.dims} dims on ${init.device}, loaded in ${init.modelLoadMs.toFixed(0)} ms; vocabulary ${init.vocab} words`,
  );

  // The built-in model on each backend, each in a fresh worker.
  const backends = await page.evaluate((count) => window.carrel.backends(count), values.quick ? 500 : 5000);
  log(`backends: ${JSON.stringify(backends)}`);
  // Answer generators: time to first token and tokens/s per backend.
  const generation = await generationBlock(page, { log });

  // OCR accuracy and speed on pages of the PDF drawn as scans (its text layer is the truth).
  let ocr = null;
  // CPU seconds of all the browser's processes, for the OCR block's cpu_s_per_page (load-independent).
  const browserCdp = await page.context().browser()?.newBrowserCDPSession();
  await page.exposeFunction('carrelCpuSeconds', async () => {
    if (!browserCdp) return null;
    const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
    return processInfo.reduce((sum, process) => sum + process.cpuTime, 0);
  });
  // --ocr-pages 0 skips OCR (pages are 1-based), for runs that only want the other figures.
  const ocrPages = (values['ocr-pages'] ?? (values.quick ? '20' : '20,33,45'))
    .split(',')
    .map(Number)
    .filter((page) => page > 0);
  if (ocrPages.length === 0) log('--ocr-pages 0: ocr figures are null');
  else if (existsSync(values.pdf)) {
    const pages = ocrPages;
    const base64 = readFileSync(values.pdf).toString('base64');
    ocr = {
      file: basename(values.pdf),
      ...(await page.evaluate(({ name, base64, pages, setup }) => window.carrel.ocrBench(name, base64, pages, setup), {
        name: basename(values.pdf),
        base64,
        pages,
        // --quick reads the clean 300 dpi page only: a smoke check, not the four scans' figures.
        setup: { ...(values.quick ? { variants: ['300dpi'] } : {}), ...JSON.parse(values['ocr-setup']) },
      })),
    };
    log(`ocr: ${JSON.stringify(ocr)}`);
    if (values['ocr-only']) {
      console.log(JSON.stringify({ ocr }));
      process.exit();
    }
  } else log(`${values.pdf} not found: ocr figures are null`);

  // A real PDF through the real ingest pipeline (parse, chunk, embed, store, index); skipped by --quick.
  let pdf = null;
  if (!values.quick && existsSync(values.pdf)) {
    const base64 = readFileSync(values.pdf).toString('base64');
    pdf = await page.evaluate(({ name, base64 }) => window.carrel.bench.ingestFile(name, base64), {
      name: basename(values.pdf),
      base64,
    });
    log(`${values.pdf}: ${JSON.stringify(pdf)}`);
  } else if (!values.quick) log(`${values.pdf} not found: pdf figures are null`);
  // Each worker after reading the PDF (or OCR pages), with the model loaded where it is used.
  const workersMemory = await workerMemoryMb(page);
  log(`workers: ${JSON.stringify(workersMemory)}`);

  const results = {};
  /** size → why it has no figures (the page threw or crashed); the sizes after a crash are not run. */
  const failed = {};
  for (const size of sizes) {
    if (Object.keys(failed).length && page.isClosed()) break;
    const began = Date.now();
    let result;
    let before;
    try {
      await page.evaluate(() => window.carrel.bench.release());
      before = await memoryMb();
      const ran = await page.evaluate(({ size, queries }) => window.carrel.bench.run(size, { queries }), {
        size,
        queries: Number(values.queries),
      });
      // A new tab starts without the build's garbage: collect it before timing the restore.
      await cdp.send('HeapProfiler.collectGarbage');
      const restored = await page.evaluate(
        ({ documents, queries }) => window.carrel.bench.restore(documents, { queries }),
        { documents: ran.documents, queries: Number(values.queries) },
      );
      result = { ...ran, snapshot: { saveMs: ran.saveMs, ...restored } };
    } catch (error) {
      failed[size] = String(error instanceof Error ? error.message : error).split('\n')[0];
      log(`${size}: FAILED after ${((Date.now() - began) / 1000).toFixed(1)} s: ${failed[size]}`);
      continue;
    }
    const after = await memoryMb();
    const memory = {
      heap: Number((after.heap - before.heap).toFixed(1)),
      buffers: Number((after.buffers - before.buffers).toFixed(1)),
    };
    results[size] = { ...result, memoryMb: memory };
    log(`${size}: ${JSON.stringify(results[size])} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  }
  if (!page.isClosed()) await page.evaluate(() => window.carrel.bench.release()).catch(() => {});

  const largest = results[Math.max(...Object.keys(results).map(Number))];
  const perSize = (pick) =>
    Object.fromEntries(ALL_SIZES.map((size) => [size, results[size] ? pick(results[size]) : null]));
  const embedded = Object.values(results).reduce(
    (a, r) => ({ n: a.n + r.embed.propositions, ms: a.ms + r.embed.ms, bytes: a.bytes + r.embed.textBytes }),
    { n: 0, ms: 0, bytes: 0 },
  );
  const impls = [...new Set(Object.values(results).flatMap((r) => Object.keys(r.indexes)))];
  const out = {
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      memGb: Number((totalmem() / 2 ** 30).toFixed(1)),
      chromium,
    },
    model: { id: 'carrel-glove-50k', dims: init.dims, device: init.device },
    backends,
    generation,
    ocr,
    ingest: {
      propositions_per_s: Number(((embedded.n / embedded.ms) * 1000).toFixed(0)),
      text_mb_per_s: Number((embedded.bytes / 2 ** 20 / (embedded.ms / 1000)).toFixed(3)),
      pdf_pages_per_s: pdf?.pages ? Number((pdf.pages / (pdf.ms / 1000)).toFixed(2)) : null,
      // The file reader alone (best of three): pdf.js and the page lines until chunking starts, then with the chunking.
      pdf_parse_pages_per_s:
        pdf?.pages && Number.isFinite(pdf.reader.parseMs)
          ? Number((pdf.pages / (pdf.reader.parseMs / 1000)).toFixed(2))
          : null,
      pdf_read_pages_per_s: pdf?.pages ? Number((pdf.pages / (pdf.reader.readMs / 1000)).toFixed(2)) : null,
      rintro_s: pdf && /R-intro\.pdf$/.test(values.pdf) ? Number((pdf.ms / 1000).toFixed(1)) : null,
    },
    // The same file three times (each a new document): one after another, then overlapped as the queue reads them.
    ingest_several_files: pdf?.severalFiles ?? null,
    query_during_ingest_ms: pdf
      ? { p50: pdf.duringIngest.p50, p95: pdf.duringIngest.p95, queries: pdf.duringIngest.queries }
      : null,
    query_ms: perSize((r) => ({ p50: r.query.p50, p95: r.query.p95, search_only_p50: r.query.searchOnlyP50 })),
    // Where a query's time goes (scripts/harness/query-stages.ts): compare shares between runs.
    query_stages_ms: perSize((r) => r.query.stages),
    // The same queries after a start: on the restored index, its vectors in (a PqIndex above PQ_ABOVE_PROPOSITIONS).
    restored_query_ms: perSize((r) => {
      const { p50, p95, searchOnlyP50, propositionIndex, wasmMb, settledMs } = r.snapshot.restoredQuery;
      return {
        p50,
        p95,
        search_only_p50: searchOnlyP50,
        proposition_index: propositionIndex,
        wasm_mb: wasmMb,
        settled_after_hybrid_ms: settledMs,
      };
    }),
    restored_query_stages_ms: perSize((r) => r.snapshot.restoredQuery.stages),
    startup_ms: {
      ...perSize((r) => r.snapshot.restoreMs),
      model_load: Number(init.modelLoadMs.toFixed(0)),
      index_build: perSize((r) => r.indexBuildMs),
      snapshot_save: perSize((r) => r.snapshot.saveMs),
      restore_parts: perSize((r) => ({
        read: r.snapshot.readMs,
        rebuild: r.snapshot.rebuildMs,
        check: r.snapshot.checkMs,
        vectors: r.snapshot.vectorsMs,
      })),
      // Restored, then one query embedded, searched and its hits' texts read: what a user waits for
      // (from BM25 alone while the vectors are still being read, as the engine answers then).
      first_answer: perSize((r) => r.snapshot.firstAnswerMs),
      first_answer_from_vectors: perSize((r) => r.snapshot.firstFromVectors),
      // After the restore: the query embedded, searched, its hits' texts read; and whether the vectors went in before those texts came.
      first_answer_parts: perSize((r) => r.snapshot.firstAnswerParts),
      first_answer_after_vectors: perSize((r) => r.snapshot.vectorsBeforeTexts),
      // From the start until the vectors are in, and to the same query answered by both legs after that.
      vectors_ready: perSize((r) => r.snapshot.vectorsReadyMs),
      hybrid_answer: perSize((r) => r.snapshot.hybridAnswerMs),
    },
    memory_mb: perSize((r) => Number((r.memoryMb.heap + r.memoryMb.buffers).toFixed(1))),
    memory_heap_mb: perSize((r) => r.memoryMb.heap),
    // JS heap and array buffers per worker; WebAssembly memory (the ONNX runtime's) is not visible here.
    workers_memory_mb: workersMemory,
    storage_bytes_per_proposition: pdf?.storedBytes ? Math.round(pdf.storedBytes / pdf.propositions) : null,
    storage_breakdown: pdf?.breakdown ?? null,
    pdf: pdf ? { file: values.pdf.split('/').pop(), ...pdf } : null,
    index: Object.fromEntries(
      impls.map((impl) => [
        impl,
        perSize((r) =>
          r.indexes[impl]?.error
            ? { error: r.indexes[impl].error }
            : r.indexes[impl]
              ? { p50: r.indexes[impl].p50, recall_at_10: r.indexes[impl].recallAt10 }
              : null,
        ),
      ]),
    ),
    sizes_run: sizes,
    failed,
    largest: largest ? { size: largest.size, documents: largest.documents, sections: largest.sections } : null,
  };
  await close();
  // Through the whole app (its own build and browser): 50 mixed files dropped at once, then 50 added one by one.
  const queueFiles = Number(values['queue-files'] ?? (values.quick ? 6 : 50));
  out.ingest_queue = queueFiles > 0 ? await queueBench({ count: queueFiles, rebuild: !values.quick, log }) : null;
  // Two devices through a CouchDB-protocol server on loopback (the queue bench built the app already).
  out.sync = await syncFigures(!values.quick && queueFiles <= 0);
  console.log(JSON.stringify(out));
} finally {
  await close();
}
