import { describe, expect, it } from 'vitest';
import { grayTiff } from '../../scripts/lib/scan-fixture';
import { tiffPages } from '../../common/tiff';
import { imageSize, MAX_IMAGE_PIXELS, parseImage } from './image';

/** The first bytes of a PNG: signature and IHDR (the rest of a file is not needed to know its size). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

function jpegHeader(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with height and width.
  const app0 = [0xff, 0xe0, 0, 16, ...new Array(14).fill(0)];
  const sof0 = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, ...new Array(12).fill(0)]);
}

function webpLossless(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(30);
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [...'WEBPVP8L'].map((c) => c.charCodeAt(0)),
    8,
  );
  bytes[20] = 0x2f;
  new DataView(bytes.buffer).setUint32(21, (width - 1) | ((height - 1) << 14), true);
  return bytes;
}

describe('imageSize (from the header, before anything is decoded)', () => {
  it('reads PNG, JPEG and lossless WebP sizes', () => {
    expect(imageSize(pngHeader(2480, 3508))).toEqual({ width: 2480, height: 3508 });
    expect(imageSize(jpegHeader(1200, 1600))).toEqual({ width: 1200, height: 1600 });
    expect(imageSize(webpLossless(800, 600))).toEqual({ width: 800, height: 600 });
  });

  it('knows nothing of other bytes', () => {
    expect(imageSize(new TextEncoder().encode('not an image at all, only text'))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0x00]))).toBeNull();
  });
});

describe('parseImage refusals', () => {
  const ocr = { recognize: () => Promise.reject(new Error('OCR must not be reached')) };

  it('refuses a 20,000 × 20,000 image by its header, before decoding or OCR', async () => {
    await expect(parseImage(pngHeader(20_000, 20_000), 'huge.png', ocr)).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: expect.stringContaining('20,000 × 20,000'),
    });
    expect(20_000 * 20_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it('refuses a file named like an image that is not one', async () => {
    await expect(parseImage(new TextEncoder().encode('hello'), 'note.png', ocr)).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
    });
  });

  it('refuses a TIFF whose second page is 20,000 × 20,000 by its directory, before decoding; and a damaged TIFF', async () => {
    const tiff = await grayTiff([
      { gray: new Uint8Array(40 * 30).fill(255), width: 40, height: 30 },
      { gray: new Uint8Array(0), width: 20_000, height: 20_000 },
    ]);
    await expect(parseImage(tiff, 'fax.tiff', ocr)).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: expect.stringContaining('(page 2) is 20,000 × 20,000'),
    });
    await expect(parseImage(tiff.subarray(0, 12), 'cut.tiff', ocr)).rejects.toMatchObject({ code: 'IMAGE_INVALID' });
  });
});

describe('tiffPages', () => {
  it('gives each page’s size from its directory', async () => {
    const gray = new Uint8Array(4 * 3).map((_, i) => i * 20);
    const tiff = await grayTiff([
      { gray, width: 4, height: 3 },
      { gray: new Uint8Array(2 * 2), width: 2, height: 2 },
    ]);
    const pages = await tiffPages(tiff.buffer as ArrayBuffer);
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [4, 3],
      [2, 2],
    ]);
  });
});
