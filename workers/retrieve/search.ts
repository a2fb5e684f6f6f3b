/**
 * Retrieval strategies over a LibraryIndex. Three-stage (DESIGN §5): documents → sections inside
 * them → propositions inside those, plus a global proposition search (the escape hatch) so a
 * document missed by stage 1 is not lost. Every leg keeps its raw score for the user to see.
 */
import { labelsWithin } from '../../common/page-reference';
import { analyze } from '../../common/text/analyzer';
import type { PropositionHit, ResultHit, SearchOptions, StageScores, StageTrace } from '../../common/types';
import type { QueryWord } from '../../common/text/analyzer';
import type { RelatedTerms } from '../index/bm25';
import { topK } from '../index/top-k';
import { capPerDocument, namesDocument, withBestOfEachDocument, withFirstOfEachDocument } from './fairness';
import { asksForContents } from './contents';
import { scoreDocuments, type DocumentScores } from './document-stage';
import { keywordQuery, scoreLevel, type LevelScores } from './level-scores';
import { lapper, type SearchTimings } from './timings';
import { sectionLang, type DocMeta, type LibraryIndex, type SectionMeta } from './library-index';
import { passageLanguageFilter, restriction } from './search-languages';

export { LibraryIndex } from './library-index';
export type { SearchTimings } from './timings';

export interface Query {
  text: string;
  /** The query's embedding, or null when the model is unavailable (keyword search only). */
  vector: Float32Array | null;
  /** Related index terms and their weights (query expansion), for the keyword leg. */
  related?: RelatedTerms;
  /** The question read in the languages it may be in (`analyzeQuery`); absent: `text` read as English. */
  words?: readonly QueryWord[];
  /** Its words in the library's other languages (among `related`): what a word the index lacks is measured by. */
  translations?: RelatedTerms;
}

/**
 * Stage sizes. DESIGN §5 had 10 documents; 30 halved the SciFact queries whose relevant document
 * stage 1 dropped (13 % → 7.7 %, and 50 drops no fewer), for the same nDCG@10 (docs/retrieval.md).
 */
export const STAGE_K = { document: 30, section: 20, proposition: 30 } as const;

/** How the final proposition score mixes the three levels in hierarchical strategies. */
const LEVEL_MIX = { proposition: 0.6, section: 0.25, document: 0.15 } as const;

function top(scores: Map<string, number>, k: number): Map<string, number> {
  if (scores.size <= k) return scores;
  return new Map(topK(scores, k).map(({ id, score }) => [id, score]));
}

const stage = (s: LevelScores, id: string, bm25Max = 0): StageScores => {
  const bm25 = s.bm25.get(id);
  return {
    dense: s.dense.get(id),
    bm25,
    coverage: bm25 !== undefined && bm25Max > 0 ? Math.min(1, bm25 / bm25Max) : undefined,
    fused: s.fused.get(id) ?? 0,
  };
};

/** How many weak matches (results under the relevance floor that share a word with the query) are shown. */
const WEAK_MATCHES = 3;

/** Whether the best proposition clears the model's relevance floor on either leg. */
function relevant(scores: StageScores, floor: SearchOptions['minRelevance']): boolean {
  if (!floor) return true;
  return (scores.dense ?? -1) >= floor.dense || (scores.coverage ?? 0) >= floor.coverage;
}

/** Whether a passage is an answer, not just near: over the floor, or without one sharing a word with the query. */
const answers = (scores: StageScores, floor: SearchOptions['minRelevance']) =>
  floor ? relevant(scores, floor) : (scores.bm25 ?? 0) > 0;

/** Runs `opts.strategy` and returns results grouped by section, best first. */
export function search(index: LibraryIndex, query: Query, opts: SearchOptions): ResultHit[] {
  return traceSearch(index, query, opts).hits;
}

/** `search`, also saying what passed each stage (so an evaluation can tell where an answer was lost). */
export function traceSearch(
  index: LibraryIndex,
  query: Query,
  opts: SearchOptions,
  timings?: SearchTimings,
): { hits: ResultHit[]; stages: StageTrace; weak: boolean } {
  const lap = lapper(timings);
  const stages: StageTrace = { documents: [], sections: [], belowFloor: false };
  if (!query.text.trim() || index.propositions.size === 0) return { hits: [], stages, weak: false };
  query = withUnheldTranslated(index, query);
  const restrict = restriction(index, opts);
  const allowed = (docId: string) => !restrict || restrict.has(docId);
  const inLanguage = passageLanguageFilter(index, opts.languages);
  const propositionK = Math.max(STAGE_K.proposition, opts.limit * 3);
  const empty: LevelScores = { dense: new Map(), bm25: new Map(), fused: new Map() };

  let docs: DocumentScores = { ...empty, complete: () => undefined };
  let sections = empty;
  let candidates: Set<string> | undefined;
  if (opts.strategy === 'three-stage') {
    const keep = Math.max(STAGE_K.document, Math.ceil(opts.limit / 2));
    docs = scoreDocuments(index, query, opts, STAGE_K.document, keep, restrict ?? undefined, lap);
    const topDocs = top(docs.fused, keep);
    stages.documents = ranking(topDocs);
    lap('documents.top');
    sections = scoreLevel(
      index,
      'section',
      query,
      opts,
      0,
      new Set([...topDocs.keys()].flatMap((d) => index.sectionsOfDoc.get(d) ?? [])),
      lap,
      'sections',
    );
  } else if (opts.strategy === 'two-stage') {
    sections = scoreLevel(
      index,
      'section',
      query,
      opts,
      STAGE_K.section * 5,
      restrict ? sectionsOf(index, restrict) : undefined,
      lap,
      'sections',
    );
  }
  // Contents lists take no place of a section with text, unless the question asks for them.
  const contents = asksForContents(query.text);
  if (!contents) for (const id of index.contentsSections) sections.fused.delete(id);
  if (sections !== empty) {
    let topSections = top(sections.fused, Math.max(STAGE_K.section, opts.limit));
    if (opts.strategy === 'three-stage')
      topSections = withBestOfEachDocument(
        index,
        topSections,
        sections.fused,
        stages.documents,
        opts.sectionsPerDocument ?? 0,
      );
    stages.sections = ranking(topSections);
    candidates = new Set([...topSections.keys()].flatMap((s) => index.propositionsOfSection.get(s) ?? []));
    lap('sections.top');
  }
  if (!candidates || (opts.strategy === 'three-stage' && opts.escapeHatch) || restrict) {
    // Global proposition search: the flat strategies, and the escape hatch of three-stage.
    const global = scoreLevel(index, 'proposition', query, opts, propositionK, undefined, lap, 'global');
    const globalIds = [...global.fused.keys()].filter((id) => allowed(index.propositions.get(id)!.docId));
    candidates = new Set([...(candidates ?? []), ...globalIds]);
  }
  const props = scoreLevel(index, 'proposition', query, opts, 0, candidates, lap, 'propositions');
  // The passages' documents that stage 1 did not score (the escape hatch's), for their document term.
  docs.complete([...props.fused.keys()].map((id) => index.propositions.get(id)!.docId));

  const hierarchical = opts.strategy === 'three-stage' || opts.strategy === 'two-stage';
  const capped = hierarchical && (opts.documentCap?.perDocument ?? 0) > 0;
  const sorted = [...props.fused.keys()]
    .filter((id) => {
      const p = index.propositions.get(id)!;
      return allowed(p.docId) && inLanguage(p.docId, p.sectionId);
    })
    .map((id) => {
      const p = index.propositions.get(id)!;
      const own = props.fused.get(id) ?? 0;
      const score = hierarchical
        ? LEVEL_MIX.proposition * own +
          LEVEL_MIX.section * (sections.fused.get(p.sectionId) ?? 0) +
          LEVEL_MIX.document * (docs.fused.get(p.docId) ?? (opts.strategy === 'two-stage' ? 1 : 0))
        : own;
      return { id, score, below: !contents && p.type === 'contents' };
    })
    .filter(({ id }) => (props.dense.get(id) ?? 0) > 0 || (props.bm25.get(id) ?? 0) > 0)
    // A contents entry comes after every passage of text, unless the question asks for the contents.
    .sort((a, b) => Number(a.below) - Number(b.below) || b.score - a.score);
  // With the cap, every document's best passage stays a candidate for the places it frees.
  const ranked = capped
    ? withFirstOfEachDocument(sorted, propositionK, (id) => index.propositions.get(id)!.docId)
    : sorted.slice(0, propositionK);
  const bm25Max = index.bm25.proposition.maxScore(keywordQuery(query), query.translations);
  lap('rank');
  const extra = new Set(ranked.slice(propositionK).map(({ id }) => id));
  const grouped = group(index, ranked, props, sections, docs, opts.limit, bm25Max, extra);
  const hits = capped
    ? capPerDocument(
        grouped,
        opts.documentCap!,
        (hit) => answers(hit.propositions[0]!.scores, opts.minRelevance),
        namedIn(index, query.text),
        (docId) => index.sectionsOfDoc.get(docId)?.length ?? 0,
      ).slice(0, opts.limit)
    : grouped;
  lap('group');
  const best = hits.flatMap((h) => h.propositions.slice(0, 1)).slice(0, 5);
  stages.belowFloor = hits.length > 0 && !best.some((p) => relevant(p.scores, opts.minRelevance));
  if (!stages.belowFloor) return { hits, stages, weak: false };
  // Nothing clears the floor. Passages that share a word with the question (or a related one) are
  // still the nearest the library has, and may be what a question in other words was after
  // ("how much did fixing the crane cost" → an invoice for a crane's repair): a few are kept, as
  // weak matches, not answers. With no word in common the result is honestly empty.
  const near = hits.filter((h) => h.propositions.some((p) => (p.scores.bm25 ?? 0) > 0)).slice(0, WEAK_MATCHES);
  return { hits: near, stages, weak: near.length > 0 };
}

/**
 * A question word the library holds in none of its languages ("Sonntag" where the only text about
 * Sundays is English) can only be after its translations: they count as the word itself would,
 * not at the share a translation has beside a word the library holds (which may be all the
 * question meant: "Woche" in a German text).
 */
function withUnheldTranslated(index: LibraryIndex, query: Query): Query {
  const { related, translations } = query;
  if (!related || !translations) return query;
  const langs = [...index.languages()];
  const held = new Map<string, boolean>();
  const isHeld = (word: string) => {
    let is = held.get(word);
    if (is === undefined)
      held.set(
        word,
        (is = langs.some((lang) => analyze(word, lang).some((term) => index.bm25.proposition.holds(term)))),
      );
    return is;
  };
  const raised = (terms: RelatedTerms): RelatedTerms =>
    new Map(
      [...terms].map(([term, r]) => [term, translations.has(term) && !isHeld(r.standsFor) ? { ...r, share: 1 } : r]),
    );
  return { ...query, related: raised(related), translations: raised(translations) };
}

/** Whether the question names a document (its file name or title), memoised per document. */
function namedIn(index: LibraryIndex, text: string): (docId: string) => boolean {
  const terms = new Set(analyze(text));
  const named = new Map<string, boolean>();
  return (docId) => {
    let is = named.get(docId);
    if (is === undefined) named.set(docId, (is = namesDocument(terms, index.docs.get(docId)!)));
    return is;
  };
}

const ranking = (scores: Map<string, number>) => [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);

function sectionsOf(index: LibraryIndex, docIds: Set<string>): Set<string> {
  return new Set([...docIds].flatMap((d) => index.sectionsOfDoc.get(d) ?? []));
}

/** Whether a section's text came from OCR, and how sure that reading was. */
function ocrOf(doc: DocMeta, pages: number[]): Pick<ResultHit, 'ocr'> {
  const read = doc.ocr && pages.filter((page) => doc.ocr!.pages.includes(page));
  if (!read?.length) return {};
  return {
    ocr: { confidence: doc.ocr!.confidence, doubtful: read.some((page) => doc.ocr!.doubtfulPages.includes(page)) },
  };
}

/**
 * Groups ranked propositions under their sections; a group ranks by its best proposition. A long
 * section is stored in parts (consecutive sections under one heading path, shown as "(continued)"
 * by `npm run chunk`); a part next to one that already has a result joins that result, so one
 * heading is not two results in a row and the passage a reader looks for is under the heading
 * that names it.
 */
function group(
  index: LibraryIndex,
  ranked: { id: string; score: number }[],
  props: LevelScores,
  sections: LevelScores,
  docs: LevelScores,
  limit: number,
  bm25Max: number,
  /** Passages that make a result of their own past `limit` (other documents' best, for the cap). */
  extra?: ReadonlySet<string>,
): ResultHit[] {
  const results: ResultHit[] = [];
  /** Section id → the result showing it (parts of one section share theirs). */
  const hits = new Map<string, ResultHit>();
  for (const { id, score } of ranked) {
    const p = index.propositions.get(id)!;
    let hit = hits.get(p.sectionId);
    if (!hit) {
      const section = index.sections.get(p.sectionId)!;
      const doc = index.docs.get(p.docId)!;
      // The best proposition's own path: a merged section's path is only what its parts share.
      const headingPath = p.headingPath.length >= section.headingPath.length ? p.headingPath : section.headingPath;
      const [joined, ...others] = resultsOfNextParts(index, section, headingPath, hits, results);
      if (joined) {
        hit = joined;
        addPart(hit, section, doc);
        // A part between two results that ranked apart (the parts before and after it) makes them one.
        for (const other of others) {
          for (const part of other.parts ?? [other.sectionId]) {
            addPart(hit, index.sections.get(part)!, doc);
            hits.set(part, hit);
          }
          hit.propositions = [...hit.propositions, ...other.propositions].sort((a, b) => b.score - a.score);
          results.splice(results.indexOf(other), 1);
        }
      } else {
        if (results.length >= limit && !extra?.has(id)) continue;
        hit = {
          docId: doc.id,
          docName: doc.name,
          docTitle: doc.title,
          sectionId: section.id,
          headingPath,
          pages: section.pages,
          pageLabels: section.pageLabels,
          lang: sectionLang(doc, section.id),
          score,
          docScores: stage(docs, doc.id),
          sectionScores: stage(sections, section.id),
          propositions: [],
          ...ocrOf(doc, section.pages),
        };
        results.push(hit);
      }
      hits.set(p.sectionId, hit);
    }
    // Empty when the document's text holds it: `withHitTexts` (hit-texts.ts) fills it in.
    const pageLabels = labelsWithin(p.pages, index.sections.get(p.sectionId)!);
    const proposition: PropositionHit = {
      id,
      text: p.text ?? '',
      pages: p.pages,
      ...(pageLabels ? { pageLabels } : {}),
      start: p.start,
      end: p.end,
      type: p.type,
      score,
      scores: stage(props, id, bm25Max),
    };
    hit.propositions.push(proposition);
  }
  return results;
}

const samePath = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((heading, i) => heading === b[i]);

/**
 * The results of the sections just before and after `section` in its document that show the same
 * heading path (other parts of it), best-ranked first.
 */
function resultsOfNextParts(
  index: LibraryIndex,
  section: SectionMeta,
  headingPath: readonly string[],
  hits: ReadonlyMap<string, ResultHit>,
  results: ResultHit[],
): ResultHit[] {
  const ids = index.sectionsOfDoc.get(section.docId) ?? [];
  const at = ids.indexOf(section.id);
  const found = new Set<ResultHit>();
  for (const next of [ids[at - 1], ids[at + 1]]) {
    const hit = next === undefined ? undefined : hits.get(next);
    if (hit && samePath(hit.headingPath, headingPath)) found.add(hit);
  }
  return [...found].sort((a, b) => results.indexOf(a) - results.indexOf(b));
}

/** Widens a result to one more part of its section: its id, and its pages (with their printed labels). */
function addPart(hit: ResultHit, section: SectionMeta, doc: DocMeta): void {
  hit.parts = [...(hit.parts ?? [hit.sectionId]), section.id];
  const labels = new Map(hit.pages.map((page, i) => [page, hit.pageLabels?.[i]]));
  section.pages.forEach((page, i) => {
    if (!labels.has(page)) labels.set(page, section.pageLabels?.[i]);
  });
  const pages = [...labels.keys()].sort((a, b) => a - b);
  Object.assign(hit, { pages, ...ocrOf(doc, pages) });
  if (hit.pageLabels && section.pageLabels) hit.pageLabels = pages.map((page) => labels.get(page) ?? String(page));
}
