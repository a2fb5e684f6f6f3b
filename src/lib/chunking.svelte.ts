/**
 * How the library is chunked (DESIGN §4), chosen per library. Kept in the settings table (so a
 * backup carries it) and read live; `current` stays a plain value so the ingest queue reads it
 * synchronously.
 */
import { chunkSettingsFrom, CHUNKING_KEY, DEFAULT_CHUNKING, type ChunkSettings } from '../../common/settings';
import type { ChunkSizes } from '../../common/types';
import { followSetting, olderCopy } from './chosen-settings';
import { engine } from './workers';

export { DEFAULT_CHUNKING, type ChunkSettings };

/** Whether documents chunked to `a` must be chunked again for `b`. */
export function sameSizes(a: ChunkSizes, b: ChunkSizes): boolean {
  return a.section === b.section && a.proposition === b.proposition;
}

class Chunking {
  // A browser that kept its choice in localStorage uses it until the database has it.
  current = $state.raw<ChunkSettings>(
    olderCopy(CHUNKING_KEY, (saved) => chunkSettingsFrom(JSON.parse(saved))) ?? DEFAULT_CHUNKING,
  );

  /** Resolves once the stored choice is in `current` (read before the first file of a start). */
  readonly loaded: Promise<void>;

  constructor() {
    this.loaded = followSetting(CHUNKING_KEY, (value) => (this.current = chunkSettingsFrom(value)));
  }

  /** Saves new settings; true when they differ from the ones the library was chunked with. */
  async save(next: ChunkSettings): Promise<boolean> {
    const { current } = this;
    const changed =
      next.mode !== current.mode ||
      (next.mode === 'paragraph' && next.delimiter !== current.delimiter) ||
      !sameSizes(next.sizes, current.sizes);
    this.current = next;
    await engine.api.saveSetting({ key: CHUNKING_KEY, value: $state.snapshot(next) });
    return changed;
  }
}

export const chunking = new Chunking();
