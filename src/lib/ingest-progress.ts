/**
 * How far along a file (and the whole queue) is, and how long is left. The stages take very
 * different shares of the time, so each stage's own progress is mapped onto one 0–1 scale for the
 * file; time left is extrapolated from the time spent so far.
 */
import type { IngestStage } from '../../common/ingest';
import { translate as t } from './i18n/messages';

/** Where each stage starts and ends on the file's 0–1 scale (embedding dominates). */
const STAGE_SPAN: Record<IngestStage, [number, number]> = {
  parsing: [0, 0.3],
  chunking: [0.3, 0.35],
  embedding: [0.35, 0.95],
  saving: [0.95, 1],
};

/**
 * The same for a file with scanned pages: OCR takes seconds a page (2.5 s at 300 dpi on a 2-core
 * machine, docs/benchmarks.md) against milliseconds to embed the page's text, so reading is
 * nearly all of it.
 */
const SCANNED_SPAN: Record<IngestStage, [number, number]> = {
  parsing: [0, 0.9],
  chunking: [0.9, 0.92],
  embedding: [0.92, 0.99],
  saving: [0.99, 1],
};

/** The whole file's progress, 0–1, from one stage's `done / total`; `scanned` once OCR has started on it. */
export function fileFraction(stage: IngestStage, stageProgress: number, scanned = false): number {
  const [from, to] = (scanned ? SCANNED_SPAN : STAGE_SPAN)[stage];
  return from + (to - from) * Math.min(1, Math.max(0, stageProgress));
}

/** Below these, an estimate is noise: say nothing rather than something wrong. */
const MIN_FRACTION = 0.03;
const MIN_ELAPSED_MS = 800;

/** Milliseconds left at the pace so far, or null while too early to tell. */
export function timeLeftMs(elapsedMs: number, fraction: number): number | null {
  if (fraction < MIN_FRACTION || elapsedMs < MIN_ELAPSED_MS) return null;
  if (fraction >= 1) return 0;
  return (elapsedMs * (1 - fraction)) / fraction;
}

/** "about 5 s left", "about 3 min left", "about 1 h 10 min left". */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const minutes = Math.round(seconds / 60);
  const time =
    seconds < 60
      ? t('time.seconds', { count: seconds })
      : minutes < 60
        ? t('time.minutes', { count: minutes })
        : t('time.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return t('queue.timeLeft', { time });
}

export interface QueueItem {
  size: number;
  /** 0–1 through the file (0 while waiting or paused). */
  fraction: number;
}

/** The queue's progress by bytes: finished files plus the share done of the ones still in it. */
export function queueFraction(doneBytes: number, items: QueueItem[]): number {
  const total = doneBytes + items.reduce((n, item) => n + item.size, 0);
  if (total === 0) return 0;
  return (doneBytes + items.reduce((n, item) => n + item.size * item.fraction, 0)) / total;
}

/** The ingest queue as a whole: what the overall progress bar shows. */
export interface QueueSummary {
  files: number;
  finished: number;
  fraction: number;
  timeLeft: string | null;
  /** Every file left is paused. */
  paused: boolean;
}

/** The files still to read (waiting, paused or being read) and their bytes. */
export interface QueueLeft {
  files: number;
  bytes: number;
  /** Every one of them is paused. */
  paused: boolean;
}

/** The current batch: files finished since the queue was last empty, their bytes, and the time spent reading. */
export interface QueueBatch {
  finished: number;
  finishedBytes: number;
  activeMs: number;
}

/**
 * The queue's overall progress, or null when nothing is left. `reading` is the file being read now,
 * if any: the only one with progress (a waiting or paused file counts as not started).
 */
export function queueSummary(left: QueueLeft, batch: QueueBatch, reading: QueueItem | null): QueueSummary | null {
  if (left.files === 0) return null;
  const current = reading ?? { size: 0, fraction: 0 };
  const fraction = queueFraction(batch.finishedBytes, [current, { size: left.bytes - current.size, fraction: 0 }]);
  const ms = left.paused ? null : timeLeftMs(batch.activeMs, fraction);
  return {
    files: batch.finished + left.files,
    finished: batch.finished,
    fraction,
    timeLeft: ms === null ? null : formatTimeLeft(ms),
    paused: left.paused,
  };
}
