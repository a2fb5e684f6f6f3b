/**
 * One file in the ingest queue. Each field the row shows is its own reactive state, so a progress
 * event redraws that file's row and nothing else: with 5,000 files queued, a list rebuilt per event
 * spent the tab's time re-walking the list instead of reading files.
 */
import type { DocStatus } from '../shared/types';
import type { DocRow, JobRow } from './doc-rows';
import { formatTimeLeft, timeLeftMs } from './ingest-progress';

/** What a progress event, a pause or a failure changes in a queued file. */
export type QueuedFilePatch = Partial<Pick<QueuedFile, 'status' | 'progress' | 'stageLabel' | 'fraction' | 'error' | 'paused' | 'password' | 'startedAt' | 'controller'>>;

export const isInFlight = (job: { status: DocStatus }) => job.status === 'queued' || job.status === 'parsing' || job.status === 'embedding';

export class QueuedFile implements JobRow {
  status = $state<DocStatus>('queued');
  progress = $state(0);
  stageLabel = $state('');
  /** 0–1 through the whole file (all stages). */
  fraction = $state(0);
  error = $state<DocRow['error']>();
  /** Waiting because the user paused it (its status stays `queued`). */
  paused = $state(false);
  /** Still to be read (queued, paused or being read). Derived, so a change of stage is not a change here. */
  readonly inFlight = $derived(isInFlight(this));
  password?: string;
  /** OCR has started on this file: its time left is reckoned with reading as most of the work. */
  scanned = false;
  controller = new AbortController();
  /**
   * When the file was handed to the ingest worker (to recognise its stored document). Not reactive:
   * it is set together with `status`, and the list reads it only when the stored documents change.
   */
  startedAt?: number;

  constructor(
    readonly key: string,
    readonly file: File,
    stageLabel: string,
    /** Re-index: read the stored original again even though the document exists. */
    readonly force = false,
  ) {
    this.stageLabel = stageLabel;
  }

  get name(): string {
    return this.file.name;
  }

  get size(): number {
    return this.file.size;
  }

  /** "about 20 s left" at this file's pace so far, once the pace is known. */
  get timeLeft(): string | undefined {
    if (this.startedAt === undefined || this.paused || this.status === 'queued') return undefined;
    const ms = timeLeftMs(Date.now() - this.startedAt, this.fraction);
    return ms === null ? undefined : formatTimeLeft(ms);
  }

  update(patch: QueuedFilePatch): void {
    Object.assign(this, patch);
  }
}
