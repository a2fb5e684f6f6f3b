/**
 * The settings a person chooses in the page. The engine worker stores them (each table has one
 * writer), the page reads them live, and a backup carries them with the rest of the settings table.
 */
import { DEFAULT_SIZES, sizesProblem } from './chunk-sizes';
import { MODEL_MIRROR_KEY } from './db';
import type { GeneratorChoice } from './generators';
import { BUILTIN_OCR_LANGUAGE, OCR_LANGUAGES } from './ocr-languages';
import type { ChunkMode, ChunkSizes } from './types';

export const CHUNKING_KEY = 'chunking';
export const OCR_LANGUAGE_KEY = 'ocr.language';
export const GENERATOR_KEY = 'answer.generator';
/** The interface's language: 'auto' (the browser's) or a language code. */
export const INTERFACE_LANGUAGE_KEY = 'interface.language';

/** How the library is chunked (DESIGN §4): the mode, for Dify's paragraph mode the delimiter, and the sizes. */
export interface ChunkSettings {
  mode: ChunkMode;
  /** Paragraph mode only: where one parent ends and the next begins. */
  delimiter: string;
  sizes: ChunkSizes;
}

export const DEFAULT_CHUNKING: ChunkSettings = { mode: 'three-level', delimiter: '\n\n', sizes: DEFAULT_SIZES };
const MODES: ChunkMode[] = ['three-level', 'paragraph', 'full-doc'];

/** Each setting the page chooses, by its key in the settings table. */
export interface ChosenSettings {
  [MODEL_MIRROR_KEY]: string;
  [CHUNKING_KEY]: ChunkSettings;
  [OCR_LANGUAGE_KEY]: string;
  [GENERATOR_KEY]: GeneratorChoice;
  [INTERFACE_LANGUAGE_KEY]: string;
}

export type ChosenSetting = { [K in keyof ChosenSettings]: { key: K; value: ChosenSettings[K] } }[keyof ChosenSettings];

export const CHOSEN_SETTING_KEYS: readonly (keyof ChosenSettings)[] = [
  MODEL_MIRROR_KEY,
  CHUNKING_KEY,
  OCR_LANGUAGE_KEY,
  GENERATOR_KEY,
  INTERFACE_LANGUAGE_KEY,
];

/** Stored chunking settings as the chunker can use them: missing or hand-edited nonsense gets the defaults. */
export function chunkSettingsFrom(saved: unknown): ChunkSettings {
  const value = (saved ?? {}) as Partial<ChunkSettings>;
  if (!MODES.includes(value.mode as ChunkMode)) return DEFAULT_CHUNKING;
  const delimiter =
    typeof value.delimiter === 'string' && value.delimiter ? value.delimiter : DEFAULT_CHUNKING.delimiter;
  // Settings saved before sizes could be chosen get the default sizes.
  const sizes =
    value.sizes && sizesProblem(value.sizes) === null
      ? { section: value.sizes.section, proposition: value.sizes.proposition }
      : DEFAULT_SIZES;
  return { mode: value.mode as ChunkMode, delimiter, sizes };
}

/** A stored OCR language code, or the built-in one when it is missing or unknown. */
export function ocrLanguageFrom(saved: unknown): string {
  return typeof saved === 'string' && OCR_LANGUAGES.some((l) => l.code === saved) ? saved : BUILTIN_OCR_LANGUAGE;
}
