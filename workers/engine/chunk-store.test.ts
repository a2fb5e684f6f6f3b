// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { oldLibrary } from '../../common/old-schema.test-support';
import { readChunks, storedChunk, storedChunks } from './chunk-store';
import { readStoredChunks } from '../../common/stored-chunk';
import { openDb } from '../../common/db';
import type { PropositionRecord, SectionRecord } from '../../common/types';

const TEXT = '# Tides\nSpring tides follow the full moon. Neap tides follow the quarter moon.';
const base = {
  docId: 'tides',
  headingPath: ['Tides'],
  pages: [1],
  position: 0,
  tokens: 8,
  keywords: [],
  prevId: null,
  nextId: null,
};
const at = (phrase: string) => ({
  start: TEXT.indexOf(phrase),
  end: TEXT.indexOf(phrase) + phrase.length,
  text: phrase,
});

const SECTION: SectionRecord = { ...base, id: 's0', order: 0, ...at(TEXT), embedded: true };
const PROPOSITIONS: PropositionRecord[] = [
  { ...base, id: 'p0', sectionId: 's0', order: 0, ...at('Spring tides follow the full moon.'), type: 'fact' },
  { ...base, id: 'p1', sectionId: 's0', order: 1, ...at('Neap tides follow the quarter moon.'), type: 'fact' },
  // Not the slice it points at (no chunker makes one, but a record may): its text is kept.
  { ...base, id: 'p2', sectionId: 's0', order: 2, ...at('Neap tides'), text: 'Neap tides, rewritten', type: 'fact' },
];

let dbCount = 0;

/** A library as Carrel's schema version 3 stored it: every section and proposition with its text. */
async function version3Library(name: string): Promise<void> {
  const old = oldLibrary(name, 3);
  await old.table('texts').put({ docId: 'tides', text: TEXT });
  await old.table('sections').put(SECTION);
  await old.table('propositions').bulkPut(PROPOSITIONS);
  old.close();
}

describe('text stored once', () => {
  it('upgrading a version 3 library drops the texts its documents hold, packs each document’s chunks into one record, and reads them back whole', async () => {
    const name = `chunk-text-test-${dbCount++}`;
    await version3Library(name);
    const db = openDb(name);
    await db.open();

    expect(db.verno).toBeGreaterThanOrEqual(8);
    expect(db.tables.map((table) => table.name)).not.toContain('propositions');
    const stored = readStoredChunks((await db.chunks.get('tides'))!);
    expect(stored.sections[0]).not.toHaveProperty('text');
    expect(stored.propositions[0]).not.toHaveProperty('text');
    expect(stored.propositions[2]?.text).toBe('Neap tides, rewritten');

    const { sections, propositions, text } = await readChunks(db, 'tides');
    expect(sections).toEqual([SECTION]);
    expect(propositions).toEqual(PROPOSITIONS);
    expect(text).toBe(TEXT);
    db.close();
  });

  it('stores a document’s chunks as deflated columns that give back every field, absent ones absent', () => {
    const many = Array.from({ length: 200 }, (_, i): PropositionRecord => ({
      ...PROPOSITIONS[i % 2]!,
      id: `p${i}`,
      order: i,
      pages: [1 + (i >> 4)],
      ...(i % 3 ? {} : { pageLabels: ['iv'] }),
    }));
    const record = storedChunks('tides', [SECTION], many, TEXT);
    const { sections, propositions } = readStoredChunks(record);
    expect(sections).toEqual([storedChunk(SECTION, TEXT)]);
    expect(propositions).toEqual(many.map((p) => storedChunk(p, TEXT)));
    expect(propositions[1]).not.toHaveProperty('pageLabels');
    // Far less than the records one by one, without their texts.
    expect(record.deflated.byteLength).toBeLessThan(JSON.stringify(propositions).length / 10);
  });

  it('stores a chunk’s text only when the document’s text does not hold it', () => {
    expect(storedChunk(PROPOSITIONS[0]!, TEXT)).not.toHaveProperty('text');
    expect(storedChunk(PROPOSITIONS[2]!, TEXT).text).toBe('Neap tides, rewritten');
    // The record given is left whole: it is also what the index is built from.
    expect(PROPOSITIONS[0]!.text).toBe('Spring tides follow the full moon.');
  });
});
