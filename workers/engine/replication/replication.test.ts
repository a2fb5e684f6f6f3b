import 'fake-indexeddb/auto';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUCHDB_MAX_DOCUMENT_SIZE, startCouchServer, type CouchServer } from '../../../e2e/support/couch-server';
import { openDb, type CarrelDb, type ConversationRecord } from '../../../common/db';
import { deleteDocument } from '../store';
import { CHUNKING_KEY, DEFAULT_CHUNKING, OCR_LANGUAGE_KEY } from '../../../common/settings';
import { SYNC_KEY, type SyncStatus } from '../../../common/sync';
import { addDocument } from '../library.test-support';
import type { PouchConstructor, Replica } from './pouch';
import { writeDocumentPayload } from './records';
import { Replication } from './replication';
import { SERVER_CHECK_MS } from './retries';

// Node's build of PouchDB: devices' copies in memory, a "server" in memory too (its URL is only a
// name) unless a test gives a real one, reached over HTTP.
const require = createRequire(import.meta.url);
const NodePouch = require('pouchdb-core')
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-replication')) as PouchConstructor & {
  defaults(options: Record<string, unknown>): PouchConstructor;
};
const memoryPouch: Promise<PouchConstructor> = Promise.resolve(NodePouch.defaults({ adapter: 'memory' }));

let count = 0;
const devices: Replication[] = [];

afterEach(async () => {
  for (const device of devices.splice(0)) await device.pause();
});

/** Devices' copies in memory, and the server of a test over HTTP. */
function pouchFor(server: string): Promise<PouchConstructor> {
  const Memory = NodePouch.defaults({ adapter: 'memory' });
  return Promise.resolve(function Pouch(name: string, options?: Record<string, unknown>) {
    return name.startsWith(server) ? new NodePouch(name, options) : new Memory(name, options);
  } as unknown as PouchConstructor);
}

/**
 * PouchDB whose server is down: its HTTP adapter for URLs, over a fetch that fails as Chromium's does
 * when the connection is refused; the memory adapter for the device's own copy.
 */
const serverDown: Promise<PouchConstructor> = (async () => {
  const Memory = await memoryPouch;
  const refused = () => Promise.reject(new TypeError('Failed to fetch'));
  return function (name: string, options?: Record<string, unknown>) {
    return name.startsWith('http') ? new NodePouch(name, { fetch: refused }) : new Memory(name, options);
  } as unknown as PouchConstructor;
})();

/** A device: its own library, its own sealed copy, the one memory "server" of the test (or a real one). */
function device(name: string, pouch = memoryPouch, storage = { full: false }) {
  const db = openDb(`replication-${name}-${count++}`);
  const received: string[] = [];
  const replication = new Replication(
    db,
    () => pouch,
    {
      receive: async (payload) => {
        if (storage.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        received.push(payload.document.id);
        return writeDocumentPayload(db, payload);
      },
      remove: (docId) => deleteDocument(db, docId),
    },
    `copy-${name}-${count}`,
  );
  devices.push(replication);
  const statuses: SyncStatus[] = [];
  replication.watch((status) => statuses.push(status));
  return { db, replication, received, statuses };
}

async function withFile(db: CarrelDb, docId: string, word: string) {
  await addDocument(db, docId, word);
  await db.files.put({ docId, blob: new Blob([`${word} original file`], { type: 'text/markdown' }) });
}

async function server(url: string): Promise<Replica> {
  return new (await memoryPouch)(url);
}

const settle = (ms = 20_000) => ({ timeout: ms, interval: 50 });

describe('replication through a CouchDB-protocol database', () => {
  it('brings a document added on A to B with its vectors and file, sealed on the server', async () => {
    const url = `http://server.test/lib-${count}`;
    const a = device('a');
    const b = device('b');
    await withFile(a.db, 'doc-zebra', 'zebrafish');
    expect((await a.replication.start({ url, passphrase: 'correct horse', device: 'laptop' })).state).not.toBe('error');
    expect((await b.replication.start({ url, passphrase: 'correct horse', device: 'phone' })).state).not.toBe('error');
    await vi.waitFor(async () => expect(await b.db.documents.get('doc-zebra')).toBeTruthy(), settle());
    expect(b.received).toEqual(['doc-zebra']);
    const [sent, got] = await Promise.all([a.db, b.db].map((db) => db.vectors.get(['test-model', 'doc-zebra'])));
    expect(got!.sections.codes).toEqual(sent!.sections.codes);
    expect(got!.propositions.scales).toEqual(sent!.propositions.scales);
    expect(await (await b.db.files.get('doc-zebra'))!.blob.text()).toBe('zebrafish original file');
    expect(await b.db.chunks.get('doc-zebra')).toEqual(await a.db.chunks.get('doc-zebra'));

    const raw = JSON.stringify(
      (await (await server(url)).changes({ since: 0, include_docs: true })).results.map((change) => change.doc),
    );
    for (const secret of ['zebrafish', 'doc-zebra', 'doc-zebra.md', 'test-model', 'Intro'])
      expect(raw).not.toContain(secret);
  });

  it('says the server cannot be reached when a start finds none, even while the stored setup is still read', async () => {
    const url = `http://server.test/lib-${count}`;
    const a = device('a', serverDown);
    // As the page leaves it before it starts a fresh engine for the new server.
    await a.db.settings.put({ key: SYNC_KEY, value: { url, device: 'laptop', enabled: false } });
    // The engine worker reads the stored setup as it loads, while the page's start is already on its way.
    const loading = a.replication.init();
    const status = await a.replication.start({ url, passphrase: 'p', device: 'laptop' });
    await loading;
    expect(status.state).toBe('error');
    expect(status.error?.code).toBe('unreachable');
    expect(status.error?.action).toContain('try again');
    expect(status.running).toBe(false);
    expect(a.replication.status).toEqual(status);
    expect(a.statuses.at(-1)).toEqual(status);
  });

  it('stops when the device is full, keeps what it wrote, and goes on from there on Resume', async () => {
    const url = `http://server.test/lib-${count}`;
    const a = device('a');
    const storage = { full: false };
    const b = device('b', memoryPouch, storage);
    await withFile(a.db, 'doc-1', 'alpha');
    await a.replication.start({ url, passphrase: 'p', device: 'a' });
    await b.replication.start({ url, passphrase: 'p', device: 'b' });
    await vi.waitFor(async () => expect(await b.db.documents.get('doc-1')).toBeTruthy(), settle());

    storage.full = true;
    await withFile(a.db, 'doc-2', 'beta');
    a.replication.libraryChanged();
    await vi.waitFor(() => expect(b.replication.status.error?.code).toBe('device-full'), settle());
    expect(b.replication.status).toMatchObject({ state: 'error', running: false });
    expect(b.received).toEqual(['doc-1']);
    expect(await b.db.documents.get('doc-2')).toBeUndefined();

    storage.full = false;
    await b.replication.resume();
    await vi.waitFor(async () => expect(await b.db.documents.get('doc-2')).toBeTruthy(), settle());
    await vi.waitFor(() => expect(b.replication.status).toMatchObject({ state: 'synced', error: null }), settle());
    expect(b.received).toEqual(['doc-1', 'doc-2']);
  });

  it('removes on A a document removed on B, and a wrong passphrase reads and writes nothing', async () => {
    const url = `http://server.test/lib-${count}`;
    const a = device('a');
    const b = device('b');
    await withFile(a.db, 'doc-1', 'alpha');
    await withFile(a.db, 'doc-2', 'beta');
    await a.replication.start({ url, passphrase: 'pass one', device: 'a' });
    await b.replication.start({ url, passphrase: 'pass one', device: 'b' });
    await vi.waitFor(async () => expect(await b.db.documents.count()).toBe(2), settle());
    await deleteDocument(b.db, 'doc-1');
    b.replication.libraryChanged();
    await vi.waitFor(async () => expect(await a.db.documents.get('doc-1')).toBeUndefined(), settle());
    expect(await a.db.documents.get('doc-2')).toBeTruthy();

    const c = device('c');
    await withFile(c.db, 'doc-own', 'gamma');
    const before = (await (await server(url)).info()).doc_count;
    const status = await c.replication.start({ url, passphrase: 'pass two', device: 'c' });
    expect(status.state).toBe('error');
    expect(status.error?.code).toBe('wrong-passphrase');
    expect(await c.db.documents.count()).toBe(1);
    expect(c.received).toEqual([]);
    expect((await (await server(url)).info()).doc_count).toBe(before);
  });

  it('makes one document of the same file added on both devices', async () => {
    const url = `http://server.test/lib-${count}`;
    const a = device('a');
    const b = device('b');
    await withFile(a.db, 'same', 'delta');
    await withFile(b.db, 'same', 'delta');
    await a.replication.start({ url, passphrase: 'p', device: 'a' });
    await b.replication.start({ url, passphrase: 'p', device: 'b' });
    await vi.waitFor(async () => {
      const live = (await (await server(url)).changes({ since: 0, include_docs: true, conflicts: true })).results;
      const records = live.filter((change) => !change.deleted && change.id !== 'carrel-key-check');
      expect(records).toHaveLength(1);
      expect(records[0]!.doc!._conflicts ?? []).toEqual([]);
    }, settle());
    expect(await a.db.documents.count()).toBe(1);
    expect(await b.db.documents.count()).toBe(1);
  });

  it('merges a conversation changed apart by question, and takes the last writer of a setting', async () => {
    const url = `http://server.test/lib-${count}`;
    const a = device('a');
    const b = device('b');
    const turn = (question: string, askedAt: number) => ({
      question,
      answer: { kind: 'extractive' as const, state: 'done' as const, text: `about ${question}` },
      sources: [],
      askedAt,
    });
    const thread: ConversationRecord = { id: 'c1', title: 'Q1', createdAt: 1, updatedAt: 1, turns: [turn('q1', 1)] };
    await a.db.conversations.put(thread);
    await a.replication.start({ url, passphrase: 'p', device: 'a' });
    await b.replication.start({ url, passphrase: 'p', device: 'b' });
    await vi.waitFor(async () => expect(await b.db.conversations.get('c1')).toBeTruthy(), settle());

    // Apart: each device asks its own question; A sets the chunking, then B does.
    await Promise.all([a.replication.pause(), b.replication.pause()]);
    await a.db.conversations.put({ ...thread, updatedAt: 2, turns: [turn('q1', 1), turn('q2 on a', 2)] });
    await b.db.conversations.put({ ...thread, updatedAt: 3, turns: [turn('q1', 1), turn('q3 on b', 3)] });
    await a.db.settings.put({ key: CHUNKING_KEY, value: { ...DEFAULT_CHUNKING, delimiter: 'A' } });
    await a.replication.resume();
    await vi.waitFor(() => expect(a.replication.status.state).toBe('synced'), settle());
    await a.replication.pause();
    await b.db.settings.put({ key: CHUNKING_KEY, value: { ...DEFAULT_CHUNKING, delimiter: 'B' } });
    await b.replication.resume();
    await a.replication.resume();
    await vi.waitFor(async () => {
      for (const db of [a.db, b.db]) {
        const questions = (await db.conversations.get('c1'))!.turns.map((t) => t.question);
        expect(questions).toEqual(['q1', 'q2 on a', 'q3 on b']);
        expect(((await db.settings.get(CHUNKING_KEY))!.value as { delimiter: string }).delimiter).toBe('B');
      }
    }, settle());
  });

  it('takes the setting chosen last, not the one that reached the server last', async () => {
    const url = `http://server.test/lib-${count}`;
    const a = device('a');
    const b = device('b');
    await a.replication.start({ url, passphrase: 'p', device: 'a' });
    await b.replication.start({ url, passphrase: 'p', device: 'b' });
    await vi.waitFor(
      () => expect([a, b].map((d) => d.replication.status.state)).toEqual(['synced', 'synced']),
      settle(),
    );

    // Apart: B chooses a chunking after A did; A chooses an OCR language after B did. B comes back first.
    await Promise.all([a.replication.pause(), b.replication.pause()]);
    const now = Date.now();
    const chunking = (delimiter: string) => ({ ...DEFAULT_CHUNKING, delimiter });
    await a.db.settings.bulkPut([
      { key: CHUNKING_KEY, value: chunking('A'), chosenAt: now - 60_000 },
      { key: OCR_LANGUAGE_KEY, value: 'deu', chosenAt: now },
    ]);
    await b.db.settings.bulkPut([
      { key: CHUNKING_KEY, value: chunking('B'), chosenAt: now },
      { key: OCR_LANGUAGE_KEY, value: 'fra', chosenAt: now - 60_000 },
    ]);
    await b.replication.resume();
    await vi.waitFor(() => expect(b.replication.status.state).toBe('synced'), settle());
    await a.replication.resume();
    await vi.waitFor(async () => {
      for (const db of [a.db, b.db]) {
        expect(((await db.settings.get(CHUNKING_KEY))!.value as { delimiter: string }).delimiter).toBe('B');
        expect((await db.settings.get(OCR_LANGUAGE_KEY))!.value).toBe('deu');
      }
    }, settle());
  });
});

describe('replication through a server with CouchDB 3 limits', () => {
  let couch: CouchServer;
  beforeAll(async () => {
    couch = await startCouchServer();
  });
  afterAll(async () => {
    await couch?.dispose();
  });

  it('brings a document over 8 MB from A to B, and the server holds none of its words', async () => {
    const url = couch.dbUrl('large');
    const pouch = pouchFor(couch.url);
    const a = device('a', pouch);
    const b = device('b', pouch);
    await addDocument(a.db, 'doc-large', 'quetzal');
    // A file over CouchDB's 8,000,000-byte document limit: words the server must never see.
    const line = 'quetzal plumage shimmers over the cloud forest canopy\n';
    const text = line.repeat(Math.ceil(8_500_000 / line.length));
    await a.db.files.put({ docId: 'doc-large', blob: new Blob([text], { type: 'text/plain' }) });
    expect(text.length).toBeGreaterThan(COUCHDB_MAX_DOCUMENT_SIZE);

    expect((await a.replication.start({ url, passphrase: 'long pass', device: 'a' })).state).not.toBe('error');
    expect((await b.replication.start({ url, passphrase: 'long pass', device: 'b' })).state).not.toBe('error');
    await vi.waitFor(async () => expect(await b.db.documents.get('doc-large')).toBeTruthy(), settle(120_000));
    expect(await (await b.db.files.get('doc-large'))!.blob.text()).toBe(text);
    expect(a.replication.status.error).toBeNull();

    const raw = await couch.rawText('large');
    expect(raw.length).toBeGreaterThan(COUCHDB_MAX_DOCUMENT_SIZE);
    for (const secret of ['quetzal', 'plumage', 'canopy', 'doc-large', 'test-model']) expect(raw).not.toContain(secret);
  }, 180_000);
});

describe('replication after the server was away', () => {
  let couch: CouchServer;
  beforeAll(async () => {
    couch = await startCouchServer();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await couch?.dispose();
  });

  it('carries a change made during a long outage within seconds of the server answering, not after the backoff', async () => {
    // The server stays up; its connection is refused, as Chromium's fetch fails, while `down`.
    const outage = { down: false, tries: 0 };
    const Memory = NodePouch.defaults({ adapter: 'memory' });
    const fetch = (url: string, options: unknown) => {
      if (!outage.down) {
        const answer = (NodePouch as unknown as { fetch: typeof globalThis.fetch }).fetch(url, options as never);
        // The server's kill below breaks the requests under way ("socket hang up"); PouchDB lets go of
        // some of them (a wait for changes it no longer reads) without a handler, which Vitest took
        // for an unhandled rejection now and then. PouchDB still gets the rejection it awaits. The
        // ones it makes of its own from this request (node-fetch's FetchError) vitest.config.ts lets go.
        answer.catch(() => undefined);
        return answer;
      }
      outage.tries++;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    const pouch = Promise.resolve(function (name: string, options?: Record<string, unknown>) {
      return name.startsWith(couch.url) ? new NodePouch(name, { ...options, fetch }) : new Memory(name, options);
    } as unknown as PouchConstructor);
    const url = couch.dbUrl('outage');
    const a = device('a', pouch);
    const b = device('b', pouch);
    expect((await a.replication.start({ url, passphrase: 'long pass', device: 'a' })).state).not.toBe('error');
    expect((await b.replication.start({ url, passphrase: 'long pass', device: 'b' })).state).not.toBe('error');
    await vi.waitFor(() => expect(b.replication.status.state).toBe('synced'), settle());

    // From now on every request is refused; a crash and restart breaks the ones under way (B's wait for changes).
    outage.down = true;
    await couch.kill();
    await couch.restart();
    // (Node's fetch words a broken connection otherwise than Chromium's "Failed to fetch".)
    await vi.waitFor(() => expect(b.replication.status.error).not.toBeNull(), settle());
    await withFile(a.db, 'doc-late', 'latecomer');
    a.replication.libraryChanged();
    await vi.waitFor(() => expect(a.replication.status.error?.code).toBe('unreachable'), settle());
    // Four minutes of outage, in fake time: each try is refused at once, and PouchDB's wait grows to its
    // cap (1, 2, 4, 8, 16, then 30 s).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (let round = 0; round < 8; round++) {
      const tries = outage.tries;
      await vi.advanceTimersByTimeAsync(30_000);
      await until(() => outage.tries > tries);
    }
    outage.down = false;
    // A few seconds after the server answers again, and no more: the backoff's next try is up to 30 s away.
    await vi.advanceTimersByTimeAsync(SERVER_CHECK_MS);
    await until(async () => (await b.db.documents.get('doc-late')) !== undefined);
    vi.useRealTimers();
    expect(b.received).toContain('doc-late');
    await vi.waitFor(
      () => expect([a.replication.status.error, b.replication.status.error]).toEqual([null, null]),
      settle(),
    );
  }, 60_000);
});

/** Waits, in real time, for `done` (vi.waitFor would move fake timers on). */
async function until(done: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const { setTimeout: realTimeout } = await import('node:timers/promises');
  const end = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > end) throw new Error(`not reached within ${timeoutMs} ms`);
    await realTimeout(20);
  }
}
