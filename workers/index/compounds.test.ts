import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../common/text/analyzer';
import { loadLanguages } from '../../common/text/languages';
import { Bm25Index } from './bm25';
import { TermAffixes } from './term-affixes';

describe('TermAffixes', () => {
  const spelled = (vocabulary: string[], numbers: number[]) => numbers.map((n) => vocabulary[n]).sort();

  it('finds the terms that begin or end with a string, longer than it', () => {
    const vocabulary = ['partition', 'festplattenpartition', 'partitionstabelle', 'part', 'apart', 'fest'];
    const affixes = new TermAffixes(vocabulary);
    expect(spelled(vocabulary, affixes.withPrefix('partition'))).toEqual(['partitionstabelle']);
    expect(spelled(vocabulary, affixes.withPrefix('part'))).toEqual(['partition', 'partitionstabelle']);
    expect(spelled(vocabulary, affixes.withSuffix('partition'))).toEqual(['festplattenpartition']);
    expect(spelled(vocabulary, affixes.withSuffix('art'))).toEqual(['apart', 'part']);
    expect(affixes.withPrefix('zz')).toEqual([]);
  });

  it('reads the terms added since it sorted, a few one by one and many by sorting again', () => {
    const vocabulary = ['bericht'];
    const affixes = new TermAffixes(vocabulary);
    expect(affixes.withSuffix('bericht')).toEqual([]);
    vocabulary.push('fehlerbericht');
    expect(spelled(vocabulary, affixes.withSuffix('bericht'))).toEqual(['fehlerbericht']);
    for (let i = 0; i < 5000; i++) vocabulary.push(`wort${i}bericht`);
    const found = affixes.withSuffix('bericht');
    expect(found).toHaveLength(5001);
    expect(new Set(found).size).toBe(5001);
    expect(spelled(vocabulary, affixes.withPrefix('wort4999'))).toEqual(['wort4999bericht']);
  });
});

describe('TermAffixes as the vocabulary grows', () => {
  it('finds what a scan of every term finds, after merges of new terms', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () =>
      Array.from({ length: 3 + Math.floor(random() * 6) }, () => 'abcdeü'[Math.floor(random() * 6)]).join('');
    const vocabulary = Array.from({ length: 3000 }, word);
    const affixes = new TermAffixes(vocabulary);
    const scan = (test: (term: string) => boolean) => vocabulary.flatMap((term, n) => (test(term) ? [n] : []));
    const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
    for (const grow of [0, 5000, 100, 4500]) {
      for (let i = 0; i < grow; i++) vocabulary.push(word());
      for (const affix of ['ab', 'ü', 'cad']) {
        expect(sorted(affixes.withPrefix(affix))).toEqual(scan((t) => t.length > affix.length && t.startsWith(affix)));
        expect(sorted(affixes.withSuffix(affix))).toEqual(scan((t) => t.length > affix.length && t.endsWith(affix)));
      }
    }
  });
});

describe('German compounds in the documents', () => {
  beforeAll(() => loadLanguages(['de']));

  const library = () => {
    const index = new Bm25Index();
    index.add('compound', 'Die Festplattenpartition anlegen und die Fehlerberichte lesen', '', 2, 'de');
    index.add('disk', 'Eine neue Festplatte kaufen', '', 2, 'de');
    index.add('partition', 'Eine Partition ist ein Teil einer Platte', '', 2, 'de');
    index.add('errors', 'Was tun bei einem Fehler im Programm', '', 2, 'de');
    index.add('report', 'Einen Bericht schreiben', '', 2, 'de');
    index.add('other', 'Die Fehlerhaftigkeit der Welt', '', 2, 'de');
    return index;
  };
  const found = (index: Bm25Index, question: string, langs = ['de', 'en']) =>
    index.search(analyzeQuery(question, langs), 10).map((hit) => hit.id);

  it('a question word finds the compounds that hold it as their first or last part', () => {
    const index = library();
    expect(found(index, 'Partition')).toEqual(['partition', 'compound']);
    expect(found(index, 'Fehler')).toEqual(['errors', 'compound']);
    expect(found(index, 'Bericht')).toEqual(['report', 'compound']);
  });

  it('a compound never outscores the word itself, and a word of another reading is not looked for', () => {
    const index = library();
    const [word, compound] = index.search(analyzeQuery('Partition', ['de', 'en']), 2);
    expect(word!.score).toBeGreaterThan(compound!.score);
    // Read surely as English: its words are not looked for inside German compounds.
    expect(index.search(analyzeQuery('the partition', ['en', 'de'], 'en'), 10).map((hit) => hit.id)).toEqual([
      'partition',
    ]);
  });

  it('finds the compounds of a library that grew after the first question', () => {
    const index = library();
    expect(found(index, 'Partition')).toEqual(['partition', 'compound']);
    index.add('later', 'Die Systempartition sichern', '', 2, 'de');
    index.add('system', 'Das System starten', '', 2, 'de');
    expect(found(index, 'Partition')).toContain('later');
  });
});
