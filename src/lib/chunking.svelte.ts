/**
 * How the library is chunked (DESIGN §4): the mode, for Dify's paragraph mode the delimiter, and the
 * section and passage sizes. Chosen per library and kept in localStorage, so the ingest queue reads
 * it synchronously.
 */
import type { ChunkMode, ChunkSizes } from '../shared/types';
import { DEFAULT_SIZES, sizesProblem } from '../shared/chunk-sizes';

export interface ChunkSettings {
  mode: ChunkMode;
  /** Paragraph mode only: where one parent ends and the next begins. */
  delimiter: string;
  sizes: ChunkSizes;
}

const KEY = 'carrel-chunking';
export const DEFAULT_CHUNKING: ChunkSettings = { mode: 'three-level', delimiter: '\n\n', sizes: DEFAULT_SIZES };
const MODES: ChunkMode[] = ['three-level', 'paragraph', 'full-doc'];

function load(): ChunkSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<ChunkSettings> | null;
    if (!saved || !MODES.includes(saved.mode as ChunkMode)) return DEFAULT_CHUNKING;
    const delimiter = typeof saved.delimiter === 'string' && saved.delimiter ? saved.delimiter : DEFAULT_CHUNKING.delimiter;
    // Settings saved before sizes could be chosen, or edited by hand into nonsense, get the defaults.
    const sizes = saved.sizes && sizesProblem(saved.sizes) === null ? { section: saved.sizes.section, proposition: saved.sizes.proposition } : DEFAULT_SIZES;
    return { mode: saved.mode as ChunkMode, delimiter, sizes };
  } catch {
    return DEFAULT_CHUNKING;
  }
}

/** Whether documents chunked to `a` must be chunked again for `b`. */
export function sameSizes(a: ChunkSizes, b: ChunkSizes): boolean {
  return a.section === b.section && a.proposition === b.proposition;
}

class Chunking {
  current = $state.raw<ChunkSettings>(load());

  /** Saves new settings; true when they differ from the ones the library was chunked with. */
  save(next: ChunkSettings): boolean {
    const { current } = this;
    const changed = next.mode !== current.mode || (next.mode === 'paragraph' && next.delimiter !== current.delimiter) || !sameSizes(next.sizes, current.sizes);
    this.current = next;
    localStorage.setItem(KEY, JSON.stringify(next));
    return changed;
  }
}

export const chunking = new Chunking();
