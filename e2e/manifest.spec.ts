import { expect, test } from './support';

test('the manifest lets an installed Carrel open PDF, Word, EPUB, Markdown, text and HTML files', async ({
  request,
}) => {
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
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
        'application/epub+zip': ['.epub'],
        'application/vnd.oasis.opendocument.text': ['.odt'],
        'application/vnd.oasis.opendocument.presentation': ['.odp'],
        'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
        'image/png': ['.png'],
        'image/jpeg': ['.jpg', '.jpeg'],
        'image/webp': ['.webp'],
        'image/tiff': ['.tif', '.tiff'],
      },
    },
  ]);
  expect(manifest.share_target).toMatchObject({ action: '/share', method: 'POST', enctype: 'multipart/form-data' });
  expect(manifest.share_target.params.files).toEqual([
    {
      name: 'files',
      accept: expect.arrayContaining([
        'application/pdf',
        '.pdf',
        'text/markdown',
        '.md',
        'text/plain',
        '.txt',
        'text/html',
        '.html',
        '.docx',
        '.epub',
        '.odt',
        '.odp',
        '.pptx',
        '.png',
        '.jpg',
        '.webp',
      ]),
    },
  ]);
});

test('files the OS launches Carrel with are added to the library', async ({ page }) => {
  // Stand in for the browser's launch queue: hand the page one file, as "Open with Carrel" would.
  await page.addInitScript(() => {
    const handle = {
      getFile: async () =>
        new File(['# Launched\n\nThe lighthouse keeper logs every passing ship.'], 'launched.md', {
          type: 'text/markdown',
        }),
    };
    Object.defineProperty(window, 'launchQueue', {
      value: { setConsumer: (consumer: (params: { files: unknown[] }) => void) => consumer({ files: [handle] }) },
    });
  });
  await page.goto('/');
  await expect(page.locator('[data-testid="doc-row"][data-name="launched.md"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
});

test(
  'a file shared to Carrel goes through the service worker into the library',
  { tag: '@service-worker' },
  async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // What the share sheet does: POST the files as multipart form data to the share_target action.
    const landed = await page.evaluate(async () => {
      const form = new FormData();
      form.append(
        'files',
        new File(['# Shared\n\nThe beekeeper moves the hives before the frost.'], 'shared-notes.md', {
          type: 'text/markdown',
        }),
      );
      const response = await fetch('/share', { method: 'POST', body: form });
      return new URL(response.url).pathname + new URL(response.url).search;
    });
    expect(landed).toBe('/?shared');
    await page.goto('/?shared');
    await expect(page.locator('[data-testid="doc-row"][data-name="shared-notes.md"]')).toHaveAttribute(
      'data-status',
      'ready',
      { timeout: 60_000 },
    );
    await expect(page).toHaveURL(/\/$/);
  },
);
