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

test('an open conversation reads back as a thread, offers a new one for an unrelated question, exports, and stays open across a reload', async ({
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

  // Nothing in common with the thread (no word, no document): a conversation of its own is offered,
  // not started; the question is a turn of the open one until the person accepts.
  const offer = page.getByTestId('conversation-offer');
  await searchFor(page, 'when does the train arrive at the station');
  await expect(page.getByTestId('answer')).toContainText('noon');
  await expect(offer).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-turns', '3');
  await page.getByTestId('conversation-offer-accept').click();
  await expect(rows).toHaveCount(2);
  await expect(turns).toHaveCount(1);
  await expect(rows.filter({ hasText: 'train' })).toHaveAttribute('data-current', 'true');
  await expect(rows.filter({ hasText: 'physician' })).toHaveAttribute('data-turns', '2');
  await expect(offer).toHaveCount(0);

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

  // A question asked before does not go back to its old conversation: after a reload the open one
  // is still open, and the question is offered a conversation of its own there; kept, it stays.
  await page.reload();
  await expect(clinic).toHaveAttribute('data-current', 'true');
  await searchFor(page, 'when does the train arrive at the station');
  await expect(page.getByTestId('answer')).toContainText('noon');
  await expect(page.getByTestId('conversation-offer')).toBeVisible();
  await page.getByTestId('conversation-offer-decline').click();
  await expect(page.getByTestId('conversation-offer')).toHaveCount(0);
  await expect(clinic).toHaveAttribute('data-turns', '3');
  await expect(rows.filter({ hasText: 'train' })).toHaveAttribute('data-current', 'false');
  await expect(rows).toHaveCount(2);

  // After "New conversation", a question asked before starts a conversation of its own.
  await page.getByTestId('conversation-new').click();
  await searchFor(page, 'what did the physician prescribe');
  await expect(page.getByTestId('answer')).toContainText('physician prescribed antibiotics');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAttribute('data-current', 'true');
  await expect(rows.first()).toHaveAttribute('data-turns', '1');
  await expect(turns).toHaveCount(1);
});

test('the conversation list filters by name and question, and keeps Rename and Delete on one line at every width', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  const rows = page.getByTestId('conversation-row');
  const questions = [
    'what did the physician prescribe to treat the bacterial infection at the clinic',
    'when do tomatoes grow best',
    'what profits did the clinic report',
  ];
  for (const [i, question] of questions.entries()) {
    if (i) await page.getByTestId('conversation-new').click();
    await searchFor(page, question);
    await expect(rows).toHaveCount(i + 1);
  }

  const filter = page.getByTestId('conversation-filter');
  await filter.fill('TOMATOES');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('tomatoes');
  await rows.first().getByTestId('conversation-rename').click();
  await page.getByTestId('conversation-name').fill('Garden');
  await page.getByTestId('conversation-name').press('Enter');
  await filter.fill('garden');
  await expect(rows).toHaveCount(1);
  // A question asked in it still finds it, though its name no longer holds the word.
  await filter.fill('tomatoes grow');
  await expect(rows).toHaveCount(1);
  await filter.fill('nothing like this');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No conversation matches “nothing like this”.')).toBeVisible();
  await filter.fill('');
  await expect(rows).toHaveCount(3);

  for (const width of [320, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const row of await rows.all()) {
      const [title, rename, remove] = await Promise.all(
        ['conversation-open', 'conversation-rename', 'conversation-delete'].map(
          async (id) => (await row.getByTestId(id).boundingBox())!,
        ),
      );
      const box = (await row.boundingBox())!;
      // One line each, side by side, inside the row, and the row inside the page. On a phone a
      // link-like button is a 32 px tap target; a second line of text would make it taller than 40.
      expect(rename.height, `Rename at ${width} px`).toBeLessThan(40);
      expect(remove.height, `Delete at ${width} px`).toBeLessThan(40);
      expect(Math.abs(rename.y - remove.y), `Rename and Delete side by side at ${width} px`).toBeLessThan(2);
      expect(title.height, `title on one line at ${width} px`).toBeLessThan(40);
      expect(title.x + title.width).toBeLessThanOrEqual(rename.x);
      expect(remove.x + remove.width).toBeLessThanOrEqual(box.x + box.width + 1);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
  }
  // The long title is cut on screen, whole in its tooltip and its text.
  const long = rows.filter({ hasText: 'physician' }).getByTestId('conversation-open');
  await expect(long).toHaveAttribute('title', /at the clinic$/);
});

test('a question joins the thread in the frame its results appear in, so nothing moves under the pointer after', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [fixture('clinic-notes.md')]);
  // Every frame the page draws: whether its first result is there, and where, and whether the thread holds the question.
  await page.evaluate(() => {
    const frames: { top: number; asked: boolean }[] = [];
    (window as unknown as { frames_: typeof frames }).frames_ = frames;
    const look = () => {
      const result = document.querySelector('[data-testid="result"]');
      const thread = document.querySelector('[data-testid="conversation-thread"]')?.textContent ?? '';
      if (result)
        frames.push({ top: result.getBoundingClientRect().top, asked: thread.includes('doctor gave medicine') });
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await searchFor(page, 'doctor gave medicine for the sickness');
  await expect(page.getByTestId('conversation-thread')).toContainText('doctor gave medicine for the sickness');
  await expect(page.getByTestId('answer')).toBeVisible();
  const frames = await page.evaluate(
    () => (window as unknown as { frames_: { top: number; asked: boolean }[] }).frames_,
  );
  expect(frames.length).toBeGreaterThan(0);
  // From the first frame with a result: the question already in the thread, and the result where it stays.
  expect(frames.filter((frame) => !frame.asked)).toEqual([]);
  expect(new Set(frames.map((frame) => frame.top)).size).toBe(1);
});
