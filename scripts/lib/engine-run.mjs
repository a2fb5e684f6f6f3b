/** Node's side of the harness traffic: documents and queries go to the page in batches, not one evaluate each. */

const INGEST_BATCH = 200;
const QUERY_BATCH = 50;

/**
 * Ingests `files` ({name, text} or {name, base64, password?}) through the app's ingest queue, as a
 * drop does; resolves to
 * `{stored, duplicates, failed, indexed, seconds}` (seconds until all are searchable).
 * @param {import('@playwright/test').Page} page
 * @param {import('../harness/library').TextDocument[]} files
 * @param {{log?: (line: string) => void}} [options]
 */
export async function ingestFiles(page, files, { log = () => {} } = {}) {
  const began = Date.now();
  /** @type {import('../harness/library').IngestReport} */
  const total = { stored: 0, duplicates: [], failed: [], indexed: 0 };
  for (let i = 0; i < files.length; i += INGEST_BATCH) {
    const batch = files.slice(i, i + INGEST_BATCH);
    const report = await page.evaluate((docs) => window.carrel.ingest(docs), batch);
    total.stored += report.stored;
    total.duplicates.push(...report.duplicates);
    total.failed.push(...report.failed);
    total.indexed = report.indexed;
    const seconds = (Date.now() - began) / 1000;
    log(`ingested ${i + batch.length} / ${files.length} (${((i + batch.length) / seconds).toFixed(1)} docs/s)`);
  }
  return { ...total, seconds: (Date.now() - began) / 1000 };
}

/**
 * Runs `texts` through the engine's search with `options`; resolves to the page's QueryResult per text.
 * @param {import('@playwright/test').Page} page
 * @param {string[]} texts
 * @param {Partial<import('../../common/types').SearchOptions>} options
 * @param {{log?: (line: string) => void, label?: string, keepHits?: boolean}} [progress]
 */
export async function runQueries(page, texts, options, { log = () => {}, label = '', keepHits = false } = {}) {
  const results = [];
  for (let i = 0; i < texts.length; i += QUERY_BATCH) {
    const batch = texts.slice(i, i + QUERY_BATCH);
    results.push(
      ...(await page.evaluate(
        ([t, o, k]) => window.carrel.query(t, o, { keepHits: k }),
        /** @type {const} */ ([batch, options, keepHits]),
      )),
    );
    if (texts.length > QUERY_BATCH) log(`${label}searched ${results.length} / ${texts.length}`);
  }
  return results;
}
