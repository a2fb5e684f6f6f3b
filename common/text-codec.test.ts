// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { oldLibrary } from './old-schema.test-support';
import { readChunks } from '../workers/engine/chunk-store';
import { openDb } from './db';
import { readText, storedText, type TextRecord } from './text-codec';

const prose = Array.from(
  { length: 200 },
  (_, i) => `Paragraph ${i}: the tide tables give the times of high and low water for each day of the month.`,
).join('\n\n');
const scanned: TextRecord = {
  docId: 'scan',
  text: 'Invoice № 42 — total £17.50, “paid” ✓',
  ocrWords: {
    1: [{ str: 'Invoice', transform: [12.5, 0, 0, 12.5, 72.25, 700.125], width: 44.75 }],
    3: [{ str: '£17.50', transform: [10, 0, 0, 10, 300, 90.5], width: 30.1 }],
  },
};

describe('text-codec', () => {
  it('stores a text deflated and reads it back exactly, OCR words and all', () => {
    const stored = storedText({ docId: 'tides', text: prose });
    expect(stored.deflated.byteLength).toBeLessThan(prose.length / 3);
    expect(readText(stored)).toEqual({ docId: 'tides', text: prose });
    expect(readText(storedText(scanned))).toEqual(scanned);
  });

  it('reads a text stored before texts were compressed as it is', () => {
    expect(readText(scanned)).toBe(scanned);
  });

  it('upgrading a version 5 library deflates its texts, and its passages read back the same', async () => {
    const name = 'text-codec-test-upgrade';
    const old = oldLibrary(name, 5);
    const base = {
      docId: 'tides',
      headingPath: ['Tides'],
      pages: [1],
      position: 0,
      tokens: 20,
      keywords: [],
      prevId: null,
      nextId: null,
      order: 0,
    };
    // As version 5 stored them: the text whole, the passage without its own text.
    await old.table('texts').bulkPut([{ docId: 'tides', text: prose }, scanned]);
    await old.table('sections').put({ ...base, id: 's', start: 0, end: 97, embedded: true });
    await old.table('propositions').put({ ...base, id: 'p', sectionId: 's', start: 0, end: 97, type: 'fact' });
    old.close();

    const db = openDb(name);
    const stored = await db.texts.toArray();
    expect(stored.every((record) => 'deflated' in record && !('text' in record))).toBe(true);
    expect(readText((await db.texts.get('scan'))!)).toEqual(scanned);
    const { propositions } = await readChunks(db, 'tides');
    expect(propositions[0]!.text).toBe(prose.slice(0, 97));
    db.close();
  });
});
