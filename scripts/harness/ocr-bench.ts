/**
 * OCR accuracy and speed (`npm run bench`, block `ocr`): pages of a PDF with a text layer are drawn
 * at 300 and 150 dpi, and a second set at 150 dpi turned 1.5° with grain (and, harder, specks), then
 * read by the app's OCR (workers/parse/ocr.ts, tesseract.js from our own origin). The page's own
 * text layer is the truth; the character error rate is the edit distance between the two texts
 * (whitespace runs as one space) over the truth's length.
 */
import { openPdf } from '../../src/lib/pdf-view';
import { Ocr, type OcrOptions } from '../../workers/parse/ocr-engine';
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
  setup: OcrBenchSetup;
  variants: Record<
    string,
    {
      cer: number;
      ms_per_page: number;
      /** CPU seconds a page of all the browser's processes (null outside `npm run bench`): steady under load. */
      cpu_s_per_page: number | null;
      per_page: { page: number; cer: number; ms: number }[];
    }
  >;
}

/** The browser's CPU seconds so far, given by scripts/bench.mjs. */
const cpuSeconds = async () =>
  ((window as { carrelCpuSeconds?: () => Promise<number> }).carrelCpuSeconds?.() ?? Promise.resolve(null)) as Promise<
    number | null
  >;

/** What the OCR is run with: the engine's options, the resolution pages are read at, the image format. */
export interface OcrBenchSetup {
  /** Tesseract workers; with two, two pages are read at once and `ms_per_page` is the wall time over the pages. */
  workers: number;
  /** The core's script on this origin (ocr.ts's OCR_PATHS.core when absent). */
  core?: string;
  /** A model file on this origin (the site's English model when absent). */
  model?: string;
  /** The drawn page is scaled to this resolution before it is read (the variant's own when absent). */
  readDpi?: number;
  /** Which variants run (all when absent). */
  variants?: string[];
}

export async function ocrBench(
  name: string,
  base64: string,
  pages: number[],
  setup: Partial<OcrBenchSetup> = {},
): Promise<OcrBenchResult> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const doc = await openPdf(new Blob([bytes]), name);
  const full: OcrBenchSetup = { workers: 1, ...setup };
  const options: OcrOptions = { workers: full.workers, core: full.core };
  if (full.model) options.model = async () => new Uint8Array(await (await fetch(full.model!)).arrayBuffer());
  const engine = new Ocr(location.origin, options);
  const ocr = engine.in('eng');
  const out: OcrBenchResult = { pages, setup: full, variants: {} };
  const variants = OCR_VARIANTS.filter((v) => !full.variants || full.variants.includes(v.name));
  try {
    // A first recognition in each worker loads its engine and model; it is not timed.
    const warm = await drawPage(doc, pages[0]!, OCR_VARIANTS[1]!);
    await Promise.all(Array.from({ length: full.workers }, () => ocr.recognize(warm)));
    for (const variant of variants) {
      const drawn = await Promise.all(
        pages.map(async (number) => ({
          number,
          truth: await pageText(doc, number),
          canvas: await drawCanvas(doc, number, variant),
        })),
      );
      const perPage: { page: number; cer: number; ms: number }[] = [];
      const readDpi = full.readDpi ?? variant.dpi;
      const cpu = await cpuSeconds();
      const began = performance.now();
      let next = 0;
      // `workers` pages at once, as the file reader reads a scanned PDF.
      const loop = async () => {
        for (let i = next++; i < drawn.length; i = next++) {
          const { number, truth, canvas } = drawn[i]!;
          const t0 = performance.now();
          const read = await ocr.recognize(await toPng(scaled(canvas, readDpi / variant.dpi)));
          const ms = performance.now() - t0;
          const text = read.lines.map((l) => l.text).join(' ');
          perPage[i] = {
            page: number,
            cer: round(editDistance(normal(text), normal(truth)) / Math.max(1, normal(truth).length)),
            ms: Math.round(ms),
          };
        }
      };
      await Promise.all(Array.from({ length: full.workers }, loop));
      const wall = performance.now() - began;
      const cpuAfter = await cpuSeconds();
      out.variants[variant.name] = {
        cer: round(perPage.reduce((sum, p) => sum + p.cer, 0) / perPage.length),
        ms_per_page: Math.round(wall / perPage.length),
        cpu_s_per_page: cpu === null || cpuAfter === null ? null : round((cpuAfter - cpu) / perPage.length),
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
async function drawPage(doc: Pdf, number: number, variant: OcrVariant): Promise<Blob> {
  return toPng(await drawCanvas(doc, number, variant));
}

/** The canvas scaled by `factor` (1: itself), smoothed as pdf.js smooths an image drawn smaller. */
function scaled(canvas: HTMLCanvasElement, factor: number): HTMLCanvasElement {
  if (factor === 1) return canvas;
  const out = document.createElement('canvas');
  out.width = Math.round(canvas.width * factor);
  out.height = Math.round(canvas.height * factor);
  const g = out.getContext('2d')!;
  g.imageSmoothingQuality = 'high';
  g.drawImage(canvas, 0, 0, out.width, out.height);
  return out;
}

const toPng = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'),
  );

/** The page drawn at the variant's resolution, turned and noised. */
async function drawCanvas(
  doc: Pdf,
  number: number,
  { dpi, skew, grain, specks }: OcrVariant,
): Promise<HTMLCanvasElement> {
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
  return scanned;
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
