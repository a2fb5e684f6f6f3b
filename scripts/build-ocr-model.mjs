#!/usr/bin/env node
/**
 * The built-in English OCR model: Tesseract's `fast` traineddata (tessdata_fast, Apache-2.0) from
 * Debian's `tesseract-ocr-eng` package, gzipped into public/ocr/lang/eng.traineddata.gz, where the
 * OCR worker reads a language served by this site (workers/parse/ocr.ts). It reads R-intro.pdf's
 * pages with fewer character errors than the `best_int` model npm carries, in two thirds of the CPU
 * (docs/formats.md, "OCR"). `npm run build:ocr-model`; the file is committed, so a build needs no
 * Debian package. Its licence and source: public/ocr/lang/LICENSE.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { unpackDebian } from './lib/debian.mjs';

const PACKAGE = 'tesseract-ocr-eng';
const target = fileURLToPath(new URL('../public/ocr/lang/', import.meta.url));
const unpacked = unpackDebian(PACKAGE, join(tmpdir(), 'carrel-debian'), (line) => console.log(line));
const model = readFileSync(join(unpacked, 'usr/share/tesseract-ocr/5/tessdata/eng.traineddata'));
mkdirSync(target, { recursive: true });
// zlib writes no time into the gzip header: the same package gives the same bytes.
writeFileSync(join(target, 'eng.traineddata.gz'), gzipSync(model, { level: 9 }));
console.log(`wrote ${join(target, 'eng.traineddata.gz')} (${model.length} bytes unpacked)`);
