#!/usr/bin/env node
/**
 * The end-to-end acceptance check, as a person would do it: serve the production build,
 * upload R-intro.pdf (113 pages) through the file picker, wait until it is ready, ask questions, and
 * print the time to index, the top results and the engine's search latency.
 *
 *   node scripts/smoke-rintro.mjs [path/to/R-intro.pdf]   (builds first; --no-build to skip)
 */
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PORT = 4176;
const base = `http://localhost:${PORT}`;
const pdf = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '../shared/eval/docs/pdf/R-intro.pdf';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const QUESTIONS = ['how do I read data from a file', 'fit a linear regression model', 'draw a histogram of my data'];

if (!existsSync(pdf)) {
  console.error(`${pdf} not found: pass the path of R-intro.pdf`);
  process.exit(2);
}
if (!process.argv.includes('--no-build') && spawnSync('npx', ['vite', 'build'], { stdio: 'ignore' }).status !== 0)
  process.exit(1);
const server = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort'], {
  stdio: 'ignore',
  detached: true,
});
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(base)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  )
    await new Promise((r) => setTimeout(r, 200));
  const page = await browser.newPage();
  await page.goto(base);
  const began = Date.now();
  await page.getByTestId('file-input').setInputFiles(pdf);
  await page.locator('[data-testid=doc-row][data-status=ready]').waitFor({ timeout: 300_000 });
  console.log(
    `indexed ${pdf.split('/').pop()} in ${((Date.now() - began) / 1000).toFixed(1)} s (upload to searchable)`,
  );
  console.log(`  ${(await page.getByTestId('doc-row').first().innerText()).replace(/\s*\n\s*/g, ' · ')}`);
  for (const question of QUESTIONS) {
    await page.getByTestId('search-input').fill(question);
    const summary = page.locator('.summary');
    await page.waitForFunction(
      (q) =>
        /** @type {HTMLInputElement | null} */ (document.querySelector('[data-testid=search-input]'))?.value === q &&
        !document.querySelector('.spinner'),
      question,
    );
    const first = page.getByTestId('result').first();
    console.log(`\n“${question}” — ${await summary.innerText()}`);
    for (let i = 0; i < 3; i++)
      console.log(`  ${i + 1}. ${await page.getByTestId('result').nth(i).getByTestId('result-section').innerText()}`);
    console.log(
      `  best passage: ${(await first.getByTestId('result-proposition').first().innerText()).slice(0, 160)}…`,
    );
  }
} finally {
  await browser.close();
  if (server.pid) process.kill(-server.pid);
}
