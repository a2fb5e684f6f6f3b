/**
 * Many documents on a device, quickly: one synthetic document is added through the app (read,
 * chunked and embedded for real), then copied in the page's IndexedDB `count` times. Each copy
 * differs from the others by one made-up word (so each is its own document, found by that word),
 * with its own id (the SHA-256 of its file, as the engine names documents) and its own chunk ids;
 * its vectors are the original's. Embedding a thousand R-intro-sized documents here would take
 * hours; sealing and sending them, which is what sync costs, does not depend on how they were made.
 *
 * The copies are written while the engine is idle, before sync starts: sync compares the library's
 * state with what it has sealed, so it sends them like any other document.
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const TOPICS = ['vector', 'matrix', 'factor', 'formula', 'package', 'function', 'dataset', 'plot', 'model'];
const VERBS = ['returns', 'combines', 'prints', 'sorts', 'reshapes', 'filters', 'summarises', 'draws'];
const OBJECTS = ['the columns', 'each level', 'missing values', 'the residuals', 'a data frame', 'the argument list'];

/** The made-up word of copy `i`: "zorvq" and four letters, the same length for every i below 26^4. */
export function markerWord(i) {
  let word = '';
  for (let n = i, k = 0; k < 4; k++, n = Math.floor(n / 26)) word = LETTERS[n % 26] + word;
  return `zorvq${word}`;
}

/** A Markdown manual of about `bytes` bytes in sections of prose, with `marker` in its title and first paragraph. */
export function syntheticManual(bytes, marker) {
  const parts = [`# The ${marker} manual\n`, `This manual describes ${marker} and how it is used.\n`];
  let size = parts.join('\n').length;
  for (let s = 1; size < bytes; s++) {
    const heading = `\n## ${s} Working with the ${TOPICS[s % TOPICS.length]}\n`;
    parts.push(heading);
    size += heading.length;
    for (let p = 0; p < 4 && size < bytes; p++) {
      const sentences = Array.from({ length: 6 }, (_, k) => {
        const n = s * 31 + p * 7 + k;
        return `Step ${s}.${p}.${k}: the ${TOPICS[n % TOPICS.length]} ${VERBS[n % VERBS.length]} ${OBJECTS[n % OBJECTS.length]}.`;
      });
      const paragraph = `${sentences.join(' ')}\n`;
      parts.push(paragraph);
      size += paragraph.length + 1;
    }
  }
  return parts.join('\n');
}

/**
 * Copies the document named `name` (ready on `page`) `count` times, copy i with `markerWord(i)`
 * where the original has `markerWord(0)`, named `prefix-i.md`. Resolves with the copies' names.
 */
export async function copyDocument(page, { name, count, prefix }) {
  const markers = Array.from({ length: count + 1 }, (_, i) => markerWord(i));
  await page.evaluate(
    async ({ name, markers, prefix }) => {
      const hash53 = (text) => {
        let h1 = 0xdeadbeef;
        let h2 = 0x41c6ce57;
        for (let i = 0; i < text.length; i++) {
          const ch = text.charCodeAt(i);
          h1 = Math.imul(h1 ^ ch, 2654435761);
          h2 = Math.imul(h2 ^ ch, 1597334677);
        }
        h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
        h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
        return 4294967296 * (2097151 & h2) + (h1 >>> 0);
      };
      const through = async (bytes, stream) =>
        new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
      // fflate's deflateSync/inflateSync are raw DEFLATE, as these streams are.
      const inflate = async (bytes) =>
        new TextDecoder().decode(await through(bytes, new DecompressionStream('deflate-raw')));
      const deflate = (text) => through(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
      const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open('carrel');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const done = (request) =>
        new Promise((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const read = db.transaction(['documents', 'files', 'texts', 'chunks', 'vectors']);
      const original = (await done(read.objectStore('documents').getAll())).find((d) => d.name === name);
      if (!original || original.status !== 'ready') throw new Error(`${name} is not a ready document`);
      const file = await done(read.objectStore('files').get(original.id));
      const text = await done(read.objectStore('texts').get(original.id));
      const chunks = await done(read.objectStore('chunks').get(original.id));
      const vectors = (await done(read.objectStore('vectors').getAll())).filter((v) => v.docId === original.id);
      const fileText = await file.blob.text();
      const textJson = await inflate(text.deflated);
      const chunksJson = await inflate(chunks.deflated);
      const from = markers[0];

      const BATCH = 25;
      for (let start = 1; start < markers.length; start += BATCH) {
        const records = [];
        for (let i = start; i < Math.min(markers.length, start + BATCH); i++) {
          const marker = markers[i];
          const bytes = new TextEncoder().encode(fileText.replaceAll(from, marker));
          const id = hex(await crypto.subtle.digest('SHA-256', bytes)).slice(0, 32);
          const parsed = JSON.parse(chunksJson.replaceAll(from, marker));
          const ids = new Map();
          for (const level of ['sections', 'propositions'])
            for (const old of parsed[level].columns.id ?? [])
              ids.set(old, `${old[0]}${hash53(`${id}:${old}`).toString(36)}`);
          const rename = (value) =>
            typeof value === 'string'
              ? (ids.get(value) ?? value)
              : Array.isArray(value)
                ? value.map(rename)
                : value && typeof value === 'object'
                  ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]))
                  : value;
          const document = {
            ...JSON.parse(JSON.stringify(original).replaceAll(from, marker)),
            id,
            name: `${prefix}-${i}.md`,
            addedAt: original.addedAt + i,
            size: bytes.byteLength,
          };
          records.push({
            document,
            file: { docId: id, blob: new Blob([bytes], { type: file.blob.type }) },
            text: { docId: id, deflated: await deflate(textJson.replaceAll(from, marker)) },
            chunks: { docId: id, deflated: await deflate(JSON.stringify(rename(parsed))) },
            vectors: vectors.map((v) => ({
              ...v,
              docId: id,
              ...(v.sectionIds ? { sectionIds: rename(v.sectionIds) } : {}),
              ...(v.propositionIds ? { propositionIds: rename(v.propositionIds) } : {}),
            })),
          });
        }
        const write = db.transaction(['documents', 'files', 'texts', 'chunks', 'vectors'], 'readwrite');
        for (const record of records) {
          write.objectStore('files').put(record.file);
          write.objectStore('texts').put(record.text);
          write.objectStore('chunks').put(record.chunks);
          for (const v of record.vectors) write.objectStore('vectors').put(v);
          write.objectStore('documents').put(record.document);
        }
        await /** @type {Promise<void>} */ (
          new Promise((resolve, reject) => {
            write.oncomplete = () => resolve();
            write.onerror = () => reject(write.error);
          })
        );
      }
      db.close();
    },
    { name, markers, prefix },
  );
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}.md`);
}

/** How many documents `page`'s library holds ready, read from IndexedDB. */
export function readyCount(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('carrel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const docs = await new Promise((resolve) => {
      const request = db.transaction('documents').objectStore('documents').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return docs.filter((d) => d.status === 'ready').length;
  });
}
