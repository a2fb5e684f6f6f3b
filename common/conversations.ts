/**
 * Conversations: each question and its answer is a turn of a thread; a person can reopen, rename,
 * delete and export them. What both sides need to read them is here; every write to the table is
 * made by workers/engine/conversations.ts, in the engine worker (the page asks it, and device sync
 * merges through it).
 */
import type { ConversationRecord, ConversationTurn, ReadableDb } from './db';
import { termSet } from './text/analyzer';
import { pageReference } from './page-reference';

const TITLE_CHARS = 80;

/** A title from the first question: its first line, cut at a word near 80 characters. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0]!;
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : TITLE_CHARS)}…`;
}

/** A question as compared for sameness: case, spacing and closing punctuation aside. */
export function sameQuestion(a: string, b: string): boolean {
  const norm = (q: string) =>
    q
      .trim()
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/[\s?.!]+$/, '');
  return norm(a) === norm(b);
}

/** Typing on: one question extends or trims the other, as search-as-you-type sees it. */
export function typedOn(a: string, b: string): boolean {
  const [x, y] = [a.trim().toLowerCase(), b.trim().toLowerCase()];
  return x.startsWith(y) || y.startsWith(x);
}

/**
 * What conversation `thread` is with `turn` kept in it, as the engine stores it (saveTurn) and as
 * the page shows it while it is being stored: a question that extends, trims or repeats the last
 * one (typing on, as search-as-you-type sees it) updates that turn, and any other is added; with no
 * `thread`, a new conversation of that one question, titled after it, whose id is `id`. Null when
 * `turn` is the last turn already, the same question with the same answer: nothing to write.
 */
export function withTurn(
  thread: ConversationRecord | null | undefined,
  turn: ConversationTurn,
  id: () => string,
): ConversationRecord | null {
  if (!thread) {
    const title = titleFrom(turn.question);
    return { id: id(), title, createdAt: turn.askedAt, updatedAt: turn.askedAt, turns: [turn] };
  }
  const last = thread.turns.at(-1);
  if (last && unchanged(last, turn)) return null;
  const replaces = !!last && typedOn(last.question, turn.question);
  const turns = replaces ? [...thread.turns.slice(0, -1), turn] : [...thread.turns, turn];
  // A conversation of one question still being typed keeps the title of the question as it ends up.
  const title =
    turns.length === 1 && thread.title === titleFrom(thread.turns[0]!.question)
      ? titleFrom(turn.question)
      : thread.title;
  return { ...thread, turns, title, updatedAt: turn.askedAt };
}

/** The same question with the same answer. */
function unchanged(kept: ConversationTurn, turn: ConversationTurn): boolean {
  return (
    sameQuestion(kept.question, turn.question) &&
    kept.answer.kind === turn.answer.kind &&
    kept.answer.state === turn.answer.state &&
    kept.answer.text === turn.answer.text
  );
}

/**
 * Words of any question that say nothing about its topic: a question about quitting R and one about
 * a shell's configuration both "get" something.
 */
const QUESTION_WORDS = new Set([
  'get',
  'use',
  'make',
  'work',
  'find',
  'want',
  'need',
  'know',
  'mean',
  'wai',
  'mani',
  'much',
  'can',
  'tell',
  'show',
  'explain',
  'doe',
  'also',
  'like',
  'set',
  'go',
  'done',
  'happen',
  'thing',
]);

/** A question's topic terms (stemmed, stopwords and question words dropped). */
function topicTerms(text: string): string[] {
  return [...termSet(text)].filter((t) => t.length > 1 && !QUESTION_WORDS.has(t));
}

/**
 * Whether `turn` belongs to the thread `turns`. It starts a new conversation only when it shares
 * nothing with the thread: none of its topic words is in an earlier question, and none of the
 * documents it cites was cited in the thread. A question without topic words ("and why?") is a
 * follow-up.
 */
export function belongsTo(turns: readonly ConversationTurn[], turn: ConversationTurn): boolean {
  const terms = topicTerms(turn.question);
  if (terms.length === 0) return true;
  const asked = new Set(turns.flatMap((t) => topicTerms(t.question)));
  if (terms.some((t) => asked.has(t))) return true;
  const cited = new Set(turns.flatMap((t) => t.sources.map((s) => s.docId)));
  return turn.sources.some((s) => cited.has(s.docId));
}

/**
 * Whether to offer a conversation of its own for `turn`, about to be (or just) kept in the thread
 * `turns`: it shares nothing with the questions before it (the turn it updates aside).
 */
export function offersNewConversation(turns: readonly ConversationTurn[], turn: ConversationTurn): boolean {
  const last = turns.at(-1);
  const before = last && typedOn(last.question, turn.question) ? turns.slice(0, -1) : turns;
  return before.length > 0 && !belongsTo(before, turn);
}

/** Whether a conversation matches what was typed in the filter: its name or any of its questions. */
export function matchesFilter(c: ConversationRecord, filter: string): boolean {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = [c.title, ...c.turns.map((t) => t.question)].join('\n').toLowerCase();
  return words.every((w) => text.includes(w));
}
/** Every conversation, the most recent first. */
export function listConversations(db: ReadableDb): Promise<ConversationRecord[]> {
  return db.conversations.orderBy('updatedAt').reverse().toArray();
}

/**
 * The questions asked before, the most recent first, each once: what ArrowUp in the search box
 * walks through.
 */
export function earlierQuestions(list: readonly ConversationRecord[]): string[] {
  const turns = list.flatMap((c) => c.turns).sort((a, b) => b.askedAt - a.askedAt);
  const seen: string[] = [];
  for (const { question } of turns) if (!seen.some((q) => sameQuestion(q, question))) seen.push(question.trim());
  return seen;
}

type Source = ConversationTurn['sources'][number];

/** "file.pdf, Heading › Sub, p. 4": where a source of an answer is, its pages as the document prints them. */
export function sourceLabel(source: Source): string {
  return [source.docName, source.headingPath.join(' › '), pageReference(source)].filter(Boolean).join(', ');
}

const isoTime = (ms: number) => new Date(ms).toISOString();

/** A conversation as Markdown: each question as a heading, its answer, its time and its sources. */
export function conversationMarkdown(c: ConversationRecord): string {
  const lines = [
    `# ${c.title}`,
    '',
    `Exported from Carrel on ${isoTime(Date.now())}. ${c.turns.length} ${c.turns.length === 1 ? 'question' : 'questions'}.`,
  ];
  for (const turn of c.turns) {
    lines.push(
      '',
      `## ${turn.question.trim()}`,
      '',
      `*Asked ${isoTime(turn.askedAt)} · ${turn.answer.kind === 'generated' ? 'written on this device' : 'sentences of your documents'}${turn.answer.state === 'stopped' ? ' · stopped' : ''}*`,
      '',
      turn.answer.text,
    );
    if (turn.sources.length) {
      lines.push('', 'Sources:', '');
      for (const source of turn.sources) lines.push(`${source.n}. ${sourceLabel(source)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A conversation as JSON: its fields, each turn's time also written out (ISO 8601). */
export function conversationJson(c: ConversationRecord): string {
  const turns = c.turns.map((turn) => ({ ...turn, askedAtIso: isoTime(turn.askedAt) }));
  return `${JSON.stringify({ format: 'carrel-conversation', version: 1, ...c, turns }, null, 2)}\n`;
}

/** A file name for an exported conversation: its title, tamed. */
export function exportName(c: ConversationRecord, extension: 'md' | 'json'): string {
  const base =
    c.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'conversation';
  return `${base}.${extension}`;
}
