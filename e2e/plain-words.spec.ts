/** Settings and results speak plainly, with the figures under "Details", and nothing spills sideways. */
import type { Page } from '@playwright/test';
import { addFiles, expect, fixture, searchFor, test } from './support';

/** Words a person without an engineering background would not understand, shown outside a "Details" disclosure. */
const JARGON =
  /nDCG|MTEB|MIRACL|int8|fp16|fp32|dimensions|q4f16|shader-f16|Prompt API|\bWASM\b|extractive|delimiter|evict|GloVe|config\.json|\btokens?\b/i;

async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  const dialog = page.getByTestId('settings');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('settings explain themselves in plain words, with benchmark figures under Details', async ({ page }) => {
  await page.goto('/');
  const dialog = await openSettings(page);
  await expect(page.getByTestId('model-row').first()).toBeVisible();

  // The header names the model and where it runs in words, and its chips sit centred on the settings button's line.
  const chip = page.getByTestId('model-status');
  await expect(chip).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(chip).toHaveText('Built-in model · on the processor');
  const [chipBox, buttonBox] = [
    (await chip.boundingBox())!,
    (await page.getByTestId('settings-button').boundingBox())!,
  ];
  // A pill of its own height (not stretched to the button's, its words at the top), centred on the button's middle.
  expect(chipBox.height).toBeLessThan(buttonBox.height - 4);
  expect(Math.abs(chipBox.y + chipBox.height / 2 - (buttonBox.y + buttonBox.height / 2))).toBeLessThan(1.5);

  // With no answer model in use, the list asks for one rather than showing one as if it were in use.
  await expect(page.getByTestId('generator-pick')).toHaveValue('');
  await expect(page.getByTestId('generator-pick').locator('option:checked')).toHaveText('Choose a model to download');
  await expect(page.getByTestId('generator-use')).toBeDisabled();

  // innerText leaves out what a closed <details> hides: what a person reads at first sight.
  const shown = await dialog.innerText();
  expect(shown.match(JARGON)?.[0] ?? null).toBeNull();
  expect(shown).not.toContain('Embedding model');
  expect(shown).toContain('address set under Model');
  // Every model says in a sentence what it is good for.
  for (const row of await page.getByTestId('model-row').all())
    await expect(row.locator('.model-summary')).not.toBeEmpty();

  // "Not verified" says what it means and what to do.
  await expect(page.getByTestId('generator-pick')).toContainText('not verified');
  await expect(page.getByTestId('generator-unverified')).toContainText(/means/);
  await expect(page.getByTestId('generator-unverified')).toContainText(/choose\s+None,\s+or another model/);

  // The figures are still there, under Details.
  const bge = page.locator('[data-testid="model-row"][data-model-id="Xenova/bge-small-en-v1.5"]');
  await bge.getByText('Details').click();
  await expect(bge).toContainText(/nDCG@10 ~0\.72/);
  await expect(bge.getByText(/384 dimensions/)).toBeVisible();
});

for (const width of [320, 390, 768, 1280]) {
  test(`nothing in settings or on the page is wider than the screen at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const dialog = await openSettings(page);
    await expect(page.getByTestId('model-row').first()).toBeVisible();
    // Every disclosure open: what it shows must fit too.
    await dialog.locator('details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const spill = await dialog.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const wide = [...el.querySelectorAll('*')]
        .filter(
          (child) => child.getBoundingClientRect().width > 0 && child.getBoundingClientRect().right > box.right + 1,
        )
        .map((child) => `${child.tagName.toLowerCase()} ${child.getAttribute('data-testid') ?? ''}`);
      return { scrolls: el.scrollWidth > el.clientWidth + 1, wide };
    });
    expect(spill).toEqual({ scrolls: false, wide: [] });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await addFiles(page, [fixture('clinic-notes.md')]);
    await searchFor(page, 'doctor gave medicine for the sickness');
    await page.getByTestId('result').first().getByRole('button', { name: 'Details' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByTestId('copy-help').locator('summary').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('the results explain Budget, Copy as prompt, similarity and the Details table', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const first = await searchFor(page, 'doctor gave medicine for the sickness');

  await page.getByTestId('copy-help').locator('summary').click();
  await expect(page.getByTestId('copy-help')).toContainText(/clipboard/);
  await expect(page.getByTestId('copy-help')).toContainText(/budget caps how much/i);
  await expect(first.locator('.score')).toHaveAttribute('title', /close in meaning/);

  await first.getByRole('button', { name: 'Details' }).click();
  const caption = first.getByTestId('result-scores').locator('caption');
  await expect(caption).toBeVisible();
  await expect(caption).toContainText('BM25: a keyword score');
  await expect(caption).toContainText('Fused: the two combined');
});
