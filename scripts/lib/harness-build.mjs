/**
 * Builds the harness page (scripts/harness) into dist-harness/ with Vite, only when a source file
 * changed since the last build started. The build goes to a temporary folder that then replaces
 * dist-harness/, so a reader never sees a half-written build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (this file is scripts/lib/harness-build.mjs). */
export const PROJECT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the built harness lives. */
export const HARNESS_DIR = join(PROJECT, 'dist-harness');

const CONFIG = 'scripts/harness/vite.config.ts';
const STAMP = '.build-stamp.json';
const SOURCES = ['src', 'workers', 'common', 'scripts/harness', 'public', 'vite.config.ts', 'package-lock.json'];

/** Newest modification time under `path`, ignoring unit tests (they are not in the page). */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.ts$/.test(path) ? 0 : stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

function builtAt() {
  try {
    return JSON.parse(readFileSync(join(HARNESS_DIR, STAMP), 'utf8')).startedAt;
  } catch {
    return 0;
  }
}

/** True when dist-harness/ is older than one of its sources. */
export function harnessIsStale() {
  return builtAt() <= Math.max(...SOURCES.map((s) => newest(join(PROJECT, s))));
}

/** Builds the harness if it is stale (or `force`); `log` gets one progress line. Throws with Vite's output on failure. */
export function buildHarness({ log = (line) => console.error(line), force = false } = {}) {
  if (!force && existsSync(join(HARNESS_DIR, 'index.html')) && !harnessIsStale()) return false;
  log('building the harness page (scripts/harness → dist-harness/)…');
  const startedAt = Date.now();
  const tmp = `${HARNESS_DIR}.tmp-${process.pid}`;
  // The harness config imports the app's (extensionless, as TypeScript wants): Vite's bundling loader handles it.
  const env = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };
  const result = spawnSync('npx', ['vite', 'build', '--config', CONFIG, '--outDir', tmp, '--emptyOutDir'], {
    cwd: PROJECT,
    encoding: 'utf8',
    env,
  });
  if (result.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`harness build failed:\n${result.stdout}\n${result.stderr}`);
  }
  writeFileSync(join(tmp, STAMP), JSON.stringify({ startedAt }));
  rmSync(HARNESS_DIR, { recursive: true, force: true });
  renameSync(tmp, HARNESS_DIR);
  log(`harness built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return true;
}
