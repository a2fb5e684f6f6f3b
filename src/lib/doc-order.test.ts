import { describe, expect, it } from 'vitest';
import { arrangeRows, foldText, type DocFilter } from './doc-order';
import type { DocRow } from './doc-rows';

function stored(name: string, fields: Partial<DocRow> = {}): DocRow {
  return { key: name, docId: name, name, status: 'ready', progress: 1, stageLabel: '', kind: 'markdown', ...fields };
}

const ANY: DocFilter = { text: '', type: '', lang: '', sort: 'newest' };
const names = (rows: DocRow[]) => rows.map((row) => row.name);

describe('arrangeRows', () => {
  const rows = [
    stored('stats.md', { title: 'Introduction to R', lang: 'en', size: 30 }),
    stored('garten.md', { title: 'Gartennotizen', lang: 'de', size: 10 }),
    stored('guide.html', { title: 'A Traveller’s Guide', kind: 'html', lang: 'en', size: 20, openedAt: 5 }),
    stored('book.epub', { title: 'Élan vital', kind: 'epub', lang: 'fr', size: 40, openedAt: 9 }),
  ];

  it('matches titles, headings and file names, whatever the case and accents, every word anywhere', () => {
    const headings = new Map([['stats.md', ['Données manquantes']]]);
    expect(names(arrangeRows(rows, { ...ANY, text: 'introduction to r' }, headings))).toEqual(['stats.md']);
    expect(names(arrangeRows(rows, { ...ANY, text: 'DONNEES' }, headings))).toEqual(['stats.md']);
    expect(names(arrangeRows(rows, { ...ANY, text: 'manquantes données' }, headings))).toEqual(['stats.md']);
    expect(names(arrangeRows(rows, { ...ANY, text: 'elan' }, headings))).toEqual(['book.epub']);
    expect(names(arrangeRows(rows, { ...ANY, text: '.html' }, headings))).toEqual(['guide.html']);
    expect(arrangeRows(rows, { ...ANY, text: 'nothing' }, headings)).toEqual([]);
  });

  it('keeps the type and language chosen; Word and OpenDocument text are one type', () => {
    expect(names(arrangeRows(rows, { ...ANY, type: 'markdown' }))).toEqual(['stats.md', 'garten.md']);
    expect(names(arrangeRows(rows, { ...ANY, type: 'ebook' }))).toEqual(['book.epub']);
    expect(names(arrangeRows(rows, { ...ANY, lang: 'en' }))).toEqual(['stats.md', 'guide.html']);
    const word = [stored('a.docx', { kind: 'docx' }), stored('b.odt', { kind: 'odt' })];
    expect(names(arrangeRows(word, { ...ANY, type: 'word' }))).toEqual(['a.docx', 'b.odt']);
  });

  it('sorts by title, size and last opened; never opened keeps the library order', () => {
    expect(names(arrangeRows(rows, { ...ANY, sort: 'title' }))).toEqual([
      'guide.html',
      'book.epub',
      'garten.md',
      'stats.md',
    ]);
    expect(names(arrangeRows(rows, { ...ANY, sort: 'size' }))).toEqual([
      'book.epub',
      'stats.md',
      'guide.html',
      'garten.md',
    ]);
    expect(names(arrangeRows(rows, { ...ANY, sort: 'opened' }))).toEqual([
      'book.epub',
      'guide.html',
      'stats.md',
      'garten.md',
    ]);
  });

  it('keeps files in progress first, the one being read before those waiting, whatever the order', () => {
    const waiting: DocRow = { key: 'w', name: 'a-waiting.md', status: 'queued', progress: 0, stageLabel: '' };
    const reading: DocRow = { key: 'r', name: 'z-reading.md', status: 'parsing', progress: 0.5, stageLabel: '' };
    const arranged = arrangeRows([waiting, reading, ...rows], { ...ANY, sort: 'title', type: 'html' });
    expect(names(arranged)).toEqual(['z-reading.md', 'a-waiting.md', 'guide.html']);
    // The filter text still applies to their names.
    expect(names(arrangeRows([waiting, reading, ...rows], { ...ANY, text: 'reading' }))).toEqual(['z-reading.md']);
  });
});

describe('foldText', () => {
  it('drops accents and case', () => {
    expect(foldText('Élan Ça GRÜN')).toBe('elan ca grun');
  });
});
