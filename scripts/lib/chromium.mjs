/** Headless Chromium as the tests launch it (DESIGN §9): CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own. */
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Flags that keep Chromium quiet on a closed network and let it run as root (the Playwright configs use them too). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The Chromium binary to use, or undefined for Playwright's own. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Launches headless Chromium with the flags above, and `extraArgs`. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}
