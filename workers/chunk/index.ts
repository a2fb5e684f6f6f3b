/**
 * The chunker: one parsed document → sections and propositions with stable ids, offsets, pages,
 * heading paths, keywords and types, plus the document's title, summary and keywords (DESIGN §4).
 * Modes: three-level (default; sections embedded), Dify's paragraph (parents split by a delimiter)
 * and full-doc (the whole document is the parent); in the Dify modes parents are not embedded.
 */
import type { Block, ChunkedDocument, ChunkMode, ParsedDocument, PropositionRecord, SectionRecord } from '../../src/shared/types';
import { chunkId } from './ids';
import { groupUnits, propositionType, unitsOf, type Unit } from './propositions';
import { mergeSmallSections, sectionsByHeading, splitSection, type HeadingSection, type SectionPart } from './sections';
import { FULL_DOC_MAX } from './sizes';
import { chunkKeywords, extractiveSummary, surfaceForms, termWeights, topTerms } from './summary';

export interface ChunkOptions {
  countTokens: (text: string) => number;
  mode?: ChunkMode;
  /** Paragraph mode: the parent delimiter (kept at the start of its chunk). Default: a blank line. */
  delimiter?: string;
}

interface ParentDraft {
  headingPath: string[];
  part: SectionPart;
  blocks: Block[];
}

/** Chunks a parsed document into the three-level hierarchy (or a Dify mode). */
export function chunkDocument(parsed: ParsedDocument, docId: string, opts: ChunkOptions): ChunkedDocument {
  const { text } = parsed;
  const mode = opts.mode ?? 'three-level';
  const parents = mode === 'three-level' ? headingParents(parsed, opts) : mode === 'full-doc' ? fullDocParents(parsed, opts) : delimiterParents(parsed, opts);
  const weights = termWeights(parents.map((p) => text.slice(p.part.textStart, p.part.end)));

  const sections: SectionRecord[] = [];
  const propositions: PropositionRecord[] = [];
  for (const parent of parents) {
    const { part } = parent;
    const sectionText = text.slice(part.textStart, part.end);
    const section: SectionRecord = {
      id: chunkId(docId, 's', sections.length, part.start),
      docId,
      order: sections.length,
      headingPath: parent.headingPath,
      text: sectionText,
      start: part.textStart,
      end: part.end,
      pages: pagesOf(part.units, parent.blocks),
      position: part.textStart / Math.max(1, text.length),
      tokens: opts.countTokens(sectionText),
      keywords: chunkKeywords(sectionText, weights),
      prevId: null,
      nextId: null,
      embedded: mode === 'three-level',
    };
    sections.push(section);
    for (const group of groupUnits(part.units)) {
      const propositionText = text.slice(group.start, group.end);
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
        position: group.start / Math.max(1, text.length),
        tokens: group.tokens,
        keywords: chunkKeywords(propositionText, weights),
        prevId: null,
        nextId: null,
        type: propositionType(propositionText, kindsWithin(parent.blocks, group)),
      });
    }
  }
  link(sections);
  link(propositions);
  const bodySpans = parsed.blocks.filter((b) => b.kind === 'paragraph' || b.kind === 'list-item' || b.kind === 'quote');
  return {
    title: parsed.title,
    summary: extractiveSummary(text, bodySpans.length ? bodySpans : parsed.blocks, weights, opts.countTokens),
    keywords: surfaceForms(topTerms(weights, 10), text.slice(0, 2_000_000)),
    tokens: propositions.reduce((n, p) => n + p.tokens, 0),
    sections,
    propositions,
  };
}

/** Three-level: sections by heading, small ones merged, large ones cut to size. */
function headingParents(parsed: ParsedDocument, opts: ChunkOptions): ParentDraft[] {
  const sections = sectionsByHeading(parsed.blocks, '').flatMap((draft): HeadingSection[] => {
    const headingPath = draft.headingPath.length ? draft.headingPath : [parsed.title];
    const units = unitsOf(draft.blocks, parsed.text, opts.countTokens).map((unit) => ({ ...unit, headingPath }));
    if (units.length === 0) return [];
    const start = draft.heading?.start ?? units[0]!.start;
    // The section's own text, markup included (headings, anchors, fences): what its size will be.
    const tokens = opts.countTokens(parsed.text.slice(start, units.at(-1)!.end));
    return [{ headingPath, start, units, tokens, blocks: draft.blocks }];
  });
  const measure = (start: number, end: number) => opts.countTokens(parsed.text.slice(start, end));
  return mergeSmallSections(sections, measure).flatMap((section) =>
    splitSection(section.units, section.start).map((part) => ({ headingPath: section.headingPath, part, blocks: section.blocks })),
  );
}

/** Full-doc: the whole document is one parent (a very long one is cut every FULL_DOC_MAX tokens). */
function fullDocParents(parsed: ParsedDocument, opts: ChunkOptions): ParentDraft[] {
  const body = parsed.blocks.filter((b) => b.kind !== 'heading');
  const units = unitsOf(body, parsed.text, opts.countTokens);
  return chunkUnits(units, FULL_DOC_MAX).map((part) => ({ headingPath: [parsed.title], part, blocks: body }));
}

/** Paragraph mode: parents split wherever the delimiter occurs; the delimiter opens its chunk. */
function delimiterParents(parsed: ParsedDocument, opts: ChunkOptions): ParentDraft[] {
  const delimiter = opts.delimiter || '\n\n';
  const { text } = parsed;
  const cuts = [0];
  for (let i = text.indexOf(delimiter, 1); i > 0; i = text.indexOf(delimiter, i + delimiter.length)) cuts.push(i);
  cuts.push(text.length);
  const headings = parsed.blocks.filter((b) => b.kind === 'heading');
  const parents: ParentDraft[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [start, end] = [cuts[i]!, cuts[i + 1]!];
    if (!text.slice(start, end).trim()) continue;
    const block: Block = { kind: 'paragraph', text: text.slice(start, end), start, end, pages: pagesAt(parsed.blocks, start, end) };
    const units = unitsOf([block], text, opts.countTokens);
    if (units.length === 0) continue;
    const path = headingPathAt(headings, start);
    parents.push({ headingPath: path.length ? path : [parsed.title], part: { start, end: units.at(-1)!.end, textStart: start, units, tokens: units.reduce((n, u) => n + u.tokens, 0) }, blocks: [block] });
  }
  return parents;
}

function chunkUnits(units: Unit[], maxTokens: number): SectionPart[] {
  const parts: SectionPart[] = [];
  for (const unit of units) {
    const last = parts.at(-1);
    if (last && last.tokens + unit.tokens <= maxTokens) {
      last.units.push(unit);
      last.tokens += unit.tokens;
      last.end = unit.end;
    } else parts.push({ start: unit.start, end: unit.end, textStart: unit.start, units: [unit], tokens: unit.tokens });
  }
  return parts;
}

function headingPathAt(headings: Block[], offset: number): string[] {
  const stack: Block[] = [];
  for (const h of headings) {
    if (h.start > offset) break;
    while (stack.length && (stack.at(-1)!.level ?? 1) >= (h.level ?? 1)) stack.pop();
    stack.push(h);
  }
  return stack.map((h) => h.text);
}

function pagesAt(blocks: Block[], start: number, end: number): number[] {
  return [...new Set(blocks.filter((b) => b.end > start && b.start < end).flatMap((b) => b.pages ?? []))].sort((a, b) => a - b);
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
