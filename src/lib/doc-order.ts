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

/** The types and languages a list of rows holds. */
export interface HeldChoices {
  types: ReadonlySet<DocType>;
  langs: ReadonlySet<string>;
}

/** The types and languages among `rows` (and in `from`), in one walk. */
export function heldChoices(rows: readonly DocRow[], from?: HeldChoices): HeldChoices {
  const types = new Set<DocType>(from?.types);
  const langs = new Set<string>(from?.langs);
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

/** Where a row goes in the list: first (being read), next (waiting its turn), or among the kept ones. */
type Place = 'active' | 'queued' | 'kept';

const placeOf = (row: DocRow): Place => (row.status === 'queued' ? 'queued' : inFlight(row) ? 'active' : 'kept');

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
  return arrange(rows, filter, headings, placeOf);
}

function arrange(
  rows: readonly DocRow[],
  filter: DocFilter,
  headings: ReadonlyMap<string, readonly string[]>,
  place: (row: DocRow) => Place,
): DocRow[] {
  const words = foldText(filter.text).split(/\s+/).filter(Boolean);
  const matches = (row: DocRow) => {
    if (!words.length) return true;
    const text = searchableText(row, row.docId ? headings.get(row.docId) : undefined);
    return words.every((word) => text.includes(word));
  };
  // One pass, each row placed once: with thousands of rows this runs on every change.
  const active: DocRow[] = [];
  const queued: DocRow[] = [];
  const kept: DocRow[] = [];
  for (const row of rows) {
    const at = place(row);
    if (at !== 'kept') {
      if (matches(row)) (at === 'active' ? active : queued).push(row);
    } else if (
      (!filter.type || (row.kind !== undefined && docType(row.kind) === filter.type)) &&
      (!filter.lang || row.lang === filter.lang) &&
      matches(row)
    )
      kept.push(row);
  }
  if (filter.sort !== 'newest') kept.sort(ORDERS[filter.sort]);
  // The file being read before those waiting.
  return [...active, ...queued, ...kept];
}

/** The list's rows as the library keeps them: the queue's files, then the stored documents. */
export interface RowParts {
  /** The files being read or waiting, newest first: their status changes as they are read. */
  jobs: readonly DocRow[];
  /** Of those, the ones being read or embedded now, as the queue keeps them (a handful). */
  active: readonly DocRow[];
  /** Of those, the ones no longer in flight (saved, failed, waiting for a password), as the queue keeps them. */
  settled: ReadonlySet<DocRow>;
  /** The stored documents' rows, newest first. A stored document is committed whole, so its row is never in flight. */
  stored: readonly DocRow[];
}

/** The rows the list draws, and what it says of the rest. */
export interface RowPage {
  /** The first rows of arrangeRows over the jobs and then the stored rows. */
  rows: DocRow[];
  /** How many rows arrangeRows would answer. */
  total: number;
  /** Whether any of those rows can be chosen (a document, not in flight). */
  anySelectable: boolean;
  /** The ids of the documents that can be chosen among all those rows; walks them, so asked only when needed. */
  selectable(): string[];
}

const canSelect = (row: DocRow) => !!row.docId && !inFlight(row);

/**
 * The first `limit` rows arrangeRows would answer for `parts`, reading no queued file's status: a
 * file's place comes from the queue's own lists, so one file changing state does not make the list
 * read every queued file's state. With no filter and the library's own order, only the rows drawn
 * are looked at.
 */
export function arrangePage(
  parts: RowParts,
  filter: DocFilter,
  headings: ReadonlyMap<string, readonly string[]>,
  limit: number,
): RowPage {
  const { jobs, settled, stored } = parts;
  // In the queue's order, found by position (there are a handful): newest first, as arrangeRows keeps them.
  const active = parts.active
    .map((row) => ({ row, at: jobs.indexOf(row) }))
    .filter(({ at }) => at !== -1)
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row);
  const isActive = new Set(active);
  const place = (row: DocRow): Place => (isActive.has(row) ? 'active' : settled.has(row) ? 'kept' : 'queued');
  const settledJobs = () => jobs.filter((job) => settled.has(job));
  if (filter.text.trim() || filter.type || filter.lang || filter.sort !== 'newest') {
    const storedPlace = (row: DocRow): Place => (row.docId ? 'kept' : place(row));
    const all = arrange([...jobs, ...stored], filter, headings, storedPlace);
    const kept = all.filter((row) => !isActive.has(row) && (row.docId || settled.has(row)));
    return {
      rows: all.slice(0, limit),
      total: all.length,
      anySelectable: kept.some(canSelect),
      selectable: () => kept.filter(canSelect).map((row) => row.docId!),
    };
  }
  const rows = active.slice(0, limit);
  let walked = 0;
  for (; walked < jobs.length && rows.length < limit; walked++) {
    const job = jobs[walked]!;
    if (place(job) === 'queued') rows.push(job);
  }
  if (rows.length < limit)
    for (const row of [...settledJobs(), ...stored.slice(0, limit)]) if (rows.length < limit) rows.push(row);
  return {
    rows,
    total: jobs.length + stored.length,
    anySelectable: stored.some(canSelect) || settledJobs().some(canSelect),
    selectable: () => [...settledJobs(), ...stored].filter(canSelect).map((row) => row.docId!),
  };
}
