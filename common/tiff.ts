/**
 * TIFF pages (scanners and fax programs write multi-page TIFFs), for the file reader (OCR) and
 * the viewer (browsers do not draw TIFF). UTIF decodes them: uncompressed, CCITT fax, LZW,
 * PackBits, Deflate and JPEG. It is loaded only when a TIFF is opened.
 */

/** A TIFF starts with its byte order ("II" or "MM") and the number 42. */
export const isTiff = (b: Uint8Array) =>
  (b[0] === 0x49 && b[1] === 0x49 && b[2] === 42 && b[3] === 0) ||
  (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 42);

export interface TiffPage {
  /** From the page's directory, before anything is decoded. */
  width: number;
  height: number;
  /** Decodes the page's pixels. */
  pixels(): ImageData;
}

/** Each directory with an image is a page; reduced copies (thumbnails) are left out. Throws on a damaged file. */
export async function tiffPages(buffer: ArrayBuffer): Promise<TiffPage[]> {
  const { default: UTIF } = await import('utif2');
  const first = (tag: unknown) => (Array.isArray(tag) ? Number(tag[0]) : 0);
  return UTIF.decode(buffer)
    .filter((d) => first(d.t256) > 0 && first(d.t257) > 0 && !(first(d.t254) & 1))
    .map((directory) => ({
      width: first(directory.t256),
      height: first(directory.t257),
      pixels() {
        UTIF.decodeImage(buffer, directory);
        const rgba = UTIF.toRGBA8(directory);
        return new ImageData(
          new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.byteLength),
          directory.width,
          directory.height,
        );
      },
    }));
}
