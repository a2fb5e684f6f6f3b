#!/usr/bin/env node
/**
 * Builds the app into dist/ with Vite only when it is stale: a source changed since the last build
 * started, the build was made for other model hosts (CARREL_MODEL_HOSTS), or its sw.js was left
 * changed (e2e/update.spec.ts rewrites it for a moment). So `npm test`, the stress and corpus runs
 * and a one-spec run share one build. The build goes to a temporary folder that then replaces
 * dist/, so a server never serves a half-written build.
 *   node scripts/lib/app-build.mjs [--force]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newest, PROJECT } from './harness-build.mjs';

/** Where the built app lives. */
export const APP_DIR = join(PROJECT, 'dist');

const STAMP = '.build-stamp.json';
const SOURCES = ['src', 'workers', 'common', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

const hosts = () => process.env.CARREL_MODEL_HOSTS ?? '';
const swHash = (dir) => {
  const sw = join(dir, 'sw.js');
  return existsSync(sw) ? createHash('sha256').update(readFileSync(sw)).digest('hex') : '';
};

function stamp() {
  try {
    return JSON.parse(readFileSync(join(APP_DIR, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** True when dist/ is missing, older than one of its sources, built for other hosts or changed since. */
export function appIsStale() {
  const built = stamp();
  if (!built || !existsSync(join(APP_DIR, 'index.html'))) return true;
  if (built.hosts !== hosts() || built.sw !== swHash(APP_DIR)) return true;
  return built.startedAt <= Math.max(...SOURCES.map((s) => newest(join(PROJECT, s))));
}

/** Builds the app if it is stale (or `force`); `log` gets progress lines. Throws with Vite's output on failure. */
export function buildApp({ log = (line) => console.error(line), force = false } = {}) {
  if (!force && !appIsStale()) {
    log('dist/ is up to date: not building the app again');
    return false;
  }
  log('building the app (vite build → dist/)…');
  const startedAt = Date.now();
  const tmp = `${APP_DIR}.tmp-${process.pid}`;
  const env = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };
  const result = spawnSync('npx', ['vite', 'build', '--outDir', tmp, '--emptyOutDir'], {
    cwd: PROJECT,
    encoding: 'utf8',
    env,
  });
  if (result.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`app build failed:\n${result.stdout}\n${result.stderr}`);
  }
  writeFileSync(join(tmp, STAMP), JSON.stringify({ startedAt, hosts: hosts(), sw: swHash(tmp) }));
  rmSync(APP_DIR, { recursive: true, force: true });
  renameSync(tmp, APP_DIR);
  log(`app built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  try {
    buildApp({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
