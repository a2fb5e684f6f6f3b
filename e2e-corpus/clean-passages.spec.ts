/**
 * Passages are text, never markup: every document of ../shared/eval/docs, read by the app's real
 * file reader, is stored as a reader sees it. Markdown keeps no heading hashes, list stars, code
 * fences, anchors or comments; HTML keeps no tags or comments; no passage holds a glyph that would
 * show as a box (a control or private-use character, a replacement character, an unmapped ligature).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chunkOk, EVAL_DIR, expect, propositions, test } from './harness';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { ChunkReport } from '../scripts/harness/chunk-file';
import { wordJoins } from '../scripts/lib/word-joins.mjs';

const DOCS = `${EVAL_DIR}docs/`;
/** The one user-password PDF of the set opens with this password (its name says so). */
const PASSWORDS: Record<string, string> = { 'skew-encrypted-rc4-userpw-password.pdf': 'password' };

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** Glyphs a reader would see as a box, or as two letters stuck in one. */
const BOX = /[\p{Cc}\p{Co}\p{Cn}\uFFFD\uFB00-\uFB06]/u;
/** Markup in the text of a web page: a tag, a comment, or an anchor. */
const HTML_MARKUP =
  /<!--|<\/?(?:a|div|span|p|br|img|h[1-6]|li|ul|ol|table|tr|td|pre|code|em|strong|sup|sub)(?:\s[^>]*)?\/?>/i;

/**
 * Markdown syntax as it stood in the source, found by the same parser the app uses: each ATX
 * heading's line ("## Usage"), each star or plus list item's first line ("* Keep it short"), and
 * each code fence with the code's first line after it ("```python\ndef f():"), so that code that
 * merely shows Markdown (a fence inside a fence) is not mistaken for it.
 */
function markdownSyntax(source: string): string[] {
  const tree = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const found: string[] = [];
  const lineAt = (offset: number) =>
    source.slice(offset, source.indexOf('\n', offset) < 0 ? undefined : source.indexOf('\n', offset)).trim();
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    if (start !== undefined) {
      if (node.type === 'heading' && /^#{1,6}\s+\S/.test(lineAt(start))) found.push(lineAt(start));
      if (node.type === 'listItem' && /^[*+]\s+\S/.test(lineAt(start))) found.push(lineAt(start));
      if (node.type === 'code' && /^(`{3,}|~{3,})/.test(lineAt(start)) && node.value.split('\n')[0]!.trim())
        found.push(`${lineAt(start)}\n${node.value.split('\n')[0]}`);
    }
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  return found;
}

/** Two words of one alphabet, as `wordJoins` gives them ("of|the"). */
const WORD_PAIR = /^(?:\p{sc=Latin}+\|\p{sc=Latin}+|\p{sc=Greek}+\|\p{sc=Greek}+|\p{sc=Cyrillic}+\|\p{sc=Cyrillic}+)$/u;

/**
 * Words run together ("ofthe") or cut in two ("re dundancy") in a PDF's passages, against
 * pdftotext's reading of its text layer. Formulas are left out (whether their symbols are set
 * apart is the typesetter's choice, not a lost space): a pair of words is at least three letters
 * of one alphabet, where a formula has digits (β1x1), mixes alphabets (βpxp) or is two letters (xx).
 */
function brokenWords(path: string, doc: ChunkReport) {
  const reference = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
  const { joins, splits } = wordJoins(
    propositions(doc).map((p) => p.text),
    reference,
  );
  const words = (pairs: string[]) => pairs.filter((pair) => WORD_PAIR.test(pair) && [...pair].length > 3);
  return { joins: words(joins), splits: words(splits) };
}

/** Every stored text of a document: its sections, its passages, its summary. */
const storedTexts = (doc: ChunkReport) => [
  ...doc.sections.map((s) => s.text),
  ...propositions(doc).map((p) => p.text),
  doc.summary,
];

for (const path of files(DOCS).sort()) {
  const name = relative(DOCS, path);
  test(`${name}: stored passages are text, never markup`, async ({ harness }) => {
    const doc = await chunkOk(harness, name, PASSWORDS[path.split('/').pop()!]);
    const texts = storedTexts(doc);
    const boxes = texts.flatMap((t) => [...t].filter((ch) => ch !== '\n' && ch !== '\t' && BOX.test(ch)));
    expect(
      boxes.map((ch) => `U+${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`),
      'glyphs shown as boxes',
    ).toEqual([]);
    if (/\.(md|markdown)$/.test(name)) {
      const syntax = markdownSyntax(readFileSync(path, 'utf8'));
      expect(syntax.length, 'the source has Markdown syntax to look for').toBeGreaterThan(0);
      const leaks = syntax.filter((line) => texts.some((t) => t.includes(line)));
      expect(leaks, 'Markdown syntax in stored text').toEqual([]);
      expect(
        texts.filter((t) => /<a\s[^>]*(?:id|name)=|<!--/.test(t)),
        'anchors and comments in stored text',
      ).toEqual([]);
    }
    // A page read by OCR has no text layer to measure against.
    if (/\.pdf$/.test(name) && !doc.ocr) {
      const { joins, splits } = brokenWords(path, doc);
      expect(joins, 'words run together').toEqual([]);
      expect(splits, 'words cut in two').toEqual([]);
    }
    if (/\.html?$/.test(name))
      expect(
        texts.filter((t) => HTML_MARKUP.test(t)).map((t) => t.slice(0, 120)),
        'HTML markup in stored text',
      ).toEqual([]);
  });
}
