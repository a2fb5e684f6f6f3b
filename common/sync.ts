/**
 * Sync between a person's devices through a CouchDB-protocol server (docs/sync.md). This file is
 * the contract between the three sides: the engine worker replicates and writes the settings row,
 * the page shows the status in Settings → Sync, and the service worker allows the configured
 * origin (and no other) in the Content-Security-Policy it serves.
 */

/** The settings-table key of the sync configuration. The engine writes it; it never holds the passphrase. */
export const SYNC_KEY = 'sync';

/** What the settings row holds. */
export interface SyncSettings {
  /** The database URL on the server, e.g. https://couch.example.org/carrel (credentials may be in it). */
  url: string;
  /** The name this device shows to the others. */
  device: string;
  /** False while paused: the configuration stays, nothing is sent or received. */
  enabled: boolean;
}

/** DESIGN §9: `sync-status` carries it as `data-state`. */
export type SyncState = 'off' | 'connecting' | 'syncing' | 'synced' | 'paused' | 'error';

export type SyncErrorCode =
  'unreachable' | 'wrong-passphrase' | 'server-full' | 'login-refused' | 'device-full' | 'unknown';

export interface SyncStatus {
  state: SyncState;
  /** When the last replication round finished with nothing left to send or receive. */
  lastSyncedAt: number | null;
  /** Changes not yet sent; `data-pending` is pendingUp + pendingDown. */
  pendingUp: number;
  /** Changes on the server not yet received. */
  pendingDown: number;
  /** The first sync of a device, while it runs: records received of those on the server. */
  firstSync: { done: number; total: number } | null;
  /** In plain words, with what to do. */
  error: { code: SyncErrorCode; message: string; action: string } | null;
  /** Set up before this start, but the keys are kept in the engine's memory only: the passphrase resumes it. */
  needsPassphrase: boolean;
  /** Replication is under way: after an error it tries again by itself (Pause stops it). */
  running: boolean;
}

export const SYNC_OFF: SyncStatus = {
  state: 'off',
  lastSyncedAt: null,
  pendingUp: 0,
  pendingDown: 0,
  firstSync: null,
  error: null,
  needsPassphrase: false,
  running: false,
};

/**
 * The origin the Content-Security-Policy must allow for a sync URL, or null when the URL is not an
 * http(s) URL. Credentials and paths never reach the policy.
 */
export function syncOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
