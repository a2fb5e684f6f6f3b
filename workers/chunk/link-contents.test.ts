import { describe, expect, it } from 'vitest';
import { parseHtml } from '../parse/html';
import { parseMarkdown } from '../parse/markdown';
import { chunkDocument } from './chunker';
import { contentBlocks } from './navigation';

/** The texts of the blocks of a Markdown or HTML document that are left out as a contents list. */
function navigation(source: string, fileName: string): string[] {
  const parsed = fileName.endsWith('.md') ? parseMarkdown(source, fileName) : parseHtml(source, fileName);
  const kept = new Set(contentBlocks(parsed.blocks));
  return parsed.blocks.filter((b) => !kept.has(b)).map((b) => b.text);
}

const SECTIONS = ['Installing', 'Configuration', 'Mailboxes', 'Backups', 'Troubleshooting'];
/** The sections of a small guide, each with a paragraph of prose. */
const BODY = SECTIONS.map(
  (title) => `## ${title}\n\n${title} is covered here at length, in sentences that explain what to do and why.\n`,
).join('\n');
const anchor = (title: string) => `#${title.toLowerCase()}`;
/** Pages elsewhere, for a list of links that leave the document. */
const ELSEWHERE = ['Postfix', 'Dovecot', 'Rspamd', 'Roundcube', 'Fetchmail'];

describe('a Markdown contents list made of links to its own headings', () => {
  it('is left out as a table of links, under any title or none', () => {
    const table = [
      'Section | Topics',
      '--- | ---',
      ...SECTIONS.map((t) => `[${t}](${anchor(t)}) | [More on ${t}](${anchor(t)})`),
    ].join('\n');
    expect(navigation(`# Mail Guide\n\n${table}\n\n${BODY}`, 'guide.md')).toEqual([
      expect.stringContaining('Installing | More on Installing'),
    ]);
  });

  it('is left out as a numbered list of links, nested ones included', () => {
    const list = SECTIONS.map((t) => `1.  [${t}](${anchor(t)})\n    1.  [${t} in depth](${anchor(t)}-depth)`);
    expect(navigation(`# Mail Guide\n\nIn this guide:\n\n${list.join('\n')}\n\n${BODY}`, 'guide.md')).toHaveLength(5);
  });

  it("is left out as a list repeating the headings' titles in order, without links", () => {
    const list = SECTIONS.map((t, i) => `- Part ${i + 1}: ${t}`).join('\n');
    expect(navigation(`# Mail Guide\n\n${list}\n\n${BODY}`, 'guide.md')).toEqual(
      SECTIONS.map((t, i) => `Part ${i + 1}: ${t}`),
    );
  });

  it('keeps prose that links to a section or two, a "see also" list and a list of external links', () => {
    const prose =
      'Mailboxes fill up quickly; see [Backups](#backups) before you change the quota, and ' +
      '[Troubleshooting](#troubleshooting) when the server refuses to start.';
    const seeAlso = 'See also:\n\n- [Backups](#backups)\n- [Mailboxes](#mailboxes)';
    const external = ELSEWHERE.map((t) => `- [${t}](https://example.org/${t.toLowerCase()})`).join('\n');
    expect(navigation(`# Mail Guide\n\n${prose}\n\n${seeAlso}\n\n${external}\n\n${BODY}`, 'guide.md')).toEqual([]);
  });

  it('leaves out the heading "Table of Contents" with the list under it, and keeps it over a list with prose after', () => {
    const list = SECTIONS.map((t) => `1.  [${t}](${anchor(t)})`).join('\n');
    const source = `# Mail Guide\n\nRevision 2, by the mail team.\n\n## Table of Contents\n\n${list}\n\n${BODY}`;
    expect(navigation(source, 'guide.md')).toEqual(['Table of Contents', ...SECTIONS]);
    // Its passages are still under it; no passage of text holds the heading.
    const countTokens = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const { propositions } = chunkDocument(parseMarkdown(source, 'guide.md'), 'guide', { countTokens });
    const contents = propositions.filter((p) => p.type === 'contents');
    expect(contents.length).toBeGreaterThan(0);
    expect(contents.every((p) => p.headingPath.at(-1) === 'Table of Contents')).toBe(true);
    expect(propositions.filter((p) => p.type !== 'contents' && p.text!.includes('Table of Contents'))).toEqual([]);
    // A sentence under the heading beside the list: the heading is the section's, and stays.
    const withProse = source.replace(list, `${list}\n\nThe guide was last checked in May.`);
    expect(navigation(withProse, 'guide.md')).toEqual(SECTIONS);
  });

  it('keeps prose under a heading "Contents", and a list of short items that are not the headings', () => {
    const contents = '## Contents\n\nThe package contents are a server binary, a configuration file and a manual.';
    const items = ['Fast', 'Small', 'Private', 'Offline', 'Free'].map((t) => `- ${t}`).join('\n');
    expect(navigation(`# Mail Guide\n\n${contents}\n\n${items}\n\n${BODY}`, 'guide.md')).toEqual([]);
  });

  it('is left out as a list of reference-style links whose definitions point at its own headings', () => {
    const list = SECTIONS.map((t, i) => `- [${t}][s${i}] and [the details][d${i}]`).join('\n');
    const definitions = SECTIONS.map((t, i) => `[s${i}]: ${anchor(t)}\n[d${i}]: guide.md${anchor(t)}-details`);
    expect(navigation(`# Mail Guide\n\n${list}\n\n${definitions.join('\n')}\n\n${BODY}`, 'guide.md')).toHaveLength(5);
    // Pointing at the pages of the manual beside it, it is the manual's contents list.
    const pages = SECTIONS.map((t, i) => `[s${i}]: other.md${anchor(t)}\n[d${i}]: ../details.md`);
    expect(navigation(`# Mail Guide\n\n${list}\n\n${pages.join('\n')}\n\n${BODY}`, 'guide.md')).toHaveLength(5);
    // The same list pointing at a site is a list of links elsewhere.
    const elsewhere = SECTIONS.map((t, i) => `[s${i}]: https://example.org/guide.md${anchor(t)}\n[d${i}]: /guide.md#x`);
    expect(navigation(`# Mail Guide\n\n${list}\n\n${elsewhere.join('\n')}\n\n${BODY}`, 'guide.md')).toEqual([]);
  });

  it('keeps the headings of a list that comes after them: a summary, not a contents list', () => {
    const list = SECTIONS.map((t) => `- ${t}`).join('\n');
    expect(navigation(`# Mail Guide\n\n${BODY}\n\n## Summary\n\n${list}`, 'guide.md')).toEqual([]);
  });
});

describe('an HTML contents list', () => {
  const body = SECTIONS.map((t) => `<h2 id="${t.toLowerCase()}">${t}</h2><p>${t} is explained here in a sentence.</p>`);

  it('is left out as a list of in-page links, and as a line-broken paragraph of them', () => {
    const list = `<ul>${SECTIONS.map((t) => `<li><a href="${anchor(t)}">${t}</a></li>`).join('')}</ul>`;
    expect(navigation(`<h1>Guide</h1>${list}${body.join('')}`, 'guide.html')).toHaveLength(5);
    const lines = `<p class="toc">${SECTIONS.map((t) => `<a href="${anchor(t)}">${t}.</a><br>`).join('\n')}</p>`;
    expect(navigation(`<h1>Guide</h1>${lines}${body.join('')}`, 'guide.html')).toEqual([
      SECTIONS.map((t) => `${t}.`).join(' '),
    ]);
  });

  it("is left out as a list of links naming the page's own file before the anchor", () => {
    const list = `<ul>${SECTIONS.map((t) => `<li><a href="./Guide.html${anchor(t)}">All about ${t}</a></li>`).join('')}</ul>`;
    expect(navigation(`<h1>Guide</h1>${list}${body.join('')}`, 'guide.html')).toHaveLength(5);
    const site = list.replaceAll('./Guide.html', 'https://example.org/Guide.html');
    expect(navigation(`<h1>Guide</h1>${site}${body.join('')}`, 'guide.html')).toEqual([]);
  });

  it('is left out as the contents page of a manual split into pages: links to its chapters and their sections', () => {
    const entries = SECTIONS.map(
      (t, i) =>
        `<dt><span class="chapter"><a href="ch${i + 1}.html">${i + 1}. ${t}</a></span></dt>` +
        `<dd><dl><dt><span class="section"><a href="ch${i + 1}.html#more">${i + 1}.1. More about ${t}?</a></span></dt></dl></dd>`,
    );
    const page = `<h1>The Mail FAQ</h1><p>Answers to the questions people ask about mail.</p><dl>${entries.join('')}</dl>`;
    expect(navigation(page, 'index.html')).toHaveLength(10);
    // The same list of downloads (files that are not pages of the manual) is kept.
    const downloads = page.replace(/\.html/g, '.tar.gz');
    expect(navigation(downloads, 'index.html')).toEqual([]);
  });

  it('is left out as a table whose rows each link to a page (a list of illustrations)', () => {
    const rows = SECTIONS.map(
      (t, i) => `<tr><td>The ${t} picture</td><td><a href="#page_${i + 3}">${i + 3}</a></td></tr>`,
    );
    expect(navigation(`<h1>Guide</h1><table>${rows.join('')}</table>${body.join('')}`, 'guide.html')).toHaveLength(1);
  });

  it('keeps a paragraph with in-page links among its words, and a list of links to other pages', () => {
    const prose = `<p>Read <a href="#backups">Backups</a> and <a href="#mailboxes">Mailboxes</a> first, then configure the server.</p>`;
    const others = `<ul>${ELSEWHERE.map((t) => `<li><a href="https://example.org/${t}">${t}</a></li>`).join('')}</ul>`;
    expect(navigation(`<h1>Guide</h1>${prose}${others}${body.join('')}`, 'guide.html')).toEqual([]);
  });
});

describe("a contents list's own title", () => {
  const body = SECTIONS.map((t) => `<h2 id="${t.toLowerCase()}">${t}</h2><p>${t} is explained here in a sentence.</p>`);
  const list = `<dl>${SECTIONS.map((t) => `<dt><a href="${anchor(t)}">${t}</a></dt>`).join('')}</dl>`;

  it('goes with the list it names, in any of the languages people ask for contents in', () => {
    for (const title of ['Table des matières', 'Inhaltsverzeichnis', 'Contents']) {
      const page = `<h1>Chapitre 3</h1><div class="toc"><p><b>${title}</b></p>${list}</div>${body.join('')}`;
      expect(navigation(page, 'chapter.html')).toEqual([title, ...SECTIONS]);
    }
  });

  it('stays where no contents list follows it, and a lead-in that is no such title stays too', () => {
    expect(navigation(`<h1>Guide</h1><p>Contents</p>${body.join('')}`, 'guide.html')).toEqual([]);
    expect(navigation(`<h1>Guide</h1><p>In this guide:</p>${list}${body.join('')}`, 'guide.html')).toEqual(SECTIONS);
  });
});
