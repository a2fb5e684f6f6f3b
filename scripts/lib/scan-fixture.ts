/**
 * A scanned PDF for tests: each page is one JPEG image and nothing else (no text layer), the way a
 * scanner or a phone app writes them. The JPEGs are drawn by the test (in the browser, from text).
 */

export interface ScanPage {
  jpeg: Uint8Array;
  /** Pixel size of the image. */
  width: number;
  height: number;
  /** Resolution the page was "scanned" at: the page's size in points is pixels × 72 / dpi. */
  dpi: number;
}

export function scannedPdf(pages: ScanPage[]): Uint8Array {
  const objects: (string | Uint8Array)[][] = [];
  const add = (...parts: (string | Uint8Array)[]) => objects.push(parts) + 2; // object numbers start at 3
  const kids: number[] = [];
  for (const page of pages) {
    const w = (page.width * 72) / page.dpi;
    const h = (page.height * 72) / page.dpi;
    const image = add(`<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`, page.jpeg, '\nendstream');
    const draw = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    const content = add(`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] /Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  const all: (string | Uint8Array)[][] = [['<< /Type /Catalog /Pages 2 0 R >>'], [`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`], ...objects];
  const chunks: Uint8Array[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? new TextEncoder().encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  write('%PDF-1.4\n');
  const offsets: number[] = [];
  all.forEach((parts, i) => {
    offsets.push(length);
    write(`${i + 1} 0 obj\n`);
    parts.forEach(write);
    write('\nendobj\n');
  });
  const xref = length;
  write(`xref\n0 ${all.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  write(`trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
