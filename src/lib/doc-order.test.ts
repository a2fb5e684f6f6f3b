import { describe, expect, it } from 'vitest';
import { arrangePage, arrangeRows, foldText, heldChoices, type DocFilter, type RowParts } from './doc-order';
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

describe('arrangePage', () => {
  const job = (name: string, status: DocRow['status']): DocRow => ({
    key: `job-${name}`,
    name,
    status,
    progress: 0,
    stageLabel: '',
  });
  /** A queue of `count` waiting files, newest first, with the oldest being read and one failed among them. */
  function queue(count: number) {
    const jobs = Array.from({ length: count }, (_, i) => job(`q${count - i}.txt`, 'queued'));
    const reading = job('q1.txt', 'parsing');
    const failed = job('bad.pdf', 'failed');
    jobs[count - 1] = reading;
    jobs.splice(3, 0, failed);
    return { jobs, reading, failed };
  }
  const storedRows = Array.from({ length: 50 }, (_, i) =>
    stored(`s${i}.md`, { title: `Notes ${i}`, lang: i % 2 ? 'en' : 'de', size: i }),
  );

  it('answers the first rows and the count arrangeRows answers, for every filter and order', () => {
    const { jobs, reading, failed } = queue(40);
    const parts: RowParts = { jobs, active: [reading], settled: new Set([failed]), stored: storedRows };
    const filters: DocFilter[] = [
      ANY,
      { ...ANY, text: 'q3' },
      { ...ANY, text: 'notes 1' },
      { ...ANY, type: 'markdown' },
      { ...ANY, lang: 'en', sort: 'size' },
      { ...ANY, sort: 'title' },
    ];
    for (const filter of filters)
      for (const limit of [1, 10, 41, 45, 200]) {
        const all = arrangeRows([...jobs, ...storedRows], filter);
        const page = arrangePage(parts, filter, new Map(), limit);
        expect(names(page.rows), `${JSON.stringify(filter)} ${limit}`).toEqual(names(all.slice(0, limit)));
        expect(page.total).toBe(all.length);
        expect(page.selectable()).toEqual(all.filter((row) => row.docId).map((row) => row.docId));
      }
    expect(arrangePage(parts, ANY, new Map(), 5).rows[0]).toBe(reading);
  });

  it('reads no queued file’s status, and with no filter looks only at the rows it draws', () => {
    const { jobs, reading, failed } = queue(5000);
    // A read of a job's status, or of a row past the first page, fails the test.
    let looked = 0;
    let pageOnly = true;
    const guarded = jobs.map((row) => {
      const at = looked++;
      return new Proxy(row, {
        get: (target, key) => {
          if (key === 'status') throw new Error(`${target.name}: status read`);
          if (pageOnly && at > 120 && row !== reading) throw new Error(`${target.name}: row ${at} read`);
          return target[key as keyof DocRow];
        },
      });
    });
    const parts: RowParts = {
      jobs: guarded,
      active: [guarded[jobs.indexOf(reading)]!],
      settled: new Set([guarded[jobs.indexOf(failed)]!]),
      stored: storedRows,
    };
    const page = arrangePage(parts, ANY, new Map(), 100);
    expect(page.rows).toHaveLength(100);
    expect(page.rows[0]!.name).toBe('q1.txt');
    expect(page.rows[1]!.name).toBe('q5000.txt');
    expect(page.rows.map((row) => row.name)).not.toContain('bad.pdf');
    expect(page.total).toBe(5001 + storedRows.length);
    expect(page.anySelectable).toBe(true);
    // A filter walks every row, still without reading a queued file's status.
    pageOnly = false;
    expect(names(arrangePage(parts, { ...ANY, text: 'q4999' }, new Map(), 100).rows)).toEqual(['q4999.txt']);
  });
});

describe('foldText', () => {
  it('drops accents and case', () => {
    expect(foldText('Élan Ça GRÜN')).toBe('elan ca grun');
  });
});

describe('heldChoices', () => {
  it('adds the types and languages of more rows to those already held', () => {
    const held = heldChoices([stored('a.md', { lang: 'en' }), stored('b.pdf', { kind: 'pdf', lang: 'de' })]);
    expect([...held.types].sort()).toEqual(['markdown', 'pdf']);
    const more = heldChoices([stored('c.docx', { kind: 'docx', lang: 'fr' })], held);
    expect([...more.types].sort()).toEqual(['markdown', 'pdf', 'word']);
    expect([...more.langs].sort()).toEqual(['de', 'en', 'fr']);
    expect([...held.langs].sort()).toEqual(['de', 'en']);
  });
});
