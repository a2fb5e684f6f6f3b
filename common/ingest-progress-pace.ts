/**
 * A file's progress events, sent to the page at most once per PROGRESS_GAP_MS. A small file is read
 * and stored in a few milliseconds, yet each of its five stage events cost the page a message, a
 * redraw of its row and often a frame: with 1,000 small files that was about a quarter of the page's
 * busy time (docs/benchmarks.md, "Stress and corpus suites, 2026-11-28"). An event that comes within
 * the gap waits for its end and is replaced by any later one; the call's answer drops it, since the
 * answer says more than any stage. A scanned page's mark (`ocr`) is kept through a replacement, so
 * the row still knows the file is a scan.
 */
import type { IngestProgress } from './ingest';

/** The shortest time between two progress events of one file: ten a second, more than a row can show. */
export const PROGRESS_GAP_MS = 100;

export interface PacedProgress {
  progress(event: IngestProgress): void;
  /** The call has answered: a held event is dropped. */
  end(): void;
}

/** Paces `send` (a call's `ctx.progress`); `now` and the timer are the test's to replace. */
export function pacedProgress(
  send: (event: IngestProgress) => void,
  gapMs = PROGRESS_GAP_MS,
  now: () => number = () => performance.now(),
): PacedProgress {
  let sentAt = -Infinity;
  let held: IngestProgress | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!held) return;
    const event = held;
    held = undefined;
    sentAt = now();
    send(event);
  };
  return {
    progress(event) {
      const since = now() - sentAt;
      if (timer === undefined && since >= gapMs) {
        sentAt = now();
        send(event);
        return;
      }
      held = held?.ocr && !event.ocr ? { ...event, ocr: true } : event;
      timer ??= setTimeout(flush, Math.max(0, gapMs - since));
    },
    end() {
      clearTimeout(timer);
      timer = undefined;
      held = undefined;
    },
  };
}
