#!/usr/bin/env node
/**
 * The PDF ingest figures alone, without the rest of `npm run bench`: one PDF added to an emptied
 * library through the app's ingest queue, `--runs` times, each in fresh workers (as `npm run bench`'s
 * `rintro_s`), then the file reader alone (`readerOnly`, best of three, as its `pdf_parse_pages_per_s`).
 *   node scripts/ingest-bench.mjs [--pdf ../shared/eval/docs/pdf/R-intro.pdf] [--runs 3] [--port 0]
 *                                 [--dir dist-harness] (a harness built elsewhere, e.g. from another commit)
 *                                 [--on-disk] (a browser profile on disk, as a person's, not off the record)
 *                                 [--warm] (the model loaded first) [--warm-reader] (the reader ready first)
 * Progress goes to stderr; the last line of stdout is one JSON object. Numbers are noisy on a shared machine.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HARNESS_DIR } from './lib/harness-build.mjs';
import { openHarness } from './lib/harness.mjs';

const { values } = parseArgs({
  options: {
    pdf: { type: 'string', default: '../shared/eval/docs/pdf/R-intro.pdf' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '0' },
    dir: { type: 'string' },
    'reader-runs': { type: 'string', default: '3' },
    // Prints a SHA-256 of each IndexedDB table after the last run (times and blobs left out), to
    // compare what two builds stored.
    fingerprint: { type: 'boolean', default: false },
    // The engine's model loaded before the file is added (as the page's start loads it), not while it is read.
    warm: { type: 'boolean', default: false },
    // The file reader started and ready before the file is added, as the app has it once the picker
    // has opened or files are dragged over the page (warmReader), rather than started by the file.
    'warm-reader': { type: 'boolean', default: false },
    // IndexedDB on disk in a profile of its own (emptied first), not in memory as off the record.
    'on-disk': { type: 'boolean', default: false },
  },
});
const log = (line) => console.error(line);
if (!existsSync(values.pdf)) throw new Error(`${values.pdf} not found`);
// INGEST_BENCH_CHROMIUM_ARGS: extra flags, space-separated (a profile: --js-flags=--prof).
const { page, browser, close } = await openHarness({
  log,
  port: Number(values.port),
  chromiumArgs: process.env.INGEST_BENCH_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? [],
  ...(values.dir ? { dir: resolve(values.dir) } : {}),
  ...(values['on-disk'] ? { profile: mkdtempSync(join(tmpdir(), 'carrel-ingest-bench-')) } : {}),
});
try {
  const name = basename(values.pdf);
  const base64 = readFileSync(values.pdf).toString('base64');
  // CPU seconds of all the browser's processes (as the OCR bench's cpu_s_per_page): less noisy than wall time on a shared machine.
  // (None in a profile on disk: Playwright gives its context no browser to ask.)
  const browserCdp = await browser?.newBrowserCDPSession();
  const cpuSeconds = async () => {
    if (!browserCdp) return NaN;
    const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
    return processInfo.reduce((sum, process) => sum + process.cpuTime, 0);
  };
  const runs = [];
  for (let run = 0; run < Number(values.runs); run++) {
    const cpuBefore = await cpuSeconds();
    await page.evaluate(
      async ({ warm, warmReader }) => {
        const { carrel } = window;
        await carrel.reset();
        // An empty batch: the engine's start (library and model), as `npm run bench` waits for it.
        await carrel.ingest([]);
        if (warm) await carrel.ready();
        if (warmReader) await carrel.warmReader();
      },
      { warm: values.warm, warmReader: values['warm-reader'] },
    );
    // The ingest's own CPU, from here: the reset and the workers' start are in cpu_s only.
    const cpuStarted = await cpuSeconds();
    const figures = await page.evaluate(
      async ({ name, base64 }) => {
        const { carrel } = window;
        const began = performance.now();
        // Stage marks (HARNESS_CONSOLE=1 prints the page's console) share this clock with the workers'.
        console.log('[T] page:begin', (performance.timeOrigin + began).toFixed(1));
        const report = await carrel.ingest([{ name, base64 }]);
        const ms = performance.now() - began;
        console.log('[T] page:end', (performance.timeOrigin + began + ms).toFixed(1));
        if (report.stored !== 1) throw new Error(`not stored: ${JSON.stringify(report)}`);
        return { ms: Math.round(ms) };
      },
      { name, base64 },
    );
    // The reset and the engine's start are in cpu_s too (the same on every build); ingest_cpu_s is the file's alone.
    const cpuEnded = await cpuSeconds();
    const cpu = Number(cpuEnded - cpuBefore).toFixed(2);
    const ingestCpu = Number(cpuEnded - cpuStarted).toFixed(2);
    const load = loadavg()[0].toFixed(2);
    log(`run ${run + 1}: ${figures.ms} ms, ${cpu} CPU s, ${ingestCpu} of them the ingest's (load ${load})`);
    runs.push({ ...figures, cpu_s: Number(cpu), ingest_cpu_s: Number(ingestCpu), load: Number(load) });
  }
  const fingerprint = values.fingerprint ? await page.evaluate(storedFingerprint) : null;
  if (fingerprint) log(`fingerprint: ${JSON.stringify(fingerprint)}`);
  const reader = await page.evaluate(
    ({ name, base64, runs }) =>
      window.carrel.bench.readerOnly(
        name,
        Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
        runs,
      ),
    { name, base64, runs: Number(values['reader-runs']) },
  );
  log(`reader alone (best of ${values['reader-runs']}): ${JSON.stringify(reader)}`);
  const ms = runs.map((run) => run.ms);
  console.log(
    JSON.stringify({
      dir: values.dir ? resolve(values.dir) : HARNESS_DIR,
      on_disk: values['on-disk'],
      pdf: name,
      runs,
      mean_ms: Math.round(ms.reduce((a, b) => a + b, 0) / ms.length),
      min_ms: Math.min(...ms),
      max_ms: Math.max(...ms),
      reader,
      ...(fingerprint ? { fingerprint } : {}),
      load_after: loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );
} finally {
  await close();
}

/** In the page: each table of the library's database as rows, hashed (SHA-256, hex), with its row count. */
async function storedFingerprint() {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('carrel');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const out = {};
  for (const name of [...db.objectStoreNames].sort()) {
    const rows = await new Promise((resolve, reject) => {
      const request = db.transaction(name).objectStore(name).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const json = JSON.stringify(rows, (key, value) => {
      if (key === 'addedAt' || key === 'indexedAt' || key === 'savedAt' || key === 'updatedAt') return undefined;
      if (value instanceof Blob) return `blob:${value.size}`;
      if (ArrayBuffer.isView(value))
        return Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
      return value;
    });
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json));
    out[name] = `${rows.length}:${[...new Uint8Array(digest)]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
      .slice(0, 16)}`;
  }
  db.close();
  return out;
}
