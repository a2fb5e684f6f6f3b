import { expect, test } from './support';

test('the manifest lets an installed Carrel open PDF, Markdown, text and HTML files', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest.file_handlers).toEqual([
    {
      action: '/',
      accept: {
        'application/pdf': ['.pdf'],
        'text/markdown': ['.md', '.markdown'],
        'text/plain': ['.txt'],
        'text/html': ['.html', '.htm'],
      },
    },
  ]);
});

test('files the OS launches Carrel with are added to the library', async ({ page }) => {
  // Stand in for the browser's launch queue: hand the page one file, as "Open with Carrel" would.
  await page.addInitScript(() => {
    const handle = { getFile: async () => new File(['# Launched\n\nThe lighthouse keeper logs every passing ship.'], 'launched.md', { type: 'text/markdown' }) };
    Object.defineProperty(window, 'launchQueue', {
      value: { setConsumer: (consumer: (params: { files: unknown[] }) => void) => consumer({ files: [handle] }) },
    });
  });
  await page.goto('/');
  await expect(page.locator('[data-testid="doc-row"][data-name="launched.md"]')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
});
