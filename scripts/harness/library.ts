/**
 * Fills and empties the evaluation library through the real workers, as the app does: files go
 * to the file reader, which hands each one to the engine to embed, store and index.
 */
import Dexie from 'dexie';
import { engine, ingest as readFile, fileReader } from '../../src/lib/workers';
import { DB_NAME } from '../../common/db';
import { AppError } from '../../common/types';
import { closePageDb } from './page-db';

/**
 * As long as the app gives one file (ingest-queue.svelte.ts): a 2,415-page manual took over 5 minutes
 * to read on the shared 2-core machine.
 */
const INGEST_TIMEOUT_MS = 30 * 60_000;
const REFRESH_TIMEOUT_MS = 30 * 60_000;

export interface TextDocument {
  /** The file name (its extension picks the parser). */
  name: string;
  text?: string;
  /** The file's bytes, base64 (a PDF, say), instead of `text`. */
  base64?: string;
  /** An encrypted PDF's password. */
  password?: string;
}

function toFile({ name, text, base64 }: TextDocument): File {
  return new File([base64 === undefined ? (text ?? '') : Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name);
}

export interface IngestReport {
  stored: number;
  /** Names whose content was already stored under another name (same bytes = one document). */
  duplicates: string[];
  failed: { name: string; code: string; message: string }[];
  /** Documents the engine holds after picking these up. */
  indexed: number;
}

/**
 * Ingests `docs` through the file reader with up to `concurrency` files in flight (the worker
 * interleaves them at its awaits), then waits until the engine has indexed them.
 */
export async function ingest(docs: TextDocument[], { concurrency = 2 } = {}): Promise<IngestReport> {
  const report: IngestReport = { stored: 0, duplicates: [], failed: [], indexed: 0 };
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < docs.length; i = next++) {
      const { name, password } = docs[i]!;
      try {
        const result = await readFile(
          { file: toFile(docs[i]!), password, chunkMode: 'three-level' },
          { timeoutMs: INGEST_TIMEOUT_MS },
        );
        if (result.duplicate) report.duplicates.push(name);
        else report.stored++;
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'UNKNOWN';
        report.failed.push({ name, code, message: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  report.indexed = (await engine.api.catchUp({}, { timeoutMs: REFRESH_TIMEOUT_MS })).documents;
  return report;
}

/** Empties the library: stops both workers and deletes the database; the next call starts fresh workers. */
export async function reset(): Promise<void> {
  fileReader.restart();
  engine.restart();
  closePageDb();
  await Dexie.delete(DB_NAME);
}
