/**
 * Documents are data, never live HTML (DESIGN §8): hostile HTML and Markdown run nothing,
 * open no dialog and fetch nothing (the support fixture fails on any off-origin request), and bad
 * or repeated files each get a clear message while the library keeps working.
 */
import { addFiles, expect, searchFor, test } from './support';

const HOSTILE_HTML = `<!doctype html><html><head><title>Hostile page</title>
<style>body { background: url("https://attacker.invalid/css-bg") } @import url("https://attacker.invalid/import.css");</style>
<script>window.__pwned = 'script'; alert('script')</script></head>
<body><h1>Harbour safety</h1>
<p>The harbour master inspects every lifeboat before the winter storms arrive. <img src="https://attacker.invalid/pixel.png" onerror="window.__pwned='onerror'; alert('onerror')"></p>
<p><a href="javascript:alert('link')">Lifeboat rota</a> lists who rows on which night.</p>
<svg><script>window.__pwned = 'svg'</script><image href="https://attacker.invalid/svg.png"/></svg>
<iframe src="https://attacker.invalid/frame"></iframe>
</body></html>`;

const HOSTILE_MD = `# Beekeeping <a id="beekeeping"></a>

<!-- AUTHORS: a note for the editors only -->

Beekeepers harvest honey from the hives in late summer. <img src="x" onerror="window.__pwned='md'; alert('md')">

<script>window.__pwned = 'md-script'</script>

[Swarm calendar](javascript:alert('md-link')) ![tracker](https://attacker.invalid/md.png)

<div style="background:url(https://attacker.invalid/md-css)">Queen bees are marked with a coloured dot.</div>
`;

test('hostile HTML and Markdown execute nothing, open no dialog, fetch nothing — in the list and in results', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles([
    { name: '<img src=x onerror=alert(1)>.html', mimeType: 'text/html', buffer: Buffer.from(HOSTILE_HTML) },
    { name: 'bees.md', mimeType: 'text/markdown', buffer: Buffer.from(HOSTILE_MD) },
  ]);
  const htmlRow = page.locator('[data-testid="doc-row"][data-name="<img src=x onerror=alert(1)>.html"]');
  await expect(htmlRow).toHaveAttribute('data-status', 'ready');
  await expect(htmlRow).toContainText('<img src=x onerror=alert(1)>.html');
  await expect(page.locator('[data-testid="doc-row"][data-name="bees.md"]')).toHaveAttribute('data-status', 'ready');

  let first = await searchFor(page, 'lifeboat inspection before storms');
  await expect(first.getByTestId('result-proposition').first()).toContainText('harbour master inspects every lifeboat');
  first = await searchFor(page, 'honey harvest from hives');
  await expect(first.getByTestId('result-proposition').first()).toContainText('harvest honey');
  // The passage is the text a reader sees: no tags, anchors or comments.
  await expect(first.getByTestId('result-proposition').first()).not.toContainText('<img');
  // Opened in the viewer, the Markdown is formatted; its raw HTML is drawn from the allow-list
  // (text kept, scripts and attributes dropped) and its comments and anchors show nothing.
  await first.getByTestId('result-proposition').first().click();
  await expect(page.getByTestId('viewer-highlight')).toContainText('harvest honey');
  await expect(page.getByTestId('viewer')).toContainText('Queen bees are marked with a coloured dot.');
  for (const hidden of ['<script', '__pwned', '<div', '<a id', 'AUTHORS', '<img'])
    await expect(page.getByTestId('viewer')).not.toContainText(hidden);
  await expect(page.getByTestId('viewer').getByRole('heading', { name: 'Beekeeping', level: 1 })).toBeVisible();
  await expect(page.getByTestId('viewer')).toContainText('Swarm calendar');
  await page.getByTestId('viewer').getByRole('button', { name: /back/i }).click();
  await expect(page.getByTestId('viewer')).toHaveCount(0);
  // The hostile page, formatted in the viewer from an allow-list: its text, none of its elements.
  const harbour = await searchFor(page, 'lifeboat inspection before storms');
  // (The first result is the previous question's until the new answer arrives.)
  await expect(harbour.getByTestId('result-proposition').first()).toContainText(
    'harbour master inspects every lifeboat',
  );
  await harbour.getByTestId('result-proposition').first().click();
  await expect(page.getByTestId('viewer-highlight')).toContainText('harbour master inspects every lifeboat');
  await expect(page.getByTestId('viewer').getByRole('heading', { name: 'Harbour safety', level: 1 })).toBeVisible();
  await expect(page.getByTestId('viewer')).toContainText('Lifeboat rota');
  // The raw markup, where it is shown, is shown as text: no element of the document reaches the DOM.
  await expect(
    page.locator('img[onerror], img[src*="attacker"], svg script, iframe, a[href^="javascript:"], [style*="attacker"]'),
  ).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('the same file twice is one document, and the second add says so', async ({ page }) => {
  await page.goto('/');
  const file = {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Otters hold hands while they sleep so they do not drift apart.'),
  };
  await page.getByTestId('file-input').setInputFiles([file]);
  await expect(page.locator('[data-testid="doc-row"][data-name="notes.txt"]')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('file-input').setInputFiles([{ ...file, name: 'notes copy.txt' }]);
  await expect(page.getByText(/already in (your|the) library/i)).toBeVisible();
  await expect(page.getByTestId('doc-row')).toHaveCount(1);
});

test('empty files and binary bytes behind a text name are refused with a message; the rest still indexes', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles([
    { name: 'empty.md', mimeType: 'text/markdown', buffer: Buffer.alloc(0) },
    {
      name: 'archive.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    },
    {
      name: 'ok.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Kites\n\nA kite needs a steady wind of about twenty kilometres an hour.'),
    },
  ]);
  for (const name of ['empty.md', 'archive.txt']) {
    const row = page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
    await expect(row).toHaveAttribute('data-status', 'failed');
    await expect(row.getByTestId('error')).not.toBeEmpty();
  }
  await addFiles(page, []);
  await expect(page.locator('[data-testid="doc-row"][data-name="ok.md"]')).toHaveAttribute('data-status', 'ready');
  const first = await searchFor(page, 'wind speed for flying a kite');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'ok.md');
});
