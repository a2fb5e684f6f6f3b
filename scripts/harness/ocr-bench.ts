/**
 * OCR accuracy and speed (`npm run bench`, block `ocr`): pages of a PDF with a text layer are drawn
 * at 300 and 150 dpi, and a second set at 150 dpi turned 1.5° with grain (and, harder, specks), then
 * read by the app's OCR (workers/parse/ocr.ts, tesseract.js from our own origin). The page's own
 * text layer is the truth; the character error rate is the edit distance between the two texts
 * (whitespace runs as one space) over the truth's length.
 */
import { openPdf } from '../../src/lib/pdf-view';
import { Ocr } from '../../workers/parse/ocr';
import { prng } from './bench-text';

export interface OcrVariant {
  name: string;
  dpi: number;
  /** Degrees the page is turned. */
  skew: number;
  /** Sensor noise: the standard deviation, in grey levels (0–255), added to every pixel. */
  grain: number;
  /** Specks: the share of pixels set to a random grey (dust, a dirty glass). */
  specks: number;
}

/** Targets: CER ≤ 3% at 300 dpi, ≤ 8% at 150 dpi skewed; the specked set has none. */
export const OCR_VARIANTS: OcrVariant[] = [
  { name: '300dpi', dpi: 300, skew: 0, grain: 0, specks: 0 },
  { name: '150dpi', dpi: 150, skew: 0, grain: 0, specks: 0 },
  { name: '150dpi_skewed_noisy', dpi: 150, skew: 1.5, grain: 16, specks: 0 },
  { name: '150dpi_skewed_specked', dpi: 150, skew: 1.5, grain: 16, specks: 0.01 },
];

export interface OcrBenchResult {
  pages: number[];
  variants: Record<string, { cer: number; ms_per_page: number; per_page: { page: number; cer: number; ms: number }[] }>;
}

export async function ocrBench(
  name: string,
  base64: string,
  pages: number[],
  variants = OCR_VARIANTS,
): Promise<OcrBenchResult> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const doc = await openPdf(new Blob([bytes]), name);
  const engine = new Ocr(location.origin);
  const ocr = engine.in('eng');
  const out: OcrBenchResult = { pages, variants: {} };
  try {
    // A first recognition loads the engine and model; it is not timed.
    await ocr.recognize(await drawPage(doc, pages[0]!, OCR_VARIANTS[1]!));
    for (const variant of variants) {
      const perPage: { page: number; cer: number; ms: number }[] = [];
      for (const number of pages) {
        const truth = await pageText(doc, number);
        const image = await drawPage(doc, number, variant);
        const began = performance.now();
        const read = await ocr.recognize(image);
        const ms = performance.now() - began;
        const text = read.lines.map((l) => l.text).join(' ');
        perPage.push({
          page: number,
          cer: round(editDistance(normal(text), normal(truth)) / Math.max(1, normal(truth).length)),
          ms: Math.round(ms),
        });
      }
      const chars = perPage.length;
      out.variants[variant.name] = {
        cer: round(perPage.reduce((sum, p) => sum + p.cer, 0) / chars),
        ms_per_page: Math.round(perPage.reduce((sum, p) => sum + p.ms, 0) / chars),
        per_page: perPage,
      };
    }
  } finally {
    await engine.close();
    await doc.loadingTask.destroy();
  }
  return out;
}

type Pdf = Awaited<ReturnType<typeof openPdf>>;

async function pageText(doc: Pdf, number: number): Promise<string> {
  const page = await doc.getPage(number);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join('');
}

/** The page drawn at the variant's resolution, turned and noised, as a PNG. */
async function drawPage(doc: Pdf, number: number, { dpi, skew, grain, specks }: OcrVariant): Promise<Blob> {
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const flat = document.createElement('canvas');
  flat.width = Math.ceil(viewport.width);
  flat.height = Math.ceil(viewport.height);
  const g = flat.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, flat.width, flat.height);
  await page.render({ canvas: flat, viewport }).promise;
  const scanned = document.createElement('canvas');
  scanned.width = flat.width;
  scanned.height = flat.height;
  const s = scanned.getContext('2d')!;
  s.fillStyle = '#fff';
  s.fillRect(0, 0, scanned.width, scanned.height);
  s.translate(scanned.width / 2, scanned.height / 2);
  s.rotate((skew * Math.PI) / 180);
  s.drawImage(flat, -flat.width / 2, -flat.height / 2);
  s.setTransform(1, 0, 0, 1, 0, 0);
  if (grain || specks) {
    const pixels = s.getImageData(0, 0, scanned.width, scanned.height);
    const random = prng(number); // the same pixels noised on every run
    // Box–Muller: a normally distributed value from two uniform ones.
    const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    for (let i = 0; i < pixels.data.length; i += 4) {
      const grey = specks && random() < specks ? Math.floor(random() * 256) : pixels.data[i]! + gaussian() * grain;
      pixels.data[i] = pixels.data[i + 1] = pixels.data[i + 2] = grey;
    }
    s.putImageData(pixels, 0, 0);
  }
  return new Promise((resolve, reject) =>
    scanned.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'),
  );
}

const normal = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim();
const round = (n: number) => Math.round(n * 10000) / 10000;

/** Levenshtein distance, two rows at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
