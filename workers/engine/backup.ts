/**
 * The library as one file: magic, a JSON header (format version, SHA-256 of the payload, optional
 * encryption parameters), then the payload. The payload is a JSON manifest of every record plus one
 * binary area that typed arrays and Blobs point into, so they round-trip bit for bit.
 */
import { addConversation } from './conversations';
import { eachChunks, putChunks } from './chunk-store';
import { documentTables } from './store';
import { withoutRemoval } from './library-facts';
import {
  type CarrelDb,
  type ConversationRecord,
  type FileRecord,
  type SettingRecord,
  type StoredVectorRecord,
  type TextRecord,
  type VectorRecord,
} from '../../common/db';
import { SYNC_KEY } from '../../common/sync';
import { pack, unpack } from './pack';
import { readText, storedText } from '../../common/text-codec';
import { storedVectors } from '../../common/vector-codec';
import { AppError, type DocumentRecord, type PropositionRecord, type SectionRecord } from '../../common/types';

export const BACKUP_MAGIC = 'CARREL-BACKUP';
/**
 * 2 added conversations; a version 1 file reads as one with none (`migrate`).
 * 3 carries vectors as stored, int8 rows with a scale each; older files' float32 ones are quantised on reading.
 * 4: a vector record may leave its rows' ids out, its rows following the document's stored sections
 * and propositions (vector-codec.ts), which a reader of format 3 would not know; nothing to migrate.
 */
export const BACKUP_VERSION = 4;
export const PBKDF2_ITERATIONS = 310_000;

interface BackupHeader {
  version: number;
  createdAt: number;
  /** Hex SHA-256 of the payload bytes as stored (the ciphertext when encrypted). */
  checksum: string;
  encryption?: { cipher: 'AES-GCM-256'; kdf: 'PBKDF2-SHA-256'; iterations: number; salt: string; iv: string };
}

interface LibraryRecords {
  documents: DocumentRecord[];
  files: FileRecord[];
  texts: TextRecord[];
  sections: SectionRecord[];
  propositions: PropositionRecord[];
  vectors: StoredVectorRecord[];
  settings: SettingRecord[];
  conversations: ConversationRecord[];
}

export interface ImportSummary {
  added: number;
  skipped: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const MAGIC_BYTES = encoder.encode(BACKUP_MAGIC);

/** Reads every backed-up table in one read transaction, so the file is one consistent moment. */
async function readLibrary(db: CarrelDb): Promise<LibraryRecords> {
  return db.transaction('r', [...documentTables(db), db.settings, db.conversations], async () => {
    const texts = (await db.texts.toArray()).map(readText);
    // Whole texts, as backups always had them (format 3 changed only how vectors are carried).
    const sections: SectionRecord[] = [];
    const propositions: PropositionRecord[] = [];
    await eachChunks(db, (_, chunks) => (sections.push(...chunks.sections), propositions.push(...chunks.propositions)));
    return {
      documents: await db.documents.toArray(),
      files: await db.files.toArray(),
      texts,
      sections,
      propositions,
      vectors: await db.vectors.toArray(),
      // The sync server's address may carry its login: it stays on this device.
      settings: (await db.settings.toArray()).filter((setting) => setting.key !== SYNC_KEY),
      conversations: await db.conversations.toArray(),
    };
  });
}

/** Serialises the whole library (not snapshots, jobs or models: those are rebuilt) into one file. */
export async function exportLibrary(db: CarrelDb, passphrase?: string): Promise<Blob> {
  let payload = await pack(await readLibrary(db));
  let encryption: BackupHeader['encryption'];
  if (passphrase) {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const key = await deriveKey(passphrase, salt, PBKDF2_ITERATIONS);
    payload = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, payload));
    encryption = {
      cipher: 'AES-GCM-256',
      kdf: 'PBKDF2-SHA-256',
      iterations: PBKDF2_ITERATIONS,
      salt: toBase64(salt),
      iv: toBase64(iv),
    };
  }
  const header: BackupHeader = {
    version: BACKUP_VERSION,
    createdAt: Date.now(),
    checksum: await sha256(payload),
    encryption,
  };
  const headerBytes = encoder.encode(JSON.stringify(header));
  // The Blob takes the parts as they are: no second copy of the payload.
  return new Blob([MAGIC_BYTES, uint32(headerBytes.byteLength), headerBytes, payload], {
    type: 'application/octet-stream',
  });
}

/** Whether a backup file needs a passphrase (throws like `importLibrary` on a foreign or newer file). */
export async function backupIsEncrypted(file: Blob): Promise<boolean> {
  return (await readContainer(file)).header.encryption !== undefined;
}

async function readContainer(file: Blob): Promise<{ header: BackupHeader; payload: Uint8Array<ArrayBuffer> }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const magic = decoder.decode(bytes.subarray(0, MAGIC_BYTES.byteLength));
  if (magic !== BACKUP_MAGIC) throw new AppError('BACKUP_FOREIGN', 'This file is not a Carrel backup.');
  const headerStart = MAGIC_BYTES.byteLength + 4;
  const headerLength =
    bytes.byteLength >= headerStart ? new DataView(bytes.buffer).getUint32(MAGIC_BYTES.byteLength, true) : -1;
  let header: BackupHeader;
  try {
    if (headerLength < 0 || headerStart + headerLength > bytes.byteLength) throw new Error('truncated');
    header = JSON.parse(decoder.decode(bytes.subarray(headerStart, headerStart + headerLength))) as BackupHeader;
  } catch {
    throw new AppError('BACKUP_CORRUPT', 'This backup is damaged: its header cannot be read.');
  }
  if (typeof header.version !== 'number' || typeof header.checksum !== 'string') {
    throw new AppError('BACKUP_CORRUPT', 'This backup is damaged: its header cannot be read.');
  }
  if (header.version > BACKUP_VERSION) {
    throw new AppError(
      'BACKUP_NEWER',
      `This backup was made by a newer Carrel (format ${header.version}; this one reads up to ${BACKUP_VERSION}).`,
    );
  }
  return { header, payload: bytes.subarray(headerStart + headerLength) };
}

/** Checks, decrypts and decodes a backup file without touching the database. */
export async function readBackup(file: Blob, passphrase?: string): Promise<LibraryRecords> {
  const { header, payload } = await readContainer(file);
  if ((await sha256(payload)) !== header.checksum) {
    throw new AppError(
      'BACKUP_CORRUPT',
      'This backup is damaged: its checksum does not match, so it was changed or cut short after export.',
    );
  }
  let plain = payload;
  if (header.encryption) {
    if (!passphrase) throw new AppError('BACKUP_PASSPHRASE', 'This backup is encrypted and needs its passphrase.');
    const { salt, iv, iterations } = header.encryption;
    const key = await deriveKey(passphrase, fromBase64(salt), iterations);
    try {
      plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, key, payload));
    } catch {
      throw new AppError('BACKUP_PASSPHRASE', 'Wrong passphrase: this backup cannot be decrypted with it.');
    }
  }
  try {
    return migrate(header.version, unpack(plain) as LibraryRecords);
  } catch {
    throw new AppError('BACKUP_CORRUPT', 'This backup is damaged: its contents cannot be read.');
  }
}

/** Brings the records of an older format up to this one. */
function migrate(version: number, records: LibraryRecords): LibraryRecords {
  // Version 1 had no conversations.
  if (version < 2) records = { ...records, conversations: [] };
  // Versions 1 and 2 carried vectors as float32.
  if (version < 3)
    records = {
      ...records,
      vectors: (records.vectors as unknown as VectorRecord[]).map((record) => storedVectors(record)),
    };
  return records;
}

/**
 * Adds a backup's documents that are not stored yet, each in one transaction (so the engine never
 * sees half a document), and settings whose key is not set yet. Nothing stored is overwritten.
 */
export async function importLibrary(
  db: CarrelDb,
  file: Blob,
  passphrase?: string,
  signal?: AbortSignal,
): Promise<ImportSummary> {
  const records = await readBackup(file, passphrase);
  const byDoc = <T extends { docId: string }>(rows: T[]) => {
    const groups = new Map<string, T[]>();
    for (const row of rows) {
      const group = groups.get(row.docId);
      if (group) group.push(row);
      else groups.set(row.docId, [row]);
    }
    return groups;
  };
  const files = byDoc(records.files);
  const texts = byDoc(records.texts);
  const sections = byDoc(records.sections);
  const propositions = byDoc(records.propositions);
  const vectors = byDoc(records.vectors);
  let added = 0;
  for (const doc of records.documents) {
    // Stopping between documents leaves only whole documents behind.
    signal?.throwIfAborted();
    const wasAdded = await db.transaction('rw', documentTables(db), async () => {
      if (await db.documents.get(doc.id)) return false;
      await db.files.bulkPut(files.get(doc.id) ?? []);
      await db.texts.bulkPut((texts.get(doc.id) ?? []).map(storedText));
      await putChunks(
        db,
        doc.id,
        { sections: sections.get(doc.id) ?? [], propositions: propositions.get(doc.id) ?? [] },
        texts.get(doc.id)?.[0]?.text,
      );
      await db.vectors.bulkPut(vectors.get(doc.id) ?? []);
      await db.documents.add(withoutRemoval(doc));
      return true;
    });
    if (wasAdded) added++;
  }
  await db.transaction('rw', db.settings, db.conversations, async () => {
    for (const setting of records.settings)
      if (setting.key !== SYNC_KEY && !(await db.settings.get(setting.key))) await db.settings.add(setting);
    for (const conversation of records.conversations) await addConversation(db, conversation);
  });
  return { added, skipped: records.documents.length - added };
}

/** `carrel-library-YYYY-MM-DD.carrel` for the given day (UTC). */
export function backupFileName(date = new Date()): string {
  return `carrel-library-${date.toISOString().slice(0, 10)}.carrel`;
}

async function deriveKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(passphrase), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function uint32(value: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
