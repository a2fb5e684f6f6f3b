/**
 * Chromium keeps only the last `--disable-features` flag: ours must carry every feature Playwright
 * disables, or passing it would turn Playwright's back on.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

/** The features each `--disable-features` flag on the browser's command line names, in order. */
function disabledFeatureFlags(commandLine: string): string[][] {
  return [...commandLine.matchAll(/--disable-features=(\S*)/g)].map((match) => match[1]!.split(',').filter(Boolean));
}

describe('the Chromium the tests launch', () => {
  it('disables every feature Playwright disables, and the omnibox popups, in its one effective flag', async () => {
    // As launchChromium() starts it; a server, for the browser's process and so its command line.
    const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0').join(' ');
      const flags = disabledFeatureFlags(commandLine);
      expect(flags.length).toBeGreaterThan(1);
      const effective = new Set(flags.at(-1));
      for (const feature of flags.slice(0, -1).flat()) expect(effective, feature).toContain(feature);
      expect([...effective]).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
    } finally {
      await server.close();
    }
  });
});
