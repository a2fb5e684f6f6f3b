/** Conversations: questions and answers kept in IndexedDB, reopened, renamed and deleted. */
import { addFiles, expect, fixture, searchFor, test } from './support';

test('questions become conversations that can be reopened, renamed and deleted, and survive a reload', async ({ page }) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const rows = page.getByTestId('conversation-row');

  await searchFor(page, 'what did the physician prescribe');
  await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-turns', '1');
  await expect(rows.first().getByTestId('conversation-open')).toHaveText('what did the physician prescribe');

  // A follow-up is a second turn of the same conversation.
  await searchFor(page, 'how many days must the antibiotics course last');
  await expect(page.getByTestId('answer')).toContainText('ten days');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-turns', '2');

  await rows.first().getByTestId('conversation-rename').click();
  await page.getByTestId('conversation-name').fill('Antibiotics');
  await page.getByTestId('conversation-name').press('Enter');
  await expect(rows.first().getByTestId('conversation-open')).toHaveText('Antibiotics');

  // A new conversation starts empty: its first question is not read as a follow-up.
  await page.getByTestId('conversation-new').click();
  await expect(page.getByTestId('search-input')).toHaveValue('');
  await searchFor(page, 'when do tomatoes grow best');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('searched-query')).toHaveCount(0);

  await page.reload();
  await expect(rows).toHaveCount(2);
  const antibiotics = rows.filter({ hasText: 'Antibiotics' });
  await antibiotics.getByTestId('conversation-open').click();
  await expect(page.getByTestId('search-input')).toHaveValue('how many days must the antibiotics course last');
  await expect(antibiotics).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('answer')).toContainText('ten days');

  await rows.filter({ hasText: 'tomatoes' }).getByTestId('conversation-delete').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Antibiotics');
});
