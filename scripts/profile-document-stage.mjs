#!/usr/bin/env node
/**
 * The document stage's CPU time in Node, the exact pass against the pruned one, without a browser
 * (scripts/harness/document-stage-cpu.ts, bundled here with rolldown).
 *   node scripts/profile-document-stage.mjs [--docs 25000] [--queries 50]
 * Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rolldown } from 'rolldown';

const { values } = parseArgs({
  options: { docs: { type: 'string', default: '25000' }, queries: { type: 'string', default: '50' } },
});
const dir = mkdtempSync(join(tmpdir(), 'document-stage-'));
try {
  const bundle = await rolldown({ input: 'scripts/harness/document-stage-cpu.ts', platform: 'node' });
  await bundle.write({ file: join(dir, 'bench.mjs'), format: 'esm' });
  const { run } = await import(join(dir, 'bench.mjs'));
  console.log(JSON.stringify(run(Number(values.docs), Number(values.queries))));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
