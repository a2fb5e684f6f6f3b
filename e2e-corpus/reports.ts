/**
 * The corpus tests' file reports, shared by the Playwright workers of one run: the first worker to
 * need a file's report claims it (a file made with `wx`), reads it through its harness page and
 * leaves it in REPORT_DIR; a worker that needs it meanwhile waits for that file rather than reading
 * the document again (an OCR'd scan takes 40 s on this machine). The global setup empties the folder,
 * so every run reads each document once, with its own build.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

export const REPORT_DIR = join(import.meta.dirname, '..', 'test-results', 'corpus-reports');
/** How long a worker waits for another's report before reading the file itself. */
const WAIT_MS = 600_000;

/** Empties REPORT_DIR (the global setup, before the workers start). */
export function clearReports(): void {
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
}

/** The report for `key`: another worker's if it made or is making it, else `read()`'s, then shared. */
export async function sharedReport<R>(key: string, read: () => Promise<R>): Promise<R> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = createHash('sha256').update(key).digest('hex').slice(0, 32);
  const done = join(REPORT_DIR, `${name}.report`);
  const claim = join(REPORT_DIR, `${name}.claim`);
  if (!existsSync(done) && !claimed(claim)) await madeElsewhere(done, claim);
  if (existsSync(done)) return deserialize(readFileSync(done)) as R;
  try {
    const report = await read();
    writeFileSync(`${done}.tmp`, serialize(report));
    renameSync(`${done}.tmp`, done);
    return report;
  } finally {
    rmSync(claim, { force: true });
  }
}

/** Claims the report's making; false when another worker holds the claim. */
function claimed(claim: string): boolean {
  try {
    writeFileSync(claim, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the other worker's report is there or its claim is gone (it failed), or after WAIT_MS. */
function madeElsewhere(done: string, claim: string): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => existsSync(done) || !existsSync(claim);
    const watcher = watch(REPORT_DIR, () => {
      if (settled()) finish();
    });
    const timer = setTimeout(() => finish(), WAIT_MS);
    function finish() {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
    if (settled()) finish();
  });
}
