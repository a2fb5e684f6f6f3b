/** A failure of sync, in plain words, with what to do. */
import type { SyncErrorCode, SyncStatus } from '../../../common/sync';

export type SyncError = NonNullable<SyncStatus['error']>;

const WORDS: Record<SyncErrorCode, Omit<SyncError, 'code'>> = {
  unreachable: {
    message: 'The sync server cannot be reached.',
    action: 'Check the address and your connection; sync tries again by itself and keeps your changes meanwhile.',
  },
  'wrong-passphrase': {
    message: 'This passphrase does not open the library on the server. Nothing was read or written.',
    action: 'Enter the passphrase you chose on your first device.',
  },
  'server-full': {
    message: 'The sync server refused to store more: it is full or a document is larger than it accepts.',
    action: 'Free space on the server or raise its limits (max_document_size), then press Resume.',
  },
  'login-refused': {
    message: 'The sync server refused the login.',
    action: 'Check the user name and password in the address (https://user:password@host/database).',
  },
  'device-full': {
    message: 'This browser has no more storage space for what sync receives.',
    action:
      'Free some space on this device, then press Resume; what sync received is kept. Removing a document here removes it from your other devices too.',
  },
  unknown: {
    message: 'Sync stopped on an unexpected error.',
    action: 'Press Resume to try again; if it keeps failing, check the server’s log.',
  },
};

/** The error for a code. */
export function syncError(code: SyncErrorCode): SyncError {
  return { code, ...WORDS[code] };
}

/**
 * The error of a start or resume that did not reach the server: nothing runs afterwards, so nothing
 * tries again by itself, and the person is told to.
 */
export function notStarted(error: SyncError): SyncError {
  if (error.code !== 'unreachable') return error;
  return {
    ...error,
    action: 'Check the address, your connection and that the server is running, then try again.',
  };
}

/** Sorts what PouchDB, fetch or IndexedDB threw into one of the codes the page explains. */
export function classifySyncError(error: unknown): SyncError {
  const failure = (error ?? {}) as {
    status?: number;
    name?: string;
    message?: string;
    error?: unknown;
    reason?: string;
  };
  const text = `${failure.name ?? ''} ${failure.message ?? ''} ${String(failure.error ?? '')} ${failure.reason ?? ''}`;
  if (failure.name === 'QuotaExceededError' || /quota/i.test(text)) return syncError('device-full');
  if (failure.status === 401 || failure.status === 403 || /unauthorized|forbidden/i.test(text))
    return syncError('login-refused');
  if (failure.status === 413 || failure.status === 507 || /too_large|insufficient_storage|no space/i.test(text))
    return syncError('server-full');
  if (
    failure.status === 0 ||
    failure.status === 502 ||
    failure.status === 503 ||
    failure.status === 504 ||
    /failed to fetch|networkerror|network error|econnrefused|fetch failed|load failed/i.test(text)
  )
    return syncError('unreachable');
  return syncError('unknown');
}
