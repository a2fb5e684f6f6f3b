/**
 * The file types Carrel reads, written once. The file reader's detection (workers/parse/detect.ts),
 * the installed app's file handlers and share target (vite.config.ts), the drop zone's file picker
 * and the tests are all made from this list.
 */
import type { SourceKind } from './types';

export interface FileType {
  kind: SourceKind;
  /** The type's MIME name, as the manifest and a browser's File name it. */
  mime: string;
  /** Other MIME names browsers give the same files. */
  otherMimes?: readonly string[];
  /** Lower case, without the dot. */
  extensions: readonly string[];
}

/**
 * `.mdown` and `.mkd` are Markdown to the Markdown reader; `.text`, `.rst` and `.log` are plain text
 * to the text reader, which also finds reStructuredText's underlined headings.
 */
export const FILE_TYPES: readonly FileType[] = [
  { kind: 'pdf', mime: 'application/pdf', extensions: ['pdf'] },
  {
    kind: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  { kind: 'odt', mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  { kind: 'odp', mime: 'application/vnd.oasis.opendocument.presentation', extensions: ['odp'] },
  {
    kind: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  { kind: 'epub', mime: 'application/epub+zip', extensions: ['epub'] },
  {
    kind: 'markdown',
    mime: 'text/markdown',
    otherMimes: ['text/x-markdown'],
    extensions: ['md', 'markdown', 'mdown', 'mkd'],
  },
  { kind: 'html', mime: 'text/html', extensions: ['html', 'htm'] },
  { kind: 'html', mime: 'application/xhtml+xml', extensions: ['xhtml'] },
  { kind: 'text', mime: 'text/plain', extensions: ['txt', 'text', 'rst', 'log'] },
  { kind: 'image', mime: 'image/png', extensions: ['png'] },
  { kind: 'image', mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { kind: 'image', mime: 'image/webp', extensions: ['webp'] },
  { kind: 'image', mime: 'image/tiff', extensions: ['tif', 'tiff'] },
];

/** The reader for each extension (lower case, no dot). */
export const KIND_BY_EXTENSION: ReadonlyMap<string, SourceKind> = new Map(
  FILE_TYPES.flatMap((type) => type.extensions.map((extension) => [extension, type.kind] as const)),
);

/** The reader for each MIME name. */
export const KIND_BY_MIME: ReadonlyMap<string, SourceKind> = new Map(
  FILE_TYPES.flatMap((type) => [type.mime, ...(type.otherMimes ?? [])].map((mime) => [mime, type.kind] as const)),
);

/** Every extension with its dot, in list order. */
const DOTTED = FILE_TYPES.flatMap((type) => type.extensions.map((extension) => `.${extension}`));

/** The `accept` of a file picker: every extension. */
export const PICKER_ACCEPT = DOTTED.join(',');

/** The web app manifest's `file_handlers[].accept`: each MIME name with its extensions. */
export function fileHandlerAccept(): Record<string, string[]> {
  return Object.fromEntries(FILE_TYPES.map((type) => [type.mime, type.extensions.map((extension) => `.${extension}`)]));
}

/** The share target's `accept`: each MIME name followed by its extensions. */
export function shareTargetAccept(): string[] {
  return FILE_TYPES.flatMap((type) => [
    type.mime,
    ...(type.otherMimes ?? []),
    ...type.extensions.map((extension) => `.${extension}`),
  ]);
}
