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
    const image = add(
      `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`,
      page.jpeg,
      '\nendstream',
    );
    const draw = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} 0 0 cm /Im0 Do Q`;
    const content = add(`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w.toFixed(2)} ${h.toFixed(2)}] /Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  const all: (string | Uint8Array)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    [`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`],
    ...objects,
  ];
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
  write(
    `xref\n0 ${all.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`,
  );
  write(`trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

export interface GrayPage {
  /** One byte per pixel, 0 black to 255 white, row by row. */
  gray: Uint8Array;
  width: number;
  height: number;
}

/** A multi-page grayscale TIFF, uncompressed, one strip per page, as a scanner writes it (made with UTIF's directory writer). */
export async function grayTiff(pages: GrayPage[]): Promise<Uint8Array> {
  const { default: UTIF } = await import('utif2');
  const HEADER = 4096;
  let offset = HEADER;
  const directories = pages.map(({ width, height, gray }) => {
    const directory = {
      t256: [width],
      t257: [height],
      t258: [8],
      t259: [1],
      t262: [1],
      t273: [offset],
      t277: [1],
      t278: [height],
      t279: [gray.length],
      t282: [[300, 1]],
      t283: [[300, 1]],
      t296: [2],
    };
    offset += gray.length;
    return directory;
  });
  const header = new Uint8Array(UTIF.encode(directories as unknown as Parameters<typeof UTIF.encode>[0]));
  if (header.length > HEADER) throw new Error('TIFF directories too long for the fixture');
  const out = new Uint8Array(offset);
  out.set(header);
  let at = HEADER;
  for (const { gray } of pages) {
    out.set(gray, at);
    at += gray.length;
  }
  return out;
}
