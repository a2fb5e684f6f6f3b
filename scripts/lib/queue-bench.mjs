/**
 * The ingest queue's pace through the real app, as a person adds files: `count` mixed files (PDFs
 * printed by Chromium, Markdown, HTML, text) dropped at once, then the same number added one by
 * one, each as soon as the one before is ready. Serves the production build (dist/, built when
 * missing or `rebuild`) and drives it in headless Chromium. Answers files per minute for both.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { launchChromium } from './chromium.mjs';
import { serveStatic } from './static-server.mjs';

const DIST = new URL('../../dist', import.meta.url).pathname;

/** A manual-like page of `chapters` chapters, each a heading and a few paragraphs. */
function manual(topic, chapters, round) {
  const parts = [`<h1>${topic} handbook ${round}</h1>`];
  for (let c = 1; c <= chapters; c++) {
    parts.push(`<h2>${c} ${topic} chapter ${c}</h2>`);
    for (let p = 0; p < 4; p++)
      parts.push(
        `<p>${Array.from({ length: 5 }, (_, s) => `Step ${round}.${c}.${p}.${s} of the ${topic} procedure checks the settings.`).join(' ')}</p>`,
      );
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>${topic}</title></head><body>${parts.join('\n')}</body></html>`;
}

/** `count` files of four kinds; `round` makes each set's contents differ from the other's. */
async function mixedFiles(browser, count, round) {
  const printer = await browser.newPage();
  const files = [];
  for (let i = 0; i < count; i++) {
    const topic = ['Boiler', 'Kayak', 'Camera', 'Garden', 'Piano'][i % 5];
    const html = manual(topic, 4 + (i % 7) * 3, `${round}-${i}`);
    const name = `${topic.toLowerCase()}-${round}-${i}`;
    if (i % 4 === 0) {
      await printer.setContent(html);
      files.push({
        name: `${name}.pdf`,
        mimeType: 'application/pdf',
        buffer: await printer.pdf({ format: 'A4', outline: true }),
      });
    } else if (i % 4 === 1) files.push({ name: `${name}.html`, mimeType: 'text/html', buffer: Buffer.from(html) });
    else if (i % 4 === 2)
      files.push({
        name: `${name}.md`,
        mimeType: 'text/markdown',
        buffer: Buffer.from(
          html
            .replace(/<h1>/g, '# ')
            .replace(/<h2>/g, '## ')
            .replace(/<[^>]+>/g, '\n'),
        ),
      });
    else
      files.push({ name: `${name}.txt`, mimeType: 'text/plain', buffer: Buffer.from(html.replace(/<[^>]+>/g, '\n')) });
  }
  await printer.close();
  return files;
}

const ready = (page, name, timeout) =>
  page.locator(`[data-testid="doc-row"][data-name="${name}"][data-status="ready"]`).waitFor({ timeout });

/** Files per minute for `count` mixed files dropped at once and added one by one; `log` gets progress. */
export async function queueBench({ count = 50, rebuild = true, log = (line) => console.error(line) } = {}) {
  if (rebuild || !existsSync(`${DIST}/index.html`)) {
    log('building the app (vite build) for the queue bench');
    const built = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const server = await serveStatic(DIST);
  const browser = await launchChromium();
  try {
    const result = {};
    for (const [mode, round] of [
      ['dropped_at_once', 'a'],
      ['one_by_one', 'b'],
    ]) {
      const files = await mixedFiles(browser, count, round);
      // A fresh profile each time: an empty library.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(server.url);
      await page.getByTestId('file-input').waitFor({ state: 'attached' });
      const began = Date.now();
      if (mode === 'dropped_at_once') {
        await page.getByTestId('file-input').setInputFiles(files);
        for (const file of files) await ready(page, file.name, 600_000);
      } else {
        for (const file of files) {
          await page.getByTestId('file-input').setInputFiles([file]);
          await ready(page, file.name, 300_000);
        }
      }
      const minutes = (Date.now() - began) / 60_000;
      result[`${mode}_files_per_min`] = Number((count / minutes).toFixed(1));
      log(`queue, ${count} files ${mode.replace(/_/g, ' ')}: ${(minutes * 60).toFixed(1)} s`);
      await context.close();
    }
    return { files: count, ...result };
  } finally {
    await browser.close();
    await server.close();
  }
}
