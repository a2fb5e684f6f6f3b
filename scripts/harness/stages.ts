/**
 * How often the hierarchical stages cut the answer away: for each query, is
 * the document holding its answer among those stage 1 kept, and a section holding it among those
 * stage 2 kept? The answer is given as relevant document names (BEIR) or answer texts (QA).
 */
import { engine } from '../../src/lib/workers';
import { eachChunks } from '../../workers/engine/chunk-store';
import type { SearchOptions, SectionRecord } from '../../common/types';
import { pageDb } from './page-db';

const SEARCH_TIMEOUT_MS = 60_000;

export interface StagedQuery {
  text: string;
  /** Names of the documents that answer it (BEIR qrels; for QA, the question's article). */
  docs?: string[];
  /** Texts any of which, inside a section of those documents, answers it (QA). */
  answers?: string[];
}

export interface StageLoss {
  /** Queries whose answer some stored section holds (the others cannot be judged). */
  judged: number;
  /** …of which stage 1 kept none of the answering documents. */
  document: number;
  /** …of which stage 1 kept one, but stage 2 none of the answering sections. */
  section: number;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

export async function stageLosses(queries: StagedQuery[], options: Partial<SearchOptions> = {}): Promise<StageLoss> {
  const db = pageDb();
  const docIdOf = new Map((await db.documents.toArray()).map((d) => [d.name, d.id]));
  const sections: SectionRecord[] = [];
  await eachChunks(db, (_, chunks) => sections.push(...chunks.sections));
  const texts = new Map(sections.map((s) => [s.id, normalise(s.text)]));
  const loss: StageLoss = { judged: 0, document: 0, section: 0 };
  for (const q of queries) {
    const docIds = new Set((q.docs ?? []).flatMap((name) => docIdOf.get(name) ?? []));
    const wanted = (q.answers ?? []).map(normalise).filter(Boolean);
    const holding = sections.filter(
      (s) => (!q.docs || docIds.has(s.docId)) && (!q.answers || wanted.some((a) => texts.get(s.id)!.includes(a))),
    );
    if (holding.length === 0) continue;
    loss.judged++;
    const { stages } = await engine.api.search(
      { query: q.text, options: { ...options, trace: true } },
      { timeoutMs: SEARCH_TIMEOUT_MS },
    );
    if (!stages || stages.documents.length === 0) continue;
    const keptDocs = new Set(stages.documents);
    const keptSections = new Set(stages.sections);
    if (!holding.some((s) => keptDocs.has(s.docId))) loss.document++;
    else if (!holding.some((s) => keptSections.has(s.id))) loss.section++;
  }
  return loss;
}
