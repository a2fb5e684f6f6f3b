import { FILE_TYPES, fileHandlerAccept, shareTargetAccept } from '../common/file-types';
import { expect, test } from './support';

test('the manifest lets an installed Carrel open every type it reads, and the file picker offers them', async ({
  request,
  page,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest.file_handlers).toEqual([{ action: '/', accept: fileHandlerAccept() }]);
  // The extensions the old copies of the list disagreed about: the text and Markdown readers take them.
  expect(manifest.file_handlers[0].accept['text/plain']).toEqual(['.txt', '.text', '.rst', '.log']);
  expect(manifest.file_handlers[0].accept['text/markdown']).toEqual(['.md', '.markdown', '.mdown', '.mkd']);
  expect(manifest.share_target).toMatchObject({ action: '/share', method: 'POST', enctype: 'multipart/form-data' });
  expect(manifest.share_target.params.files).toEqual([{ name: 'files', accept: shareTargetAccept() }]);
  for (const type of FILE_TYPES) expect(manifest.share_target.params.files[0].accept).toContain(type.mime);

  await page.goto('/');
  const picker = (await page.getByTestId('file-input').getAttribute('accept'))?.split(',');
  expect(picker).toEqual(FILE_TYPES.flatMap((type) => type.extensions.map((extension) => `.${extension}`)));
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
