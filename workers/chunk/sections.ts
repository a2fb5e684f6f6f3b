/**
 * Sections: split at headings (the heading line stays with the text under it, the heading path is
 * kept), then sections over the maximum are cut at block or sentence boundaries into parts of about
 * 400 tokens whose text overlaps the previous part by ~50 tokens. Blocks are never cut inside.
 */
import type { Block } from '../../common/types';
import { SECTION, type SectionSizes } from '../../common/chunk-sizes';
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

export interface HeadingSection {
  headingPath: string[];
  /** Where the section starts: its heading line, or its first unit. */
  start: number;
  units: Unit[];
  tokens: number;
  blocks: Block[];
}

/**
 * Merges heading sections under the minimum into their neighbours (up to the target, or the hard
 * maximum beside a big one), so a run of short sections becomes one section of useful size. The merged section's heading path is
 * what its parts share; each unit keeps its own path for its propositions.
 */
export function mergeSmallSections(
  sections: HeadingSection[],
  measure: (start: number, end: number) => number,
  sizes: SectionSizes = SECTION,
): HeadingSection[] {
  const merged: HeadingSection[] = [];
  for (const section of sections) {
    const last = merged.at(-1);
    const small = (s: HeadingSection) => s.tokens < sizes.min;
    // Two small ones make a section of target size; a small one beside a big one may reach the hard
    // maximum rather than stay under the minimum on its own.
    const limit = last && small(last) && small(section) ? sizes.high : sizes.max;
    // Measured on the joined text: the markup between two sections belongs to neither.
    const tokens = last && (small(last) || small(section)) ? measure(last.start, section.units.at(-1)!.end) : Infinity;
    if (last && tokens <= limit) {
      merged[merged.length - 1] = {
        headingPath: commonPath(last.headingPath, section.headingPath),
        start: last.start,
        units: [...last.units, ...section.units],
        tokens,
        blocks: [...last.blocks, ...section.blocks],
      };
    } else merged.push(section);
  }
  return merged;
}

/** The shared leading headings of two paths (the first path's top heading if they share none). */
function commonPath(a: string[], b: string[]): string[] {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n > 0 ? a.slice(0, n) : a.slice(0, 1);
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

/**
 * Cuts a section's units into balanced parts: as many as needed so that each part plus its overlap
 * stays near the target, every cut placed at the unit boundary nearest its ideal position (so no
 * small remainder is left at the end), preferring a sub-heading, then a block start, never before
 * a dangling reference when there is a choice; with `drops`, the biggest topic shift nearby wins.
 */
export function splitSection(
  units: Unit[],
  sectionStart: number,
  drops?: TopicDrops,
  sizes: SectionSizes = SECTION,
): SectionPart[] {
  const total = units.reduce((n, u) => n + u.tokens, 0);
  if (total <= sizes.max)
    return [{ start: sectionStart, end: units.at(-1)!.end, textStart: sectionStart, units, tokens: total }];
  const count = Math.ceil(total / (sizes.high - 2 * sizes.overlap));
  const target = total / count;
  const before = [0];
  for (const unit of units) before.push(before.at(-1)! + unit.tokens);
  const cuts: number[] = [];
  for (let k = 1, last = 0; k < count; k++) {
    const ideal = target * k;
    let best = -1;
    let bestCost = Infinity;
    for (let i = last + 1; i < units.length; i++) {
      const distance = Math.abs(before[i]! - ideal) / target;
      if (before[i]! > ideal && distance > 0.5 && best >= 0) break;
      if (distance > 0.5 && before[i]! < ideal) continue;
      const cost = distance + boundaryCost(units, i, drops);
      if (cost < bestCost) [best, bestCost] = [i, cost];
    }
    // A single unit larger than the window: cut right after the last cut.
    if (best < 0) best = Math.min(units.length - 1, last + 1);
    if (best <= last) continue;
    cuts.push(best);
    last = best;
  }
  const parts: SectionPart[] = [];
  [0, ...cuts].forEach((from, n) => {
    const to = cuts[n] ?? units.length;
    const own = units.slice(from, to);
    const start = n === 0 ? sectionStart : own[0]!.start;
    const textStart = n === 0 ? sectionStart : overlapStart(units.slice(0, from), start, sizes.overlap);
    parts.push({ start, end: own.at(-1)!.end, textStart, units: own, tokens: before[to]! - before[from]! });
  });
  return parts;
}

/**
 * Similarity of a unit to the one before it, as a z-score within its section (from an embedding
 * model): negative is a topic shift. Units without an entry are unknown.
 */
export type TopicDrops = Map<Unit, number>;

/** How bad a cut before unit i is, beyond its distance from the ideal size. */
function boundaryCost(units: Unit[], i: number, drops?: TopicDrops): number {
  const unit = units[i]!;
  let cost = 0;
  if (unit.dangling) cost += 2;
  if (unit.headingPath !== units[i - 1]!.headingPath) cost -= 0.6;
  else if (unit.blockStart) cost -= 0.25;
  const similarity = drops?.get(unit);
  if (similarity !== undefined) cost += similarity * 0.5;
  return cost;
}

/**
 * Start of the trailing units of the previous part worth about `overlap` tokens; no overlap
 * when the last unit alone is far longer (a whole code block repeated is noise, not context).
 */
function overlapStart(previous: Unit[], ownStart: number, overlap: number): number {
  let tokens = 0;
  for (let i = previous.length - 1; i >= 0; i--) {
    tokens += previous[i]!.tokens;
    if (tokens > overlap * 2) return i === previous.length - 1 ? ownStart : previous[i + 1]!.start;
    if (tokens >= overlap) return previous[i]!.start;
  }
  return previous[0]?.start ?? ownStart;
}
