/**
 * Real documents added one at a time, as a person adds them: PDFs (one scanned, one encrypted and
 * given its password), Markdown, HTML and text from ../shared/eval, each as soon as the one before
 * it is ready. Every one must become ready. (Pauses between files, as a person leaves them, are
 * e2e/one-by-one.stress.ts's soak: timed in the page, not slept by the test.)
 */
import { join } from 'node:path';
import { expect, test } from './support';

const DOCS = join(import.meta.dirname, '..', '..', 'shared', 'eval', 'docs');
const FILES = [
  'pdf/R-intro.pdf',
  'markdown/google-shellguide.md',
  'pdf/NIST.SP.800-61r2.pdf',
  'pdf/scanned/huckfinn-p22-scan.pdf',
  'html/postgresql15-datatype-json.html',
  'pdf/encrypted/skew-encrypted-rc4-userpw-password.pdf',
  'markdown/nodejs18-api-path.md',
  'pdf/NIST-CSF-2014.pdf',
  'html/python311-tutorial-classes.html',
  'pdf/libreoffice-tagged-demo.pdf',
  'text/rfc2616.txt',
  'markdown/google-docguide-style.md',
];
const PASSWORD = 'password';

test('twelve real documents added one by one, each after the one before is ready, all become ready', async ({
  page,
}) => {
  await page.goto('/');
  for (const file of FILES) {
    const name = file.split('/').pop()!;
    const row = page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
    await page.getByTestId('file-input').setInputFiles([join(DOCS, file)]);
    await expect(row).not.toHaveAttribute('data-status', 'queued', { timeout: 10_000 });
    if (file.includes('encrypted/')) {
      await expect(row).toHaveAttribute('data-status', 'needs-password', { timeout: 60_000 });
      await row.getByTestId('password-input').fill(PASSWORD);
      await row.getByTestId('password-input').press('Enter');
    }
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 300_000 });
  }
  await expect(page.locator('[data-testid="doc-row"][data-status="ready"]')).toHaveCount(FILES.length);
});
