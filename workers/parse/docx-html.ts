/**
 * Word (.docx) → HTML through mammoth, the same way for indexing (file reader) and for showing
 * the original (the viewer), so passages found in one are found in the other. Word's heading
 * styles become h1–h6, lists ul/ol, tables tables, footnotes an ordered list at the end. Images
 * keep only their description: nothing embedded is decoded, nothing linked is fetched, and
 * macros, being code, are never run (mammoth reads the document's XML only).
 */
import mammoth from 'mammoth';

export async function docxToHtml(bytes: Uint8Array): Promise<string> {
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  // The browser build reads `arrayBuffer`, the Node build (unit tests) `buffer`; both hand it to JSZip.
  const input = { arrayBuffer, buffer: arrayBuffer } as { arrayBuffer: ArrayBuffer };
  const result = await mammoth.convertToHtml(
    input,
    // mammoth adds the image's description as alt; the bytes are never read.
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  return result.value;
}
