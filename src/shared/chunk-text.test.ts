// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { oldLibrary } from './old-schema';
import { readChunks, storedChunk, withChunkTexts } from './chunk-text';
import { openDb } from './db';
import type { PropositionRecord, SectionRecord } from './types';

const TEXT = '# Tides\nSpring tides follow the full moon. Neap tides follow the quarter moon.';
const base = { docId: 'tides', headingPath: ['Tides'], pages: [1], position: 0, tokens: 8, keywords: [], prevId: null, nextId: null };
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length, text: phrase });

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
  it('upgrading a version 3 library drops the texts its documents hold, and reads them back whole', async () => {
    const name = `chunk-text-test-${dbCount++}`;
    await version3Library(name);
    const db = openDb(name);

    expect(db.verno).toBeGreaterThanOrEqual(4);
    expect(await db.sections.get('s0')).not.toHaveProperty('text');
    expect(await db.propositions.get('p0')).not.toHaveProperty('text');
    expect((await db.propositions.get('p2'))?.text).toBe('Neap tides, rewritten');

    const { sections, propositions } = await readChunks(db, 'tides');
    expect(sections).toEqual([SECTION]);
    expect(propositions).toEqual(PROPOSITIONS);
    expect(await withChunkTexts(db, await db.propositions.bulkGet(['p1', 'p2']).then((rows) => rows.filter((r) => r !== undefined)))).toEqual(PROPOSITIONS.slice(1));
    db.close();
  });

  it('stores a chunk’s text only when the document’s text does not hold it', () => {
    expect(storedChunk(PROPOSITIONS[0]!, TEXT)).not.toHaveProperty('text');
    expect(storedChunk(PROPOSITIONS[2]!, TEXT).text).toBe('Neap tides, rewritten');
    // The record given is left whole: it is also what the index is built from.
    expect(PROPOSITIONS[0]!.text).toBe('Spring tides follow the full moon.');
  });
});
