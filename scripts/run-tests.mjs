#!/usr/bin/env node
/**
 * Runs every check in one go and ends with the line CI reads: `N passed, N failed`.
 * Steps: typecheck, lint and the app's build side by side, unit tests (vitest), browser tests
 * (Playwright against that build). `--corpus` runs the tests over ../shared/eval instead; `--stress`
 * the heavy browser tests (e2e/*.stress.ts). Each is a suite of playwright.config.ts (E2E_SUITE);
 * all use the one build in dist/, made again only when a source changed (scripts/lib/app-build.mjs).
 * Every step runs even if an earlier one failed, so one run shows every failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { TEST_MODEL_HOSTS } from './lib/e2e-ports.mjs';

const corpus = process.argv.includes('--corpus');
const stress = process.argv.includes('--stress');
mkdirSync('test-results', { recursive: true });

/** Runs a command, streaming its output; returns true when it exited 0. */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  took(label, started);
  return result.status === 0;
}

/** Each step's wall time, printed at the end: where a slow run's minutes went. */
const times = [];
const took = (label, started) => times.push(`${label} ${((Date.now() - started) / 1000).toFixed(0)} s`);

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
/** What failed, by name: printed just above the last line, where CI's short log still shows it. */
const failures = [];
/** One failure the test counts do not hold: a check, or a run that ended without its report. */
function fail(what) {
  failed++;
  failures.push(what);
}

/**
 * Steps that are one check each (typecheck, lint), run side by side: each uses one core. Their
 * output is printed whole, one step after the other, once all have ended. A step with `env` is
 * work, not a check (the build): it counts in neither total, since the browser tests fail if it did.
 */
async function checks(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ([label, command, args, env]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, {
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, ...env },
          });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => resolve({ label, command, args, counted: !env, ok: code === 0, output }));
        }),
    ),
  );
  took(steps.map(([label]) => label).join(' + '), started);
  for (const { label, command, args, counted, ok, output } of results) {
    console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(output));
    if (!counted) continue;
    if (ok) passed++;
    else fail(label);
  }
}

/** A vitest run: counts its tests; a crash with no report counts as one failure. */
function vitest(label, args) {
  const out = `test-results/${label}.json`;
  rmSync(out, { force: true });
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  const report = readJson(out);
  if (!report) return fail(`${label}: no report (the run crashed)`);
  passed += report.numPassedTests;
  failed += report.numFailedTests + (ok || report.numFailedTests ? 0 : 1);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${label}: ${relative('.', file.name)} › ${test.fullName}`);
    }
  }
  if (!ok && !report.numFailedTests) failures.push(`${label}: exited with an error, no test failed`);
}

// eslint-disable-next-line no-control-regex -- the terminal's colour codes in Playwright's messages
const stripColours = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** The failed tests of a Playwright JSON report, as `file:line › title path`. */
function playwrightFailures(suite, path = []) {
  const titles = suite.file && suite.title === suite.file ? path : [...path, suite.title];
  const found = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === 'unexpected' || test.status === 'skipped') {
        const error = stripColours(test.results.at(-1)?.error?.message ?? '').split('\n')[0];
        found.push(
          `${spec.file}:${spec.line} › ${[...titles, spec.title].filter(Boolean).join(' › ')} (${test.status}) ${error}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) found.push(...playwrightFailures(child, titles));
  return found;
}

/** A Playwright run of one suite (it reports to test-results/e2e.json): counts its tests. */
function playwright(label, suite, args = []) {
  const out = 'test-results/e2e.json';
  rmSync(out, { force: true });
  const ok = run(label, 'npx', ['playwright', 'test', ...args], { E2E_SUITE: suite });
  const report = readJson(out);
  if (!report) return fail(`${label}: no report (the run crashed)`);
  for (const suite of report.suites ?? []) failures.push(...playwrightFailures(suite).map((f) => `${label}: ${f}`));
  for (const error of report.errors ?? []) failures.push(`${label}: ${error.message?.split('\n')[0]}`);
  if (!ok && !report.stats?.unexpected) failures.push(`${label}: exited with an error, no test failed`);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  passed += expected + flaky;
  failed += unexpected + skipped + (ok || unexpected ? 0 : 1);
}

if (corpus) {
  if (!existsSync('../shared/eval')) {
    console.log('../shared/eval is not beside this checkout: no corpus tests to run.');
  } else {
    vitest('corpus', ['--config', 'vitest.corpus.config.ts']);
    playwright('corpus-browser', 'corpus');
  }
} else if (stress) {
  playwright('e2e-stress', 'stress');
} else {
  // The build the browser tests use, made beside the checks, whose cores it would otherwise wait for.
  await checks([
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['build', 'node', ['scripts/lib/app-build.mjs'], { CARREL_MODEL_HOSTS: TEST_MODEL_HOSTS }],
  ]);
  vitest('unit', []);
  playwright('e2e', 'test');
}

console.log(`\nTime: ${times.join(', ')}.`);
for (const failure of failures) console.log(`FAILED ${failure.slice(0, 400)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
