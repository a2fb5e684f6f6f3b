/**
 * Citation markers in a generated answer: [1], [1, 3], [1][2]. A marker naming no source is dropped;
 * brackets inside `code` or ``` fences are text. Safe on a stream: an unfinished marker or fence at
 * the end is held back until more text decides what it is.
 */

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'cite'; source: number };

export interface ParsedAnswer {
  segments: AnswerSegment[];
  /** Characters at the end not shown yet (an unfinished marker); empty once `final`. */
  held: string;
}

const MARKER = /^\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/;
/** What a marker can look like before its closing bracket arrives. */
const PARTIAL_MARKER = /^\[(\d{1,3}(\s*,\s*\d{0,3})*)?\s*,?\s*$/;

/** Splits `text` into text and citations of sources 1..`sourceCount`. */
export function parseCitations(text: string, sourceCount: number, final = true): ParsedAnswer {
  const segments: AnswerSegment[] = [];
  const push = (piece: string) => {
    if (!piece) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += piece;
    else segments.push({ kind: 'text', text: piece });
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const fence = rest.startsWith('```') ? '```' : rest.startsWith('`') ? '`' : '';
    if (fence) {
      const close = text.indexOf(fence, i + fence.length);
      if (close < 0 && !final) return { segments, held: rest };
      const end = close < 0 ? text.length : close + fence.length;
      push(text.slice(i, end));
      i = end;
      continue;
    }
    if (rest[0] === '[') {
      const match = MARKER.exec(rest);
      if (match) {
        for (const n of match[1]!.split(',').map((s) => Number(s.trim()))) {
          if (n >= 1 && n <= sourceCount) segments.push({ kind: 'cite', source: n });
        }
        i += match[0].length;
        continue;
      }
      if (!final && PARTIAL_MARKER.test(rest)) return { segments, held: rest };
    }
    const next = rest.slice(1).search(/[[`]/);
    const end = next < 0 ? text.length : i + 1 + next;
    push(text.slice(i, end));
    i = end;
  }
  return { segments, held: '' };
}

/** The sources an answer cites, each once, in order of first mention. */
export function citedSources(segments: AnswerSegment[]): number[] {
  return [...new Set(segments.flatMap((s) => (s.kind === 'cite' ? [s.source] : [])))];
}
