#!/usr/bin/env node
/**
 * What a fresh page costs the machine: each run opens the app in `--pages` new browser contexts
 * (as every browser test does), adds one small file, waits for it to be searchable and searches
 * it, and prints the CPU-seconds the whole machine spent per page (from /proc/stat, so run it on
 * an otherwise idle machine) and the wall time per page. Serve the build to measure first, e.g.
 * `npx vite preview --outDir dist --port 4175`; two builds on two ports, alternated, compare.
 *   node scripts/page-cpu.mjs --url http://localhost:4175/ [--pages 8] [--runs 3]
 * One line per run, then the last line of stdout: one JSON object.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchChromium } from './lib/chromium.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:4173/' },
    pages: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3' },
  },
});
const pages = Number(values.pages);
const runs = Number(values.runs);

/** CPU-seconds the machine has been busy since boot (user, nice, system, irq, softirq, steal). */
function busySeconds() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

const browser = await launchChromium();
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    const busy = busySeconds();
    const started = Date.now();
    for (let i = 0; i < pages; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(values.url);
      await page.getByTestId('file-input').setInputFiles(['e2e/fixtures/clinic-notes.md']);
      await page
        .locator('[data-testid="doc-row"][data-name="clinic-notes.md"][data-status="ready"]')
        .waitFor({ timeout: 60_000 });
      await page.getByTestId('search-input').fill('tomatoes sun');
      await page.getByTestId('result').first().waitFor();
      await context.close();
    }
    const result = {
      cpu_s_per_page: Number(((busySeconds() - busy) / pages).toFixed(2)),
      wall_s_per_page: Number(((Date.now() - started) / 1000 / pages).toFixed(2)),
    };
    console.log(`run ${run + 1}: ${JSON.stringify(result)}`);
    results.push(result);
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ url: values.url, pages, runs: results }));
