/** The browser every Playwright config and spec launches (DESIGN §9). */
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Quiet, offline-friendly flags: nothing of Chromium's own reaches the network. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
