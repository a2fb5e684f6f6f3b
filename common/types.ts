/** Domain records shared by the UI and the workers. No DOM, no worker globals. */

export type SourceKind = 'pdf' | 'markdown' | 'html' | 'text' | 'docx' | 'epub' | 'odt' | 'odp' | 'pptx' | 'image';
export type DocStatus = 'queued' | 'parsing' | 'embedding' | 'ready' | 'failed' | 'needs-password';
/** `contents`: an entry of a table of contents, a list of figures or an index (front and back matter, DESIGN §4). */
export type PropositionType = 'definition' | 'procedure' | 'example' | 'fact' | 'other' | 'contents';
export type BlockKind = 'heading' | 'paragraph' | 'list-item' | 'code' | 'table' | 'quote';
export type ChunkMode = 'three-level' | 'paragraph' | 'full-doc';

/** The sizes a library is chunked to, in tokens: the usual largest section and passage (DESIGN §4). */
export interface ChunkSizes {
  section: number;
  proposition: number;
}
export type Level = 'document' | 'section' | 'proposition';

/** One structural unit of a parsed file, before chunking. Offsets index `ParsedDocument.text`. */
export interface Block {
  kind: BlockKind;
  text: string;
  start: number;
  end: number;
  /** Heading level 1–6 (only for `heading`). */
  level?: number;
  /** 1-based physical pages, as a viewer counts them (PDF only). */
  pages?: number[];
  /** Printed page labels where the PDF has them (parallel to `pages`). */
  pageLabels?: string[];
  /** Fenced code language (Markdown). */
  lang?: string;
  /**
   * Links to the document's own anchors (`#…`) or to the other pages of its manual (localHref in
   * workers/parse/blocks.ts) in a Markdown or HTML block: how many, and how many letters and digits
   * of the block's text they hold. A contents list is made of them (workers/chunk/link-contents.ts);
   * absent when the block has none.
   */
  localLinks?: LocalLinks;
}

/** A block's links within its document or manual: their count and the letters and digits of their text. */
export interface LocalLinks {
  count: number;
  chars: number;
}

/** What a parser returns for every format. */
export interface ParsedDocument {
  kind: SourceKind;
  title: string;
  /** The whole extracted text; every block's start/end points into it. */
  text: string;
  blocks: Block[];
  pageCount?: number;
  /** Present when some pages were scans read by OCR. */
  ocr?: OcrSummary;
  /** The words OCR read on each such page, placed on the page (for the viewer's boxes). */
  ocrWords?: Record<number, { str: string; transform: number[]; width: number }[]>;
}

/** Which pages of a document were read by OCR, and how sure the reading was. */
export interface OcrSummary {
  /** 1-based pages whose text came from OCR. */
  pages: number[];
  /** Mean word confidence over those pages, 0–100. */
  confidence: number;
  /** Pages read with a mean confidence under the floor: their text may be wrong. */
  doubtfulPages: number[];
  /** Scanned pages OCR could not read (the rest of the document is kept). */
  failedPages: number[];
}

/** Citation-bearing fields shared by sections and propositions. */
export interface ChunkBase {
  /** Stable: hash of document content id + level + position. */
  id: string;
  docId: string;
  order: number;
  headingPath: string[];
  text: string;
  /** Char offsets into the extracted text. */
  start: number;
  end: number;
  pages: number[];
  pageLabels?: string[];
  /** Normalised position of `start` in the document, 0–1. */
  position: number;
  tokens: number;
  keywords: string[];
  prevId: string | null;
  nextId: string | null;
  /** ISO 639-1, only when this passage is in another language than its document (a two-language document). */
  lang?: string;
}

export interface SectionRecord extends ChunkBase {
  /** False for parents that are returned but not embedded (Dify paragraph / full-doc modes). */
  embedded: boolean;
}

export interface PropositionRecord extends ChunkBase {
  sectionId: string;
  type: PropositionType;
}

/** What the chunker returns for one document (ids already assigned). */
export interface ChunkedDocument {
  title: string;
  summary: string;
  keywords: string[];
  tokens: number;
  sections: SectionRecord[];
  propositions: PropositionRecord[];
}

export interface DocumentRecord {
  /** SHA-256 of the file bytes (hex, first 32 chars): the same file twice is one document. */
  id: string;
  name: string;
  kind: SourceKind;
  mime: string;
  size: number;
  addedAt: number;
  /** When this indexing of it was written (a re-index changes it; older records lack it). */
  indexedAt?: number;
  /** How its file was read into text (common/read-recipe.ts); absent: the first way. */
  readRecipe?: number;
  status: DocStatus;
  title: string;
  summary: string;
  keywords: string[];
  pageCount?: number;
  tokens: number;
  sectionCount: number;
  propositionCount: number;
  chunkMode: ChunkMode;
  /** The sizes it was chunked to (absent: the defaults, as before sizes could be chosen). */
  chunkSizes?: ChunkSizes;
  /** The model whose vectors this document has (absent: keyword search only). */
  modelId?: string;
  /** Present when some pages were scans read by OCR. */
  ocr?: OcrSummary;
  /** Its language, ISO 639-1 (detected when read, or set by the person); absent: read before languages were told apart, English. */
  lang?: string;
  /** True when the person set `lang` (a re-read keeps it). */
  langSet?: boolean;
  /** When the person last opened it in the viewer (ms). */
  openedAt?: number;
  /**
   * Removed by the person, to be deleted at this time (ms) unless undone: hidden from the list and
   * from search meanwhile. Stored, so a reload inside the undo window keeps the document.
   */
  removeAt?: number;
  error?: { code: ErrorCode; message: string };
}

export type ErrorCode =
  | 'PDF_PASSWORD'
  | 'PDF_BAD_PASSWORD'
  | 'PDF_INVALID'
  | 'PDF_NO_TEXT'
  | 'PDF_RENDER'
  | 'ORIGINAL_MISSING'
  | 'UNSUPPORTED_TYPE'
  | 'BINARY_CONTENT'
  | 'EMPTY_FILE'
  | 'TOO_LARGE'
  | 'ARCHIVE_INVALID'
  | 'ARCHIVE_BOMB'
  | 'DOCUMENT_PROTECTED'
  | 'IMAGE_INVALID'
  | 'IMAGE_TOO_LARGE'
  | 'OCR_LANGUAGE_MISSING'
  | 'QUOTA_EXCEEDED'
  | 'MODEL_UNAVAILABLE'
  | 'MODEL_DOWNLOAD'
  | 'NETWORK_UNREACHABLE'
  | 'WORKER_CRASHED'
  | 'WORKER_RENEWED'
  | 'FRESH_WORKER'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'BACKUP_CORRUPT'
  | 'BACKUP_FOREIGN'
  | 'BACKUP_NEWER'
  | 'BACKUP_PASSPHRASE'
  | 'UNKNOWN';

/** A failure a person can act on. `code` picks the message and next step in the UI. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export type Strategy = 'bm25' | 'dense' | 'flat-child' | 'two-stage' | 'three-stage';
export type FusionMethod = 'weighted' | 'rrf';

export interface SearchOptions {
  strategy: Strategy;
  /** Use BM25 beside the vectors (ignored by `bm25` and `dense`). */
  hybrid: boolean;
  fusion: FusionMethod;
  /** Weight of the dense leg in weighted fusion, 0–1 (BM25 gets 1 − w). */
  denseWeight: number;
  /**
   * The dense leg's weight instead, for a question whose keywords are read in another language
   * than English (workers/engine/search.ts, `queryOptions`); absent, as by default, `denseWeight`
   * holds. An evaluation's choice: measured, not kept (docs/languages.md).
   */
  tablesDenseWeight?: number;
  /** Global proposition search merged into the three-stage result. */
  escapeHatch: boolean;
  /** Restrict to these documents (empty or absent = all). */
  docIds?: string[];
  /** Restrict to passages in these languages, ISO 639-1 (empty or absent = all). */
  languages?: string[];
  /** How many result groups to return. */
  limit: number;
  /**
   * Below both of these, the best proposition is not an answer: the result keeps only a few weak
   * matches that share a word with the query, or is empty ("nothing relevant found"). Calibrated
   * per model (scripts/calibrate-relevance.mjs).
   */
  minRelevance?: { dense: number; coverage: number };
  /**
   * Weight of related words from the lexicon (query expansion) in the keyword leg, as a share of a
   * typed word's; 0 turns expansion off. Defaults to RELATED_WORD_WEIGHT.
   */
  relatedWeight?: number;
  /**
   * Factor on the learned translation table's probabilities (query expansion from question ↔ answer
   * pairs, workers/retrieve/translation.ts), beside or instead of the lexicon; 0 turns it off.
   */
  translationWeight?: number;
  /**
   * Stage 2 (three-stage) keeps this many best sections of every document stage 1 kept, beside the
   * best sections overall, so one document's many sections cannot crowd another's best out; 0 = off.
   */
  sectionsPerDocument?: number;
  /**
   * In hierarchical strategies, one document holds at most `perDocument` of the first `window`
   * results while another document has an answer for the place (unless the question names it),
   * when that document has `sizeRatio` times fewer sections (absent: whatever its size).
   */
  documentCap?: { window: number; perDocument: number; sizeRatio?: number };
  /**
   * Share of a typed word's weight for the words a question stands for in the library's other
   * languages (the built-in model's language tables, workers/retrieve/cross-language.ts); 0 turns it off.
   */
  crossLanguageWeight?: number;
  /**
   * Share of a typed word's weight that its other words in the question's own language bring in,
   * found through English and back in the language's table (workers/retrieve/cross-language.ts).
   */
  ownLanguageWeight?: number;
  /** Share of a typed word's weight for its synonyms in a German or French thesaurus (workers/retrieve/thesaurus.ts); 0 turns it off. */
  thesaurusWeight?: number;
  /** Also say which documents and sections passed stages 1 and 2 (`SearchResponse.stages`; for evaluation). */
  trace?: boolean;
}

/** What passed the hierarchical stages, before propositions were ranked (only with `trace`). */
export interface StageTrace {
  /** Documents kept by stage 1, best first (empty for strategies without a document stage). */
  documents: string[];
  /** Sections kept by stage 2, best first. */
  sections: string[];
  /** Whether no result cleared the relevance floor (the hits, if any, are weak matches). */
  belowFloor: boolean;
}

/** A proposition inside a result, with its real per-stage scores. */
export interface PropositionHit {
  id: string;
  text: string;
  pages: number[];
  /** Printed page labels (parallel to `pages`) where the document has them. */
  pageLabels?: string[];
  start: number;
  end: number;
  type: PropositionType;
  score: number;
  scores: StageScores;
}

/** Raw and fused scores of one item (absent legs are undefined). */
export interface StageScores {
  dense?: number;
  bm25?: number;
  /** BM25 as a share (0–1) of what a hit covering every query term would score. */
  coverage?: number;
  fused: number;
}

/** One ranked result: a section of a document with the propositions that answer, best first. */
export interface ResultHit {
  docId: string;
  docName: string;
  docTitle: string;
  sectionId: string;
  headingPath: string[];
  pages: number[];
  pageLabels?: string[];
  /** The passage's language (ISO 639-1). */
  lang?: string;
  /** Ranking score of this result (its best proposition's fused score, or the section's). */
  score: number;
  docScores: StageScores;
  sectionScores: StageScores;
  propositions: PropositionHit[];
  /** Present when the section's text was read by OCR: the document's mean confidence, and whether a page of it fell under the floor. */
  ocr?: { confidence: number; doubtful: boolean };
  /** Other documents whose section holds this result's best passage too (copies of it), folded into this result. */
  copies?: ResultCopy[];
  /** Set when the result spans consecutive parts of one long section: their ids, `sectionId` first. */
  parts?: string[];
}

/** Where else a result's passage is found: a copy of it in another document. */
export type ResultCopy = Pick<
  ResultHit,
  'docId' | 'docName' | 'docTitle' | 'sectionId' | 'headingPath' | 'pages' | 'pageLabels'
>;

export interface SearchResponse {
  query: string;
  /** The query actually searched (follow-up enrichment may add terms). */
  searchedQuery: string;
  strategy: Strategy;
  tookMs: number;
  hits: ResultHit[];
  /**
   * No result cleared the relevance floor: `hits` are the few nearest passages that share a word
   * with the query, to be shown as weak matches, not used as answers.
   */
  weak?: boolean;
  /** The embedding model whose vectors answered (absent where no engine ran, as in unit tests). */
  modelId?: string;
  /** Where the query was embedded: 'webgpu' or 'wasm'; null when the model was unavailable. */
  device?: string | null;
  /** Words of related meaning the keyword search also looked for (query expansion), as written in the lexicon. */
  relatedWords?: string[];
  /**
   * Words of the library's other languages the question stands for, and a German or French
   * question's other words of its own language (through English and back), found in the results:
   * they count as the question's words (highlights, the answer's shared-word rule) but are not
   * listed as "also searched", since a dictionary's loose senses of a word would only puzzle.
   */
  translatedWords?: string[];
  stages?: StageTrace;
}
