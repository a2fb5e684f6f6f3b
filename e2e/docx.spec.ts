/** Word documents through the file input: read with their headings, found in other words, shown formatted; bad ones refused. */
import { docxParts, makeDocx, makeZip } from '../scripts/lib/docx-fixture';
import { addFiles, expect, searchFor, test } from './support';

const MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const filler = (topic: string) =>
  `New colleagues often ask about ${topic}; the office manager keeps this page current and answers anything it leaves out, usually the same day, by mail or in person at the front desk.`;
const HANDBOOK = makeDocx([
  { heading: 1, text: 'Harbour Office Handbook' },
  { text: 'Everything a new colleague needs in the first week, from the ferry timetable to the meeting rooms.' },
  { heading: 2, text: 'Getting there' },
  { text: 'The ferry from the north pier leaves every twenty minutes and stops beside the office.' },
  { text: filler('the ferry') },
  { heading: 3, text: 'Cycling' },
  { text: filler('cycling to work') },
  {
    bullets: [
      'Bicycles are parked in the yard behind the building, never in the corridors.',
      'Lock the front wheel to the rail.',
    ],
  },
  { heading: 2, text: 'Rooms' },
  { text: filler('the rooms') },
  {
    table: [
      ['Room', 'Seats'],
      ['Lighthouse', '12'],
      ['Dock', '4'],
    ],
  },
]);

test('a Word document is read with its headings, found in other words, and opens formatted with the passage marked', async ({
  page,
}) => {
  await page.goto('/');
  await addFiles(page, [{ name: 'handbook.docx', mimeType: MIME, buffer: HANDBOOK }]);
  const row = page.locator('[data-testid="doc-row"][data-name="handbook.docx"]');
  await expect(row).toContainText('Word');

  const first = await searchFor(page, 'where do I leave my bike');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'handbook.docx');
  await expect(first.getByTestId('result-section')).toContainText('Getting there › Cycling');
  await first.getByTestId('result-proposition').first().click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('viewer-highlight')).toContainText('parked in the yard');
  await expect(viewer.getByRole('heading', { name: 'Cycling', level: 3 })).toBeVisible();
  await expect(viewer.getByRole('cell', { name: 'Lighthouse' })).toBeVisible();
});

test('a truncated Word file, a zip bomb, XML declaring entities, a protected file and a ZIP of something else are refused; the rest is read', async ({
  page,
}) => {
  await page.goto('/');
  const protectedFile = Buffer.alloc(1024);
  protectedFile.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const bad = {
    'cut.docx': HANDBOOK.subarray(0, HANDBOOK.length - 60),
    'bomb.docx': makeZip(docxParts([{ text: 'tiny' }]), { declare: { 'word/document.xml': 3 * 2 ** 30 } }),
    'locked.docx': protectedFile,
    'photos.docx': makeZip([{ name: 'beach.txt', data: 'a list of photos' }]),
    'entities.docx': makeZip(
      docxParts([]).map((part) =>
        part.name === 'word/document.xml'
          ? {
              ...part,
              data: String(part.data)
                .replace(
                  '<w:document',
                  '<!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY xxe SYSTEM "file:///etc/passwd">]><w:document',
                )
                .replace('<w:body>', '<w:body><w:p><w:r><w:t>&b;&xxe;</w:t></w:r></w:p>'),
            }
          : part,
      ),
    ),
  };
  await page
    .getByTestId('file-input')
    .setInputFiles([
      ...Object.entries(bad).map(([name, buffer]) => ({ name, mimeType: MIME, buffer })),
      { name: 'handbook.docx', mimeType: MIME, buffer: HANDBOOK },
    ]);
  const messages = {
    'cut.docx': /damaged or incomplete/,
    'bomb.docx': /would unpack to/,
    'locked.docx': /password/,
    'photos.docx': /not a Word document/,
    'entities.docx': /XML entities/,
  };
  for (const [name, message] of Object.entries(messages)) {
    const row = page.locator(`[data-testid="doc-row"][data-name="${name}"]`);
    await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
    await expect(row.getByTestId('error')).toContainText(message);
  }
  await expect(page.locator('[data-testid="doc-row"][data-name="handbook.docx"]')).toHaveAttribute(
    'data-status',
    'ready',
    { timeout: 60_000 },
  );
  const first = await searchFor(page, 'how often does the ferry leave the pier');
  await expect(first.getByTestId('result-doc')).toHaveAttribute('data-name', 'handbook.docx');
});
