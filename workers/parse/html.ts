/**
 * HTML → blocks with htmlparser2: runs in a worker (no DOM), executes nothing, loads nothing.
 * Navigation, scripts, styles and page furniture are dropped; text becomes headings, paragraphs,
 * list items, code, tables and quotes. The document text is the blocks joined by blank lines.
 */
import { Parser, type Handler } from 'htmlparser2';
import type { BlockKind, LocalLinks, ParsedDocument } from '../../common/types';
import { NOT_TEXT } from '../../common/view-nodes';
import { titleFromFileName } from './title';
import { joinBlocks, localHref } from './blocks';

/** Skipped with all inside them; the viewer drops the same (and the head). */
const SKIP = new Set(NOT_TEXT);
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
  // The cells of a table laid out as a page (layoutTables).
  'tr',
  'td',
  'th',
]);
/** DocBook's admonitions drawn as a table: an icon and a label ("Note", "Anmerkung") over the note's text. */
const ADMONITION = /^(?:note|tip|warning|important|caution)$/i;
/** DocBook's question-and-answer rows (a qandaset is laid out as a table): "F: | question", "A: | answer". */
const QANDA_ROW = /(?:^|\s)(question|answer)(?:\s|$)/;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const noLinks = (): LocalLinks => ({ count: 0, chars: 0 });

interface Draft {
  kind: BlockKind;
  level?: number;
  text: string;
  /** Text of a <pre> that turned out to be prose (an RFC page), split into paragraphs at the end. */
  prose?: boolean;
  localLinks?: LocalLinks;
}

interface Current {
  kind: BlockKind;
  level?: number;
  parts: string[];
  /** Depth of the element that opened the block; -1 for loose text. */
  owner: number;
  /** Image alt texts, the heading's text when it has no other (an illustrated chapter title). */
  alts: string[];
  links: LocalLinks;
}

interface Table {
  /** Depth of the outermost <table>; tables inside it are read as its cells' text. */
  depth: number;
  rows: string[];
  cells: string[];
  links: LocalLinks;
}

/** Parses an HTML page into blocks, with its title. */
export function parseHtml(html: string, fileName: string): ParsedDocument {
  const reader = new BlockReader(fileName, layoutTables(html));
  const parser = new Parser(reader, { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true });
  parser.write(html);
  parser.end();
  reader.flush();
  const drafts = reader.proseDocument ? reader.drafts.flatMap(proseParagraphs) : reader.drafts;
  return assemble(drafts, reader.title, fileName);
}

/**
 * The tables (by their order in the page) that lay out a page rather than hold data: those with a
 * heading inside, DocBook's question-and-answer rows (its FAQs put every question, answer and
 * section title of a chapter in one table), and DocBook's admonitions (a note's paragraphs in a
 * table beside its icon). Their cells are read as the page's own blocks, so their headings make
 * sections and their paragraphs are prose; a table of data stays one block of rows.
 */
function layoutTables(html: string): Set<number> {
  const layout = new Set<number>();
  if (!html.includes('<table') && !html.includes('<TABLE')) return layout;
  const open: number[] = [];
  let count = 0;
  const scan: Partial<Handler> = {
    onopentag(name, attributes) {
      if (name === 'table') {
        if (ADMONITION.test(attributes.summary ?? '')) layout.add(count);
        open.push(count++);
      } else if (HEADING.test(name) || (name === 'tr' && QANDA_ROW.test(attributes.class ?? '')))
        for (const table of open) layout.add(table);
    },
    onclosetag(name) {
      if (name === 'table') open.pop();
    },
  };
  const parser = new Parser(scan, { lowerCaseTags: true, recognizeSelfClosing: true });
  parser.write(html);
  parser.end();
  return layout;
}

/**
 * htmlparser2's event handler: keeps the element stack and the one block being filled, and turns
 * each finished block into a draft. Furniture is skipped whole by counting the depth inside it.
 */
class BlockReader implements Partial<Handler> {
  readonly drafts: Draft[] = [];
  title = '';
  /** An RFC page (headings as spans in <pre>): its <pre> text is prose. */
  proseDocument = false;
  private readonly stack: string[] = [];
  private skipDepth = 0;
  private titleDone = false;
  private inTitle = false;
  private current: Current | null = null;
  private pre: { owner: number; prose: boolean } | null = null;
  private table: Table | null = null;
  /** An open link within the document or its manual (localHref): its depth, and whether its text was counted yet. */
  private link: { depth: number; counted: boolean } | null = null;

  /** Tables opened so far (layoutTables counts them the same way). */
  private tables = 0;
  /** A DocBook question or answer row being read: its depth, and how many of its cells have opened. */
  private qanda: { depth: number; question: boolean; cells: number } | null = null;
  /** Depth of the DocBook admonition table being read (its label cell is skipped), if any. */
  private admonition: number | null = null;
  /** The level of the last heading: a DocBook question is a heading one level below it. */
  private level = 1;

  constructor(
    private readonly fileName: string,
    private readonly layout: ReadonlySet<number>,
  ) {}

  onopentag(name: string, attributes: Record<string, string>) {
    const cls = attributes.class ?? '';
    const ordinal = name === 'table' ? this.tables++ : -1;
    const inArticle = this.stack.includes('article') || this.stack.includes('main');
    this.stack.push(name);
    const depth = this.stack.length;
    if (this.skipDepth || this.skips(name, attributes, inArticle)) return void this.skipDepth++;
    if (name === 'title' && !this.titleDone) return void (this.inTitle = true);
    if (this.pre && name === 'span' && PRE_HEADING.test(cls)) {
      this.pre.prose = this.proseDocument = true;
      return this.open('heading', depth, Number(PRE_HEADING.exec(cls)![1]));
    }
    const heading = HEADING.exec(name);
    if (heading) return this.open('heading', depth, Number(heading[1]));
    if (name === 'a' && attributes.href && localHref(attributes.href, this.fileName))
      this.link = { depth, counted: false };
    if (name === 'img') return this.image(attributes.alt);
    if (!this.table && this.layout.has(ordinal)) {
      if (ADMONITION.test(attributes.summary ?? '')) this.admonition = depth;
      return this.flush();
    }
    // An admonition's label ("Anmerkung") names no topic of the note.
    if (!this.table && this.admonition !== null && name === 'th') return void this.skipDepth++;
    if (!this.table && this.layoutCell(name, depth, cls)) return;
    if (name === 'table' || this.table) return this.openInTable(name, depth);
    if (name === 'br') return this.lineBreak();
    const kind = BLOCK_KIND[name];
    if (kind) return this.openBlock(name, kind, depth, cls);
    if (BREAKS.has(name) && this.current?.owner === -1) this.flush();
  }

  ontext(text: string) {
    if (this.skipDepth) return;
    if (this.inTitle) return void (this.title += text);
    if (this.table) {
      if (this.table.cells.length) this.table.cells[this.table.cells.length - 1] += text;
      return this.countLink(this.table.links, text);
    }
    if (!this.current) {
      if (!text.trim()) return;
      this.current = this.pre
        ? { kind: 'code', parts: [], owner: this.pre.owner, alts: [], links: noLinks() }
        : { kind: 'paragraph', parts: [], owner: -1, alts: [], links: noLinks() };
    }
    this.current.parts.push(text);
    this.countLink(this.current.links, text);
  }

  onclosetag(name: string) {
    const depth = this.stack.length;
    this.stack.pop();
    if (this.skipDepth) return void this.skipDepth--;
    if (this.qanda?.depth === depth) this.qanda = null;
    if (this.admonition === depth) this.admonition = null;
    if (this.link?.depth === depth) this.link = null;
    if (name === 'title' && this.inTitle) return void ((this.inTitle = false), (this.titleDone = true));
    if (this.table) return this.closeInTable(name, depth);
    if (this.current && this.current.owner === depth) this.flush();
    else if (BREAKS.has(name) && this.current?.owner === -1) this.flush();
    if (this.pre && this.pre.owner === depth) {
      this.flush();
      this.pre = null;
    }
  }

  /** Ends the open block, keeping it as a draft if it has any text. */
  flush() {
    const block = this.current;
    this.current = null;
    if (!block) return;
    const joined = block.parts.join('');
    let text: string;
    if (block.kind === 'code') text = joined.replace(/^\n+|\s+$/g, '');
    else text = joined.replace(/\s+/g, ' ').replace(/\s*¶$/, '').trim();
    if (!text && block.kind === 'heading') text = block.alts.join(' ').replace(/\s+/g, ' ').trim();
    const links = block.links.count && block.kind !== 'heading' ? { localLinks: block.links } : {};
    if (text && block.kind === 'heading' && !this.qanda) this.level = block.level ?? 1;
    if (text)
      this.drafts.push({
        kind: block.kind,
        level: block.level,
        text,
        prose: block.kind === 'code' && this.pre?.prose,
        ...links,
      });
  }

  /** Furniture, a caption inside a heading, or an RFC page's running header: skipped with all inside it. */
  private skips(name: string, attributes: Record<string, string>, inArticle: boolean): boolean {
    const cls = attributes.class ?? '';
    const furniture =
      SKIP.has(name) ||
      (name === 'header' && !inArticle) ||
      FURNITURE.test(`${cls} ${attributes.id ?? ''} ${attributes.role === 'navigation' ? 'nav' : ''}`);
    // An illustration's caption set inside a chapter heading is not part of its title.
    const caption = this.current?.kind === 'heading' && /(?:^|\s)caption(?:\s|$)/.test(cls);
    return furniture || caption || (!!this.pre && PRE_FURNITURE.test(cls));
  }

  private open(kind: BlockKind, owner: number, level?: number) {
    this.flush();
    this.current = { kind, level, parts: [], owner, alts: [], links: noLinks() };
  }

  /**
   * A row or cell of DocBook's question-and-answer table (QANDA_ROW): the label cell ("F:", "A:")
   * is skipped, and a question's own cell is a heading. True when the element was taken care of.
   */
  private layoutCell(name: string, depth: number, cls: string): boolean {
    if (name === 'tr') {
      const row = QANDA_ROW.exec(cls)?.[1];
      this.qanda = row ? { depth, question: row === 'question', cells: 0 } : null;
      return false;
    }
    if (!this.qanda || (name !== 'td' && name !== 'th')) return false;
    this.qanda.cells++;
    if (this.qanda.cells === 1) {
      this.skipDepth++;
      return true;
    }
    if (!this.qanda.question || this.qanda.cells !== 2) return false;
    this.open('heading', depth, Math.min(6, this.level + 1));
    return true;
  }

  private openBlock(name: string, kind: BlockKind, depth: number, cls: string) {
    const cur = this.current;
    // A question's paragraphs are its heading's words (layoutCell).
    if (cur?.kind === 'heading' && this.qanda?.question) return void cur.parts.push(' ');
    // Paragraphs inside a list item or a quote belong to it.
    if (name === 'p' && cur && cur.owner >= 0 && (cur.kind === 'list-item' || cur.kind === 'quote'))
      return void cur.parts.push('\n');
    if (name === 'pre') this.pre = { owner: depth, prose: this.proseDocument && /newpage/.test(cls) };
    this.open(kind, depth);
  }

  private image(alt: string | undefined) {
    const cur = this.current;
    if (cur?.kind === 'heading' && alt) return void cur.alts.push(alt);
    // A drop capital drawn as an image ("M" + "R. BENNET was…") is the paragraph's first letter.
    if (cur && cur.kind !== 'code' && /^\p{L}{1,2}$/u.test(alt ?? '')) cur.parts.push(alt!);
  }

  /** Counts text inside a link within the document or its manual (localHref) towards the block it is in. */
  private countLink(links: LocalLinks, text: string) {
    if (!this.link) return;
    const chars = text.match(LETTER_OR_DIGIT)?.length ?? 0;
    if (!chars) return;
    links.chars += chars;
    if (!this.link.counted) links.count++;
    this.link.counted = true;
  }

  private lineBreak() {
    if (!this.current) return;
    if (this.current.owner === -1) return this.flush();
    this.current.parts.push('\n');
  }

  /** A table's rows become one block, its cells joined by " | "; nested tables add to their cells. */
  private openInTable(name: string, depth: number) {
    if (name === 'table') {
      if (this.table) return;
      this.flush();
      this.table = { depth, rows: [], cells: [], links: noLinks() };
    } else if (name === 'td' || name === 'th') this.table!.cells.push('');
  }

  private closeInTable(name: string, depth: number) {
    const table = this.table!;
    if (name === 'tr') {
      const row = table.cells.map((c) => c.replace(/\s+/g, ' ').trim()).join(' | ');
      if (row.replace(/[|\s]/g, '')) table.rows.push(row);
      table.cells = [];
    }
    if (name === 'table' && depth === table.depth) {
      const links = table.links.count ? { localLinks: table.links } : {};
      if (table.rows.length) this.drafts.push({ kind: 'table', text: table.rows.join('\n'), ...links });
      this.table = null;
    }
  }
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
  const { text, blocks } = joinBlocks(drafts);
  const firstH1 = blocks.find((b) => b.kind === 'heading' && b.level === 1)?.text;
  return {
    kind: 'html',
    title: title.replace(/\s+/g, ' ').replace(/¶/g, '').trim() || firstH1 || titleFromFileName(fileName),
    text,
    blocks,
  };
}
