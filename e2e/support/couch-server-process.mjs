/**
 * A CouchDB-protocol server for the tests, run as its own process so that a test can kill it like a
 * crash: express-pouchdb (the HTTP layer of pouchdb-server) over PouchDB's LevelDB adapter, one
 * folder per database under the data folder, so a restart on the same folder finds every document.
 *
 * In front of it, what a CouchDB set up for a browser app does: CORS for any origin (with
 * credentials), and with COUCH_USER set, HTTP Basic auth on every request, answered with CouchDB's
 * 401 body when wrong (as CouchDB with `require_valid_user = true`).
 *
 * CouchDB 3's limit on a document's size is enforced here too (express-pouchdb only limits whole
 * request bodies): a document whose JSON body, attachments and `_` fields left out, is over
 * COUCH_MAX_DOCUMENT_SIZE bytes (CouchDB 3's default max_document_size, 8,000,000) is refused with
 * CouchDB's `413 {"error":"document_too_large","reason":<doc id>}`, and so is the whole request it came in.
 *
 * Environment: COUCH_PORT (0 picks a free port), COUCH_DATA (the data folder), COUCH_USER and
 * COUCH_PASSWORD (optional), COUCH_MAX_DOCUMENT_SIZE (optional; 0 for no limit). Prints one line `listening <port>` when ready, and sends
 * `{ type: 'listening', port }` when started with an IPC channel (e2e/support/couch-server.ts),
 * which also asks it for the bytes it has received and sent (`{ type: 'traffic' }`).
 */
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const PouchDB = require('pouchdb-core')
  .plugin(require('pouchdb-adapter-leveldb'))
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-mapreduce'))
  .plugin(require('pouchdb-replication'));
const expressPouchDB = require('express-pouchdb');

const port = Number(process.env.COUCH_PORT ?? 0);
const dataDir = process.env.COUCH_DATA;
if (!dataDir) throw new Error('COUCH_DATA must name the data folder');
mkdirSync(dataDir, { recursive: true });
const user = process.env.COUCH_USER;
const password = process.env.COUCH_PASSWORD ?? '';
/** CouchDB 3's `[couchdb] max_document_size` default (rel/overlay/etc/default.ini). */
const maxDocumentSize = Number(process.env.COUCH_MAX_DOCUMENT_SIZE ?? 8_000_000);

const ServerPouchDB = PouchDB.defaults({ prefix: join(dataDir, '/'), adapter: 'leveldb' });
const app = expressPouchDB(ServerPouchDB, { mode: 'minimumForPouchDB', inMemoryConfig: true });

/** CouchDB's own answer to a wrong or missing login. */
function unauthorized(res) {
  res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Basic realm="server"' });
  res.end(JSON.stringify({ error: 'unauthorized', reason: 'Name or password is incorrect.' }));
}

function authorized(header) {
  if (!user) return true;
  const [scheme, encoded] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
  return Buffer.from(encoded, 'base64').toString('utf8') === `${user}:${password}`;
}

/**
 * The document a request creates or updates, as CouchDB 3 reads it for max_document_size: PUT or POST
 * of one document, or each of a `_bulk_docs`. Attachment uploads (`PUT /db/doc/name`) are not documents.
 */
function writesDocuments(req) {
  const path = new URL(req.url ?? '/', 'http://server').pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!/^application\/json/.test(req.headers['content-type'] ?? '')) return false;
  if (path.length === 0 || path[0].startsWith('_')) return false;
  if (req.method === 'POST') return path.length === 1 || (path.length === 2 && path[1] === '_bulk_docs');
  if (req.method !== 'PUT' || path.length < 2) return false;
  return path.length === 2 || (path.length === 3 && ['_local', '_design'].includes(path[1]));
}

/** The id a PUT names in its path (CouchDB answers with it), or undefined. */
function pathId(req) {
  const path = new URL(req.url ?? '/', 'http://server').pathname.split('/').filter(Boolean).map(decodeURIComponent);
  return req.method === 'PUT' ? path.slice(1).join('/') : undefined;
}

/** The first document over the limit, or null. CouchDB measures the body without `_id`, `_rev`, `_attachments`…. */
function tooLarge(body) {
  const docs = Array.isArray(body?.docs) ? body.docs : [body];
  for (const doc of docs) {
    if (!doc || typeof doc !== 'object') continue;
    const fields = Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_')));
    if (Buffer.byteLength(JSON.stringify(fields)) > maxDocumentSize) return doc;
  }
  return null;
}

/**
 * Reads a request body that writes documents and refuses it when a document is over the limit;
 * otherwise hands it on already parsed (express-pouchdb's body-parser then skips reading it).
 */
function checkDocumentSize(req, res, next) {
  if (!maxDocumentSize || !writesDocuments(req)) return next();
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'bad_request', reason: 'invalid_json' }));
      return;
    }
    const large = tooLarge(body);
    if (large) {
      res.writeHead(413, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'document_too_large', reason: String(large._id ?? pathId(req) ?? '') }));
      return;
    }
    req.body = body;
    req._body = true;
    next();
  });
}

/**
 * Bytes on the wire (headers included) since the start or the last reset: the bench's figure. Counted
 * on the sockets, so that reading a request here never competes with the routes that parse it.
 */
const traffic = { requests: 0, closedIn: 0, closedOut: 0, baseIn: 0, baseOut: 0 };
const sockets = new Set();

function trafficNow() {
  let bytesIn = traffic.closedIn;
  let bytesOut = traffic.closedOut;
  for (const socket of sockets) {
    bytesIn += socket.bytesRead;
    bytesOut += socket.bytesWritten;
  }
  return { requests: traffic.requests, bytesIn: bytesIn - traffic.baseIn, bytesOut: bytesOut - traffic.baseOut };
}

const server = createServer((req, res) => {
  traffic.requests++;
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Type, Cache-Control, ETag, X-Couch-Request-ID');
  }
  if (req.method === 'OPTIONS' && origin) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, POST, HEAD, DELETE, COPY');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'Accept, Authorization, Content-Type, Origin, Referer',
    );
    res.setHeader('Access-Control-Max-Age', '600');
    res.writeHead(204);
    res.end();
    return;
  }
  if (!authorized(req.headers.authorization)) return unauthorized(res);
  checkDocumentSize(req, res, () => app(req, res));
});

server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => {
    sockets.delete(socket);
    traffic.closedIn += socket.bytesRead;
    traffic.closedOut += socket.bytesWritten;
  });
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`listening ${listening}\n`);
  process.send?.({ type: 'listening', port: listening });
});

process.on('message', (message) => {
  if (message?.type === 'traffic') process.send?.({ type: 'traffic', ...trafficNow() });
  if (message?.type === 'reset-traffic') {
    const now = trafficNow();
    traffic.requests = 0;
    traffic.baseIn += now.bytesIn;
    traffic.baseOut += now.bytesOut;
    process.send?.({ type: 'reset-traffic' });
  }
});

// A clean stop closes the LevelDB files; a kill (SIGKILL) is the crash the tests also need.
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
