/**
 * The one writer of the conversations table: the page's questions and answers, renames and
 * deletes (through engine.worker.ts) what device sync receives (replication/replica.ts) and what a
 * backup brings (backup.ts) all go through here.
 */
import type { CarrelDb, ConversationRecord, ConversationTurn } from '../../common/db';
import { belongsTo, sameQuestion, titleFrom, typedOn } from '../../common/conversations';
import { AppError } from '../../common/types';

/**
 * Keeps `turn` and returns the id of the conversation it went to.
 * - In conversation `id`, a question that extends, trims or repeats the last one (typing on)
 *   updates that turn; one that shares something with the thread is added to it; one that shares
 *   nothing starts a new conversation.
 * - A question that would start a conversation (or is still its only one) and was already asked in
 *   another conversation continues that one instead: a reload followed by the same question does not
 *   make a second, identical conversation.
 * - `splitFrom` is the conversation that `id` split from while its question was being typed: once
 *   the question, typed on, shares something with that thread after all, it goes back there.
 */
export async function saveTurn(
  db: CarrelDb,
  id: string | null,
  turn: ConversationTurn,
  splitFrom: string | null = null,
): Promise<string> {
  return db.transaction('rw', db.conversations, async () => {
    let existing = id ? await db.conversations.get(id) : undefined;
    const origin = splitFrom && existing?.turns.length === 1 ? await db.conversations.get(splitFrom) : undefined;
    if (existing && origin && typedOn(existing.turns[0]!.question, turn.question) && belongsTo(origin.turns, turn)) {
      await db.conversations.delete(existing.id);
      existing = origin;
    }
    const last = existing?.turns.at(-1);
    const replaces = !!last && typedOn(last.question, turn.question);
    // Reopening a conversation asks its last question again: the same answer keeps its time and place in the list.
    if (existing && last && unchanged(last, turn)) return existing.id;
    const thread = existing && (replaces || belongsTo(existing.turns, turn)) ? existing : undefined;
    const turns = thread ? (replaces ? [...thread.turns.slice(0, -1), turn] : [...thread.turns, turn]) : [turn];

    if (turns.length === 1) {
      const twin = await findTwin(db, turn.question, thread?.id);
      if (twin) {
        if (thread) await db.conversations.delete(thread.id);
        const twinTurns = sameQuestion(twin.turns.at(-1)!.question, turn.question)
          ? [...twin.turns.slice(0, -1), turn]
          : [...twin.turns, turn];
        await db.conversations.update(twin.id, { turns: twinTurns, updatedAt: turn.askedAt });
        return twin.id;
      }
    }
    if (!thread) {
      const created: ConversationRecord = {
        id: crypto.randomUUID(),
        title: titleFrom(turn.question),
        createdAt: turn.askedAt,
        updatedAt: turn.askedAt,
        turns,
      };
      await db.conversations.add(created);
      return created.id;
    }
    // A conversation of one question still being typed keeps the title of the question as it ends up.
    const title =
      turns.length === 1 && thread.title === titleFrom(thread.turns[0]!.question)
        ? titleFrom(turn.question)
        : thread.title;
    await db.conversations.update(thread.id, { turns, title, updatedAt: turn.askedAt });
    return thread.id;
  });
}

/** The same question with the same answer: nothing to write. */
function unchanged(kept: ConversationTurn, turn: ConversationTurn): boolean {
  return (
    sameQuestion(kept.question, turn.question) &&
    kept.answer.kind === turn.answer.kind &&
    kept.answer.state === turn.answer.state &&
    kept.answer.text === turn.answer.text
  );
}

/** The most recent other conversation in which `question` was asked, if any. */
async function findTwin(
  db: CarrelDb,
  question: string,
  except: string | undefined,
): Promise<ConversationRecord | undefined> {
  const all = await db.conversations.orderBy('updatedAt').reverse().toArray();
  return all.find((c) => c.id !== except && c.turns.some((t) => sameQuestion(t.question, question)));
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
