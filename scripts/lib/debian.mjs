/** Debian packages by name, for the scripts that build data or fetch evaluation documents. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Downloads `pkg` with apt-get and unpacks it under `cache/pkg` (once: a second call reuses it).
 * Returns the folder that holds its `usr/`. `log` receives the .deb's name when it was fetched.
 */
/**
 * @param {string} pkg
 * @param {string} cache
 * @param {(line: string) => void} [log]
 */
export function unpackDebian(pkg, cache, log = () => {}) {
  const dir = join(cache, pkg);
  if (existsSync(join(dir, 'usr'))) return dir;
  mkdirSync(dir, { recursive: true });
  execFileSync('apt-get', ['download', pkg], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const deb = readdirSync(dir).find((f) => f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb in ${dir}`);
  execFileSync('dpkg-deb', ['-x', join(dir, deb), dir]);
  log(`${pkg}: ${deb}`);
  return dir;
}

/**
 * Makes sure the command `tool` is on the PATH, installing the Debian package `pkg` that holds it
 * when it is missing (as .ci/run does for Chromium and poppler-utils).
 */
/**
 * @param {string} tool
 * @param {string} pkg
 */
export function ensureTool(tool, pkg) {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  } catch {
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: ['ignore', 'ignore', 'inherit'] });
    } catch (error) {
      throw new Error(
        `${tool} is missing and apt-get could not install ${pkg}: install it (apt-get install ${pkg}) and run again. ${String(error)}`,
      );
    }
  }
}
