#!/usr/bin/env node
/**
 * Per-spec test time from a Playwright JSON report (test-results/e2e.json by default), as a
 * Markdown table, longest first, with the sum of all test time and the run's wall time. On a shared
 * machine the sum says more than the wall time.
 *   node scripts/e2e-durations.mjs [report.json] [--compare before.json]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { compare: { type: 'string' } } });

/** Seconds of test time and test count per spec file (and project), from one report. */
function perSpec(path) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const specs = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const key = file ?? spec.file;
        const entry = specs.get(key) ?? { seconds: 0, tests: 0, projects: new Set() };
        entry.seconds += (test.results ?? []).reduce((sum, result) => sum + result.duration, 0) / 1000;
        entry.tests++;
        entry.projects.add(test.projectName);
        specs.set(key, entry);
      }
    for (const child of suite.suites ?? []) walk(child, file ?? child.file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return { specs, wall: (report.stats?.duration ?? 0) / 1000, stats: report.stats ?? {} };
}

const main = perSpec(positionals[0] ?? 'test-results/e2e.json');
const before = values.compare ? perSpec(values.compare) : null;
const sum = (run) => [...run.specs.values()].reduce((total, entry) => total + entry.seconds, 0);
const count = (run) => [...run.specs.values()].reduce((total, entry) => total + entry.tests, 0);
const s = (seconds) => (seconds === undefined ? '–' : seconds.toFixed(1));

const rows = [...new Set([...main.specs.keys(), ...(before?.specs.keys() ?? [])])].sort(
  (a, b) => (main.specs.get(b)?.seconds ?? 0) - (main.specs.get(a)?.seconds ?? 0),
);
if (before) {
  console.log('| spec | tests before | s before | tests after | s after |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const file of rows) {
    const [b, a] = [before.specs.get(file), main.specs.get(file)];
    console.log(`| ${file} | ${b?.tests ?? '–'} | ${s(b?.seconds)} | ${a?.tests ?? '–'} | ${s(a?.seconds)} |`);
  }
  console.log(`| **all** | ${count(before)} | ${s(sum(before))} | ${count(main)} | ${s(sum(main))} |`);
  console.log(`\nWall time: before ${s(before.wall)} s, after ${s(main.wall)} s.`);
} else {
  console.log('| spec | projects | tests | s |');
  console.log('| --- | --- | ---: | ---: |');
  for (const file of rows) {
    const entry = main.specs.get(file);
    console.log(`| ${file} | ${[...entry.projects].join(', ')} | ${entry.tests} | ${s(entry.seconds)} |`);
  }
  console.log(`| **all** | | ${count(main)} | ${s(sum(main))} |`);
  console.log(
    `\nWall time ${s(main.wall)} s; ${main.stats.expected ?? 0} passed, ${main.stats.unexpected ?? 0} failed.`,
  );
}
