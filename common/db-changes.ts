/**
 * What a change in IndexedDB touched, from Dexie's `storagemutated` event: the engine catches its
 * index up with it (workers/engine/catch-up.ts) and the page its list of stored documents
 * (src/lib/stored-documents.svelte.ts), each reading only the documents a change names.
 */

/** What a change in IndexedDB touched, from Dexie's `storagemutated` parts. */
export interface ChangedParts {
  documents: boolean;
  settings: boolean;
  /** The documents whose records changed, when Dexie named each one (null: unknown, maybe all). */
  documentIds?: string[] | null;
}

/** Dexie's interval tree of the keys a change touched (a RangeSet, or its structured clone from another context). */
interface KeyTree {
  from?: unknown;
  to?: unknown;
  l?: KeyTree | null;
  r?: KeyTree | null;
}

/** The single keys in a Dexie key tree; null when it holds a range (a clear, a bulk delete). */
function singleKeys(tree: KeyTree | null | undefined, into: string[] = []): string[] | null {
  if (!tree || tree.from === undefined) return into;
  if (typeof tree.from !== 'string' || tree.from !== tree.to) return null;
  into.push(tree.from);
  return singleKeys(tree.l, into) && singleKeys(tree.r, into);
}

/** Turns Dexie's `storagemutated` parts (keys like `idb://carrel/documents/…`) into what changed for the engine. */
export function changedParts(dbName: string, parts: Record<string, unknown>): ChangedParts {
  const keys = Object.keys(parts);
  const documents = keys.some((part) => part.startsWith(`idb://${dbName}/documents/`));
  const primaryKeys = parts[`idb://${dbName}/documents/`] as KeyTree | undefined;
  return {
    documents,
    settings: keys.some((part) => part.startsWith(`idb://${dbName}/settings/`)),
    ...(documents ? { documentIds: primaryKeys ? singleKeys(primaryKeys) : null } : {}),
  };
}
