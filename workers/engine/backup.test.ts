// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { putChunks, readChunks } from './chunk-store';
import { readStoredChunks } from '../../common/stored-chunk';
import { openDb, type CarrelDb } from '../../common/db';
import { SYNC_KEY } from '../../common/sync';
import { storedText } from '../../common/text-codec';
import { decodeRows, readVectors, storedVectors } from '../../common/vector-codec';
import { AppError, type DocumentRecord, type PropositionRecord, type SectionRecord } from '../../common/types';
import { BACKUP_VERSION, backupFileName, backupIsEncrypted, exportLibrary, importLibrary, readBackup } from './backup';

let dbCount = 0;
const fresh = () => openDb(`backup-test-${dbCount++}`);

function chunk(docId: string, order: number) {
  return {
    id: `${docId}-c${order}`,
    docId,
    order,
    headingPath: ['Treatment'],
    text: `passage ${order} of ${docId}`,
    start: order * 10,
    end: order * 10 + 9,
    pages: [1],
    position: order / 2,
    tokens: 4,
    keywords: ['passage'],
    prevId: null,
    nextId: null,
  };
}

const SEED_VECTORS = (docId: string, sectionId: string, propositionIds: string[]) => ({
  modelId: 'm',
  docId,
  dims: 3,
  doc: new Float32Array([0.1, -0, Number.MIN_VALUE]),
  sectionIds: [sectionId],
  sections: new Float32Array([1 / 3, 2 / 3, -1e-30]),
  propositionIds,
  propositions: new Float32Array([1e-30, 2, 3, 7, -4.5, 6]),
});

async function seedDocument(db: CarrelDb, docId: string): Promise<void> {
  const doc: DocumentRecord = {
    id: docId,
    name: `${docId}.md`,
    kind: 'markdown',
    mime: 'text/markdown',
    size: 11,
    addedAt: 1700000000000,
    status: 'ready',
    title: docId,
    summary: 'a summary',
    keywords: ['a'],
    tokens: 8,
    sectionCount: 1,
    propositionCount: 2,
    chunkMode: 'three-level',
    modelId: 'm',
  };
  const section: SectionRecord = { ...chunk(docId, 0), embedded: true };
  const propositions: PropositionRecord[] = [1, 2].map((order) => ({
    ...chunk(docId, order),
    sectionId: section.id,
    type: 'fact',
  }));
  await db.transaction('rw', [db.documents, db.files, db.texts, db.chunks, db.vectors], async () => {
    await db.documents.add(doc);
    await db.files.add({ docId, blob: new Blob([`# ${docId}\n\u00e9\u0000\u00ff`], { type: 'text/markdown' }) });
    await db.texts.add(storedText({ docId, text: `text of ${docId}` }));
    await putChunks(db, docId, { sections: [section], propositions }, undefined);
    await db.vectors.add(
      storedVectors(
        SEED_VECTORS(
          docId,
          section.id,
          propositions.map((p) => p.id),
        ),
      ),
    );
  });
}

/** Every backed-up record, with blobs read to bytes so `toEqual` compares contents. */
async function dump(db: CarrelDb) {
  const files = await db.files.toArray();
  return {
    documents: await db.documents.orderBy('id').toArray(),
    files: await Promise.all(
      files.map(async (f) => ({
        docId: f.docId,
        type: f.blob.type,
        bytes: new Uint8Array(await f.blob.arrayBuffer()),
      })),
    ),
    texts: await db.texts.toArray(),
    chunks: await Promise.all((await db.documents.orderBy('id').primaryKeys()).map((docId) => readChunks(db, docId))),
    vectors: await db.vectors.toArray(),
    settings: await db.settings.toArray(),
  };
}

type Ref = { $i8?: number; $f32?: number; length: number };
type ManifestVectors = {
  dims: number;
  doc: { codes: Ref; scales: Ref } | Ref | null;
  sections: { codes: Ref; scales: Ref } | Ref;
  propositions: { codes: Ref; scales: Ref } | Ref;
};

/**
 * Rewrites an unencrypted backup as an older format wrote it, version 1 without conversations,
 * 1 and 2 with float32 vectors (appended to the binary area, which the int8 ones stay in unread).
 */
async function asFormat(version: 1 | 2, file: Blob): Promise<Blob> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const magic = 'CARREL-BACKUP'.length;
  const headerLength = new DataView(bytes.buffer).getUint32(magic, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(magic + 4, magic + 4 + headerLength))) as {
    version: number;
    checksum: string;
  };
  const payload = bytes.subarray(magic + 4 + headerLength);
  const manifestLength = new DataView(payload.buffer, payload.byteOffset).getUint32(0, true);
  const manifest = JSON.parse(new TextDecoder().decode(payload.subarray(4, 4 + manifestLength))) as Record<
    string,
    unknown
  >;
  if (version < 2) delete manifest.conversations;
  const binary = payload.slice(4 + manifestLength);
  const floats: Float32Array[] = [];
  let end = binary.byteLength + ((4 - (binary.byteLength % 4)) % 4);
  const asFloat32 = (rows: { codes: Ref; scales: Ref }, dims: number): Ref => {
    const codes = new Int8Array(binary.buffer.slice(rows.codes.$i8!, rows.codes.$i8! + rows.codes.length));
    const scales = new Float32Array(binary.buffer.slice(rows.scales.$f32!, rows.scales.$f32! + rows.scales.length * 4));
    floats.push(decodeRows({ codes, scales }, dims));
    const ref = { $f32: end, length: codes.length };
    end += codes.length * 4;
    return ref;
  };
  for (const v of manifest.vectors as ManifestVectors[]) {
    if (v.doc && 'codes' in v.doc) v.doc = asFloat32(v.doc, v.dims);
    if ('codes' in v.sections) v.sections = asFloat32(v.sections, v.dims);
    if ('codes' in v.propositions) v.propositions = asFloat32(v.propositions, v.dims);
  }
  const newManifest = new TextEncoder().encode(JSON.stringify(manifest));
  const newPayload = new Uint8Array(4 + newManifest.byteLength + end);
  new DataView(newPayload.buffer).setUint32(0, newManifest.byteLength, true);
  newPayload.set(newManifest, 4);
  const binaryStart = 4 + newManifest.byteLength;
  newPayload.set(binary, binaryStart);
  let at = binaryStart + binary.byteLength + ((4 - (binary.byteLength % 4)) % 4);
  for (const data of floats) {
    newPayload.set(new Uint8Array(data.buffer), at);
    at += data.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', newPayload));
  const newHeader = new TextEncoder().encode(
    JSON.stringify({
      ...header,
      version,
      checksum: Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join(''),
    }),
  );
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, newHeader.byteLength, true);
  return new Blob([bytes.subarray(0, magic), length, newHeader, newPayload]);
}

async function flipByte(file: Blob, fromEnd: number): Promise<Blob> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  bytes[bytes.length - fromEnd] ^= 0xff;
  return new Blob([bytes]);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let source: CarrelDb;
beforeEach(async () => {
  source = fresh();
  await seedDocument(source, 'doc-a');
  await seedDocument(source, 'doc-b');
  await source.settings.put({ key: 'chunkMode', value: { mode: 'paragraph' } });
});

describe('backup', () => {
  it('round-trips every record exactly, typed arrays and blobs included', async () => {
    const file = await exportLibrary(source);
    const target = fresh();
    expect(await importLibrary(target, file)).toEqual({ added: 2, skipped: 0 });
    const restored = await dump(target);
    expect(restored).toEqual(await dump(source));
    const vector = restored.vectors.find((v) => v.docId === 'doc-a')!;
    expect(vector.sections.codes).toBeInstanceOf(Int8Array);
    expect(vector.sections.scales).toBeInstanceOf(Float32Array);
    expect(restored.files[0].bytes.length).toBeGreaterThan(0);
  });

  it('adds nothing when the same backup is imported twice, and keeps what was stored', async () => {
    const file = await exportLibrary(source);
    const target = fresh();
    await seedDocument(target, 'doc-c');
    await target.settings.put({ key: 'chunkMode', value: { mode: 'full-doc' } });
    expect(await importLibrary(target, file)).toEqual({ added: 2, skipped: 0 });
    const once = await dump(target);
    expect(await importLibrary(target, file)).toEqual({ added: 0, skipped: 2 });
    expect(await dump(target)).toEqual(once);
    expect(once.documents.map((d) => d.id)).toEqual(['doc-a', 'doc-b', 'doc-c']);
    expect(await target.settings.get('chunkMode')).toEqual({ key: 'chunkMode', value: { mode: 'full-doc' } });
  });

  it("leaves out the sync server's address, which may carry its login", async () => {
    await source.settings.put({
      key: SYNC_KEY,
      value: { url: 'https://me:secret@couch.example/carrel', device: 'laptop', enabled: true },
    });
    const target = fresh();
    await importLibrary(target, await exportLibrary(source));
    expect(await target.settings.get(SYNC_KEY)).toBeUndefined();
    expect(await target.settings.get('chunkMode')).toBeDefined();
  });

  it('refuses a corrupted file and writes nothing', async () => {
    const target = fresh();
    const error = await rejection(importLibrary(target, await flipByte(await exportLibrary(source), 5)));
    expect(error.code).toBe('BACKUP_CORRUPT');
    expect(error.message).toMatch(/damaged/);
    expect(await target.documents.count()).toBe(0);
  });

  it('refuses a foreign file and a newer format', async () => {
    const foreign = await rejection(importLibrary(fresh(), new Blob(['%PDF-1.7 not a backup at all'])));
    expect(foreign.code).toBe('BACKUP_FOREIGN');
    const bytes = new Uint8Array(await (await exportLibrary(source)).arrayBuffer());
    const text = new TextDecoder('latin1').decode(bytes);
    const newer = Uint8Array.from(text.replace(`"version":${BACKUP_VERSION}`, `"version":${BACKUP_VERSION + 1}`), (c) =>
      c.charCodeAt(0),
    );
    const error = await rejection(importLibrary(fresh(), new Blob([newer])));
    expect(error.code).toBe('BACKUP_NEWER');
  });

  it('round-trips with a passphrase and refuses a wrong or missing one', async () => {
    const file = await exportLibrary(source, 'correct horse');
    expect(await backupIsEncrypted(file)).toBe(true);
    expect(await backupIsEncrypted(await exportLibrary(source))).toBe(false);
    // The plaintext must not be readable in the file.
    expect(new TextDecoder().decode(await file.arrayBuffer())).not.toContain('passage 1 of doc-a');
    const wrong = await rejection(readBackup(file, 'wrong horse'));
    expect(wrong.code).toBe('BACKUP_PASSPHRASE');
    expect(wrong.message).toMatch(/Wrong passphrase/);
    expect((await rejection(readBackup(file))).code).toBe('BACKUP_PASSPHRASE');
    const target = fresh();
    expect(await importLibrary(target, file, 'correct horse')).toEqual({ added: 2, skipped: 0 });
    expect(await dump(target)).toEqual(await dump(source));
  });

  it('refuses a file cut short', async () => {
    const whole = await exportLibrary(source);
    const error = await rejection(importLibrary(fresh(), whole.slice(0, whole.size - 100)));
    expect(error.code).toBe('BACKUP_CORRUPT');
    const headerOnly = await rejection(importLibrary(fresh(), whole.slice(0, 20)));
    expect(headerOnly.code).toBe('BACKUP_CORRUPT');
  });

  it('stores fresh key-derivation parameters in the header of each encrypted file', async () => {
    const header = async (file: Blob) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const length = new DataView(bytes.buffer).getUint32(13, true);
      return JSON.parse(new TextDecoder().decode(bytes.subarray(17, 17 + length))) as {
        encryption: { kdf: string; iterations: number; salt: string; iv: string };
      };
    };
    const first = (await header(await exportLibrary(source, 'p'))).encryption;
    const second = (await header(await exportLibrary(source, 'p'))).encryption;
    expect(first.kdf).toBe('PBKDF2-SHA-256');
    expect(first.iterations).toBeGreaterThanOrEqual(310_000);
    expect(atob(first.salt)).toHaveLength(16);
    expect(atob(first.iv)).toHaveLength(12);
    expect(second.salt).not.toBe(first.salt);
    expect(second.iv).not.toBe(first.iv);
  });

  it('stops between documents when aborted', async () => {
    const target = fresh();
    const controller = new AbortController();
    controller.abort();
    await expect(
      importLibrary(target, await exportLibrary(source), undefined, controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(await target.documents.count()).toBe(0);
  });

  it('carries conversations, and adds only those not stored yet', async () => {
    const conversation = {
      id: 'c1',
      title: 'Antibiotics',
      createdAt: 1,
      updatedAt: 2,
      turns: [
        {
          question: 'what was prescribed?',
          answer: { kind: 'extractive' as const, state: 'done' as const, text: 'Antibiotics [1].' },
          sources: [],
          askedAt: 1,
        },
      ],
    };
    await source.conversations.add(conversation);
    const target = fresh();
    await target.conversations.add({ ...conversation, id: 'c0', title: 'Mine' });
    await importLibrary(target, await exportLibrary(source));
    expect(await target.conversations.get('c1')).toEqual(conversation);
    expect((await target.conversations.get('c0'))!.title).toBe('Mine');
    await importLibrary(target, await exportLibrary(source));
    expect(await target.conversations.count()).toBe(2);
  });

  it('reads a format-1 file (before conversations) as one with none', async () => {
    const v1 = await asFormat(1, await exportLibrary(source));
    const records = await readBackup(v1);
    expect(records.conversations).toEqual([]);
    expect(records.documents.map((d) => d.id)).toEqual(['doc-a', 'doc-b']);
    const target = fresh();
    expect(await importLibrary(target, v1)).toEqual({ added: 2, skipped: 0 });
    expect(await target.conversations.count()).toBe(0);
  });

  it('reads a format-2 file (float32 vectors) and stores its vectors as int8', async () => {
    const v2 = await asFormat(2, await exportLibrary(source));
    const target = fresh();
    expect(await importLibrary(target, v2)).toEqual({ added: 2, skipped: 0 });
    const stored = (await target.vectors.get(['m', 'doc-a']))!;
    expect(stored.propositions.codes).toBeInstanceOf(Int8Array);
    // Decoded on the way out, quantised again on the way in: the rows read back as the source library’s do.
    expect(readVectors(stored)).toEqual(readVectors((await source.vectors.get(['m', 'doc-a']))!));
  });

  it('writes whole texts, as backups always had them, and imports them stored once', async () => {
    const text = 'Spring tides follow the full moon. Neap tides follow the quarter moon.';
    const whole = (p: PropositionRecord) => ({ ...p, text: text.slice(p.start, p.end) });
    const library = fresh();
    await seedDocument(library, 'tides');
    await library.texts.put(storedText({ docId: 'tides', text }));
    const chunks = await readChunks(library, 'tides');
    const stored = chunks.propositions.map(whole);
    await putChunks(library, 'tides', { ...chunks, propositions: stored }, text);

    const records = await readBackup(await exportLibrary(library));
    expect(records.propositions).toEqual(stored);
    const target = fresh();
    await importLibrary(target, await exportLibrary(library));
    expect(
      readStoredChunks((await target.chunks.get('tides'))!).propositions.filter((p) => p.text !== undefined),
    ).toHaveLength(0);
    expect((await readChunks(target, 'tides')).propositions).toEqual(stored);
  });

  it('names the file by day', () => {
    expect(backupFileName(new Date('2026-03-04T12:00:00Z'))).toBe('carrel-library-2026-03-04.carrel');
  });
});
