import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../../../e2e/support/couch-server';
import { bulkBody, postAsBlob, type FetchingReplica } from './blob-body';
import { toBase64 } from './crypto';
import { attachmentBytes, type AttachmentData, type PouchConstructor, type PouchDoc } from './pouch';
import { capBulkBytes } from './push-batches';

const require = createRequire(import.meta.url);
const NodePouch = require('pouchdb-core')
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-replication')) as PouchConstructor;

const octets = (data: Uint8Array | Blob) => ({ content_type: 'application/octet-stream', data });

describe('bulkBody', () => {
  it('is the JSON PouchDB would send, attachments in base64, pieces joined across reads', async () => {
    // Over three 3 MB reads, and not a multiple of 3 bytes: the pieces must join without padding.
    const big = new Uint8Array(randomBytes(9 * 2 ** 20 + 7));
    const small = new Uint8Array(randomBytes(1_000));
    const docs: PouchDoc[] = [
      {
        _id: 'a',
        _rev: '1-x',
        _revisions: { start: 1, ids: ['x'] },
        _attachments: { sealed: octets(new Blob([big])) },
      },
      { _id: 'b "quoted"', _rev: '2-y', _attachments: { one: octets(small), two: octets(new Uint8Array(0)) } },
      { _id: 'c', _deleted: true, _rev: '3-z' },
    ];
    const body = JSON.parse(await (await bulkBody(docs, { new_edits: false })).text());
    expect(body).toEqual({
      new_edits: false,
      docs: [
        { ...docs[0], _attachments: { sealed: { content_type: 'application/octet-stream', data: toBase64(big) } } },
        {
          ...docs[1],
          _attachments: {
            one: { content_type: 'application/octet-stream', data: toBase64(small) },
            two: { content_type: 'application/octet-stream', data: '' },
          },
        },
        docs[2],
      ],
    });
  });
});

describe('a large record through a CouchDB-protocol server', () => {
  let couch: CouchServer;
  beforeAll(async () => {
    couch = await startCouchServer();
  });
  afterAll(async () => {
    await couch?.dispose();
  });
  // Node's own fetch, which sends a Blob body as the browser does (PouchDB's Node build bundles an older one).
  const remote = (name: string) =>
    new NodePouch(couch.dbUrl(name), { fetch: (url: string, init: RequestInit) => fetch(url, init) });

  it('replicates a batch with a record over the cap and small ones, every byte arriving', async () => {
    const local = new NodePouch(`blob-local-${Math.random()}`, { adapter: 'memory' });
    const large = Buffer.from(randomBytes(3 * 2 ** 20 + 1));
    await local.put({ _id: 'large', _attachments: { sealed: octets(large) } });
    for (const i of [1, 2, 3])
      await local.put({ _id: `small-${i}`, _attachments: { sealed: octets(Buffer.alloc(500, i)) } });
    const server = remote('replicated');
    const streamed: string[] = [];
    const own = server as unknown as { fetch: (path: string, init: RequestInit) => Promise<Response> };
    const send = own.fetch.bind(server);
    own.fetch = (path, init) => {
      if (path === '_bulk_docs') streamed.push(path);
      return send(path, init);
    };
    await local.replicate.to(capBulkBytes(server, 1_000_000), { live: false, retry: false, batch_size: 10 });

    // The large record went as a Blob body of its own; the small ones through PouchDB's own request.
    expect(streamed).toHaveLength(1);
    const bytes = async (id: string) => attachmentBytes((await server.getAttachment(id, 'sealed')) as AttachmentData);
    expect(Buffer.compare(await bytes('large'), large)).toBe(0);
    for (const i of [1, 2, 3]) expect([...(await bytes(`small-${i}`))]).toEqual(Array(500).fill(i));
  });

  it("fails with the server's status and error when it refuses the request", async () => {
    const fields = { note: 'x'.repeat(8_100_000) };
    const refused = postAsBlob(remote('refused') as unknown as FetchingReplica, [{ _id: 'big-body', ...fields }], {
      new_edits: true,
    });
    await expect(refused).rejects.toMatchObject({ status: 413, name: 'document_too_large' });
  });
});
