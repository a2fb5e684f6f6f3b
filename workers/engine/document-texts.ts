/**
 * Documents' extracted texts for the hits a search shows: the index keeps no copy of
 * the propositions' texts, so these are read from the texts table, deflated there, and the most
 * recently used are kept inflated here. Keyed by a document's stamp, so a document indexed again
 * under the same id is never sliced with its old text's offsets.
 */
import type { CarrelDb } from '../../common/db';
import { readText } from '../../common/text-codec';

/** About 32 MB of UTF-16: tens of books, or thousands of short notes. */
const MAX_CHARS = 16_000_000;

export class DocumentTexts {
  /** `docId|stamp` → text, least recently used first (a Map keeps insertion order). */
  private texts = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly db: CarrelDb,
    private readonly maxChars = MAX_CHARS,
  ) {}

  /** The document's text as indexed under `stamp`; undefined when IndexedDB no longer has it. */
  async get(docId: string, stamp: string): Promise<string | undefined> {
    const key = `${docId}|${stamp}`;
    const cached = this.texts.get(key);
    if (cached !== undefined) {
      this.texts.delete(key);
      this.texts.set(key, cached);
      return cached;
    }
    const record = await this.db.texts.get(docId);
    if (!record) return undefined;
    const { text } = readText(record);
    this.put(docId, stamp, text);
    return text;
  }

  /** Keeps a text the engine has at hand (a document it just stored), dropping the least recently used beyond the limit. */
  put(docId: string, stamp: string, text: string): void {
    const key = `${docId}|${stamp}`;
    this.chars -= this.texts.get(key)?.length ?? 0;
    this.texts.delete(key);
    this.texts.set(key, text);
    this.chars += text.length;
    for (const [oldest, value] of this.texts) {
      if (this.chars <= this.maxChars || oldest === key) break;
      this.texts.delete(oldest);
      this.chars -= value.length;
    }
  }
}
