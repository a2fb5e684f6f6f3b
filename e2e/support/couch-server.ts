/**
 * A CouchDB-protocol server on loopback that a test starts, kills like a crash and restarts on the
 * same port with the same data (e2e/support/couch-server-process.mjs; docs/sync.md says which
 * server it is and where it differs from CouchDB 3).
 *
 *   const couch = await startCouchServer({ auth: { user: 'carrel', password: 'secret' } });
 *   couch.dbUrl('library')            // http://carrel:secret@127.0.0.1:PORT/library
 *   await couch.kill(); await couch.restart();
 *   expect(await couch.rawText('library')).not.toContain('Cassini');
 *   await couch.dispose();
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROCESS_SCRIPT = fileURLToPath(new URL('./couch-server-process.mjs', import.meta.url));
/** LevelDB opens in well under a second here; a minute covers a machine busy with six test runs. */
const START_TIMEOUT_MS = 60_000;
/** Revisions fetched per _bulk_get by rawDocs: a thousand documents in a handful of requests. */
const RAW_BATCH = 200;

export interface CouchServerOptions {
  /** 0 (the default) picks a free port once; restart() reuses it. */
  port?: number;
  /** When set, every request needs this HTTP Basic login; a wrong one gets CouchDB's 401. */
  auth?: { user: string; password: string };
  /** The data folder; by default a new temporary folder that dispose() removes. */
  dataDir?: string;
  /**
   * CouchDB 3's max_document_size: a document whose JSON body (attachments left out) is larger gets
   * 413 document_too_large. 8,000,000 bytes by default, as in CouchDB 3; 0 for no limit.
   */
  maxDocumentSize?: number;
}

/** One revision the server holds, as it holds it: the stored JSON and each attachment's bytes. */
export interface RawDoc {
  id: string;
  rev: string;
  deleted: boolean;
  /** The stored document without `_attachments`' data. */
  body: Record<string, unknown>;
  attachments: Record<string, { contentType: string; data: Buffer }>;
}

export interface Traffic {
  requests: number;
  /** Bytes received, HTTP headers included. */
  bytesIn: number;
  /** Bytes sent, headers included, after compression: what crossed the wire. */
  bytesOut: number;
}

export interface CouchServer {
  /** http://127.0.0.1:PORT, without credentials. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The database's URL, with the login in it when the server has one (PouchDB sends it as Basic auth). */
  dbUrl(name: string, options?: { credentials?: boolean }): string;
  /** Stops cleanly; the data stays for restart(). */
  stop(): Promise<void>;
  /** Ends the process abruptly (SIGKILL), like a crash or a pulled cable; the data stays. */
  kill(): Promise<void>;
  /** Starts again on the same port over the same data (stops it first if it runs). */
  restart(): Promise<void>;
  /** Every document's every leaf revision (deleted ones too) and its attachments, read from the server. */
  rawDocs(dbName: string): Promise<RawDoc[]>;
  /** rawDocs as one string, attachments decoded as UTF-8: for "the server sees none of these words". */
  rawText(dbName: string): Promise<string>;
  /** Bytes in and out since start or resetTraffic(). */
  traffic(): Promise<Traffic>;
  resetTraffic(): Promise<void>;
  /** Stops and removes a data folder the server made itself. */
  dispose(): Promise<void>;
}

/** CouchDB 3's default `[couchdb] max_document_size`, in bytes. */
export const COUCHDB_MAX_DOCUMENT_SIZE = 8_000_000;

function spawnServer(port: number, dataDir: string, options: CouchServerOptions) {
  const { auth, maxDocumentSize = COUCHDB_MAX_DOCUMENT_SIZE } = options;
  const child = fork(PROCESS_SCRIPT, [], {
    env: {
      ...process.env,
      COUCH_PORT: String(port),
      COUCH_DATA: dataDir,
      COUCH_MAX_DOCUMENT_SIZE: String(maxDocumentSize),
      ...(auth ? { COUCH_USER: auth.user, COUCH_PASSWORD: auth.password } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The CouchDB-protocol server did not start in ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type !== 'listening') return;
      clearTimeout(timer);
      resolve(message.port!);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The CouchDB-protocol server exited (${code ?? signal}) before listening: ${stderr}`));
    });
  });
  return { child, ready };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Asks the running process one thing over its IPC channel and waits for the answer of that type. */
function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.send({ type }, (error) => error && reject(error));
  });
}

/** Starts the server and resolves once it listens. */
export async function startCouchServer(options: CouchServerOptions = {}): Promise<CouchServer> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'carrel-couch-'));
  const auth = options.auth;
  let started = spawnServer(options.port ?? 0, dataDir, options);
  const port = await started.ready;
  let child: ChildProcess | null = started.child;
  const url = `http://127.0.0.1:${port}`;
  const authHeader: Record<string, string> = auth
    ? { Authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}` }
    : {};

  async function requestJson<T>(path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...authHeader },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function end(signal: 'SIGTERM' | 'SIGKILL') {
    if (!child) return;
    const running = child;
    child = null;
    running.kill(signal);
    await exited(running);
  }

  async function rawDocs(dbName: string): Promise<RawDoc[]> {
    const db = encodeURIComponent(dbName);
    // style=all_docs lists every leaf revision, conflicts and deletions included.
    const changes = await requestJson<{ results: { id: string; changes: { rev: string }[] }[] }>(
      `/${db}/_changes?style=all_docs`,
    );
    const wanted = changes.results.flatMap(({ id, changes: revs }) => revs.map(({ rev }) => ({ id, rev })));
    const docs: RawDoc[] = [];
    for (let start = 0; start < wanted.length; start += RAW_BATCH) {
      const found = await requestJson<{ results: { id: string; docs: { ok?: Record<string, unknown> }[] }[] }>(
        `/${db}/_bulk_get?revs=true&attachments=true`,
        { docs: wanted.slice(start, start + RAW_BATCH) },
      );
      for (const { id, docs: revisions } of found.results)
        for (const { ok } of revisions) {
          if (!ok) continue;
          const { _attachments: stubs, ...body } = ok as {
            _attachments?: Record<string, Record<string, string>>;
            _rev?: string;
            _deleted?: boolean;
          };
          const attachments: RawDoc['attachments'] = {};
          for (const [name, stub] of Object.entries(stubs ?? {}))
            attachments[name] = { contentType: stub.content_type ?? '', data: Buffer.from(stub.data ?? '', 'base64') };
          docs.push({ id, rev: String(body._rev), deleted: body._deleted === true, body, attachments });
        }
    }
    return docs;
  }

  const server: CouchServer = {
    url,
    port,
    dataDir,
    dbUrl(name, { credentials = true } = {}) {
      const base = new URL(`${url}/${encodeURIComponent(name)}`);
      if (auth && credentials) {
        base.username = encodeURIComponent(auth.user);
        base.password = encodeURIComponent(auth.password);
      }
      return base.href;
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    async restart() {
      await end('SIGTERM');
      started = spawnServer(port, dataDir, options);
      await started.ready;
      child = started.child;
    },
    rawDocs,
    async rawText(dbName) {
      const docs = await rawDocs(dbName);
      return docs
        .map((doc) =>
          [
            doc.id,
            JSON.stringify(doc.body),
            ...Object.entries(doc.attachments).map(([name, a]) => `${name}\n${a.data.toString('utf8')}`),
          ].join('\n'),
        )
        .join('\n');
    },
    async traffic() {
      if (!child) throw new Error('The server is not running.');
      const { requests, bytesIn, bytesOut } = await ask<Traffic>(child, 'traffic');
      return { requests, bytesIn, bytesOut };
    },
    async resetTraffic() {
      if (!child) throw new Error('The server is not running.');
      await ask(child, 'reset-traffic');
    },
    async dispose() {
      await end('SIGTERM');
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
