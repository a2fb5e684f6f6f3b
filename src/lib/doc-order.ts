/** Filtering and sorting of the library list; pure, so the order is the same in every view. */
import type { SourceKind } from '../../common/types';
import type { DocRow } from './doc-rows';

export type DocSort = 'newest' | 'title' | 'name' | 'size' | 'opened';

/** The types a person filters by: formats that read alike are one type (OpenDocument text with Word). */
export type DocType = 'pdf' | 'word' | 'ebook' | 'slides' | 'markdown' | 'html' | 'text' | 'image';

const TYPE_OF: Record<SourceKind, DocType> = {
  pdf: 'pdf',
  docx: 'word',
  odt: 'word',
  epub: 'ebook',
  odp: 'slides',
  pptx: 'slides',
  markdown: 'markdown',
  html: 'html',
  text: 'text',
  image: 'image',
};

/** The type a document is filtered under. */
export const docType = (kind: SourceKind): DocType => TYPE_OF[kind];

/** What the person chose to see: words to find, a type and a language ('' for any). */
export interface DocFilter {
  text: string;
  type: DocType | '';
  lang: string;
  sort: DocSort;
}

/** Text as the filter compares it: lower case, without accents ("Élan" and "elan" are the same). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** A file being read (or waiting to be): it stays first whatever the order, so it stays in view. */
export const inFlight = (row: DocRow) =>
  row.status === 'queued' || row.status === 'parsing' || row.status === 'embedding';

const byName = (a: DocRow, b: DocRow) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

const byTitle = (a: DocRow, b: DocRow) =>
  (a.title || a.name).localeCompare(b.title || b.name, undefined, { numeric: true, sensitivity: 'base' }) ||
  byName(a, b);

const ORDERS: Record<Exclude<DocSort, 'newest'>, (a: DocRow, b: DocRow) => number> = {
  title: byTitle,
  name: byName,
  // Largest first; rows without a known size go last, ties by name so the order is stable.
  size: (a, b) => (b.size ?? -1) - (a.size ?? -1) || byName(a, b),
  // Most recently opened first; never opened after, newest first (the library's own order).
  opened: (a, b) => (b.openedAt ?? -1) - (a.openedAt ?? -1),
};

/** The types and languages among `rows`, in one walk (it runs whenever the rows change). */
export function heldChoices(rows: readonly DocRow[]): { types: Set<DocType>; langs: Set<string> } {
  const types = new Set<DocType>();
  const langs = new Set<string>();
  for (const row of rows) {
    if (row.kind) types.add(docType(row.kind));
    if (row.lang) langs.add(row.lang);
  }
  return { types, langs };
}

/** The text a row's filter words are looked for in: title, headings and file name. */
export function searchableText(row: DocRow, headings: readonly string[] = []): string {
  return foldText([row.title ?? '', row.name, ...headings].join('\n'));
}

/**
 * Rows that match `filter`, in its order: files in progress first (their type and language are
 * not known yet, so only the filter text is matched, against their names), then the stored
 * documents whose title, headings or file name contain every word of the filter text (any case,
 * any accents) and are of the type and language chosen; 'newest' keeps the library's own order.
 */
export function arrangeRows(
  rows: readonly DocRow[],
  filter: DocFilter,
  headings: ReadonlyMap<string, readonly string[]> = new Map(),
): DocRow[] {
  const words = foldText(filter.text).split(/\s+/).filter(Boolean);
  const matches = (row: DocRow) => {
    if (!words.length) return true;
    const text = searchableText(row, row.docId ? headings.get(row.docId) : undefined);
    return words.every((word) => text.includes(word));
  };
  // One pass, each row's status read once: with thousands of rows this runs on every change.
  const active: DocRow[] = [];
  const kept: DocRow[] = [];
  for (const row of rows) {
    if (inFlight(row)) {
      if (matches(row)) active.push(row);
    } else if (
      (!filter.type || (row.kind !== undefined && docType(row.kind) === filter.type)) &&
      (!filter.lang || row.lang === filter.lang) &&
      matches(row)
    )
      kept.push(row);
  }
  // The file being read before those waiting.
  active.sort((a, b) => Number(a.status === 'queued') - Number(b.status === 'queued'));
  if (filter.sort !== 'newest') kept.sort(ORDERS[filter.sort]);
  return [...active, ...kept];
}
