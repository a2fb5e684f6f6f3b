// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDb, type ConversationTurn } from '../../common/db';
import {
  belongsTo,
  conversationJson,
  conversationMarkdown,
  earlierQuestions,
  listConversations,
  matchesFilter,
  offersNewConversation,
  titleFrom,
  withTurn,
} from '../../common/conversations';
import { deleteConversation, renameConversation, saveTurn, splitOffLastTurn } from './conversations';

let count = 0;
const fresh = () => openDb(`conversations-test-${count++}`);
const turn = (question: string, askedAt: number, text = 'An answer [1].', docId = 'd'): ConversationTurn => ({
  question,
  answer: { kind: 'extractive', state: 'done', text },
  sources: [
    {
      n: 1,
      docId,
      docName: `${docId}.md`,
      sectionId: 's',
      passageId: 'p',
      headingPath: ['H'],
      pages: [2],
      text: 'A passage.',
    },
  ],
  askedAt,
});

describe('conversations', () => {
  it('starts a conversation named after its first question and adds follow-ups to it', async () => {
    const db = fresh();
    const id = await saveTurn(db, null, turn('what did the physician prescribe?', 1));
    expect(await saveTurn(db, id, turn('for how long?', 2))).toBe(id);
    const [conversation] = await listConversations(db);
    expect(conversation!.title).toBe('what did the physician prescribe?');
    expect(conversation!.turns.map((t) => t.question)).toEqual(['what did the physician prescribe?', 'for how long?']);
    expect(conversation!.updatedAt).toBe(2);
  });

  it('updates the last turn when the same question is recorded again (its answer finished)', async () => {
    const db = fresh();
    const id = await saveTurn(db, null, turn('q', 1, 'partial'));
    await saveTurn(db, id, turn('q ', 2, 'whole answer'));
    // Typing on: "what did" then "what did the physician prescribe" is one question.
    await saveTurn(db, id, turn('q and more', 3, 'whole answer'));
    const [conversation] = await listConversations(db);
    expect(conversation!.turns).toHaveLength(1);
    expect(conversation!.turns[0]!.answer.text).toBe('whole answer');
    expect(conversation!.turns[0]!.question).toBe('q and more');
  });

  it('lists the most recent first, renames, refuses an empty name, and deletes', async () => {
    const db = fresh();
    const a = await saveTurn(db, null, turn('first', 1));
    const b = await saveTurn(db, null, turn('second', 5));
    expect((await listConversations(db)).map((c) => c.id)).toEqual([b, a]);
    await renameConversation(db, a, '  Antibiotics  ');
    expect((await db.conversations.get(a))!.title).toBe('Antibiotics');
    await expect(renameConversation(db, a, '   ')).rejects.toThrow(/needs a name/);
    expect((await db.conversations.get(a))!.title).toBe('Antibiotics');
    await deleteConversation(db, b);
    expect((await listConversations(db)).map((c) => c.id)).toEqual([a]);
  });

  it('cuts a long first question at a word for the title', () => {
    const title = titleFrom(`${'word '.repeat(30)}end`);
    expect(title.length).toBeLessThanOrEqual(81);
    expect(title.endsWith('…')).toBe(true);
  });

  it('offers, and never starts by itself, a new conversation for a question that shares no word and no cited document', async () => {
    const db = fresh();
    const r = await saveTurn(db, null, turn('how do I quit R when I am done', 1, 'Use q() [1].', 'r-intro'));
    const first = (await db.conversations.get(r))!.turns;
    // A shared word keeps the thread, even when another document answers.
    expect(offersNewConversation(first, turn('how do I quit R without saving the workspace', 2, 'x', 'r-faq'))).toBe(
      false,
    );
    expect(await saveTurn(db, r, turn('how do I quit R without saving the workspace', 2, 'x', 'r-faq'))).toBe(r);
    // No shared word, but the same document: a follow-up.
    const shell = turn('how should shell scripts be indented', 4, 'Two spaces [1].', 'shellguide');
    expect(offersNewConversation(first, turn('what does the workspace image hold', 3, 'x', 'r-intro'))).toBe(false);
    // Neither: offered a conversation of its own, but kept in the thread until the person accepts.
    expect(await saveTurn(db, r, shell)).toBe(r);
    const thread = (await db.conversations.get(r))!.turns;
    expect(thread).toHaveLength(3);
    // Judged against the questions before it, not against itself.
    expect(offersNewConversation(thread, shell)).toBe(true);
    const split = await splitOffLastTurn(db, r);
    expect(split).not.toBe(r);
    expect((await listConversations(db)).map((c) => [c.title, c.turns.length])).toEqual([
      ['how should shell scripts be indented', 1],
      ['how do I quit R when I am done', 2],
    ]);
    // A question with no topic words at all is read as a follow-up.
    expect(belongsTo(thread, turn('and why?', 5, 'x', 'elsewhere'))).toBe(true);
    // The first question of a conversation is never offered another.
    expect(offersNewConversation([], shell)).toBe(false);
  });

  it('keeps a repeated question where it is asked: a new conversation stays new', async () => {
    const db = fresh();
    const id = await saveTurn(db, null, turn('how do I quit R', 1));
    await saveTurn(db, id, turn('what about the workspace', 2));
    // "New conversation" (no id): the same question again starts a conversation of its own.
    const again = await saveTurn(db, null, turn('How do I quit R?', 3, 'new answer'));
    expect(again).not.toBe(id);
    expect((await db.conversations.get(id))!.turns).toHaveLength(2);
    // Asked once more right away: the last turn is updated, not repeated.
    expect(await saveTurn(db, again, turn('how do I quit R', 5, 'newer'))).toBe(again);
    expect((await db.conversations.get(again))!.turns.map((t) => t.answer.text)).toEqual(['newer']);
  });

  it('filters conversations by name and by the questions asked in them', async () => {
    const db = fresh();
    const id = await saveTurn(db, null, turn('how do I quit R', 1));
    await saveTurn(db, id, turn('what about the workspace image', 2));
    await renameConversation(db, id, 'R sessions');
    const [c] = await listConversations(db);
    expect(matchesFilter(c!, 'sessions')).toBe(true);
    expect(matchesFilter(c!, '  WORKSPACE  image ')).toBe(true);
    expect(matchesFilter(c!, 'tomatoes')).toBe(false);
    expect(matchesFilter(c!, '')).toBe(true);
  });

  it('keeps the time of a question reopened with the same answer', async () => {
    const db = fresh();
    const id = await saveTurn(db, null, turn('how do I quit R', 1, 'Use q() [1].'));
    await saveTurn(db, id, turn('how do I quit R', 9, 'Use q() [1].'));
    const [kept] = await listConversations(db);
    expect(kept!.turns[0]!.askedAt).toBe(1);
    expect(kept!.updatedAt).toBe(1);
  });

  it('lists earlier questions for ArrowUp, the most recent first, each once', async () => {
    const db = fresh();
    const a = await saveTurn(db, null, turn('first question', 1));
    await saveTurn(db, a, turn('second question about it', 2));
    await saveTurn(db, null, turn('third, elsewhere', 3, 'x', 'e'));
    await saveTurn(db, a, turn('First question?', 4));
    expect(earlierQuestions(await listConversations(db))).toEqual([
      'First question?',
      'third, elsewhere',
      'second question about it',
    ]);
  });

  it('exports a conversation as Markdown and JSON with every question, answer, time and source', async () => {
    const db = fresh();
    const id = await saveTurn(
      db,
      null,
      turn('what did the physician prescribe', Date.UTC(2026, 0, 2, 3, 4), 'Antibiotics [1].'),
    );
    await saveTurn(db, id, turn('for how many days', Date.UTC(2026, 0, 2, 3, 5), 'Ten days [1].'));
    const c = (await db.conversations.get(id))!;
    const md = conversationMarkdown(c);
    expect(md).toMatch(/^# what did the physician prescribe\n/);
    expect(md).toContain('## for how many days');
    expect(md).toContain('Ten days [1].');
    expect(md).toContain('Asked 2026-01-02T03:05:00.000Z');
    expect(md).toContain('1. d.md, H, p. 2');
    expect(md.indexOf('## what did')).toBeLessThan(md.indexOf('## for how many'));
    const json = JSON.parse(conversationJson(c));
    expect(json.title).toBe('what did the physician prescribe');
    expect(json.turns.map((t: ConversationTurn) => t.answer.text)).toEqual(['Antibiotics [1].', 'Ten days [1].']);
    expect(json.turns[1].askedAtIso).toBe('2026-01-02T03:05:00.000Z');
    expect(json.turns[0].sources[0].pages).toEqual([2]);
  });
  it('shows a turn being written as it will be stored: new, typed on, repeated, added', async () => {
    const db = fresh();
    let id: string | null = null;
    const questions: [string, number, string?][] = [
      ['how long does the course', 1],
      ['how long does the course of antibiotics last', 2],
      ['how long does the course of antibiotics last', 3],
      ['how long does the course of antibiotics last', 4, 'Ten days [1].'],
      ['what did the physician prescribe?', 5],
    ];
    for (const [question, at, text] of questions) {
      const before = id ? ((await db.conversations.get(id)) ?? null) : null;
      const shown = withTurn(before, turn(question, at, text), () => id ?? 'new');
      id = await saveTurn(db, id, turn(question, at, text));
      const stored = (await db.conversations.get(id))!;
      // Null only where nothing changes: the same question with the same answer.
      if (!shown) expect(stored).toEqual(before);
      else expect({ ...shown, id: stored.id }).toEqual(stored);
    }
    const stored = (await db.conversations.get(id!))!;
    expect(stored.turns.map((t) => [t.question, t.askedAt, t.answer.text])).toEqual([
      ['how long does the course of antibiotics last', 4, 'Ten days [1].'],
      ['what did the physician prescribe?', 5, 'An answer [1].'],
    ]);
    expect(stored.title).toBe('how long does the course of antibiotics last');
  });
});
