/**
 * How the library is chunked (DESIGN §4): the mode, and for Dify's paragraph mode the delimiter.
 * Chosen per library and kept in localStorage, so the ingest queue reads it synchronously.
 */
import type { ChunkMode } from '../shared/types';

export interface ChunkSettings {
  mode: ChunkMode;
  /** Paragraph mode only: where one parent ends and the next begins. */
  delimiter: string;
}

const KEY = 'carrel-chunking';
export const DEFAULT_CHUNKING: ChunkSettings = { mode: 'three-level', delimiter: '\n\n' };
const MODES: ChunkMode[] = ['three-level', 'paragraph', 'full-doc'];

function load(): ChunkSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<ChunkSettings> | null;
    if (!saved || !MODES.includes(saved.mode as ChunkMode)) return DEFAULT_CHUNKING;
    return { mode: saved.mode as ChunkMode, delimiter: typeof saved.delimiter === 'string' && saved.delimiter ? saved.delimiter : DEFAULT_CHUNKING.delimiter };
  } catch {
    return DEFAULT_CHUNKING;
  }
}

class Chunking {
  current = $state.raw<ChunkSettings>(load());

  /** Saves new settings; true when they differ from the ones the library was chunked with. */
  save(next: ChunkSettings): boolean {
    const changed = next.mode !== this.current.mode || (next.mode === 'paragraph' && next.delimiter !== this.current.delimiter);
    this.current = next;
    localStorage.setItem(KEY, JSON.stringify(next));
    return changed;
  }
}

export const chunking = new Chunking();
