/**
 * Starts the harness page (scripts/harness) in headless Chromium and returns it. The page is
 * rebuilt only when a source file is newer than the last build.
 */
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const CONFIG = 'scripts/harness/vite.config.ts';
const BUILT = 'dist-harness/index.html';
const SOURCES = ['src', 'workers', 'scripts/harness', 'public/models'];

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function buildIfStale(log) {
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs > Math.max(...SOURCES.map(newest))) return;
  log('building the harness page…');
  const result = spawnSync('npx', ['vite', 'build', '--config', CONFIG], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`harness build failed:\n${result.stdout}\n${result.stderr}`);
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Opens the harness; call `close()` when done. `log` receives progress lines (stderr by default). */
export async function openHarness({ log = (line) => console.error(line) } = {}) {
  buildIfStale(log);
  const port = await freePort();
  const server = spawn('npx', ['vite', 'preview', '--config', CONFIG, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 150 && !(await fetch(url).then((r) => r.ok).catch(() => false)); i++) await new Promise((r) => setTimeout(r, 200));
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const page = await browser.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => 'carrel' in window);
  await page.evaluate(() => window.carrel.ready());
  return {
    page,
    async close() {
      await browser.close();
      try {
        process.kill(-server.pid);
      } catch {
        /* already gone */
      }
    },
  };
}
