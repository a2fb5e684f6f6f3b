#!/usr/bin/env node
/**
 * Shows what Carrel makes of one file (DESIGN §9), through the app's real file reader in
 * headless Chromium (pdf.js does not run on Node 20):
 *   npm run chunk -- FILE [--json] [--password P] [--mode three-level|paragraph|full-doc]
 * --json prints {title, tokens, sections: [{headingPath, tokens, pages, text, propositions:
 * [{text, tokens, pages, type}]}]}. Without it: an outline and size histograms against the targets.
 * A file Carrel refuses (encrypted without password, scanned, unsupported…) → one line on stderr, exit 2.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { printOutline } from './lib/outline.mjs';
import { openHarness } from './lib/harness.mjs';

const USAGE = 'Usage: npm run chunk -- FILE [--json] [--password P] [--mode three-level|paragraph|full-doc]';
/** @type {import('../common/types').ChunkMode[]} */
const MODES = ['three-level', 'paragraph', 'full-doc'];
const HINTS = {
  PDF_PASSWORD: 'Run again with --password P.',
  PDF_BAD_PASSWORD: 'Check the password and run again with --password P.',
  PDF_NO_TEXT:
    'If it is a scan, scan it again at 300 dpi, or run OCR on it elsewhere (for example: ocrmypdf in.pdf out.pdf).',
};

/**
 * Prints `message` and ends the run with exit code 2.
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(2);
}

function parseCli() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        password: { type: 'string' },
        mode: { type: 'string', default: 'three-level' },
      },
    });
    const [file] = positionals;
    if (positionals.length !== 1 || !file) fail(USAGE);
    const mode =
      MODES.find((m) => m === values.mode) ?? fail(`Unknown mode "${values.mode}": one of ${MODES.join(', ')}`);
    return { file, ...values, mode };
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
}

const cli = parseCli();
if (!existsSync(cli.file) || !statSync(cli.file).isFile()) fail(`No such file: ${cli.file}`);

const harness = await openHarness();
let result;
try {
  result = await harness.page.evaluate(
    ([b64, name, password, mode]) => window.carrel.chunkFile(b64, name, password, mode),
    /** @type {const} */ ([readFileSync(cli.file).toString('base64'), basename(cli.file), cli.password, cli.mode]),
  );
} finally {
  await harness.close();
}

if ('error' in result) {
  const { code, message } = result.error;
  fail(`${code}: ${message}${HINTS[code] ? ` ${HINTS[code]}` : ''}`);
}
if (result.tokenizer === 'approximate') console.error('warning: the model did not load; token counts are approximate');
if (cli.json) {
  const { title, tokens, sections } = result;
  console.log(JSON.stringify({ title, tokens, sections }));
} else {
  printOutline(result, cli.mode);
}
