#!/usr/bin/env node
/**
 * Shows what Carrel makes of one file (DESIGN §9):
 *   npm run chunk -- FILE [--json] [--password P] [--mode three-level|paragraph|full-doc]
 * Without --json: an outline (levels, heading paths, token counts) and histograms of section and
 * proposition sizes against their targets. Runs the real parsers and chunker in headless Chromium.
 */
import { readFileSync, existsSync } from 'node:fs';
import { basename } from 'node:path';
import { openHarness } from './lib/harness.mjs';
import { histogram } from './lib/histogram.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const file = args.find((a, i) => !a.startsWith('--') && !['--password', '--mode'].includes(args[i - 1]));
if (!file || !existsSync(file)) {
  console.error(file ? `No such file: ${file}` : 'Usage: npm run chunk -- FILE [--json] [--password P] [--mode three-level|paragraph|full-doc]');
  process.exit(2);
}

const harness = await openHarness();
let result;
try {
  result = await harness.page.evaluate(
    ([b64, name, password, mode]) => window.carrel.chunkFile(b64, name, password, mode),
    [readFileSync(file).toString('base64'), basename(file), option('--password'), option('--mode') ?? 'three-level'],
  );
} finally {
  await harness.close();
}

if (result.error) {
  const hints = {
    PDF_PASSWORD: 'It is encrypted: run again with --password P.',
    PDF_BAD_PASSWORD: 'Check the password and run again with --password P.',
    PDF_NO_TEXT: 'Run OCR on it first (for example: ocrmypdf in.pdf out.pdf).',
  };
  console.error(`${result.error.code}: ${result.error.message}${hints[result.error.code] ? ` ${hints[result.error.code]}` : ''}`);
  process.exit(2);
}

if (args.includes('--json')) {
  const { title, tokens, sections } = result;
  console.log(JSON.stringify({ title, tokens, sections }));
} else {
  const props = result.sections.flatMap((s) => s.propositions);
  console.log(`${result.title}  —  ${result.tokens} tokens${result.pageCount ? `, ${result.pageCount} pages` : ''}, ${result.sections.length} sections, ${props.length} propositions`);
  console.log(`keywords: ${result.keywords.join(', ')}`);
  console.log(`summary: ${result.summary}\n`);
  for (const s of result.sections) {
    const pages = s.pages.length ? `  p.${s.pages[0]}${s.pages.length > 1 ? `–${s.pages.at(-1)}` : ''}` : '';
    console.log(`${'  '.repeat(Math.max(0, s.headingPath.length - 1))}§ ${s.headingPath.at(-1) ?? '(untitled)'}  [${s.tokens} tokens, ${s.propositions.length} propositions]${pages}`);
  }
  console.log('');
  console.log(histogram('Section tokens', result.sections.map((s) => s.tokens), { low: 200, high: 400, min: 150, max: 500 }));
  console.log('');
  console.log(histogram('Proposition tokens', props.map((p) => p.tokens), { low: 50, high: 150, min: 30, max: 200 }));
}
