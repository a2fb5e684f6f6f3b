// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../common/db';
import { storedText } from '../../common/text-codec';
import { DocumentTexts } from './document-texts';

describe('DocumentTexts', () => {
  it('reads a text once per stamp, keeps the most recently used within its limit, and reads a new stamp afresh', async () => {
    const db = openDb('document-texts-test');
    await db.texts.bulkPut([storedText({ docId: 'a', text: 'aaaa' }), storedText({ docId: 'b', text: 'bbbb' })]);
    let reads = 0;
    db.texts.hook('reading', (record) => (reads++, record));
    const texts = new DocumentTexts(db, 8);

    expect(await texts.get('a', '1')).toBe('aaaa');
    expect(await texts.get('a', '1')).toBe('aaaa');
    expect(reads).toBe(1);
    expect(await texts.get('b', '1')).toBe('bbbb');
    texts.put('c', '1', 'cccc'); // over 8 characters: the least recently used, a, goes
    expect(await texts.get('b', '1')).toBe('bbbb');
    expect(reads).toBe(2);
    expect(await texts.get('a', '1')).toBe('aaaa');
    expect(reads).toBe(3);

    // The same document indexed again: its old text is never used for the new offsets.
    await db.texts.put(storedText({ docId: 'a', text: 'AAAA' }));
    expect(await texts.get('a', '2')).toBe('AAAA');
    expect(await texts.get('gone', '1')).toBeUndefined();
  });
});
