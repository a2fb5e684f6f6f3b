/**
 * Manual pages (man and mdoc roff) as headings, tags and paragraphs, for the pairs mine-pairs.mjs
 * mines from them. Rough, but enough to tell them apart.
 */

const tidy = (text) => text.replace(/\s+/g, ' ').trim();

/** Text of a roff line with its escapes and fonts removed. */
function roffText(line) {
  return line
    .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\s[-+]?\d+/g, '')
    .replace(/\\\*(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\\((em|en|hy)/g, '-')
    .replace(/\\\(lq|\\\(rq|\\\(dq/g, '"')
    .replace(/\\\(aq|\\\(oq|\\\(cq/g, "'")
    .replace(/\\\(..|\\\[[^\]]*\]/g, ' ')
    .replace(/\\[-e]/g, (m) => (m === '\\-' ? '-' : '\\'))
    .replace(/\\[&|^%:,/)]/g, '')
    .replace(/\\ /g, ' ')
    .replace(/\\c$/, '')
    .replace(/\\"/g, '')
    .replace(/\\./g, '');
}

/** Arguments of a macro line, quotes removed. */
function macroArgs(rest) {
  return [...rest.matchAll(/"((?:[^"]|"")*)"|(\S+)/g)].map((m) => (m[1] ?? m[2]).replace(/""/g, '"'));
}

const FONT_MACROS = new Set(['B', 'I', 'SM', 'SB', 'BR', 'RB', 'IR', 'RI', 'BI', 'IB']);
// mdoc macros whose arguments are text (flags get their dash back).
const MDOC_SKIP = new Set([
  'Dd',
  'Dt',
  'Os',
  'Bl',
  'El',
  'Bd',
  'Ed',
  'Pp',
  'Lp',
  'Sh',
  'Ss',
  'It',
  'Nd',
  'Rs',
  'Re',
  'Ns',
  'An',
  'Sm',
  'Ek',
  'Bk',
]);

/**
 * A manual page as {name, desc, sections: [{title, subsections: [{title, paragraphs}]}]}, from
 * its roff (man or mdoc) source. Rough, but enough to tell headings, tags and paragraphs apart.
 */
export function parseMan(source) {
  /** @typedef {{text: string, tagged: boolean}} Paragraph */
  /** @typedef {{title: string, paragraphs: Paragraph[]}} Subsection */
  /** @type {{title: string, subsections: Subsection[]}[]} */
  const sections = [];
  // Cast, not annotated: the closures below assign them, which narrowing from `null` does not see.
  let section = /** @type {{title: string, subsections: Subsection[]} | null} */ (null);
  let sub = /** @type {Subsection | null} */ (null);
  let para = [];
  let tag = false;
  let desc = '';
  const flush = () => {
    const text = tidy(para.join(' '));
    if (text && sub) sub.paragraphs.push({ text, tagged: tag });
    para = [];
    tag = false;
  };
  const open = (title) => {
    flush();
    section = { title: tidy(title).toUpperCase(), subsections: [] };
    sections.push(section);
    sub = { title: '', paragraphs: [] };
    section.subsections.push(sub);
  };
  let nextIsTag = false;
  for (const raw of source.split('\n')) {
    if (/^\.\s*\\"/.test(raw) || /^'\\"/.test(raw)) continue;
    const macro = raw.match(/^[.']\s*(\S+)\s*(.*)$/);
    if (macro) {
      const [, name, rest] = macro;
      if (name === 'SH' || name === 'Sh') open(macroArgs(rest).join(' '));
      else if ((name === 'SS' || name === 'Ss') && section) {
        flush();
        sub = { title: tidy(roffText(macroArgs(rest).join(' '))), paragraphs: [] };
        section.subsections.push(sub);
      } else if (['PP', 'P', 'LP', 'Pp', 'Lp', 'sp', 'br', 'IP', 'HP', 'RS', 'RE', 'El', 'Bl'].includes(name)) {
        flush();
        if (name === 'IP' && rest) para.push(roffText(macroArgs(rest)[0] ?? ''));
      } else if (name === 'TP' || name === 'It') {
        flush();
        nextIsTag = name === 'TP';
        if (name === 'It')
          para.push(
            roffText(
              rest.replace(/\b(Fl) (\S+)/g, '-$2').replace(/\b(Ar|Cm|Ic|Pa|Op|Ql|Sy|Em|Li|Xo|Xc|Oo|Oc)\b ?/g, ''),
            ),
          );
        tag = name === 'TP' || name === 'It';
      } else if (name === 'Nd') desc = tidy(roffText(rest));
      else if (FONT_MACROS.has(name)) para.push(roffText(macroArgs(rest).join(name.length === 2 ? '' : ' ')));
      else if (/^[A-Z][a-z]$/.test(name) && !MDOC_SKIP.has(name))
        para.push(
          roffText(
            rest
              .replace(/\bFl (\S+)/g, '-$1')
              .replace(/\b(Ar|Cm|Ic|Pa|Op|Ql|Sy|Em|Li|Nm|Fl|Xr|Dq|Sq|Pq|Aq|Ev|Va|Fn|Fa|Ft|Dv|Er|No|Xo|Xc)\b ?/g, ''),
          ),
        );
      if (nextIsTag && name !== 'TP') nextIsTag = false;
      continue;
    }
    if (nextIsTag) {
      // The tag line of a .TP item: kept apart from the text it introduces.
      para.push(roffText(raw));
      flush();
      nextIsTag = false;
      tag = true;
      continue;
    }
    para.push(roffText(raw));
  }
  flush();
  const nameSection = sections.find((s) => s.title === 'NAME');
  const nameLine = nameSection?.subsections.flatMap((s) => s.paragraphs.map((p) => p.text)).join(' ') ?? '';
  if (!desc)
    desc = tidy(
      nameLine
        .split(/\s+-+\s+/)
        .slice(1)
        .join(' - '),
    );
  return { desc, sections };
}
