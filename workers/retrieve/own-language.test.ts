import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguages } from '../../common/text/languages';
import type { DocumentRecord, PropositionRecord, SectionRecord } from '../../common/types';
import { DEFAULT_SEARCH_OPTIONS } from './defaults';
import { LibraryIndex, search } from './search';

const flat = () => Float32Array.from({ length: 4 }, () => 0.5);

/** A document of one-passage sections, each optionally in its own language (a two-language document). */
function addDoc(
  index: LibraryIndex,
  id: string,
  lang: string | undefined,
  sections: { text: string; lang?: string }[],
) {
  const sectionRecords: SectionRecord[] = [];
  const propositionRecords: PropositionRecord[] = [];
  const vectors = {
    doc: flat(),
    sections: new Map<string, Float32Array>(),
    propositions: new Map<string, Float32Array>(),
  };
  let offset = 0;
  sections.forEach((s, order) => {
    const base = {
      docId: id,
      order,
      headingPath: [id, `part ${order + 1}`],
      pages: [],
      position: 0,
      tokens: 10,
      keywords: [],
      prevId: null,
      nextId: null,
      text: s.text,
      start: offset,
      end: offset + s.text.length,
      ...(s.lang ? { lang: s.lang } : {}),
    };
    const sectionId = `${id}#s${order}`;
    sectionRecords.push({ ...base, id: sectionId, embedded: true });
    propositionRecords.push({ ...base, id: `${sectionId}p`, sectionId, type: 'fact' });
    vectors.sections.set(sectionId, flat());
    vectors.propositions.set(`${sectionId}p`, flat());
    offset += s.text.length + 1;
  });
  const doc = { id, name: `${id}.txt`, title: id, keywords: [], summary: '', ...(lang ? { lang } : {}) };
  index.addDocument(doc as unknown as DocumentRecord, sectionRecords, propositionRecords, vectors);
}

function library() {
  const index = new LibraryIndex();
  // "Linux" is the same word in every language: the keyword leg finds it everywhere.
  addDoc(index, 'english', undefined, [{ text: 'Linux runs on old computers too.' }]);
  addDoc(index, 'german', 'de', [{ text: 'Linux läuft auch auf alten Rechnern.' }]);
  addDoc(index, 'french', 'fr', [{ text: 'Linux tourne aussi sur de vieux ordinateurs.' }]);
  addDoc(index, 'both', 'de', [{ text: 'Linux ist frei.' }, { text: 'Linux est libre.', lang: 'fr' }]);
  return index;
}

const opts = { ...DEFAULT_SEARCH_OPTIONS, strategy: 'bm25' as const, limit: 10 };
const found = (index: LibraryIndex, languages?: string[]) =>
  search(index, { text: 'linux', vector: null }, { ...opts, languages })
    .map((h) => `${h.docId}:${h.lang}`)
    .sort();

describe('search in one language', () => {
  beforeAll(() => loadLanguages(['de', 'fr']));

  it('says each result’s language: its section’s own, else its document’s, English when never told', () => {
    expect(found(library())).toEqual(['both:de', 'both:fr', 'english:en', 'french:fr', 'german:de']);
  });

  it('keeps to passages in the languages asked for, passage by passage in a two-language document', () => {
    const index = library();
    expect(found(index, ['fr'])).toEqual(['both:fr', 'french:fr']);
    expect(found(index, ['de'])).toEqual(['both:de', 'german:de']);
    expect(found(index, ['en'])).toEqual(['english:en']);
  });

  it('finds nothing rather than another language when the library has none in the one asked for', () => {
    expect(found(library(), ['it'])).toEqual([]);
  });
});
