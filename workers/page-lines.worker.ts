/// <reference lib="webworker" />
/**
 * The file reader's second PDF reader (workers/parse/page-helper.ts): opens the same file with
 * pdf.js and answers text pages' lines, so a long PDF is read on both cores.
 */
import * as pdfjs from 'pdfjs-dist';
import * as pdfjsWorker from 'pdfjs-dist/build/pdf.worker.min.mjs';
import { expose, type ApiMethod } from '../common/rpc';
import { loadPdf, type PdfDocument } from './parse/pdf-loader';
import { textPageLines, type PageLinesApi } from './parse/page-helper';

// pdf.js runs here with its "fake worker" in-thread, as in the file reader.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

const open = new Map<number, { task: ReturnType<typeof loadPdf>; doc: Promise<PdfDocument> }>();

const api: PageLinesApi = {
  async open({ file, data, password }) {
    const task = loadPdf(pdfjs, data, password);
    open.set(file, { task, doc: task.promise });
    await task.promise;
  },
  async lines({ file, page }) {
    const entry = open.get(file);
    if (!entry) throw new Error(`file ${file} is not open`);
    return textPageLines(await entry.doc, page, pdfjs);
  },
  async close({ file }) {
    const entry = open.get(file);
    open.delete(file);
    await entry?.task.destroy();
  },
};

expose(api as unknown as Record<string, ApiMethod>, self);
