/**
 * Fills and empties the evaluation library through the app's ingest queue (queue.svelte.ts), as a
 * drop does: the file reader reads each file and hands it to the engine to embed, store and index.
 */
import Dexie from 'dexie';
import { engine, fileReader } from '../../src/lib/workers';
import { DB_NAME } from '../../common/db';
import { closePageDb } from './page-db';
import { addFiles } from './queue.svelte';

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

/** Ingests `docs` through the ingest queue, then asks the engine how many documents it holds. */
export async function ingest(docs: TextDocument[]): Promise<IngestReport> {
  const report: IngestReport = { stored: 0, duplicates: [], failed: [], indexed: 0 };
  const files = docs.map(toFile);
  const passwords = new Map(files.map((file, i) => [file, docs[i]!.password]));
  const outcomes = await addFiles(files, (file) => passwords.get(file));
  for (const outcome of outcomes) {
    const { name } = outcome.file;
    if ('error' in outcome) report.failed.push({ name, code: outcome.error.code, message: outcome.error.message });
    else if (outcome.result.duplicate) report.duplicates.push(name);
    else report.stored++;
  }
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
