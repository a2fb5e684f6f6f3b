// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDb, type ConversationTurn } from '../shared/db';
import { deleteConversation, listConversations, recordTurn, renameConversation, titleFrom } from './conversations';

let count = 0;
const fresh = () => openDb(`conversations-test-${count++}`);
const turn = (question: string, askedAt: number, text = 'An answer [1].'): ConversationTurn => ({
  question,
  answer: { kind: 'extractive', state: 'done', text },
  sources: [{ n: 1, docId: 'd', docName: 'd.md', sectionId: 's', passageId: 'p', headingPath: ['H'], pages: [2], text: 'A passage.' }],
  askedAt,
});

describe('conversations', () => {
  it('starts a conversation named after its first question and adds follow-ups to it', async () => {
    const db = fresh();
    const id = await recordTurn(db, null, turn('what did the physician prescribe?', 1));
    expect(await recordTurn(db, id, turn('for how long?', 2))).toBe(id);
    const [conversation] = await listConversations(db);
    expect(conversation!.title).toBe('what did the physician prescribe?');
    expect(conversation!.turns.map((t) => t.question)).toEqual(['what did the physician prescribe?', 'for how long?']);
    expect(conversation!.updatedAt).toBe(2);
  });

  it('updates the last turn when the same question is recorded again (its answer finished)', async () => {
    const db = fresh();
    const id = await recordTurn(db, null, turn('q', 1, 'partial'));
    await recordTurn(db, id, turn('q ', 2, 'whole answer'));
    // Typing on: "what did" then "what did the physician prescribe" is one question.
    await recordTurn(db, id, turn('q and more', 3, 'whole answer'));
    const [conversation] = await listConversations(db);
    expect(conversation!.turns).toHaveLength(1);
    expect(conversation!.turns[0]!.answer.text).toBe('whole answer');
    expect(conversation!.turns[0]!.question).toBe('q and more');
  });

  it('lists the most recent first, renames, refuses an empty name, and deletes', async () => {
    const db = fresh();
    const a = await recordTurn(db, null, turn('first', 1));
    const b = await recordTurn(db, null, turn('second', 5));
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
});
