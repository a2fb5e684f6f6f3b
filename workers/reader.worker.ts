/// <reference lib="webworker" />
/**
 * The file reader: parses and chunks files, counting tokens with the active model's tokenizer
 * (never its weights), and posts each document to the engine worker on the port it came with.
 */
import { openReadableDb } from '../common/db';
import { expose, type CallContext } from '../common/rpc';
import { languageAvailable } from './parse/ocr';
import { Ocr } from './parse/ocr-engine';
import { followingReader } from './parse/ocr-following';
import type { HandOver, IngestInput, IngestProgress, ReadOutcome } from '../common/ingest';
import { pacedProgress } from '../common/ingest-progress-pace';
import { readFile } from './ingest/pipeline';
import { BUILTIN_OCR_LANGUAGE } from '../common/ocr-languages';
import { activeModel, tryTokenCounter } from './embed/embedders';

// Reads only: the engine worker is the one writer.
const db = openReadableDb();

// pdf.js runs in this worker with its "fake worker" in-thread: no nested worker, no workerSrc.
// Loaded with the first PDF: its 1.5 MB cost every reader start about 0.2 s of a core, a Markdown
// file included.
let pdfjsLoaded: Promise<typeof import('pdfjs-dist')> | undefined;
const pdfjs = () =>
  (pdfjsLoaded ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs')]).then(
    ([lib, worker]) => {
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      return lib;
    },
  ));
// One OCR engine for this worker, started on the first scanned page.
const ocr = new Ocr(self.location.origin);

const api = {
  /**
   * Gets ready for a file on its way (the picker is open, or files are being dragged in): this
   * worker has started by now, and it loads pdf.js and the model's tokenizer, so the file waits
   * for neither. What fails to load here fails again, with its message, when a file needs it.
   */
  async warm(): Promise<void> {
    await Promise.allSettled([pdfjs(), activeModel(db).then(tryTokenCounter)]);
  },
  /**
   * Reads and chunks one file and posts its records on `engine`, the file's channel to the engine
   * worker, which embeds and stores them when the page asks it to. Answers once they are posted:
   * the reader is then free for the next file, and whatever happens to it later cannot touch this one.
   */
  async read({ engine: port, ...input }: IngestInput, ctx: CallContext<IngestProgress>): Promise<ReadOutcome> {
    const paced = pacedProgress(ctx.progress);
    try {
      const read = await readFile(input, {
        db,
        tokenCounter: async () => tryTokenCounter(await activeModel(db)),
        pdfjs,
        ocr: followingReader(
          (code) => ocr.in(code, ctx.signal),
          input.ocrLanguage ?? BUILTIN_OCR_LANGUAGE,
          (code) => languageAvailable(code, self.location.origin),
        ),
        signal: ctx.signal,
        progress: paced.progress,
      });
      if (read.duplicate) return { kind: 'duplicate', result: read.duplicate };
      port.postMessage({ type: 'store', request: read.request } satisfies HandOver);
      return { kind: 'handed-over', docId: read.request.record.id };
    } finally {
      paced.end();
      port.close();
    }
  },
};

export type ReaderApi = typeof api;

expose(api, self);
