/**
 * HTML → blocks with htmlparser2: runs in a worker (no DOM), executes nothing, loads nothing.
 * Navigation, scripts, styles and page furniture are dropped; text becomes headings, paragraphs,
 * list items, code, tables and quotes. The document text is the blocks joined by blank lines.
 */
import { Parser } from 'htmlparser2';
import type { Block, BlockKind, ParsedDocument } from '../../src/shared/types';
import { titleFromFileName } from './title';

const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'nav',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'iframe',
  'object',
  'canvas',
  'video',
  'audio',
]);
const HEADING = /^h([1-6])$/;
/** Page furniture marked by class or id: navigation bars, breadcrumbs, menus, sidebars, page numbers. */
const FURNITURE =
  /(^|[\s_-])(nav|navbar|navheader|navfooter|navigation|breadcrumbs?|menu|sidebar|skip-?link|pagenum|noprint)([\s_-]|$)/i;
/** rfcmarkup (IETF HTML RFCs): headings are spans inside <pre>, page headers/footers are grey spans. */
const PRE_HEADING = /(?:^|\s)h([1-6])(?:\s|$)/;
const PRE_FURNITURE = /(?:^|\s)grey(?:\s|$)/;
const BLOCK_KIND: Record<string, BlockKind> = {
  p: 'paragraph',
  li: 'list-item',
  dt: 'list-item',
  dd: 'paragraph',
  pre: 'code',
  blockquote: 'quote',
  figcaption: 'paragraph',
  caption: 'paragraph',
};
/** Elements that end loose text before them (a new line of thought) without a kind of their own. */
const BREAKS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'br',
  'hr',
  'ul',
  'ol',
  'dl',
  'body',
  'figure',
  'address',
]);

interface Draft {
  kind: BlockKind;
  level?: number;
  text: string;
  /** Text of a <pre> that turned out to be prose (an RFC page), split into paragraphs at the end. */
  prose?: boolean;
}

interface Current {
  kind: BlockKind;
  level?: number;
  parts: string[];
  /** Depth of the element that opened the block; -1 for loose text. */
  owner: number;
  /** Image alt texts, the heading's text when it has no other (an illustrated chapter title). */
  alts: string[];
}

/** Parses an HTML page into blocks, with its title. */
export function parseHtml(html: string, fileName: string): ParsedDocument {
  const drafts: Draft[] = [];
  const stack: string[] = [];
  let skipDepth = 0;
  let title = '';
  let titleDone = false;
  let inTitle = false;
  let current: Current | null = null;
  let pre: { owner: number; prose: boolean } | null = null;
  let proseDocument = false;
  let table: { depth: number; rows: string[]; cells: string[] } | null = null;

  const flush = () => {
    const block = current;
    current = null;
    if (!block) return;
    const joined = block.parts.join('');
    let text: string;
    if (block.kind === 'code') text = joined.replace(/^\n+|\s+$/g, '');
    else text = joined.replace(/\s+/g, ' ').replace(/\s*¶$/, '').trim();
    if (!text && block.kind === 'heading') text = block.alts.join(' ').replace(/\s+/g, ' ').trim();
    if (text) drafts.push({ kind: block.kind, level: block.level, text, prose: block.kind === 'code' && pre?.prose });
  };
  const open = (kind: BlockKind, owner: number, level?: number) => {
    flush();
    current = { kind, level, parts: [], owner, alts: [] };
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const cls = attributes.class ?? '';
        const inArticle = stack.includes('article') || stack.includes('main');
        stack.push(name);
        const depth = stack.length;
        if (skipDepth) return void skipDepth++;
        const furniture =
          SKIP.has(name) ||
          (name === 'header' && !inArticle) ||
          FURNITURE.test(`${cls} ${attributes.id ?? ''} ${attributes.role === 'navigation' ? 'nav' : ''}`);
        // An illustration's caption set inside a chapter heading is not part of its title.
        const caption = current?.kind === 'heading' && /(?:^|\s)caption(?:\s|$)/.test(cls);
        if (furniture || caption || (pre && PRE_FURNITURE.test(cls))) return void skipDepth++;
        if (name === 'title' && !titleDone) return void (inTitle = true);
        if (pre && name === 'span' && PRE_HEADING.test(cls)) {
          pre.prose = proseDocument = true;
          return open('heading', depth, Number(PRE_HEADING.exec(cls)![1]));
        }
        const heading = HEADING.exec(name);
        if (heading) return open('heading', depth, Number(heading[1]));
        if (name === 'img' && current?.kind === 'heading' && attributes.alt)
          return void current.alts.push(attributes.alt);
        // A drop capital drawn as an image ("M" + "R. BENNET was…") is the paragraph's first letter.
        if (name === 'img' && current && current.kind !== 'code' && /^\p{L}{1,2}$/u.test(attributes.alt ?? ''))
          return void current.parts.push(attributes.alt!);
        if (name === 'table') {
          if (table) return;
          flush();
          return void (table = { depth, rows: [], cells: [] });
        }
        if (table) return void ((name === 'td' || name === 'th') && table.cells.push(''));
        if (name === 'br') return lineBreak();
        const kind = BLOCK_KIND[name];
        if (kind) {
          const cur = current as Current | null;
          // Paragraphs inside a list item or a quote belong to it.
          if (name === 'p' && cur && cur.owner >= 0 && (cur.kind === 'list-item' || cur.kind === 'quote'))
            return void cur.parts.push('\n');
          if (name === 'pre') pre = { owner: depth, prose: proseDocument && /newpage/.test(cls) };
          return open(kind, depth);
        }
        if (BREAKS.has(name) && current?.owner === -1) flush();
      },
      ontext(text) {
        if (skipDepth) return;
        if (inTitle) return void (title += text);
        if (table) {
          if (table.cells.length) table.cells[table.cells.length - 1] += text;
          return;
        }
        if (!current) {
          if (!text.trim()) return;
          current = pre
            ? { kind: 'code', parts: [], owner: pre.owner, alts: [] }
            : { kind: 'paragraph', parts: [], owner: -1, alts: [] };
        }
        current.parts.push(text);
      },
      onclosetag(name) {
        const depth = stack.length;
        stack.pop();
        if (skipDepth) return void skipDepth--;
        if (name === 'title' && inTitle) return void ((inTitle = false), (titleDone = true));
        if (table) {
          if (name === 'tr') {
            const row = table.cells.map((c) => c.replace(/\s+/g, ' ').trim()).join(' | ');
            if (row.replace(/[|\s]/g, '')) table.rows.push(row);
            table.cells = [];
          }
          if (name === 'table' && depth === table.depth) {
            if (table.rows.length) drafts.push({ kind: 'table', text: table.rows.join('\n') });
            table = null;
          }
          return;
        }
        if (current && current.owner === depth) flush();
        else if (BREAKS.has(name) && current?.owner === -1) flush();
        if (pre && pre.owner === depth) {
          flush();
          pre = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );

  function lineBreak() {
    if (!current) return;
    if (current.owner === -1) return flush();
    current.parts.push('\n');
  }

  parser.write(html);
  parser.end();
  flush();
  return assemble(proseDocument ? drafts.flatMap(proseParagraphs) : drafts, title, fileName);
}

/** The text of an RFC-style <pre> page as paragraphs (blank-line separated, common indent removed). */
function proseParagraphs(draft: Draft): Draft[] {
  if (draft.kind !== 'code' || draft.prose === false) return [draft];
  return draft.text
    .split(/\n[ \t]*\n/)
    .map((chunk) => dedent(chunk.replace(/^\n+|\s+$/g, '')))
    .filter((text) => text.trim())
    .map((text) => ({ kind: 'paragraph' as const, text }));
}

function dedent(text: string): string {
  const indents = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const cut = Math.min(...indents);
  return text
    .split('\n')
    .map((l) => l.slice(Math.min(cut, l.length - l.trimStart().length)))
    .join('\n');
}

function assemble(drafts: Draft[], title: string, fileName: string): ParsedDocument {
  const blocks: Block[] = [];
  let text = '';
  for (const draft of drafts) {
    if (text) text += '\n\n';
    const start = text.length;
    text += draft.text;
    blocks.push({
      kind: draft.kind,
      text: draft.text,
      start,
      end: text.length,
      ...(draft.level ? { level: draft.level } : {}),
    });
  }
  const firstH1 = blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text;
  return {
    kind: 'html',
    title: title.replace(/\s+/g, ' ').replace(/¶/g, '').trim() || firstH1 || titleFromFileName(fileName),
    text,
    blocks,
  };
}
