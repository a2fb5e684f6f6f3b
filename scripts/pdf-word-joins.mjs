#!/usr/bin/env node
/**
 * Counts words run together ("ofthe") and cut apart ("re dundancy") in what Carrel stores of each
 * PDF, against pdftotext (poppler-utils) as the reference (scripts/lib/word-joins.mjs says how):
 *   node scripts/pdf-word-joins.mjs [--list] FILE.pdf…   (default: the PDFs of ../shared/eval/docs/pdf)
 * Reads each file through the app's real file reader (the harness page, as `npm run chunk` does)
 * and compares its stored passages (propositions). Pages read by OCR have no reference: skipped.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { openHarness } from './lib/harness.mjs';
import { wordJoins } from './lib/word-joins.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { list: { type: 'boolean' } } });
const DEFAULT_DIR = new URL('../../shared/eval/docs/pdf/', import.meta.url).pathname;
const files = positionals.length
  ? positionals
  : readdirSync(DEFAULT_DIR)
      .filter((f) => f.endsWith('.pdf'))
      .sort()
      .map((f) => join(DEFAULT_DIR, f));

const harness = await openHarness();
const total = { joins: 0, splits: 0 };
try {
  for (const file of files) {
    const report = await harness.page.evaluate(
      ([b64, name]) => window.carrel.chunkFile(b64, name),
      [readFileSync(file).toString('base64'), basename(file)],
    );
    if ('error' in report || report.ocr) {
      console.log(`${basename(file)}: skipped (${'error' in report ? report.error.code : 'read by OCR'})`);
      continue;
    }
    const passages = report.sections.flatMap((s) => s.propositions.map((p) => p.text));
    const { joins, splits } = wordJoins(passages, execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
    total.joins += joins.length;
    total.splits += splits.length;
    console.log(`${basename(file)}: joins ${joins.length}, splits ${splits.length}`);
    if (values.list) console.log(`  joins: ${joins.join(' ')}\n  splits: ${splits.join(' ')}`);
  }
} finally {
  await harness.close();
}
console.log(`total: joins ${total.joins}, splits ${total.splits}`);
