/**
 * The one writer of the conversations table: the page's questions and answers, renames and
 * deletes (through engine.worker.ts) what device sync receives (replication/replica.ts) and what a
 * backup brings (backup.ts) all go through here.
 */
import type { CarrelDb, ConversationRecord, ConversationTurn } from '../../common/db';
import { withTurn } from '../../common/conversations';
import { AppError } from '../../common/types';

/**
 * Keeps `turn` in conversation `id` (a new conversation when `id` is null or gone) and returns the
 * id of the conversation it went to. A question that extends, trims or repeats the last one (typing
 * on, as search-as-you-type sees it) updates that turn; any other is added to the thread. Nothing
 * starts a conversation by itself, and nothing goes back to an older one: the page offers a new
 * conversation for a question on a new topic (`offersNewConversation`), and the person decides.
 */
export async function saveTurn(db: CarrelDb, id: string | null, turn: ConversationTurn): Promise<string> {
  return db.transaction('rw', db.conversations, async () => {
    const thread = id ? await db.conversations.get(id) : undefined;
    // Reopening a conversation asks its last question again: the same answer keeps its time and place in the list.
    const kept = withTurn(thread, turn, () => crypto.randomUUID());
    if (!kept) return thread!.id;
    if (thread)
      await db.conversations.update(thread.id, { turns: kept.turns, title: kept.title, updatedAt: kept.updatedAt });
    else await db.conversations.add(kept);
    return kept.id;
  });
}

/**
 * Moves the last question of conversation `id` into a conversation of its own, as the person
 * accepted for a question on a new topic; answers the new conversation's id.
 */
export async function splitOffLastTurn(db: CarrelDb, id: string): Promise<string> {
  return db.transaction('rw', db.conversations, async () => {
    const thread = await db.conversations.get(id);
    const last = thread?.turns.at(-1);
    if (!thread || !last) throw new AppError('UNKNOWN', 'That conversation is gone. Ask the question again.');
    if (thread.turns.length === 1) return thread.id;
    const turns = thread.turns.slice(0, -1);
    await db.conversations.update(thread.id, { turns, updatedAt: turns.at(-1)!.askedAt });
    const created = withTurn(null, last, () => crypto.randomUUID())!;
    await db.conversations.add(created);
    return created.id;
  });
}

/** Renames a conversation; an empty name is refused with a message. */
export async function renameConversation(db: CarrelDb, id: string, title: string): Promise<void> {
  const trimmed = title.trim();
  if (!trimmed)
    throw new AppError('UNKNOWN', 'A conversation needs a name. Type one, or press Esc to keep the old name.');
  await db.conversations.update(id, { title: trimmed.slice(0, 200) });
}

export async function deleteConversation(db: CarrelDb, id: string): Promise<void> {
  await db.conversations.delete(id);
}

/** Stores a conversation as another device's copy merged with this one's made it (device sync). */
export async function putConversation(db: CarrelDb, conversation: ConversationRecord): Promise<void> {
  await db.conversations.put(conversation);
}

/** Adds a conversation a backup brings, unless one with its id is kept already (call inside a transaction over the table). */
export async function addConversation(db: CarrelDb, conversation: ConversationRecord): Promise<void> {
  if (!(await db.conversations.get(conversation.id))) await db.conversations.add(conversation);
}
