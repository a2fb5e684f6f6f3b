/** Reads evaluation data sets: BEIR layout (corpus.jsonl, queries.jsonl, qrels.tsv) and the SQuAD QA extras. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One JSON value per non-empty line. */
export function readJsonl(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/** qrels.tsv (header `query-id corpus-id score`) → Map(query id → Map(doc id → grade)). */
export function readQrels(path) {
  const qrels = new Map();
  const [header, ...lines] = readFileSync(path, 'utf8').split('\n');
  if (!/query-id\s+corpus-id\s+score/.test(header ?? ''))
    throw new Error(`${path}: expected the header "query-id corpus-id score"`);
  for (const line of lines) {
    const [query, doc, grade] = line.trim().split('\t');
    if (!query || !doc) continue;
    if (!qrels.has(query)) qrels.set(query, new Map());
    qrels.get(query).set(doc, Number(grade));
  }
  return qrels;
}

/**
 * A BEIR data set: the first `limit` queries that have a relevant document, and the corpus. With
 * `corpusLimit`, the corpus keeps every document judged for a kept query plus the first
 * `corpusLimit` others (faster, but easier than the whole corpus).
 */
export function loadBeir(dir, { limit = Infinity, corpusLimit = Infinity } = {}) {
  const qrels = readQrels(join(dir, 'qrels.tsv'));
  const relevant = (id) => [...(qrels.get(id)?.values() ?? [])].some((grade) => grade > 0);
  const queries = readJsonl(join(dir, 'queries.jsonl'))
    .filter((q) => relevant(q._id))
    .slice(0, limit);
  let corpus = readJsonl(join(dir, 'corpus.jsonl'));
  if (Number.isFinite(corpusLimit)) {
    const judged = new Set(queries.flatMap((q) => [...qrels.get(q._id).keys()]));
    corpus = [
      ...corpus.filter((d) => judged.has(d._id)),
      ...corpus.filter((d) => !judged.has(d._id)).slice(0, corpusLimit),
    ];
  }
  return { queries, qrels, corpus };
}

/** SQuAD QA: the whole articles, and the first `limit` questions with their answer texts. */
export function loadQa(dir, { limit = Infinity, offset = 0 } = {}) {
  const answers = new Map(readJsonl(join(dir, 'answers.jsonl')).map((a) => [a._id, a]));
  const questions = readJsonl(join(dir, 'queries.jsonl'))
    .filter((q) => answers.get(q._id)?.answers?.length)
    .slice(offset, offset + limit)
    // corpus_id is "<article>#p<paragraph>": the article is the document the question belongs to.
    .map((q) => ({ ...q, answers: answers.get(q._id).answers, article: answers.get(q._id).corpus_id?.split('#')[0] }));
  return { articles: readJsonl(join(dir, 'articles.jsonl')), questions };
}

/** A corpus entry as the file Carrel ingests: Markdown named after its id, the title as its heading. */
export function asMarkdownFile(entry) {
  return { name: `${entry._id}.md`, text: entry.title ? `# ${entry.title}\n\n${entry.text}` : entry.text };
}
