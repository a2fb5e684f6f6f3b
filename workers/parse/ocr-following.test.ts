import { describe, expect, it } from 'vitest';
import type { OcrPage, PageReader } from './ocr';
import { followingReader } from './ocr-following';

const GERMAN =
  'Die Sicherungen laufen jede Nacht um zwei Uhr und die Dateien liegen danach auf dem Server in einem Ordner';
const page = (text: string): OcrPage => ({
  lines: [{ text, box: [0, 0, 1, 1], baseline: 1, height: 1, words: [] }],
  paragraphStarts: [0],
  confidence: 90,
});

/** A stand-in OCR engine: reads every page as `text`, and records the language of each read. */
function engine(text: string) {
  const reads: string[] = [];
  const reader = (code: string): PageReader => ({
    recognize: async () => {
      reads.push(code);
      return page(text);
    },
  });
  return { reads, reader };
}

const blob = new Blob(['scan']);

describe('OCR that follows the document’s language', () => {
  it('reads the first telling page again in the language it is in, and the rest in that one', async () => {
    const { reads, reader } = engine(GERMAN);
    const following = followingReader(reader, 'eng', async (code) => code === 'deu');
    await following.recognize(blob);
    await following.recognize(blob);
    expect(reads).toEqual(['eng', 'deu', 'deu']);
    expect(following.language).toBe('deu');
  });

  it('reads on in the chosen language when the detected one’s model is not on this device', async () => {
    const { reads, reader } = engine(GERMAN);
    const following = followingReader(reader, 'eng', async () => false);
    await following.recognize(blob);
    await following.recognize(blob);
    expect(reads).toEqual(['eng', 'eng']);
  });

  it('waits for a page with enough words to tell', async () => {
    const { reads, reader } = engine('Seite 3');
    const following = followingReader(reader, 'eng', async () => true);
    await following.recognize(blob);
    await following.recognize(blob);
    expect(reads).toEqual(['eng', 'eng']);
  });

  it('reads a document whose language the person set in it from the first page', async () => {
    const { reads, reader } = engine(
      'Les sauvegardes sont copiées chaque nuit sur le serveur de l’école, puis effacées',
    );
    const following = followingReader(reader, 'eng', async (code) => code === 'fra');
    following.prefer('fr');
    await following.recognize(blob);
    expect(reads).toEqual(['fra']);
  });

  it('reads a page begun at the same time again once the other page tells the language', async () => {
    const { reads, reader } = engine(GERMAN);
    const following = followingReader(reader, 'eng', async (code) => code === 'deu');
    // Two pages at once, as the file reader reads a scanned PDF: both start in the chosen language.
    await Promise.all([following.recognize(blob), following.recognize(blob)]);
    expect(reads.filter((code) => code === 'deu')).toHaveLength(2);
    expect(reads.slice(0, 2)).toEqual(['eng', 'eng']);
    expect(following.language).toBe('deu');
  });
});
