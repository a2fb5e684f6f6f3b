/**
 * Gives a PDF printed page labels (PDF 32000 §12.4.2) by an incremental update: the catalog is
 * written again with a /PageLabels entry, with a new cross-reference section pointing at it.
 * Chromium's printer writes no labels of its own, and a classic xref table, which this relies on.
 */

/** `pdf` with `nums` (the /Nums array's content, e.g. "0 << /S /r >> 2 << /S /D >>") as its page labels. */
export function withPageLabels(pdf: Buffer, nums: string): Buffer {
  const text = pdf.toString('latin1');
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const root = /\/Root (\d+) 0 R/.exec(trailer);
  const size = /\/Size (\d+)/.exec(trailer);
  const prev = /startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')));
  if (!root || !size || !prev) throw new Error('not a PDF with a classic cross-reference table');
  const id = Number(root[1]);
  const start = text.lastIndexOf(`\n${id} 0 obj`) + 1;
  const body = text.slice(start, text.indexOf('endobj', start));
  const dict = body.slice(body.indexOf('<<'), body.lastIndexOf('>>'));
  const catalog = `${id} 0 obj\n${dict}\n/PageLabels << /Nums [${nums}] >>>>\nendobj\n`;
  const offset = pdf.length + 1;
  const xref = pdf.length + 1 + catalog.length;
  const update =
    `\n${catalog}xref\n${id} 1\n${String(offset).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size[1]} /Root ${id} 0 R /Prev ${prev[1]} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}
