/**
 * The open conversation: each answered question becomes a turn of it; follow-ups are read against
 * its previous question. Conversations are listed live from IndexedDB (other tabs show up too).
 */
import { liveQuery } from 'dexie';
import type { ConversationRecord, ConversationTurn } from '../shared/db';
import type { AnswerSource } from './answer-extract';
import { deleteConversation, listConversations, recordTurn, renameConversation } from './conversations';
import { db } from './db';
import { handleError } from './errors';
import { search } from './search.svelte';

class ConversationState {
  list = $state.raw<ConversationRecord[]>([]);
  currentId = $state<string | null>(null);
  error = $state('');
  #writing: Promise<unknown> = Promise.resolve();

  constructor() {
    liveQuery(() => listConversations(db)).subscribe({ next: (list) => (this.list = list) });
  }

  get current(): ConversationRecord | null {
    return this.list.find((c) => c.id === this.currentId) ?? null;
  }

  /** Keeps the answer to `question` in the open conversation (starting one if none is open). */
  record(question: string, answer: ConversationTurn['answer'], sources: AnswerSource[]): void {
    const turn: ConversationTurn = {
      question,
      answer,
      sources: sources.map((s) => ({ n: s.n, docId: s.hit.docId, docName: s.hit.docName, sectionId: s.hit.sectionId, passageId: s.passage.id, headingPath: s.hit.headingPath, pages: s.passage.pages, ...(s.passage.pageLabels ? { pageLabels: s.passage.pageLabels } : {}), text: s.passage.text })),
      askedAt: Date.now(),
    };
    // One write at a time, so a new conversation's id is known before its next turn is written.
    this.#writing = this.#writing.then(async () => {
      this.currentId = await recordTurn(db, this.currentId, turn);
    }).catch((error: unknown) => (this.error = handleError(error).message));
  }

  /** Starts a new conversation: the next question is not read as a follow-up. */
  startNew(): void {
    this.currentId = null;
    search.resume(null, '');
  }

  /** Reopens a conversation at its last question, with its earlier question as the follow-up context. */
  open(id: string): void {
    const conversation = this.list.find((c) => c.id === id);
    if (!conversation) return;
    this.currentId = id;
    const turns = conversation.turns;
    search.resume(turns.at(-2)?.question ?? null, turns.at(-1)?.question ?? '');
  }

  async rename(id: string, title: string): Promise<boolean> {
    try {
      await renameConversation(db, id, title);
      this.error = '';
      return true;
    } catch (error) {
      this.error = handleError(error).message;
      return false;
    }
  }

  async remove(id: string): Promise<void> {
    await deleteConversation(db, id);
    if (this.currentId === id) this.currentId = null;
  }
}

export const conversation = new ConversationState();
