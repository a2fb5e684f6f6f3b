/**
 * A document over CouchDB 3's 8 MB document limit goes from A to B through the test server, which
 * enforces that limit, and is searchable there; the server holds none of its words. About 1.5 min
 * on a loaded 2-core machine, so it runs with `npm run test:stress`, not `npm test`
 * (workers/engine/replication/replication.test.ts checks the same in seconds with Node's PouchDB).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { COUCHDB_MAX_DOCUMENT_SIZE } from './support/couch-server';
import { PASSPHRASE, device, openSync, startSync, useCouchServer } from './support/sync-devices';
import { addFiles, expect, searchFor, test } from './support';

const couch = useCouchServer();

test("a document over CouchDB 3's 8 MB document limit reaches B and is searchable there", async ({
  browser,
  baseURL,
}) => {
  // A short page padded past 8 MB with a comment of random bytes, as a PDF's images pad it.
  const path = test.info().outputPath('bromeliad-field-guide.html');
  const padding = randomBytes(4_600_000).toString('hex');
  const page = `<html><head><title>Bromeliad field guide</title></head><body><h1>Bromeliads</h1>
<p>Tank bromeliads hold rainwater where tree frogs raise their tadpoles in the canopy.</p><!-- ${padding} --></body></html>`;
  writeFileSync(path, page);
  expect(page.length).toBeGreaterThan(COUCHDB_MAX_DOCUMENT_SIZE);
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  const [a, b] = [await device(contexts[0]!), await device(contexts[1]!)];
  await addFiles(a, [path]);
  await openSync(a);
  await startSync(a, couch().dbUrl('library'), PASSPHRASE, 'laptop');
  await expect(a.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });
  await openSync(b);
  await startSync(b, couch().dbUrl('library'), PASSPHRASE, 'phone');
  await expect(b.locator('[data-testid="doc-row"][data-name="bromeliad-field-guide.html"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
  await b.getByTestId('settings').getByRole('button', { name: 'Close' }).click();
  const first = await searchFor(b, 'tadpoles in bromeliad rainwater');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'bromeliad-field-guide.html');

  const raw = await couch().rawText('library');
  expect(raw.length).toBeGreaterThan(COUCHDB_MAX_DOCUMENT_SIZE);
  for (const secret of ['bromeliad', 'Bromeliad', 'tadpoles', 'canopy', padding.slice(0, 64)])
    expect(raw).not.toContain(secret);
  await Promise.all(contexts.map((context) => context.close()));
});
