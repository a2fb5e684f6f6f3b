/** Headless Chromium as the tests launch it (DESIGN §9): CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own. */
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts, 1.65). Chromium
 * keeps only the last `--disable-features` on its command line, and ours comes after Playwright's,
 * so ours repeats it: scripts/lib/chromium.test.ts fails when Playwright's list grows past this one.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',

  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 builds the omnibox's popups (chrome://omnibox-popup.top-chrome/) in a renderer of
 * their own for every window, and each headless browser context is one: 0.5 s of a core per context,
 * and 0.2 s more in the browser process, for popups nobody sees (a fresh page went 2.1 → 1.35 s of a
 * core here). The pages under test are not touched by them.
 */
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags that keep Chromium quiet on a closed network and let it run as root (the Playwright configs use them too). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS].join(',')}`,
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

/** Headless Chromium as `launchChromium`, in a profile kept in `dir` (IndexedDB on disk): a browser context. */
export function launchChromiumProfile(dir, extraArgs = []) {
  return chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
