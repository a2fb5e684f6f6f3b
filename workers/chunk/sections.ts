/**
 * Sections: split at headings (the heading line stays with the text under it, the heading path is
 * kept), then sections over the maximum are cut at block or sentence boundaries into parts of about
 * 400 tokens whose text overlaps the previous part by ~50 tokens. Blocks are never cut inside.
 */
import type { Block } from '../../src/shared/types';
import { SECTION } from './sizes';
import type { Unit } from './propositions';

export interface SectionDraft {
  headingPath: string[];
  /** The heading block that opens the section, if any. */
  heading: Block | null;
  /** Body blocks (no headings). */
  blocks: Block[];
}

/** Groups blocks under their headings; a heading with no text under it only adds to the path. */
export function sectionsByHeading(blocks: Block[], title: string): SectionDraft[] {
  const drafts: SectionDraft[] = [];
  const stack: { level: number; text: string }[] = [];
  let current: SectionDraft = { headingPath: title ? [title] : [], heading: null, blocks: [] };
  for (const block of blocks) {
    if (block.kind !== 'heading') {
      current.blocks.push(block);
      continue;
    }
    if (current.blocks.length) drafts.push(current);
    const level = block.level ?? 1;
    while (stack.length && stack.at(-1)!.level >= level) stack.pop();
    stack.push({ level, text: block.text });
    current = { headingPath: stack.map((h) => h.text), heading: block, blocks: [] };
  }
  if (current.blocks.length) drafts.push(current);
  return drafts;
}

export interface SectionPart {
  /** Where the part's own content starts and ends (its propositions lie inside). */
  start: number;
  end: number;
  /** Where its text starts, earlier than `start` by the overlap for every part but the first. */
  textStart: number;
  units: Unit[];
  tokens: number;
}

/** Cuts a section's units into parts of at most SECTION.high tokens (one part if it fits SECTION.max). */
export function splitSection(units: Unit[], sectionStart: number): SectionPart[] {
  const total = units.reduce((n, u) => n + u.tokens, 0);
  if (total <= SECTION.max) return [{ start: sectionStart, end: units.at(-1)!.end, textStart: sectionStart, units, tokens: total }];
  const parts: SectionPart[] = [];
  let current: SectionPart = { start: sectionStart, end: sectionStart, textStart: sectionStart, units: [], tokens: 0 };
  for (const unit of units) {
    if (current.tokens + unit.tokens > SECTION.high && current.tokens >= SECTION.min && !unit.dangling) {
      parts.push(current);
      current = { start: unit.start, end: unit.end, textStart: overlapStart(current.units), units: [], tokens: 0 };
    }
    current.units.push(unit);
    current.tokens += unit.tokens;
    current.end = unit.end;
  }
  parts.push(current);
  // A small remainder joins the part before it rather than standing alone under the minimum.
  const last = parts.at(-1)!;
  const previous = parts.at(-2);
  if (previous && last.tokens < SECTION.min && previous.tokens + last.tokens <= SECTION.max) {
    previous.units.push(...last.units);
    previous.tokens += last.tokens;
    previous.end = last.end;
    parts.pop();
  }
  return parts;
}

/** Start of the trailing units of the previous part worth about SECTION.overlap tokens. */
function overlapStart(previous: Unit[]): number {
  let tokens = 0;
  for (let i = previous.length - 1; i >= 0; i--) {
    tokens += previous[i]!.tokens;
    if (tokens >= SECTION.overlap || i === 0) return previous[i]!.start;
  }
  return previous[0]!.start;
}
