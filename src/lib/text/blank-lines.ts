/**
 * A passage as a card shows it (whitespace kept, pre-wrap): a line of nothing but blanks is an
 * empty line, and empty lines in a row are one. A contents list or an index is blanked out of the
 * stored text so that offsets hold (workers/chunk/chunker.ts, `withoutNavigation`); shown as it is,
 * the run of spaces it left was a blank block several lines high in the middle of a passage.
 */
export function withoutBlankLines(text: string): string {
  return text
    .replace(/^[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}
