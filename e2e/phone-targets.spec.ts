/**
 * Tap targets on a phone (390 × 844): every visible control is at least 24 × 24 px (WCAG 2.2, 2.5.8)
 * and the main actions at least 44 px high, measured from each element's box, with the library loaded
 * and a question answered, in Settings and with the viewer open.
 */
import type { Locator, Page } from '@playwright/test';
import { addFiles, expect, fixture, generated, searchFor, test } from './support';

test.use({ viewport: { width: 390, height: 844 } });

const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

/** Search, add documents, open a result, the answer's actions, Settings, and the viewer's own controls. */
const MAIN_ACTIONS = [
  '[data-testid="search-input"]',
  '.drop-actions button',
  '.result-proposition .passage',
  '[data-testid="answer-source"] button',
  '[data-testid="answer-stop"]',
  '[data-testid="copy-prompt"]',
  '[data-testid="settings-button"]',
  '.settings-head button',
  '.viewer-head button',
].join(', ');

interface Offender {
  what: string;
  width: number;
  height: number;
  needs: number;
}

/** Every visible interactive element inside `root` smaller than it should be, described so a person can find it. */
async function smallTargets(root: Locator): Promise<Offender[]> {
  return root.evaluate(
    (scope, [selector, main]) => {
      const found: Offender[] = [];
      for (const el of scope.querySelectorAll<HTMLElement>(selector)) {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) continue;
        // The skip link waits above the page until it is focused; visually hidden fields are not tapped.
        if (box.bottom <= 0 && window.scrollY === 0) continue;
        if (el.classList.contains('visually-hidden') || el.closest('.visually-hidden')) continue;
        if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') continue;
        const needs = el.matches(main) ? 44 : 24;
        // A main action spans the width it has: its height is what a thumb has to hit.
        const short = box.height < needs - 0.5 || box.width < 24 - 0.5;
        if (!short) continue;
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim();
        const id = el.dataset['testid'] ? `[${el.dataset['testid']}]` : '';
        const kind = el.tagName.toLowerCase() + (el instanceof HTMLInputElement ? `[${el.type}]` : '');
        found.push({
          what: `${kind}${id} "${name.slice(0, 40)}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
          needs,
        });
      }
      return found;
    },
    [INTERACTIVE, MAIN_ACTIONS] as const,
  );
}

async function expectNoSmallTargets(root: Locator, where: string) {
  const offenders = await smallTargets(root);
  const list = offenders.map((o) => `${o.what}: ${o.width} × ${o.height} px, needs ${o.needs}`);
  expect(list, `tap targets too small ${where}`).toEqual([]);
}

/** A library of two documents and a conversation of two questions. */
async function askTwice(page: Page) {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), generated('travel-guide.pdf')]);
  await searchFor(page, 'what did the physician prescribe');
  await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');
  await searchFor(page, 'how many days must the antibiotics course last');
  await expect(page.getByTestId('conversation-turn')).toHaveCount(2);
}

test('every tap target on the page is big enough with a library loaded and a question answered', async ({ page }) => {
  await askTwice(page);
  await expect(page.getByTestId('answer-source').first()).toBeVisible();
  await expectNoSmallTargets(page.locator('body'), 'on the page');
  // Unfolded, with a result's scores and the prompt help open.
  await page.getByTestId('conversation-thread-toggle').click();
  await page.getByTestId('result').first().locator('.result-foot button').last().click();
  await page.getByTestId('copy-help').locator('summary').click();
  await expect(page.getByTestId('conversation-turn').first()).toBeVisible();
  await expectNoSmallTargets(page.locator('body'), 'with the thread, scores and help open');
});

test('every tap target in Settings is big enough', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('settings-button').click();
  const settings = page.getByTestId('settings');
  await expect(settings).toBeVisible();
  await expect(settings.getByTestId('interface-language')).toBeVisible();
  await expect(settings.getByTestId('model-row').first()).toBeVisible();
  await expectNoSmallTargets(settings, 'in Settings');
  // What the Details summaries hold counts too.
  for (const details of await settings.locator('details').all()) await details.locator('summary').click();
  await expectNoSmallTargets(settings, 'in Settings, every Details open');
});

test('every tap target in the viewer is big enough', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [generated('travel-guide.pdf')]);
  const first = await searchFor(page, 'at what hour do trains pull into the station');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'travel-guide.pdf');
  await first.getByTestId('result-proposition').first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toBeVisible();
  await expectNoSmallTargets(viewer, 'in the viewer');
  await viewer.getByTestId('viewer-view-image').click();
  await expect(viewer.locator('.pdf-highlight')).toBeVisible();
  await expectNoSmallTargets(viewer, 'in the viewer, with the page image');
});
