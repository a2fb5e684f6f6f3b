/**
 * A gap between two text items on one baseline wider than this share of the font size is a space the
 * PDF did not encode. The parser (workers/parse/pdf-lines.ts) and the viewer's highlight
 * (src/lib/pdf-passage.ts) both use it, so a passage reads with the same word breaks in both.
 */
export const PDF_SPACE_GAP = 0.15;
