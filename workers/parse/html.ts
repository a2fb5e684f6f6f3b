/**
 * HTML → blocks with htmlparser2: runs in a worker (no DOM), executes nothing, loads nothing.
 * Navigation, scripts, styles and page furniture are dropped; text becomes headings, paragraphs,
 * list items, code, tables and quotes. The document text is the blocks joined by blank lines.
 */
import { Parser } from 'htmlparser2';
import type { Block, BlockKind, ParsedDocument } from '../../src/shared/types';
import { titleFromFileName } from './title';

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'nav', 'footer', 'header', 'aside', 'form', 'button', 'select', 'iframe', 'object', 'canvas', 'head']);
const HEADING = /^h([1-6])$/;
/** Page furniture marked by class or id: navigation bars, breadcrumbs, menus, sidebars. */
const FURNITURE = /(^|[\s_-])(nav|navbar|navheader|navfooter|navigation|breadcrumbs?|menu|sidebar|skip-?link)([\s_-]|$)/i;
const BLOCK_KIND: Record<string, BlockKind> = { p: 'paragraph', li: 'list-item', dt: 'list-item', dd: 'paragraph', pre: 'code', table: 'table', blockquote: 'quote', figcaption: 'paragraph', caption: 'paragraph' };
/** Elements that end the text before them (a new line of thought) without a kind of their own. */
const BREAKS = new Set(['div', 'section', 'article', 'main', 'br', 'hr', 'ul', 'ol', 'dl', 'body', 'td', 'th', 'tr', 'figure', 'address']);

interface Pending {
  kind: BlockKind;
  level?: number;
  parts: string[];
}

/** Parses an HTML page into blocks, with its title. */
export function parseHtml(html: string, fileName: string): ParsedDocument {
  const drafts: { kind: BlockKind; level?: number; text: string }[] = [];
  let skipDepth = 0;
  let preDepth = 0;
  let title = '';
  let inTitle = false;
  let current: Pending | null = null;
  let table: { rows: string[]; cells: string[] } | null = null;

  const flush = () => {
    if (!current) return;
    const joined = current.parts.join('');
    const text = current.kind === 'code' ? joined.replace(/^\n+|\s+$/g, '') : joined.replace(/\s+/g, ' ').replace(/\s*¶$/, '').trim();
    if (text) drafts.push({ kind: current.kind, level: current.level, text });
    current = null;
  };
  const open = (kind: BlockKind, level?: number) => {
    flush();
    current = { kind, level, parts: [] };
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIP.has(name) || skipDepth || FURNITURE.test(`${attributes.class ?? ''} ${attributes.id ?? ''} ${attributes.role === 'navigation' ? 'nav' : ''}`)) {
          return void skipDepth++;
        }
        if (name === 'title') inTitle = true;
        const heading = HEADING.exec(name);
        if (heading) return open('heading', Number(heading[1]));
        if (name === 'table') return (flush(), (table = { rows: [], cells: [] }));
        if (table) return void ((name === 'td' || name === 'th') && table.cells.push(''));
        if (name === 'pre') preDepth++;
        const kind = BLOCK_KIND[name];
        if (kind && !(name === 'p' && current?.kind === 'list-item')) return open(kind);
        if (BREAKS.has(name) && current?.kind !== 'code') flush();
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
          current = { kind: 'paragraph', parts: [] };
        }
        current.parts.push(preDepth ? text : text);
      },
      onclosetag(name) {
        if (skipDepth) return void skipDepth--;
        if (name === 'title') inTitle = false;
        if (table) {
          if (name === 'tr') {
            const row = table.cells.map((c) => c.replace(/\s+/g, ' ').trim()).join(' | ');
            if (row.replace(/[|\s]/g, '')) table.rows.push(row);
            table.cells = [];
          }
          if (name === 'table') {
            if (table.rows.length) drafts.push({ kind: 'table', text: table.rows.join('\n') });
            table = null;
          }
          return;
        }
        if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
        if (HEADING.test(name) || BLOCK_KIND[name] || (BREAKS.has(name) && current?.kind !== 'code')) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();

  const blocks: Block[] = [];
  let text = '';
  for (const draft of drafts) {
    if (text) text += '\n\n';
    const start = text.length;
    text += draft.text;
    blocks.push({ kind: draft.kind, text: draft.text, start, end: text.length, ...(draft.level ? { level: draft.level } : {}) });
  }
  const firstH1 = blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text;
  return { kind: 'html', title: title.replace(/\s+/g, ' ').replace(/¶/g, '').trim() || firstH1 || titleFromFileName(fileName), text, blocks };
}
