import { describe, expect, it } from 'vitest';
import type { ChunkedDocument, ParsedDocument } from '../../common/types';
import { detectLanguages } from '../text/detect';
import { detectDocumentLanguages } from './languages';

const GERMAN =
  'Bevor Sie die Festplatte entfernen, hängen Sie jede Partition aus und warten, bis die Lampe erlischt. ' +
  'Der Schaltplaneditor speichert jedes Blatt in einer eigenen Datei, damit große Platinen aufgeteilt werden können.';
const GERMAN_MORE =
  'Die Sicherungen laufen jede Nacht um zwei Uhr, und die Dateien liegen danach auf dem Server im Ordner Archiv. ' +
  'Wer eine ältere Fassung braucht, findet sie dort einen Monat lang, danach wird sie gelöscht.';
const FRENCH =
  "Avant de retirer le disque, démontez chaque partition et attendez que le voyant s'éteigne. " +
  "L'éditeur de schémas enregistre chaque feuille dans son propre fichier, ce qui permet de découper une grande carte.";

function document(parts: string[]): {
  parsed: ParsedDocument;
  chunked: Pick<ChunkedDocument, 'sections' | 'propositions'>;
} {
  const text = parts.join('\n\n');
  const parsed = {
    kind: 'markdown',
    title: 't',
    text,
    blocks: parts.map((part) => ({ kind: 'paragraph', text: part, start: 0, end: part.length })),
  } as ParsedDocument;
  const sections = parts.map((part, i) => ({ id: `s${i}`, text: part })) as ChunkedDocument['sections'];
  const propositions = parts.flatMap((part, i) =>
    part.split('. ').map((sentence, j) => ({ id: `p${i}.${j}`, sectionId: `s${i}`, text: sentence })),
  ) as ChunkedDocument['propositions'];
  return { parsed, chunked: { sections, propositions } };
}

describe('language detection', () => {
  it('tells short questions apart', async () => {
    expect((await detectLanguages('wo werden die Sicherungen gespeichert'))[0]?.lang).toBe('de');
    expect((await detectLanguages('où sont stockées les sauvegardes'))[0]?.lang).toBe('fr');
    expect((await detectLanguages('dónde se guardan las copias de seguridad'))[0]?.lang).toBe('es');
    expect((await detectLanguages('where are backups stored'))[0]?.lang).toBe('en');
  });

  it('gives a document its language, and a passage in another language its own', async () => {
    const { parsed, chunked } = document([GERMAN, GERMAN_MORE, FRENCH, GERMAN.split('. ').reverse().join('. ')]);
    expect(await detectDocumentLanguages(parsed, chunked)).toBe('de');
    expect(chunked.sections.map((s) => s.lang)).toEqual([undefined, undefined, 'fr', undefined]);
    expect(new Set(chunked.propositions.filter((p) => p.sectionId === 's2').map((p) => p.lang))).toEqual(
      new Set(['fr']),
    );
    expect(chunked.propositions.filter((p) => p.sectionId === 's0').every((p) => p.lang === undefined)).toBe(true);
  });

  it('a one-section document gets only its own language', async () => {
    const { parsed, chunked } = document([FRENCH]);
    expect(await detectDocumentLanguages(parsed, chunked)).toBe('fr');
    expect(chunked.sections[0]!.lang).toBeUndefined();
  });
});
