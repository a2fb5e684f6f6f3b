/**
 * How Carrel names a page, in one place (DESIGN §9 Pages): every card, citation, copied prompt,
 * answer and export names a passage's pages as the document prints them (its page labels, "p. 3"),
 * and only the viewer adds the physical page, where it differs ("p. 3 · page 9 of 113 in the file").
 * Documents without labels are named by their physical pages, which then are what they print.
 */

/** Pages with the labels printed on them (parallel arrays; no labels: the physical numbers). */
export interface Paged {
  pages: readonly number[];
  pageLabels?: readonly string[];
}

/** The printed name of each page. */
function names({ pages, pageLabels }: Paged): string[] {
  return pages.map((page, i) => pageLabels?.[i] ?? String(page));
}

/** "p. 3", "pp. 3–4", or '' without pages: a passage's pages as the document prints them. */
export function pageReference(paged: Paged): string {
  const list = names(paged);
  if (list.length === 0) return '';
  return list.length === 1 || list[0] === list.at(-1) ? `p. ${list[0]}` : `pp. ${list[0]}–${list.at(-1)}`;
}

/**
 * The viewer's page: the printed reference, and the physical page as a second figure where the
 * two differ ("p. 3 · page 9 of 113 in the file"); the physical page alone where it prints none.
 */
export function viewerPageReference(page: number, label: string | undefined, pageCount?: number): string {
  const inFile = pageCount ? `page ${page} of ${pageCount} in the file` : `page ${page} in the file`;
  if (label === undefined || label === String(page)) return `p. ${page}`;
  return `p. ${label} · ${inFile}`;
}

/** The labels of `pages`, looked up in a wider span's (a section's for its passages); undefined without labels. */
export function labelsWithin(pages: readonly number[], span: Paged): string[] | undefined {
  if (!span.pageLabels?.length) return undefined;
  const byPage = new Map(span.pages.map((page, i) => [page, span.pageLabels![i]]));
  return pages.map((page) => byPage.get(page) ?? String(page));
}

/** Two spans of pages as one (adjacent passages merged), labels kept with their pages. */
export function mergePaged(a: Paged, b: Paged): { pages: number[]; pageLabels?: string[] } {
  const byPage = new Map<number, string | undefined>();
  for (const span of [a, b])
    span.pages.forEach((page, i) => byPage.set(page, byPage.get(page) ?? span.pageLabels?.[i]));
  const pages = [...byPage.keys()].sort((x, y) => x - y);
  const labelled = a.pageLabels?.length || b.pageLabels?.length;
  return labelled ? { pages, pageLabels: pages.map((page) => byPage.get(page) ?? String(page)) } : { pages };
}
