/**
 * An encrypted PDF from ../shared/eval (user password "password"): a wrong password is said once,
 * with what to do, and the right one opens it.
 */
import { join } from 'node:path';
import { expect, test } from './support';

const PDF = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'eval',
  'docs',
  'pdf',
  'encrypted',
  'skew-encrypted-rc4-userpw-password.pdf',
);

test('a wrong password is said once, with what to do; the right one opens the PDF', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles([PDF]);
  const row = page.locator('[data-testid="doc-row"][data-name="skew-encrypted-rc4-userpw-password.pdf"]');
  await expect(row).toHaveAttribute('data-status', 'needs-password', { timeout: 60_000 });
  await row.getByTestId('password-input').fill('not it');
  await row.getByTestId('password-input').press('Enter');
  const error = row.getByTestId('error');
  await expect(error).toContainText('does not open', { timeout: 60_000 });
  // Said once: no second sentence that the password did not work.
  // (The file's own name holds the word "password": count what is said about it instead.)
  const text = (await error.innerText()).toLowerCase();
  expect(text.match(/does not open|did not work|wrong/g)).toEqual(['does not open']);
  await expect(error).toContainText('enter it again below');
  await expect(page.getByTestId('error')).toHaveCount(1);

  await row.getByTestId('password-input').fill('password');
  await row.getByTestId('password-input').press('Enter');
  await expect(
    page.locator('[data-testid="doc-row"][data-name="skew-encrypted-rc4-userpw-password.pdf"]'),
  ).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
});
