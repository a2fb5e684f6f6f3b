/**
 * One file in the ingest queue. Each field the row shows is its own reactive state, so a progress
 * event redraws that file's row and nothing else: with 5,000 files queued, a list rebuilt per event
 * spent the tab's time re-walking the list instead of reading files. Its state changes only through
 * the queue's transitions (ingest-schedule.ts); its row status follows from the state.
 */
import type { DocStatus } from '../../common/types';
import type { DocRow, JobRow } from './doc-rows';
import { formatTimeLeft, timeLeftMs } from './ingest-progress';
import { IN_FLIGHT, type FileState } from './ingest-schedule';

/** What a progress event, a pause or a failure changes in a queued file (never its state). */
export type QueuedFilePatch = Partial<
  Pick<QueuedFile, 'progress' | 'stageLabel' | 'fraction' | 'error' | 'password' | 'startedAt'>
>;

const STATUS: Record<FileState, DocStatus> = {
  adding: 'queued',
  waiting: 'queued',
  paused: 'queued',
  reading: 'parsing',
  'handed-over': 'embedding',
  embedding: 'embedding',
  // Saved, the file's row still says Indexing until its stored document's row, with every action
  // and laid out as it stays, takes its place: a row that says Ready does not change under a finger.
  saved: 'embedding',
  failed: 'failed',
  'needs-password': 'needs-password',
  cancelled: 'failed',
};

export class QueuedFile implements JobRow {
  /** Where the file is in its life; set by the queue's transitions only. */
  state = $state<FileState>('adding');
  readonly status: DocStatus = $derived(STATUS[this.state]);
  /** Waiting because the user paused it (its status stays `queued`). */
  readonly paused = $derived(this.state === 'paused');
  /** Stored: its row says Indexing, Pause and Cancel greyed out, until the stored row takes its place. */
  readonly saved = $derived(this.state === 'saved');
  /** Still to be read (queued, paused or being read). Derived, so a change of stage is not a change here. */
  readonly inFlight = $derived(IN_FLIGHT.has(this.state));
  progress = $state(0);
  stageLabel = $state('');
  /** 0–1 through the whole file (all stages). */
  fraction = $state(0);
  error = $state<DocRow['error']>();
  /** No progress for a while: the row offers Retry. */
  stuck = $state(false);
  password?: string;
  /** OCR has started on this file: its time left is reckoned with reading as most of the work. */
  scanned = false;
  /** Ends the file's current step (reading or embedding); a fresh one is made for each try. */
  controller = new AbortController();
  /** Why the current step was ended, when the user asked for it: the step's end then moves the file on so. */
  stopping: 'pause' | 'retry' | null = null;
  /** The channel holding what the reader read, while the file waits for the engine. */
  handOver?: MessagePort;
  /** When the file last changed state or reported progress (the stuck check reads it). */
  lastChangeAt = Date.now();
  /**
   * When the file was handed to the file reader (to recognise its stored document). Not reactive:
   * it is set together with its state, and the list reads it only when the stored documents change.
   */
  startedAt?: number;
  /**
   * The stored document, once the file is saved. Its row shows it ready until the stored document's
   * row takes its place, and what is done to that row (Remove) is done to the document.
   */
  storedAs?: string;

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
    if (this.startedAt === undefined || this.paused || this.status === 'queued' || this.state === 'saved')
      return undefined;
    const ms = timeLeftMs(Date.now() - this.startedAt, this.fraction);
    return ms === null ? undefined : formatTimeLeft(ms);
  }

  update(patch: QueuedFilePatch): void {
    Object.assign(this, patch);
  }
}
