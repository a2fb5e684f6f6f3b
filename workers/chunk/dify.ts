/**
 * Dify's two parent-child modes (seed 001): paragraph (parents split by a delimiter) and full-doc
 * (the whole document is the parent). Children are sentences; parents are not embedded.
 */
import type { Block, ParsedDocument } from '../../common/types';
import { unitsOf, type Unit } from './propositions';
import type { SectionPart } from './sections';
import { FULL_DOC_MAX, PROPOSITION, type PropositionSizes } from '../../common/chunk-sizes';

export interface ParentDraft {
  headingPath: string[];
  part: SectionPart;
  blocks: Block[];
}

type CountTokens = (text: string) => number;

/** Full-doc: the whole document is one parent (a very long one is cut every FULL_DOC_MAX tokens). */
export function fullDocParents(
  parsed: ParsedDocument,
  countTokens: CountTokens,
  sizes: PropositionSizes = PROPOSITION,
): ParentDraft[] {
  const body = parsed.blocks.filter((b) => b.kind !== 'heading');
  const units = unitsOf(body, parsed.text, countTokens, sizes);
  return chunkUnits(units, FULL_DOC_MAX).map((part) => ({ headingPath: [parsed.title], part, blocks: body }));
}

/**
 * Paragraph mode: parents split wherever the delimiter occurs, except inside a code block, table or
 * list item; a visible delimiter ("##", "***") opens its chunk, a blank one is trimmed. A parent
 * that holds only headings joins the next one, so a heading stays with its text.
 */
export function delimiterParents(
  parsed: ParsedDocument,
  countTokens: CountTokens,
  delimiter = '\n\n',
  sizes: PropositionSizes = PROPOSITION,
): ParentDraft[] {
  const { text, blocks } = parsed;
  const atomic = blocks.filter((b) => b.kind === 'code' || b.kind === 'table' || b.kind === 'list-item');
  const cuts = [0];
  for (let i = text.indexOf(delimiter, 1), a = 0; i > 0; i = text.indexOf(delimiter, i + delimiter.length)) {
    while (a < atomic.length && atomic[a]!.end <= i) a++;
    if (!(atomic[a] && atomic[a]!.start < i)) cuts.push(i);
  }
  cuts.push(text.length);
  const headings = blocks.filter((b) => b.kind === 'heading');
  const parents: ParentDraft[] = [];
  let pending: number | null = null;
  for (let i = 0, b = 0; i + 1 < cuts.length; i++) {
    const start: number = pending ?? cuts[i]!;
    const end = cuts[i + 1]!;
    while (b < blocks.length && blocks[b]!.end <= cuts[i]!) b++;
    const inside: Block[] = [];
    for (let j = b; j < blocks.length && blocks[j]!.start < end; j++) {
      const block = blocks[j]!;
      const [s, e] = [Math.max(block.start, cuts[i]!), Math.min(block.end, end)];
      if (e > s && text.slice(s, e).trim()) inside.push({ ...block, start: s, end: e, text: text.slice(s, e) });
    }
    if (inside.length === 0) continue;
    if (inside.every((block) => block.kind === 'heading')) {
      pending ??= start;
      continue;
    }
    pending = null;
    const body = inside.filter((block) => block.kind !== 'heading');
    const units = unitsOf(body, text, countTokens, sizes);
    const textStart = start + (text.slice(start, end).length - text.slice(start, end).trimStart().length);
    parents.push({
      headingPath: headingPathAt(headings, textStart, parsed.title),
      part: {
        start: textStart,
        end: units.at(-1)!.end,
        textStart,
        units,
        tokens: units.reduce((n, u) => n + u.tokens, 0),
      },
      blocks: body,
    });
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

/** The heading path in force at `offset` (the title when no heading comes before it). */
export function headingPathAt(headings: Block[], offset: number, title: string): string[] {
  const stack: Block[] = [];
  for (const h of headings) {
    if (h.start > offset) break;
    while (stack.length && (stack.at(-1)!.level ?? 1) >= (h.level ?? 1)) stack.pop();
    stack.push(h);
  }
  return stack.length ? stack.map((h) => h.text) : [title];
}
