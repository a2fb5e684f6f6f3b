/** When the engine stores its start-up snapshot: once the library has been quiet a while, and at least every so often during a long ingest. */
export interface SnapshotDelay {
  /** Quiet time before the index is stored as a snapshot. */
  quietMs: number;
  /** The longest it waits during a long ingest. */
  maxWaitMs: number;
}

export class SnapshotTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstUnsaved = 0;

  constructor(
    private readonly delay: SnapshotDelay,
    /** `quiet`: the library had no change for `quietMs` (not saved because `maxWaitMs` ran out). */
    private readonly save: (quiet: boolean) => void,
  ) {}

  /** The index changed: save it `quietMs` after the last change, or `maxWaitMs` after the first unsaved one. */
  schedule(): void {
    clearTimeout(this.timer);
    this.firstUnsaved ||= Date.now();
    const { quietMs, maxWaitMs } = this.delay;
    const untilMax = this.firstUnsaved + maxWaitMs - Date.now();
    const save = () => {
      this.timer = undefined;
      this.firstUnsaved = 0;
      this.save(quietMs <= untilMax);
    };
    this.timer = setTimeout(save, Math.max(0, Math.min(quietMs, untilMax)));
  }
}
