/** Chunk sizes in tokens of the active model's tokenizer (DESIGN §4). */
import type { ChunkSizes } from './types';

export interface SectionSizes {
  low: number;
  high: number;
  min: number;
  max: number;
  overlap: number;
}

export interface PropositionSizes {
  low: number;
  high: number;
  min: number;
  max: number;
}

/** Every bound the chunker works with, derived from the two sizes a person chooses. */
export interface ChunkLimits {
  section: SectionSizes;
  proposition: PropositionSizes;
}

export const DEFAULT_SIZES: ChunkSizes = { section: 400, proposition: 150 };

/** What a person may choose: beyond these, passages become single words or whole chapters. */
export const SIZE_RANGE = { section: { min: 100, max: 2000 }, proposition: { min: 20, max: 500 } } as const;

/** A section target of 400 gives DESIGN's 200–400 (min 150, max 500, 50 overlapping); other targets keep those ratios. */
export function sectionSizes(target: number): SectionSizes {
  return {
    low: Math.round(target / 2),
    high: target,
    min: Math.round((target * 3) / 8),
    max: Math.round((target * 5) / 4),
    overlap: Math.round(target / 8),
  };
}

/** A passage target of 150 gives DESIGN's 50–150 (min 30, max 200); other targets keep those ratios. */
export function propositionSizes(target: number): PropositionSizes {
  return { low: Math.round(target / 3), high: target, min: Math.round(target / 5), max: Math.round((target * 4) / 3) };
}

export function chunkLimits(sizes: ChunkSizes = DEFAULT_SIZES): ChunkLimits {
  return { section: sectionSizes(sizes.section), proposition: propositionSizes(sizes.proposition) };
}

/** What is wrong with chosen sizes, in words a person can act on; null when they are fine. */
export function sizesProblem(sizes: ChunkSizes): string | null {
  const { section, proposition } = SIZE_RANGE;
  if (!Number.isInteger(sizes.section) || sizes.section < section.min || sizes.section > section.max) {
    return `Section size must be a whole number of tokens from ${section.min} to ${section.max}.`;
  }
  if (
    !Number.isInteger(sizes.proposition) ||
    sizes.proposition < proposition.min ||
    sizes.proposition > proposition.max
  ) {
    return `Passage size must be a whole number of tokens from ${proposition.min} to ${proposition.max}.`;
  }
  if (sizes.proposition * 2 > sizes.section) {
    return `A passage can be at most half a section: with sections of ${sizes.section} tokens, passages of at most ${Math.floor(sizes.section / 2)}.`;
  }
  return null;
}

export const SECTION = sectionSizes(DEFAULT_SIZES.section);
export const PROPOSITION = propositionSizes(DEFAULT_SIZES.proposition);
/** Full-doc mode: the parent is the whole document up to this many tokens. */
export const FULL_DOC_MAX = 10_000;
/** Extractive summary length. */
export const SUMMARY = { min: 100, max: 200 } as const;
