/**
 * Conversations in IndexedDB: each question and its answer is a turn of the open conversation;
 * a person can reopen, rename and delete them (export goes through the backup file).
 */
import type { CarrelDb, ConversationRecord, ConversationTurn } from '../shared/db';
import { AppError } from '../shared/types';

const TITLE_CHARS = 80;

/** A title from the first question: its first line, cut at a word near 80 characters. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0]!;
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : TITLE_CHARS)}…`;
}

/**
 * Adds `turn` to conversation `id` (a new one when null) and returns its id. A question that
 * extends or trims the last one (typing on, as search-as-you-type sees it) or repeats it updates
 * that turn instead of adding one.
 */
export async function recordTurn(db: CarrelDb, id: string | null, turn: ConversationTurn): Promise<string> {
  return db.transaction('rw', db.conversations, async () => {
    const existing = id ? await db.conversations.get(id) : undefined;
    if (!existing) {
      const created: ConversationRecord = { id: id ?? crypto.randomUUID(), title: titleFrom(turn.question), createdAt: turn.askedAt, updatedAt: turn.askedAt, turns: [turn] };
      await db.conversations.add(created);
      return created.id;
    }
    const last = existing.turns.at(-1);
    const same = last && (turn.question.trim().startsWith(last.question.trim()) || last.question.trim().startsWith(turn.question.trim()));
    const turns = same ? [...existing.turns.slice(0, -1), turn] : [...existing.turns, turn];
    await db.conversations.update(existing.id, { turns, updatedAt: turn.askedAt });
    return existing.id;
  });
}

/** Renames a conversation; an empty name is refused with a message. */
export async function renameConversation(db: CarrelDb, id: string, title: string): Promise<void> {
  const trimmed = title.trim();
  if (!trimmed) throw new AppError('UNKNOWN', 'A conversation needs a name. Type one, or press Esc to keep the old name.');
  await db.conversations.update(id, { title: trimmed.slice(0, 200) });
}

export async function deleteConversation(db: CarrelDb, id: string): Promise<void> {
  await db.conversations.delete(id);
}

/** Every conversation, the most recent first. */
export function listConversations(db: CarrelDb): Promise<ConversationRecord[]> {
  return db.conversations.orderBy('updatedAt').reverse().toArray();
}
