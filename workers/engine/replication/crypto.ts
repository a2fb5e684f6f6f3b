/**
 * The keys of sync and what they seal. One passphrase gives, through PBKDF2-SHA-256 over a salt the
 * first device chose, two keys: AES-GCM-256 for every record's content, and HMAC-SHA-256 for the
 * ids records have on the server. Both are non-extractable CryptoKeys held in the engine worker's
 * memory only; the passphrase itself is dropped once they are made.
 */

/**
 * OWASP's 2023 figure for PBKDF2-HMAC-SHA-256. The backup file's 310,000 is the older figure; sync
 * keeps its salt on a server a stranger may read, so it takes the higher one.
 */
export const SYNC_PBKDF2_ITERATIONS = 600_000;
/** The id of the key-check record, the one record whose id is not an HMAC (a device must find it first). */
export const KEY_CHECK_ID = 'carrel-key-check';
const KEY_CHECK_PLAIN = 'carrel sync key check v1';

export interface SyncKeys {
  seal: CryptoKey;
  name: CryptoKey;
}

/** What the key-check record holds: enough to derive the keys and to tell a wrong passphrase. */
export interface KeyCheck {
  salt: string;
  iterations: number;
  /** The known text sealed with the content key. */
  check: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Derives the content and id keys from a passphrase and the library's salt. */
export async function deriveKeys(passphrase: string, salt: Uint8Array, iterations: number): Promise<SyncKeys> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(passphrase), 'PBKDF2', false, ['deriveBits']);
  const bits = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: copy(salt), iterations }, material, 512),
  );
  const [sealBytes, nameBytes] = [bits.slice(0, 32), bits.slice(32)];
  const keys = {
    seal: await crypto.subtle.importKey('raw', sealBytes, 'AES-GCM', false, ['encrypt', 'decrypt']),
    name: await crypto.subtle.importKey('raw', nameBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
  };
  bits.fill(0);
  return keys;
}

/**
 * Seals bytes: a fresh 12-byte IV, then the AES-GCM ciphertext with its tag. `bound` (additional
 * data, not stored) ties the result to where it belongs: it opens only with the same bytes.
 */
export async function seal(
  keys: SyncKeys,
  plain: Uint8Array,
  bound?: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const params: AesGcmParams = { name: 'AES-GCM', iv, ...(bound ? { additionalData: bound } : {}) };
  const sealed = new Uint8Array(await crypto.subtle.encrypt(params, keys.seal, copy(plain)));
  const out = new Uint8Array(12 + sealed.byteLength);
  out.set(iv);
  out.set(sealed, 12);
  return out;
}

/** Opens what `seal` made; rejects when the key or `bound` is not the one it was sealed with, or a byte changed. */
export async function open(
  keys: SyncKeys,
  sealed: Uint8Array,
  bound?: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const params: AesGcmParams = {
    name: 'AES-GCM',
    iv: copy(sealed.subarray(0, 12)),
    ...(bound ? { additionalData: bound } : {}),
  };
  return new Uint8Array(await crypto.subtle.decrypt(params, keys.seal, copy(sealed.subarray(12))));
}

/**
 * A record's id on the server: HMAC of what it is (a document's content hash, a conversation's id, a
 * setting's key) under the id key. The same document added on two devices gets one id; the server
 * learns neither the hash nor what kind of record it is.
 */
export async function recordId(keys: SyncKeys, kind: string, localId: string): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', keys.name, encoder.encode(`${kind}\u0000${localId}`)));
  return Array.from(mac.subarray(0, 20), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new library's key check, and its keys (the first device to sync makes it). */
export async function newKeyCheck(passphrase: string): Promise<{ keyCheck: KeyCheck; keys: SyncKeys }> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const keys = await deriveKeys(passphrase, salt, SYNC_PBKDF2_ITERATIONS);
  const check = await seal(keys, encoder.encode(KEY_CHECK_PLAIN));
  return { keyCheck: { salt: toBase64(salt), iterations: SYNC_PBKDF2_ITERATIONS, check: toBase64(check) }, keys };
}

/** The keys for `passphrase`, or null when it is not the library's passphrase. */
export async function unlock(passphrase: string, keyCheck: KeyCheck): Promise<SyncKeys | null> {
  const keys = await deriveKeys(passphrase, fromBase64(keyCheck.salt), keyCheck.iterations);
  return (await opens(keys, keyCheck)) ? keys : null;
}

/** Whether `keys` open the library's key check (remembered keys of a library the server still holds). */
export async function opens(keys: SyncKeys, keyCheck: KeyCheck): Promise<boolean> {
  try {
    return decoder.decode(await open(keys, fromBase64(keyCheck.check))) === KEY_CHECK_PLAIN;
  } catch {
    return false;
  }
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const STEP = 0x8000;
  for (let i = 0; i < bytes.byteLength; i += STEP) binary += String.fromCharCode(...bytes.subarray(i, i + STEP));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

function copy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}
