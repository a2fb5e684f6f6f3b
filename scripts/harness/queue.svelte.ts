/**
 * Files into the library the way the page adds them: through the app's own ingest queue
 * (src/lib/ingest-queue.svelte.ts). It writes the stored queue, reads one file at a time in the
 * file reader under the cross-tab lock, and hands each read file to the engine while the next is
 * read, so what the harness measures is what a person who drops the files gets.
 */
import type { UserMessage } from '../../src/lib/errors';
import { IngestQueue } from '../../src/lib/ingest-queue.svelte';
import type { QueuedFile } from '../../src/lib/queued-file.svelte';
import type { IngestResult } from '../../common/ingest';

/** How one queued file ended: stored (or found already stored), or refused with the page's message. */
export type QueueOutcome = { file: File; result: IngestResult } | { file: File; error: UserMessage };

/** What the queue stored for each file of the batches under way. */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping nothing renders
const stored = new Map<File, IngestResult>();

const queue = new IngestQueue({
  async finish(result, file) {
    stored.set(file, result);
  },
  finishFailed() {},
});

/** The page's start (the tab's lock, files a closed tab left, the chosen settings), on first use. */
let started: Promise<void> | null = null;

/**
 * Adds `files` to the queue, as a drop does, and resolves once each has been stored or has failed,
 * in the order given. An encrypted PDF is given its password (`passwordFor`) when its row asks for
 * one, as a person types it in. Files that failed are then taken off the queue.
 */
export async function addFiles(
  files: File[],
  passwordFor: (file: File) => string | undefined = () => undefined,
): Promise<QueueOutcome[]> {
  await (started ??= queue.start());
  queue.add(files);
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup, not state
  const mine = new Set(files);
  const jobs = queue.jobs.filter((job) => mine.has(job.file));
  await settled(jobs);
  const asked = jobs.filter((job) => job.state === 'needs-password' && !job.password && passwordFor(job.file));
  for (const job of asked) queue.submitPassword(job.key, passwordFor(job.file)!);
  if (asked.length) await settled(jobs);
  const outcomes = jobs.toReversed().map((job): QueueOutcome => {
    const result = stored.get(job.file);
    stored.delete(job.file);
    if (result) return { file: job.file, result };
    return {
      file: job.file,
      error: job.error ?? { code: 'UNKNOWN', message: `“${job.file.name}” left the queue unread.` },
    };
  });
  for (const job of jobs) if (queue.find(job.key)) queue.cancel(job.key);
  return outcomes;
}

/** Resolves once every job has left the queue (stored and shown) or stopped in it (failed, needs a password). */
function settled(jobs: QueuedFile[]): Promise<void> {
  return new Promise((resolve) => {
    const stop = $effect.root(() => {
      $effect(() => {
        const present = new Set(queue.jobs);
        if (jobs.every((job) => !present.has(job) || job.state === 'failed' || job.state === 'needs-password')) {
          resolve();
          queueMicrotask(stop);
        }
      });
    });
  });
}
