/**
 * The chunker: one parsed document → sections and propositions with stable ids, offsets, pages,
 * heading paths, keywords and types, plus the document's title, summary and keywords (DESIGN §4).
 * Modes: three-level (default; sections embedded), Dify's paragraph (parents split by a delimiter)
 * and full-doc (the whole document is the parent); in the Dify modes parents are not embedded.
 */
import type {
  Block,
  ChunkedDocument,
  ChunkMode,
  ChunkSizes,
  ParsedDocument,
  PropositionRecord,
  SectionRecord,
} from '../../common/types';
import { analyze } from '../../common/text/analyzer';
import { delimiterParents, fullDocParents, headingPathAt, type ParentDraft } from './dify';
import { chunkId } from './ids';
import { contentBlocks, isTitleLine } from './navigation';
import { groupUnits, propositionType, unitsOf, type Unit } from './propositions';
import { mergeSmallSections, sectionsByHeading, splitSection, type HeadingSection, type TopicDrops } from './sections';
import { chunkLimits, type ChunkLimits } from '../../common/chunk-sizes';
import { chunkKeywords, extractiveSummary, SpanTerms, surfaceForms, termWeights, topTerms } from './summary';

export interface ChunkOptions {
  countTokens: (text: string) => number;
  mode?: ChunkMode;
  /** Paragraph mode: the parent delimiter (kept at the start of its chunk). Default: a blank line. */
  delimiter?: string;
  /** The section and passage sizes to aim for (default: DESIGN §4's 400 and 150 tokens). */
  sizes?: ChunkSizes;
}

export interface AsyncChunkOptions extends ChunkOptions {
  /**
   * Topic shifts: for n consecutive texts (sentences), the n − 1 similarities of each to the next
   * (e.g. cosine of their embeddings). Asked only for sections too long to keep whole; a section
   * is then cut where the similarity drops, near the sizes the balanced split would choose.
   */
  similarity?: (texts: string[]) => Promise<number[]>;
}

/** Chunks a parsed document into the three-level hierarchy (or a Dify mode). */
export function chunkDocument(whole: ParsedDocument, docId: string, opts: ChunkOptions): ChunkedDocument {
  const parsed = withoutNavigation(whole);
  const mode = opts.mode ?? 'three-level';
  const limits = chunkLimits(opts.sizes);
  const parents =
    mode === 'three-level'
      ? splitHeadingSections(headingSections(parsed, opts, limits), limits)
      : mode === 'full-doc'
        ? fullDocParents(parsed, opts.countTokens, limits.proposition)
        : delimiterParents(parsed, opts.countTokens, opts.delimiter || undefined, limits.proposition);
  const contents = mode === 'three-level' ? navigationParents(whole, parsed, opts, limits) : [];
  return assembleRecords(parsed, docId, opts, parents, limits, contents, whole.text);
}

/** chunkDocument, with sections too long to keep whole cut at topic shifts found by `opts.similarity`. */
export async function chunkDocumentAsync(
  whole: ParsedDocument,
  docId: string,
  opts: AsyncChunkOptions,
): Promise<ChunkedDocument> {
  if ((opts.mode ?? 'three-level') !== 'three-level' || !opts.similarity) return chunkDocument(whole, docId, opts);
  const parsed = withoutNavigation(whole);
  const limits = chunkLimits(opts.sizes);
  const sections = headingSections(parsed, opts, limits);
  const drops = await topicDrops(sections, parsed.text, opts.similarity, limits.section.max);
  const parents = splitHeadingSections(sections, limits, drops);
  return assembleRecords(
    parsed,
    docId,
    opts,
    parents,
    limits,
    navigationParents(whole, parsed, opts, limits),
    whole.text,
  );
}

/**
 * The contents lists and indexes `withoutNavigation` took out, as sections of their own after the
 * document's content, each run of navigation blocks one section under the heading above it: their
 * passages are typed `contents`, so search keeps them below real text unless a person asks for
 * the contents (workers/retrieve/contents.ts).
 */
function navigationParents(
  whole: ParsedDocument,
  parsed: ParsedDocument,
  opts: ChunkOptions,
  limits: ChunkLimits,
): ParentDraft[] {
  if (parsed === whole) return [];
  const kept = new Set(parsed.blocks);
  const headings = whole.blocks.filter((b) => b.kind === 'heading');
  const runs: Block[][] = [];
  whole.blocks.forEach((block, i) => {
    if (kept.has(block)) return;
    if (i > 0 && !kept.has(whole.blocks[i - 1]!) && runs.length) runs.at(-1)!.push(block);
    else runs.push([block]);
  });
  return runs.flatMap((blocks) => {
    // A list's own title set as a line of text ("Table of Contents") is its heading.
    const before = whole.blocks[whole.blocks.indexOf(blocks[0]!) - 1];
    const title =
      blocks[0]!.kind !== 'heading' && before && before.kind !== 'heading' && isTitleLine(before.text)
        ? [before.text.trim()]
        : [];
    const headingPath = [...headingPathAt(headings, blocks[0]!.start, whole.title), ...title];
    const units = unitsOf(blocks, whole.text, opts.countTokens, limits.proposition).map((u) => ({ ...u, headingPath }));
    if (units.length === 0) return [];
    return splitSection(units, units[0]!.start, undefined, limits.section).map((part) => ({
      headingPath,
      part,
      blocks,
    }));
  });
}

/**
 * The document without its tables of contents and indexes (navigation.ts): they are kept out of
 * every passage. The text keeps its offsets; a navigation block inside a section's span is
 * blanked out of it, so a section's keywords are not a contents list's either.
 */
function withoutNavigation(parsed: ParsedDocument): ParsedDocument {
  const blocks = contentBlocks(parsed.blocks);
  if (blocks.length === parsed.blocks.length) return parsed;
  const kept = new Set(blocks);
  // One pass over the text, not a copy of it for every block left out (an index has hundreds).
  const pieces: string[] = [];
  let at = 0;
  for (const block of parsed.blocks.filter((b) => !kept.has(b)).sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, block.start);
    if (block.end <= start) continue;
    pieces.push(parsed.text.slice(at, start), ' '.repeat(block.end - start));
    at = block.end;
  }
  pieces.push(parsed.text.slice(at));
  return { ...parsed, text: pieces.join(''), blocks };
}

/**
 * How similar each unit of a section that will be split is to the one before it: smoothed over
 * neighbours, as a z-score within its section (negative: a topic shift, a good place to cut).
 */
async function topicDrops(
  sections: HeadingSection[],
  text: string,
  similarity: (texts: string[]) => Promise<number[]>,
  maxTokens: number,
): Promise<TopicDrops> {
  const drops: TopicDrops = new Map();
  const long = sections.filter((s) => s.units.reduce((n, u) => n + u.tokens, 0) > maxTokens);
  const units = long.flatMap((s) => s.units);
  if (units.length < 2) return drops;
  const raw = await similarity(units.map((u) => text.slice(u.start, u.end)));
  let offset = 0;
  for (const section of long) {
    const n = section.units.length;
    // sim(i): unit i − 1 to unit i, for i in 1..n − 1.
    const sim = (i: number) => raw[offset + Math.min(n - 1, Math.max(1, i)) - 1] ?? 0;
    const smooth = Array.from({ length: n }, (_, i) =>
      i === 0 ? 0 : (sim(i - 1) + 2 * sim(i) + sim(i + 1)) / 4,
    ).slice(1);
    const mean = smooth.reduce((a, b) => a + b, 0) / Math.max(1, smooth.length);
    const sd = Math.sqrt(smooth.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, smooth.length));
    smooth.forEach(
      (value, k) => Number.isFinite(value) && sd > 0 && drops.set(section.units[k + 1]!, (value - mean) / sd),
    );
    offset += n;
  }
  return drops;
}

/** Sections and propositions with ids, links, keywords, pages and types; the document's summary and keywords. */
function assembleRecords(
  parsed: ParsedDocument,
  docId: string,
  opts: ChunkOptions,
  content: ParentDraft[],
  limits: ChunkLimits,
  contents: ParentDraft[] = [],
  wholeText = parsed.text,
): ChunkedDocument {
  const { text } = parsed;
  const parents = [...content, ...contents];
  const navigation = new Set(contents);
  const mode = opts.mode ?? 'three-level';
  const terms = new SpanTerms(text);
  const weights = termWeights(
    content.map((p) => [...analyze(p.headingPath.at(-1) ?? ''), ...terms.ofAll(p.part.units)]),
  );
  const labels = pageLabelsOf(parsed.blocks);
  const headings = parsed.blocks.filter((b) => b.kind === 'heading');

  const sections: SectionRecord[] = [];
  const propositions: PropositionRecord[] = [];
  for (const parent of parents) {
    const { part } = parent;
    // Contents lists are blanked out of `text`; their own sections read them from the whole text.
    const isContents = navigation.has(parent);
    const source = isContents ? wholeText : text;
    const sectionText = source.slice(part.textStart, part.end);
    const pages = pagesOf(part.units, parent.blocks);
    const section: SectionRecord = {
      id: chunkId(docId, 's', sections.length, part.start),
      docId,
      order: sections.length,
      headingPath: parent.headingPath,
      text: sectionText,
      start: part.textStart,
      end: part.end,
      pages,
      ...labelsFor(pages, labels),
      position: part.textStart / Math.max(1, text.length),
      tokens: opts.countTokens(sectionText),
      keywords: isContents ? [] : chunkKeywords(terms.ofAll(part.units), weights),
      prevId: null,
      nextId: null,
      embedded: mode === 'three-level',
    };
    sections.push(section);
    // Dify's modes: every sentence (or atomic block) is its own child.
    const measure = (start: number, end: number) => opts.countTokens(source.slice(start, end));
    const groups =
      mode === 'three-level'
        ? groupUnits(part.units, measure, limits.proposition)
        : part.units.map((u) => ({ ...u, headingPath: headingPathAt(headings, u.start, parsed.title) }));
    let next = 0;
    for (const group of groups) {
      const propositionText = source.slice(group.start, group.end);
      const own: Unit[] = [];
      while (next < part.units.length && part.units[next]!.end <= group.end) own.push(part.units[next++]!);
      propositions.push({
        id: chunkId(docId, 'p', propositions.length, group.start),
        docId,
        sectionId: section.id,
        order: propositions.length,
        headingPath: group.headingPath ?? parent.headingPath,
        text: propositionText,
        start: group.start,
        end: group.end,
        pages: group.pages,
        ...labelsFor(group.pages, labels),
        position: group.start / Math.max(1, text.length),
        tokens: group.tokens,
        keywords: isContents ? [] : chunkKeywords(terms.ofAll(own), weights),
        prevId: null,
        nextId: null,
        type: isContents ? 'contents' : propositionType(propositionText, kindsWithin(parent.blocks, group)),
      });
    }
  }
  link(sections);
  link(propositions);
  const paragraphs = parsed.blocks.filter((b) => b.kind === 'paragraph');
  const bodySpans =
    paragraphs.length >= 3
      ? paragraphs
      : parsed.blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list-item' || b.kind === 'quote');
  return {
    title: parsed.title,
    summary: extractiveSummary(text, bodySpans.length ? bodySpans : parsed.blocks, weights, opts.countTokens, terms),
    keywords: surfaceForms(topTerms(weights, 10), text.slice(0, 2_000_000)),
    tokens: propositions.reduce((n, p) => n + (p.type === 'contents' ? 0 : p.tokens), 0),
    sections,
    propositions,
  };
}

/** Three-level: sections by heading, with small neighbours merged. */
function headingSections(parsed: ParsedDocument, opts: ChunkOptions, limits: ChunkLimits): HeadingSection[] {
  const sections = sectionsByHeading(parsed.blocks, '').flatMap((draft): HeadingSection[] => {
    const headingPath = draft.headingPath.length ? draft.headingPath : [parsed.title];
    const units = unitsOf(draft.blocks, parsed.text, opts.countTokens, limits.proposition).map((unit) => ({
      ...unit,
      headingPath,
    }));
    if (units.length === 0) return [];
    const start = draft.heading?.start ?? units[0]!.start;
    // The section's own text, its heading line included: what its size will be.
    const tokens = opts.countTokens(parsed.text.slice(start, units.at(-1)!.end));
    return [{ headingPath, start, units, tokens, blocks: draft.blocks }];
  });
  const measure = (start: number, end: number) => opts.countTokens(parsed.text.slice(start, end));
  return mergeSmallSections(sections, measure, limits.section);
}

/** Sections over the maximum cut to size (at topic shifts when `drops` are known). */
function splitHeadingSections(sections: HeadingSection[], limits: ChunkLimits, drops?: TopicDrops): ParentDraft[] {
  return sections.flatMap((section) =>
    splitSection(section.units, section.start, drops, limits.section).map((part) => ({
      headingPath: section.headingPath,
      part,
      blocks: section.blocks,
    })),
  );
}

/** Printed page labels by physical page, from the blocks that carry them (PDF). */
function pageLabelsOf(blocks: Block[]): Map<number, string> {
  const labels = new Map<number, string>();
  for (const block of blocks)
    block.pages?.forEach((page, i) => block.pageLabels?.[i] !== undefined && labels.set(page, block.pageLabels[i]!));
  return labels;
}

function labelsFor(pages: number[], labels: Map<number, string>): { pageLabels?: string[] } {
  return labels.size && pages.length ? { pageLabels: pages.map((p) => labels.get(p) ?? String(p)) } : {};
}

function pagesOf(units: Unit[], blocks: Block[]): number[] {
  const pages = new Set(units.flatMap((u) => u.pages));
  if (pages.size === 0) blocks.forEach((b) => b.pages?.forEach((p) => pages.add(p)));
  return [...pages].sort((a, b) => a - b);
}

function kindsWithin(blocks: Block[], span: { start: number; end: number }): Set<Block['kind']> {
  return new Set(blocks.filter((b) => b.end > span.start && b.start < span.end).map((b) => b.kind));
}

function link(records: { id: string; prevId: string | null; nextId: string | null }[]): void {
  records.forEach((record, i) => {
    record.prevId = records[i - 1]?.id ?? null;
    record.nextId = records[i + 1]?.id ?? null;
  });
}
