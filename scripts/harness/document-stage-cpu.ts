/**
 * The document stage alone in Node, old against new, on a generated library of `docs` documents of
 * 10 sections (25,000 documents are the bench's million propositions): CPU time per query
 * (`process.cpuUsage`, so another process's load counts less than in wall time), the exact pass
 * over every matching section (`scoreLevel`) and the pruned one (`scoreDocuments`) alternating.
 * Run by scripts/profile-document-stage.mjs.
 */
import type { DocumentRecord, PropositionRecord, SectionRecord } from '../../common/types';
import { DEFAULT_SEARCH_OPTIONS } from '../../workers/retrieve/defaults';
import { scoreDocuments } from '../../workers/retrieve/document-stage';
import { scoreLevel } from '../../workers/retrieve/level-scores';
import { LibraryIndex } from '../../workers/retrieve/library-index';
import type { Query } from '../../workers/retrieve/search';
import { prng } from './clustered-vectors';

const SECTIONS = 10;
const DIMS = 100;

/** A word of `size` drawn with Zipf frequencies (rank r at about 1/r). */
const zipf = (random: () => number, size: number) => `w${Math.floor(Math.exp(random() * Math.log(size)))}x`;
const words = (random: () => number, min: number, max: number) =>
  Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => zipf(random, 30_000)).join(' ');
const vector = (random: () => number) => Float32Array.from({ length: DIMS }, () => random() - 0.5);

function library(docs: number, random: () => number): LibraryIndex {
  const index = new LibraryIndex();
  for (let d = 0; d < docs; d++) {
    const docId = `d${d}`;
    const sections: SectionRecord[] = [];
    const propositions: PropositionRecord[] = [];
    const vectors = { doc: vector(random), sections: new Map(), propositions: new Map() };
    for (let s = 0; s < SECTIONS; s++) {
      const id = `${docId}s${s}`;
      const text = Array.from({ length: 4 }, () => words(random, 8, 20)).join('. ');
      const base = { docId, order: s, headingPath: [`Section ${s}`], text, start: 0, end: text.length, pages: [] };
      const rest = { position: 0, tokens: 0, keywords: [], prevId: null, nextId: null };
      sections.push({ ...base, ...rest, id, embedded: true });
      propositions.push({ ...base, ...rest, id: `${id}p`, sectionId: id, type: 'fact' });
      vectors.sections.set(id, vector(random));
      vectors.propositions.set(`${id}p`, vector(random));
    }
    const doc = { id: docId, name: `${docId}.md`, title: docId, keywords: [], summary: '' };
    index.addDocument(doc as unknown as DocumentRecord, sections, propositions, vectors);
  }
  return index;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;
};

/** CPU ms p50/p95 of the exact and the pruned document stage over `queries` generated queries. */
export function run(docs: number, queries: number) {
  const random = prng(1);
  const began = cpuMs();
  const index = library(docs, random);
  const buildMs = Math.round(cpuMs() - began);
  const opts = DEFAULT_SEARCH_OPTIONS;
  const exact: number[] = [];
  const pruned: number[] = [];
  let sameTop = 0;
  for (let q = 0; q < queries + 1; q++) {
    const query: Query = { text: words(random, 2, 5), vector: vector(random) };
    let at = cpuMs();
    const old = scoreLevel(index, 'document', query, opts, 30);
    const oldMs = cpuMs() - at;
    at = cpuMs();
    const now = scoreDocuments(index, query, opts, 30, 30);
    const newMs = cpuMs() - at;
    if (q === 0) continue; // the first query compiles the hot paths
    exact.push(oldMs);
    pruned.push(newMs);
    const top = (scores: Map<string, number>) => [...scores].sort((a, b) => b[1] - a[1]).slice(0, 10);
    if (top(old.fused).every(([id], i) => top(now.fused)[i]?.[0] === id)) sameTop++;
  }
  return {
    docs,
    sections: docs * SECTIONS,
    queries,
    build_cpu_ms: buildMs,
    exact_cpu_ms: { p50: percentile(exact, 50), p95: percentile(exact, 95) },
    pruned_cpu_ms: { p50: percentile(pruned, 50), p95: percentile(pruned, 95) },
    same_top10_documents: sameTop,
  };
}
