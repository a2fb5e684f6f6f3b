#!/usr/bin/env node
/**
 * Where a query's time goes, without the rest of the bench: one generated library of `--size`
 * propositions (as `npm run bench` makes it), its queries' stage breakdown and the raw int8 scan
 * beside them; with `--profile FILE` a Chromium CPU profile of the queries (CDP), and the functions
 * with the most self time printed.
 *   node scripts/profile-query.mjs [--size 100000] [--queries 50] [--port 4193] [--profile out.cpuprofile]
 * The last line of stdout is one JSON object.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openHarness } from './lib/harness.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '50' },
    port: { type: 'string', default: '4193' },
    profile: { type: 'string' },
  },
});
const size = Number(values.size);
if (!Number.isInteger(size) || size < 1) throw new Error(`--size wants a number of propositions (got ${values.size})`);
const log = (line) => console.error(line);
const { page, close } = await openHarness({ log, port: Number(values.port) });
try {
  await page.evaluate(() => window.carrel.bench.init());
  const cdp = await page.context().newCDPSession(page);
  if (values.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const ran = await page.evaluate(({ size, queries }) => window.carrel.bench.run(size, { queries, snapshot: false }), {
    size,
    queries: Number(values.queries),
  });
  if (values.profile) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(values.profile, JSON.stringify(profile));
    log(`profile written to ${values.profile}; most self time (ms):`);
    for (const [name, ms] of selfTimes(profile).slice(0, 25)) log(`  ${ms.toFixed(0).padStart(7)}  ${name}`);
  }
  console.log(
    JSON.stringify({
      size,
      query_ms: { p50: ran.query.p50, p95: ran.query.p95, search_only_p50: ran.query.searchOnlyP50 },
      int8_scan_p50: ran.indexes.int8?.p50 ?? null,
      stages: ran.query.stages,
    }),
  );
} finally {
  await close();
}

/** Self time per function (name and place) under the bench's query loop, most first. */
function selfTimes(profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inQueries = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at))
      if (byNode.get(at).callFrame.functionName === 'measureQueries') return true;
    return false;
  };
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    if (!inQueries(id)) return;
    const { functionName, url, lineNumber } = byNode.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}
