/** Conversations: questions and answers kept in IndexedDB, reopened, renamed and deleted. */
import { addFiles, expect, fixture, searchFor, test } from './support';

test('questions become conversations that can be reopened, renamed and deleted, and survive a reload', async ({
  page,
}) => {
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

test('an open conversation reads back as a thread, splits off an unrelated question, exports, and is not duplicated by a reload', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md'), fixture('travel-guide.html')]);
  const rows = page.getByTestId('conversation-row');
  const turns = page.getByTestId('conversation-turn');

  await searchFor(page, 'what did the physician prescribe');
  await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');
  await searchFor(page, 'how many days must the antibiotics course last');
  await expect(page.getByTestId('answer')).toContainText('ten days');
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(0)).toContainText('what did the physician prescribe');
  await expect(turns.nth(0)).toContainText('physician prescribed antibiotics');
  await expect(turns.nth(0)).toContainText('clinic-notes.md');
  // The newest turn keeps its question and time; its answer is the one shown below the thread, once.
  await expect(turns.nth(1)).toContainText('how many days must the antibiotics course last');
  await expect(turns.nth(1).locator('time')).toHaveCount(1);
  await expect(turns.nth(1)).toHaveAttribute('data-answer-below', 'true');
  await expect(turns.nth(1)).not.toContainText('ten days');
  // The first answer may quote the same sentence as context; anywhere else in the thread it would be a copy.
  const inFirstTurn = await turns.nth(0).getByText('ten days').count();
  await expect(page.getByTestId('conversation-thread').getByText('ten days')).toHaveCount(inFirstTurn);
  // Cleared from the search box, the answer is no longer below: the thread shows it in full.
  await page.getByTestId('search-input').fill('');
  await expect(turns.nth(1)).toContainText('ten days');
  await expect(turns.nth(1)).toHaveAttribute('data-answer-below', 'false');

  // Nothing in common with the thread (no word, no document): a conversation of its own.
  await searchFor(page, 'when does the train arrive at the station');
  await expect(page.getByTestId('answer')).toContainText('noon');
  await expect(rows).toHaveCount(2);
  await expect(turns).toHaveCount(1);
  await expect(rows.filter({ hasText: 'train' })).toHaveAttribute('data-current', 'true');

  // ArrowUp walks back through earlier questions, ArrowDown forward to what was typed. The draft
  // shares a word with the open thread: if its answer comes before the walk starts (a slow machine),
  // it is one more turn of that thread, not a third conversation.
  const input = page.getByTestId('search-input');
  await input.fill('sleeper train');
  await input.press('ArrowUp');
  await expect(input).toHaveValue('when does the train arrive at the station');
  await input.press('ArrowUp');
  await expect(input).toHaveValue('how many days must the antibiotics course last');
  await input.press('ArrowDown');
  await expect(input).toHaveValue('when does the train arrive at the station');
  await input.press('ArrowDown');
  await expect(input).toHaveValue('sleeper train');

  await page.reload();
  await expect(rows).toHaveCount(2);
  const clinic = rows.filter({ hasText: 'physician' });
  await clinic.getByTestId('conversation-open').click();
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(0)).toContainText('what did the physician prescribe');

  const download = async (testId: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  };
  const md = await download('conversation-export-md');
  expect(md.name).toMatch(/\.md$/);
  expect(md.text).toContain('## what did the physician prescribe');
  expect(md.text).toContain('## how many days must the antibiotics course last');
  expect(md.text).toContain('ten days');
  const json = await download('conversation-export-json');
  expect(json.name).toMatch(/\.json$/);
  expect(JSON.parse(json.text).turns.map((t: { question: string }) => t.question)).toEqual([
    'what did the physician prescribe',
    'how many days must the antibiotics course last',
  ]);

  // After another reload, asking a kept question again continues its conversation.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await searchFor(page, 'when does the train arrive at the station');
  await expect(page.getByTestId('answer')).toContainText('noon');
  await expect(rows.filter({ hasText: 'train' })).toHaveAttribute('data-current', 'true');
  await expect(rows).toHaveCount(2);
  await expect(turns.last()).toContainText('when does the train arrive at the station');
});
