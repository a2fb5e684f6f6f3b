/**
 * Sync's life in the engine worker: start (check or make the library's key on the server), the
 * live PouchDB replication of the sealed copy with the server, rounds that keep the copy and the
 * library equal (replica.ts), pause, resume, forget, and the status the page shows.
 *
 * The keys live in this object only, unless the person asked to remember them on this device
 * (key-store.ts): otherwise after a reload sync waits, paused, for the passphrase.
 */
import { SYNC_KEY, SYNC_OFF, syncOrigin, type SyncSettings, type SyncStatus } from '../../../common/sync';
import type { CarrelDb } from '../../../common/db';
import { KEY_CHECK_ID, newKeyCheck, unlock, type KeyCheck, type SyncKeys, opens } from './crypto';
import { noKeyStore, type KeyStore } from './key-store';
import { classifySyncError, notStarted, syncError, type SyncError } from './errors';
import { isConflict, isMissing, type PouchConstructor, type PouchEvents, type Replica } from './pouch';
import { capBulkBytes } from './push-batches';
import { live, SERVER_CHECK_MS, whenServerAnswers } from './retries';
import { Reconciler, type Library } from './replica';

/** The sealed copy's IndexedDB name (PouchDB prefixes `_pouch_`). */
export const LOCAL_COPY = 'carrel-sync';
export interface StartRequest {
  url: string;
  passphrase: string;
  device: string;
  /** Keep the keys on this device, so a reload resumes without the passphrase. */
  remember?: boolean;
}

interface Session {
  keys: SyncKeys;
  remote: Replica;
  local: Replica;
  reconciler: Reconciler;
  live: PouchEvents[];
  /** The two directions' live replications now (started again when the server answers after an outage). */
  replications: PouchEvents[];
  /** Cancels the checks whether the server answers again, while a direction cannot reach it. */
  serverCheck: (() => void) | null;
  /** Records on the server when a first sync began (its progress total); null when not a first sync. */
  firstTotal: number | null;
}

export class Replication {
  status: SyncStatus = SYNC_OFF;
  private session: Session | null = null;
  private keys: SyncKeys | null = null;
  private listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private replicating: Record<'push' | 'pull', 'active' | 'idle' | 'connecting'> = {
    push: 'connecting',
    pull: 'connecting',
  };
  private failed: Record<'push' | 'pull', SyncError | null> = { push: null, pull: null };
  private pending = { push: 0, pull: 0 };
  private roundError: SyncError | null = null;
  /** The stored configuration's first reading (init), which every other call waits for. */
  private loaded: Promise<void> | null = null;
  /** The keys are remembered on this device (the key store holds them). */
  private remembered = false;

  constructor(
    private readonly db: CarrelDb,
    private readonly Pouch: () => Promise<PouchConstructor>,
    private readonly library: Library,
    private readonly localName = LOCAL_COPY,
    private readonly keyStore: KeyStore = noKeyStore,
  ) {}

  /**
   * Reads the stored configuration once: sync set up before this start waits, paused, for the
   * passphrase. Every call below waits for it first, so that this reading, slow while the worker
   * starts, never lands after a call's own status (a start that failed at once showed "paused").
   */
  async init(): Promise<SyncStatus> {
    this.loaded ??= this.settings().then(
      async (settings) => {
        const saved = settings ? await this.keyStore.load().catch(() => null) : null;
        if (saved) [this.keys, this.remembered] = [saved.keys, true];
        if (settings && !this.session) this.set({ ...SYNC_OFF, state: 'paused', needsPassphrase: !saved });
      },
      (error: unknown) => {
        this.loaded = null;
        throw error;
      },
    );
    await this.loaded;
    return this.status;
  }

  /** Resumes at start-up with the keys remembered on this device, if sync was on when the page was left. */
  async resumeRemembered(): Promise<void> {
    await this.init();
    const settings = await this.settings();
    if (this.remembered && settings?.enabled && !this.session) await this.resume();
  }

  /** Forgets the keys remembered on this device; sync goes on until the page is left. */
  async forgetKey(): Promise<SyncStatus> {
    await this.init();
    await this.keyStore.clear();
    this.remembered = false;
    this.set({ ...this.status });
    return this.status;
  }

  /** Follows the status (the listener gets the current one at once); returns the unsubscribe. */
  watch(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  /** Starts sync with a server; a wrong passphrase reads and writes nothing. */
  async start({ url, passphrase, device, remember = false }: StartRequest): Promise<SyncStatus> {
    await this.init();
    await this.stop();
    if (!syncOrigin(url))
      return this.fail(notStarted({ ...syncError('unreachable'), message: 'This is not an http(s) address.' }));
    this.set({ ...SYNC_OFF, state: 'connecting' });
    const Pouch = await this.Pouch();
    const remote = new Pouch(url);
    let keys: SyncKeys | null;
    let keyCheck: KeyCheck;
    try {
      ({ keys, keyCheck } = await this.unlockRemote(remote, passphrase));
    } catch (error) {
      await remote.close().catch(() => undefined);
      return this.fail(notStarted(classifySyncError(error)));
    }
    if (!keys) {
      await remote.close().catch(() => undefined);
      return this.fail(syncError('wrong-passphrase'));
    }
    this.keys = keys;
    if (remember) await this.keyStore.save({ keys, salt: keyCheck.salt });
    else await this.keyStore.clear();
    this.remembered = remember;
    await this.db.settings.put({ key: SYNC_KEY, value: { url, device, enabled: true } satisfies SyncSettings });
    await this.begin(Pouch, remote, keys, keyCheck);
    return this.status;
  }

  /**
   * Stores the server and device before any request: the service worker serves this worker's script
   * with the sync origin in its Content-Security-Policy only once the row names it (the page then
   * starts a fresh engine, and calls `start`).
   */
  async configure({ url, device }: Omit<StartRequest, 'passphrase'>): Promise<void> {
    await this.init();
    const settings = await this.settings();
    await this.db.settings.put({ key: SYNC_KEY, value: { url, device, enabled: settings?.enabled ?? false } });
  }

  /** Stops sending and receiving; the configuration and the keys stay, so Resume needs no passphrase. */
  async pause(): Promise<SyncStatus> {
    await this.init();
    await this.stop();
    const settings = await this.settings();
    if (settings) await this.db.settings.put({ key: SYNC_KEY, value: { ...settings, enabled: false } });
    this.set({ ...this.status, state: settings ? 'paused' : 'off', error: null, running: false });
    return this.status;
  }

  /** Resumes with the keys in memory, or with the passphrase after a reload. */
  async resume(passphrase?: string): Promise<SyncStatus> {
    await this.init();
    const settings = await this.settings();
    if (!settings) return this.status;
    if (passphrase) return this.start({ url: settings.url, device: settings.device, passphrase });
    if (!this.keys) {
      this.set({ ...SYNC_OFF, state: 'paused', needsPassphrase: true });
      return this.status;
    }
    await this.stop();
    await this.db.settings.put({ key: SYNC_KEY, value: { ...settings, enabled: true } });
    this.set({ ...SYNC_OFF, state: 'connecting' });
    const Pouch = await this.Pouch();
    const remote = new Pouch(settings.url);
    try {
      const keyCheck = (await remote.get(KEY_CHECK_ID)) as unknown as KeyCheck;
      if (this.remembered && !(await opens(this.keys, keyCheck))) {
        // The server holds another library now (emptied, another passphrase): the remembered keys are of no use.
        await remote.close().catch(() => undefined);
        await this.forgetKey();
        this.keys = null;
        this.set({ ...SYNC_OFF, state: 'paused', needsPassphrase: true });
        return this.status;
      }
      await this.begin(Pouch, remote, this.keys, keyCheck);
    } catch (error) {
      await remote.close().catch(() => undefined);
      return this.fail(notStarted(classifySyncError(error)));
    }
    return this.status;
  }

  /** Ends sync on this device: the sealed copy and the configuration go; the library and the server stay. */
  async forget(): Promise<SyncStatus> {
    await this.init();
    await this.stop();
    this.keys = null;
    await this.keyStore.clear();
    this.remembered = false;
    const Pouch = await this.Pouch();
    await new Pouch(this.localName).destroy();
    await this.db.settings.delete(SYNC_KEY);
    this.set(SYNC_OFF);
    return this.status;
  }

  /** The library changed (a document stored or removed, a conversation, a setting): seal it into the copy. */
  libraryChanged(): void {
    if (this.session) this.schedule();
  }

  private async settings(): Promise<SyncSettings | null> {
    return ((await this.db.settings.get(SYNC_KEY))?.value as SyncSettings | undefined) ?? null;
  }

  /** The server's key check opened with `passphrase`, or made by this first device. */
  private async unlockRemote(
    remote: Replica,
    passphrase: string,
  ): Promise<{ keys: SyncKeys | null; keyCheck: KeyCheck }> {
    for (;;) {
      try {
        const keyCheck = (await remote.get(KEY_CHECK_ID)) as unknown as KeyCheck;
        return { keys: await unlock(passphrase, keyCheck), keyCheck };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      const made = await newKeyCheck(passphrase);
      try {
        await remote.put({ _id: KEY_CHECK_ID, ...made.keyCheck });
        return made;
      } catch (error) {
        // Another device made it first: use theirs.
        if (!isConflict(error)) throw error;
      }
    }
  }

  private async begin(Pouch: PouchConstructor, remote: Replica, keys: SyncKeys, keyCheck: KeyCheck): Promise<void> {
    let local = new Pouch(this.localName);
    // A copy sealed for another library (the server was emptied, another passphrase): start it afresh.
    const mark = await local.get('_local/carrel-key').catch(() => null);
    if (mark && mark.salt !== keyCheck.salt) {
      await local.destroy();
      local = new Pouch(this.localName);
    }
    if (!mark || mark.salt !== keyCheck.salt) await local.put({ _id: '_local/carrel-key', salt: keyCheck.salt });
    const reconciler = await new Reconciler(local, this.db, keys, this.library).load();
    const firstTotal = reconciler.isFirst ? Math.max(0, (await remote.info()).doc_count - 1) : null;
    this.session = { keys, remote, local, reconciler, live: [], replications: [], serverCheck: null, firstTotal };
    this.replicating = { push: 'connecting', pull: 'connecting' };
    this.failed = { push: null, pull: null };
    this.roundError = null;
    this.pending = { push: 0, pull: 0 };
    this.replicate(this.session);
    const feed = local.changes({ since: 'now', live: true }).on('change', () => this.schedule());
    this.session.live.push(feed);
    this.schedule();
  }

  /** Starts (or starts again, from their checkpoints) the live replications both ways. */
  private replicate(session: Session): void {
    for (const replication of session.replications) replication.cancel();
    // The push writes a batch in requests capped by bytes: a batch of large files is one string too long otherwise.
    const push = this.follows('push', session.local.replicate.to(capBulkBytes(session.remote), live()));
    const pull = this.follows('pull', session.local.replicate.from(session.remote, live()));
    session.replications = [push, pull];
  }

  /** Follows one direction's replication: its state, what it has left, and the error it paused on. */
  private follows(direction: 'push' | 'pull', replication: PouchEvents): PouchEvents {
    // A replication started again replaces this one: what this one says after that is old news.
    const on = <A extends unknown[]>(event: string, listener: (...args: A) => void) =>
      replication.on(event, (...args: never[]) => {
        if (this.session?.replications.includes(replication)) listener(...(args as unknown as A));
        this.update();
      });
    on('change', (info: { pending?: number }) => (this.pending[direction] = info.pending ?? 0));
    on('active', () => {
      this.replicating[direction] = 'active';
      this.failed[direction] = null;
    });
    on('paused', (error?: unknown) => {
      const session = this.session!;
      this.replicating[direction] = error ? 'connecting' : 'idle';
      this.failed[direction] = error ? classifySyncError(error) : null;
      if (!error) this.pending[direction] = 0;
      if (!error && direction === 'push') session.reconciler.unsent = 0;
      // While PouchDB waits to try again, ask the server now and then, and start again as soon as it
      // answers. Not for a refusal the server's answering does not end (login, space): a restart
      // every few seconds would only send the refused batch again.
      const code = error ? this.failed[direction]!.code : null;
      if (code === 'unreachable' || code === 'unknown')
        session.serverCheck ??= whenServerAnswers(session.remote, SERVER_CHECK_MS, () => {
          session.serverCheck = null;
          if (this.session === session) this.replicate(session);
        });
    });
    for (const event of ['denied', 'error'])
      on(event, (error: unknown) => (this.failed[direction] = classifySyncError(error)));
    return replication;
  }

  private async stop(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = null;
    session.serverCheck?.();
    for (const events of [...session.replications, ...session.live]) events.cancel();
    await this.running?.catch(() => undefined);
    await Promise.all([session.local.close(), session.remote.close()].map((closed) => closed.catch(() => undefined)));
  }

  /** Runs a round now, or once more after the one under way. */
  private schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const session = this.session;
        if (!session) return;
        try {
          this.update();
          await session.reconciler.round();
          if (this.roundError) this.update(null);
        } catch (error) {
          this.update(classifySyncError(error));
          return;
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
      this.update();
    });
  }

  /** Works out the status from the replication's state and the round's backlog; `error` replaces the last one. */
  private update(error?: SyncError | null): void {
    const session = this.session;
    if (!session) return;
    const { backlog, received, unsent } = session.reconciler;
    const pendingUp = backlog.up + unsent + this.pending.push;
    const pendingDown = backlog.down + this.pending.pull;
    // A round's error (the device full) stays until a round succeeds; a direction's until it moves again.
    if (error !== undefined) this.roundError = error;
    const lastError = this.roundError ?? this.failed.push ?? this.failed.pull;
    const idle =
      this.replicating.push === 'idle' &&
      this.replicating.pull === 'idle' &&
      !this.running &&
      pendingUp + pendingDown === 0;
    const connecting = this.replicating.push === 'connecting' || this.replicating.pull === 'connecting';
    if (idle && session.firstTotal !== null) session.firstTotal = null;
    const status: SyncStatus = {
      state: lastError ? 'error' : idle ? 'synced' : connecting ? 'connecting' : 'syncing',
      lastSyncedAt: idle && !lastError ? Date.now() : this.status.lastSyncedAt,
      pendingUp,
      pendingDown,
      firstSync: session.firstTotal
        ? { done: Math.min(received, session.firstTotal), total: session.firstTotal }
        : null,
      error: lastError,
      needsPassphrase: false,
      running: true,
      remembered: this.remembered,
      keysAtHand: true,
    };
    if (lastError?.code !== 'device-full') return this.set(status);
    // A full device stops sync: trying again would fetch the same records again and again, into no room.
    // What was written stays; Resume goes on from there once there is room.
    this.set({ ...status, running: false });
    void this.stop();
  }

  private fail(error: SyncError): SyncStatus {
    this.set({ ...SYNC_OFF, state: 'error', error });
    return this.status;
  }

  private set(status: SyncStatus): void {
    status = { ...status, remembered: this.remembered, keysAtHand: this.keys !== null };
    this.status = status;
    for (const listener of this.listeners) listener(status);
  }
}
