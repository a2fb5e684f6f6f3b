/** Filtering and sorting of the library list; pure, so the order is the same in every view. */
import type { DocRow } from './doc-rows';

export type DocSort = 'newest' | 'name' | 'size';

const byName = (a: DocRow, b: DocRow) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

/** Rows whose name contains `filter` (any case), in the chosen order; 'newest' keeps the library's own order. */
export function arrangeRows(rows: DocRow[], filter: string, sort: DocSort): DocRow[] {
  const needle = filter.trim().toLocaleLowerCase();
  const kept = needle ? rows.filter((row) => row.name.toLocaleLowerCase().includes(needle)) : [...rows];
  if (sort === 'name') kept.sort(byName);
  // Largest first; rows without a known size go last, ties by name so the order is stable.
  if (sort === 'size') kept.sort((a, b) => (b.size ?? -1) - (a.size ?? -1) || byName(a, b));
  return kept;
}
