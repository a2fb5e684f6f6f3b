import { describe, expect, it } from 'vitest';
import { makeZip } from '../../scripts/lib/docx-fixture';
import { epubParts, makeEpub, type EpubChapter } from '../../scripts/lib/epub-fixture';
import { resolveInside } from './epub-html';
import { sectionsByHeading } from '../chunk/sections';
import { parseEpub } from './epub';
import { bytes, refusal } from './parse.test-support';

const CHAPTERS: EpubChapter[] = [
  {
    file: 'one.xhtml',
    title: 'The Lighthouse',
    paragraphs: ['The keeper climbs one hundred steps at dusk to light the lamp.'],
  },
  {
    file: 'two.xhtml',
    title: 'The Storm',
    heading: 'II. The Storm',
    paragraphs: ['Waves broke over the harbour wall all night.'],
  },
  { file: 'three.xhtml', title: 'The Rescue', paragraphs: ['At dawn the lifeboat brought the fishermen home.'] },
];

describe('parseEpub', () => {
  it('reads the chapters in the spine order, titled from the navigation document, as one document', async () => {
    const book = makeEpub('Tales of the Coast', CHAPTERS, { spine: ['three.xhtml', 'one.xhtml', 'two.xhtml'] });
    const parsed = await parseEpub(bytes(book), 'coast.epub');
    expect(parsed.kind).toBe('epub');
    expect(parsed.title).toBe('Tales of the Coast');
    const sections = sectionsByHeading(parsed.blocks, parsed.title);
    expect(sections.map((s) => s.headingPath.at(-1))).toEqual(['The Rescue', 'The Lighthouse', 'II. The Storm']);
    expect(sections[1]!.headingPath).toEqual(['Tales of the Coast', 'The Lighthouse']);
    expect(parsed.text.indexOf('lifeboat')).toBeLessThan(parsed.text.indexOf('keeper climbs'));
  });

  it('refuses a spine that points outside the book', async () => {
    const book = makeEpub('Escape', CHAPTERS, { spine: ['one.xhtml', '../../etc/passwd'] });
    const error = await refusal(parseEpub(bytes(book), 'escape.epub'));
    expect(error.code).toBe('ARCHIVE_INVALID');
    expect(error.message).toContain('outside the book');
  });

  it('refuses DRM, and a ZIP that is not a book', async () => {
    const drm = makeZip(
      epubParts('Locked', CHAPTERS, {
        extra: [
          {
            name: 'META-INF/encryption.xml',
            data: '<encryption><EncryptedData><CipherData><CipherReference URI="OEBPS/one.xhtml"/></CipherData></EncryptedData></encryption>',
          },
        ],
      }),
    );
    expect((await refusal(parseEpub(bytes(drm), 'locked.epub'))).code).toBe('DOCUMENT_PROTECTED');
    const fonts = makeZip(
      epubParts('Fonts', CHAPTERS, {
        extra: [
          {
            name: 'META-INF/encryption.xml',
            data: '<encryption><EncryptedData><CipherData><CipherReference URI="OEBPS/fonts/serif.otf"/></CipherData></EncryptedData></encryption>',
          },
        ],
      }),
    );
    expect((await parseEpub(bytes(fonts), 'fonts.epub')).text).toContain('lifeboat');
    const other = await refusal(parseEpub(bytes(makeZip([{ name: 'notes.txt', data: 'hello' }])), 'notes.epub'));
    expect(other.message).toContain('not an EPUB book');
  });

  it('resolves chapter paths inside the archive only', () => {
    expect(resolveInside('OEBPS', 'text/ch1.xhtml#p3')).toBe('OEBPS/text/ch1.xhtml');
    expect(resolveInside('OEBPS/text', '../images/a.png')).toBe('OEBPS/images/a.png');
    expect(resolveInside('OEBPS', '../../x')).toBeNull();
    expect(resolveInside('OEBPS', 'https://example.com/ch.xhtml')).toBeNull();
    expect(resolveInside('OEBPS', '/etc/passwd')).toBeNull();
  });
});
