/** OpenDocument text and presentations and PowerPoint through the file input: read with their headings, found in other words, shown formatted; bad ones refused. */
import { makeDocx } from '../scripts/lib/docx-fixture';
import { makeOdp, makeOdt, makePptx } from '../scripts/lib/office-fixture';
import type { Locator, Page } from '@playwright/test';
import { addFiles, expect, searchFor, test } from './support';

const ODT_MIME = 'application/vnd.oasis.opendocument.text';
const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const filler = (topic: string) =>
  `New colleagues often ask about ${topic}; the office manager keeps this page current and answers anything it leaves out, usually the same day, by mail or in person at the front desk.`;
/** The same two slides as PowerPoint and as OpenDocument. */
const INDUCTION = [
  {
    title: 'Welcome',
    body: ['Everything for your first week at the harbour office.', filler('the first week')],
    notes: ['Greet everyone and hand out the visitor badges before the tour of the building starts.'],
  },
  {
    title: 'Getting there',
    body: [
      'The ferry from the north pier leaves every twenty minutes and stops beside the office.',
      filler('the ferry'),
    ],
  },
];

/** Searches for the first slide's speaker notes; `check` looks at the results before the hit opens formatted. */
async function findSpeakerNotes(page: Page, check: (first: Locator) => Promise<void>) {
  const first = await searchFor(page, 'who hands out the visitor badges');
  await expect(first.getByTestId('result-section')).toContainText('Welcome › Speaker notes');
  await check(first);
  await first.getByTestId('result-proposition').filter({ hasText: 'visitor badges' }).first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('visitor badges');
  await expect(viewer.getByRole('heading', { name: 'Getting there', level: 1 })).toBeVisible();
}

test('an OpenDocument text is read with its outline headings, found in other words, and opens formatted with the passage marked', async ({
  page,
}) => {
  await page.goto('/');
  const odt = makeOdt('Harbour Office Handbook', [
    { heading: 1, text: 'Getting there' },
    { text: 'The ferry from the north pier leaves every twenty minutes and stops beside the office.' },
    { text: filler('the ferry') },
    { heading: 2, text: 'Cycling' },
    { text: filler('cycling to work') },
    {
      bullets: [
        'Bicycles are parked in the yard behind the building, never in the corridors.',
        'Lock the front wheel to the rail.',
      ],
    },
  ]);
  await addFiles(page, [{ name: 'handbook.odt', mimeType: ODT_MIME, buffer: odt }]);
  const row = page.locator('[data-testid="doc-row"][data-name="handbook.odt"]');
  await expect(row).toContainText('ODT');

  const first = await searchFor(page, 'where do I leave my bike');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'handbook.odt');
  await expect(first.getByTestId('result-section')).toContainText('Getting there › Cycling');
  await first.getByTestId('result-proposition').filter({ hasText: 'parked in the yard' }).first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('parked in the yard');
  await expect(viewer.getByRole('heading', { name: 'Cycling', level: 2 })).toBeVisible();
});

test('a PowerPoint file gives a section per slide with its title, keeps speaker notes, and opens formatted; bad files fail on their rows', async ({
  page,
}) => {
  await page.goto('/');
  const deck = makePptx('Harbour Induction', INDUCTION);
  const ole = Buffer.alloc(1024);
  ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  await page.getByTestId('file-input').setInputFiles([
    { name: 'locked.pptx', mimeType: PPTX_MIME, buffer: ole },
    { name: 'letter.odt', mimeType: ODT_MIME, buffer: makeDocx([{ text: 'A Word file with the wrong name.' }]) },
    { name: 'induction.pptx', mimeType: PPTX_MIME, buffer: deck },
  ]);
  for (const [name, message] of [
    ['locked.pptx', /password/],
    ['letter.odt', /not an OpenDocument file \(it looks like a Word document\)/],
  ] as const) {
    const bad = page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
    await expect(bad).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
    await expect(bad.getByTestId('error')).toContainText(message);
  }
  const row = page.locator('[data-testid="doc-row"][data-name="induction.pptx"]');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect(row).toContainText('PPTX');

  await findSpeakerNotes(page, (first) =>
    expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'induction.pptx'),
  );
});

test('an OpenDocument presentation gives a section per slide, keeps speaker notes, leaves out footers, and opens formatted', async ({
  page,
}) => {
  await page.goto('/');
  const deck = makeOdp('Harbour Induction', INDUCTION);
  await addFiles(page, [
    { name: 'induction.odp', mimeType: 'application/vnd.oasis.opendocument.presentation', buffer: deck },
  ]);
  const row = page.locator('[data-testid="doc-row"][data-name="induction.odp"]');
  await expect(row).toContainText('ODP');

  await findSpeakerNotes(page, () =>
    expect(page.getByTestId('result').filter({ hasText: 'confidential' })).toHaveCount(0),
  );
});
