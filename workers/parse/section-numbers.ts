/**
 * Numbered headings set at body size ("3.2.4 Incident Analysis" in bold 11 pt, as NIST and many
 * reports do): neither the outline (which often stops at level 1 or 2) nor font size finds them.
 * A body-size line is taken as such a heading only when its number continues the numbered heading
 * it sits under ("3.2.4" under "3. Handling an Incident"), so a wrapped line or a table row that
 * happens to open with "2.5" is not.
 */

/** "3.2.4 Title": a dotted number of two or more parts, then a capitalised title without closing punctuation. */
const SUB_HEADING = /^(\d{1,3}(?:\.\d{1,3})+)\.?\s+(\p{Lu}.*)$/u;
/** "3. Handling an Incident", "3 Handling": a one-part number before the title. */
const TOP_HEADING = /^(\d{1,3})\.?\s+\p{L}/u;
/** A table-of-contents entry: dot leaders or an ellipsis, then a page number. */
const CONTENTS_ENTRY = /(?:(?:\.\s?){4,}|…|(?:\s\.){2,})\s*[\divxlc]*$/i;
const MAX_LENGTH = 100;

export class SectionNumbers {
  /** The numbered top heading the current text sits under, with its level. */
  private root: { number: string; level: number } | null = null;

  /** Notes a heading found by any means, so later numbered lines know what they are under. */
  noteHeading(text: string, level: number): void {
    const top = TOP_HEADING.exec(text.trim());
    const sub = SUB_HEADING.exec(text.trim());
    if (top && !sub) this.root = { number: top[1]!, level };
    else if (!sub && this.root && level <= this.root.level) this.root = null; // "Appendix A" ends chapter 3
  }

  /** The heading level of `text` as a numbered sub-heading of the current top heading, or null. */
  levelOf(text: string): number | null {
    const trimmed = text.trim();
    if (!this.root || trimmed.length > MAX_LENGTH || /[.,;:]$/.test(trimmed) || CONTENTS_ENTRY.test(trimmed))
      return null;
    const match = SUB_HEADING.exec(trimmed);
    if (!match) return null;
    const parts = match[1]!.split('.');
    if (parts[0] !== this.root.number) return null;
    return Math.min(6, this.root.level + parts.length - 1);
  }
}
