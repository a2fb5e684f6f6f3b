import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { PouchConstructor, PouchDoc } from './pouch';
import { byteBatches, capBulkBytes, docBytes } from './push-batches';

const require = createRequire(import.meta.url);
const MemoryPouch = (
  require('pouchdb-core').plugin(require('pouchdb-adapter-memory')).plugin(require('pouchdb-replication')) as {
    defaults(options: Record<string, unknown>): PouchConstructor;
  }
).defaults({ adapter: 'memory' });

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('byteBatches', () => {
  it('keeps every item in order, under the cap, with an oversized item alone', () => {
    const next = random(47);
    for (let round = 0; round < 200; round++) {
      const cap = 1 + Math.floor(next() * 1_000);
      const sizes = Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * cap * 1.5));
      const batches = byteBatches(sizes, (size) => size, cap);
      expect(batches.flat()).toEqual(sizes);
      batches.forEach((batch, i) => {
        const bytes = batch.reduce((sum, size) => sum + size, 0);
        expect(batch.length).toBeGreaterThan(0);
        if (batch.length > 1) expect(bytes).toBeLessThanOrEqual(cap);
        // Greedy: the next batch's first item did not fit in this one.
        if (i + 1 < batches.length) expect(bytes + batches[i + 1]![0]!).toBeGreaterThan(cap);
      });
    }
  });

  it('counts attachment bytes whatever their form, and the fields', () => {
    const doc = (data: PouchDoc['_attachments']) => ({ _id: 'x', _rev: '1-a', _attachments: data });
    const fields = docBytes(doc({}));
    expect(fields).toBeGreaterThan(0);
    const attachment = (data: Blob | Uint8Array) => ({ sealed: { content_type: 'application/octet-stream', data } });
    expect(docBytes(doc(attachment(new Uint8Array(5_000))))).toBeGreaterThanOrEqual(fields + 5_000);
    expect(docBytes(doc(attachment(new Blob([new Uint8Array(7_000)]))))).toBeGreaterThanOrEqual(fields + 7_000);
    expect(docBytes(doc(attachment(new Uint8Array(5_000))))).toBeLessThan(fields + 5_000 + 100);
  });
});

describe('capBulkBytes', () => {
  it('sends a replication batch of large records as requests under the cap, and every record arrives', async () => {
    const local = new MemoryPouch(`push-local-${Math.random()}`);
    const remote = new MemoryPouch(`push-remote-${Math.random()}`);
    const sizes = [3_000, 3_000, 9_000, 1_000, 1_000, 1_000];
    for (const [i, size] of sizes.entries()) {
      const data = Buffer.alloc(size, i);
      await local.put({
        _id: `record-${i}`,
        _attachments: { sealed: { content_type: 'application/octet-stream', data } },
      });
    }
    const requests: number[][] = [];
    const writer = remote as unknown as { bulkDocs: (request: { docs: PouchDoc[] }, ...rest: unknown[]) => unknown };
    const write = writer.bulkDocs.bind(remote);
    writer.bulkDocs = (request, ...rest) => {
      requests.push(request.docs.map(docBytes));
      return write(request, ...rest);
    };
    const cap = 7_000;
    // One batch of all six (batch_size 10), as the push sends it.
    await local.replicate.to(capBulkBytes(remote, cap), { live: false, retry: false, batch_size: 10 });

    expect(requests.flat()).toHaveLength(sizes.length);
    expect(requests.length).toBeGreaterThan(2);
    for (const request of requests) {
      const bytes = request.reduce((sum, size) => sum + size, 0);
      if (request.length > 1) expect(bytes).toBeLessThanOrEqual(cap);
    }
    for (const [i, size] of sizes.entries()) {
      const data = (await remote.getAttachment(`record-${i}`, 'sealed')) as Uint8Array;
      expect(data.byteLength).toBe(size);
      expect(data[0]).toBe(i);
    }
  });

  it('passes a request under the cap through as one', async () => {
    const remote = new MemoryPouch(`push-small-${Math.random()}`);
    let calls = 0;
    const writer = remote as unknown as { bulkDocs: (...args: unknown[]) => unknown };
    const write = writer.bulkDocs.bind(remote);
    writer.bulkDocs = (...args) => {
      // PouchDB calls itself again with a callback: count the requests made with a promise.
      if (!args.some((arg) => typeof arg === 'function')) calls++;
      return write(...args);
    };
    const results = await capBulkBytes(remote).bulkDocs([{ _id: 'a' }, { _id: 'b' }]);
    expect(calls).toBe(1);
    expect(results.map((result) => 'id' in result && result.id)).toEqual(['a', 'b']);
  });
});
