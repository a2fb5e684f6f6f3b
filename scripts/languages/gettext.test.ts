import { describe, expect, it } from 'vitest';
import { catalogueScores } from './catalogue-table.mjs';
import { plainText, readMo } from './gettext.mjs';

/** A .mo file as msgfmt writes it (little-endian, no hash table), from msgid → msgstr. */
function moFile(entries: [string, string][]): Uint8Array {
  const encoder = new TextEncoder();
  const strings = entries.map(([id, str]) => [encoder.encode(id), encoder.encode(str)]);
  const headerSize = 28;
  const tables = headerSize + 16 * entries.length;
  const total = tables + strings.reduce((sum, [a, b]) => sum + a.length + b.length + 2, 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x950412de, true);
  view.setUint32(8, entries.length, true);
  view.setUint32(12, headerSize, true);
  view.setUint32(16, headerSize + 8 * entries.length, true);
  let at = tables;
  for (const side of [0, 1])
    strings.forEach((pair, i) => {
      const text = pair[side];
      view.setUint32(headerSize + 8 * entries.length * side + 8 * i, text.length, true);
      view.setUint32(headerSize + 8 * entries.length * side + 8 * i + 4, at, true);
      bytes.set(text, at);
      at += text.length + 1;
    });
  return bytes;
}

describe('gettext catalogues', () => {
  it('reads a .mo file: English first, without its header, contexts or plural forms', () => {
    const mo = moFile([
      ['', 'Content-Type: text/plain; charset=UTF-8\n'],
      ['Open file', 'Ouvrir le fichier'],
      ['menu\u0004Quit', 'Quitter'],
      ['%d file\u0000%d files', '%d fichier\u0000%d fichiers'],
    ]);
    expect(readMo(mo)).toEqual([
      { english: 'Open file', translated: 'Ouvrir le fichier' },
      { english: 'Quit', translated: 'Quitter' },
      { english: '%d file', translated: '%d fichier' },
    ]);
  });

  it('refuses a file that is not a catalogue', () => {
    expect(() => readMo(new Uint8Array(32))).toThrow(/not a gettext \.mo file/);
  });

  it('keeps the words of an interface string, without accelerators, markup or placeholders', () => {
    expect(plainText('_Open Recent')).toBe('Open Recent');
    expect(plainText('&Fichier')).toBe('Fichier');
    expect(plainText('Copy %s to %1$d <b>now</b>\\n')).toBe('Copy to now');
    expect(plainText('Delete %(name)s from {folder}?')).toBe('Delete from ?');
    expect(plainText('See https://example.org/help for more')).toBe('See for more');
  });

  it('learns which English word renders each word of the other language', () => {
    const pairs = [
      ['Open file', 'Ouvrir fichier'],
      ['Save file', 'Enregistrer fichier'],
      ['Open folder', 'Ouvrir dossier'],
      ['Delete folder', 'Supprimer dossier'],
      ['Save folder', 'Enregistrer dossier'],
      ['Delete file', 'Supprimer fichier'],
      ['Open the server', 'Ouvrir le serveur'],
      ['Delete the server', 'Supprimer le serveur'],
      ['Save the server', 'Enregistrer le serveur'],
      ['Open the file', 'Ouvrir le fichier'],
      ['Delete the folder', 'Supprimer le dossier'],
    ].map(([english, translated]) => ({ english, translated }));
    const vocab = new Map(['open', 'save', 'delete', 'file', 'folder', 'server', 'the'].map((w, i) => [w, i]));
    const scores = catalogueScores(pairs, vocab, { minCount: 3, iterations: 10 });
    const best = (word: string) => [...(scores.get(word) ?? new Map())].sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(best('fichier')).toBe('file');
    expect(best('dossier')).toBe('folder');
    expect(best('serveur')).toBe('server');
    expect(best('ouvrir')).toBe('open');
    // "le" renders "the", an English word that carries no meaning of its own: it gets no row.
    expect(scores.has('le')).toBe(false);
  });
});
