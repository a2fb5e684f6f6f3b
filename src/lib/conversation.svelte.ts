/**
 * The open conversation: each answered question becomes a turn of it (or starts a new one when it
 * shares nothing with it); follow-ups are read against its previous question. Conversations are
 * listed live from IndexedDB (other tabs show up too); the engine writes them (common/conversations.ts).
 */
import { liveQuery } from 'dexie';
import type { ConversationRecord, ConversationTurn } from '../../common/db';
import type { AnswerSource } from './answer-extract';
import {
  conversationJson,
  conversationMarkdown,
  earlierQuestions,
  exportName,
  listConversations,
} from '../../common/conversations';
import { db } from './db';
import { engine } from './workers';
import { handleError } from './errors';
import { search } from './search.svelte';

class ConversationState {
  list = $state.raw<ConversationRecord[]>([]);
  currentId = $state<string | null>(null);
  error = $state('');
  /** The conversation the open one split from while its first question was still being typed. */
  #splitFrom: string | null = null;
  #writing: Promise<unknown> = Promise.resolve();

  constructor() {
    liveQuery(() => listConversations(db)).subscribe({ next: (list) => (this.list = list) });
  }

  get current(): ConversationRecord | null {
    return this.list.find((c) => c.id === this.currentId) ?? null;
  }

  /** The questions asked before, the most recent first: what ArrowUp walks. */
  get history(): string[] {
    return earlierQuestions(this.list);
  }

  /** Keeps the answer to `question` in the open conversation (starting one if none is open). */
  record(question: string, answer: ConversationTurn['answer'], sources: AnswerSource[]): void {
    const turn: ConversationTurn = {
      question,
      answer,
      sources: sources.map((s) => ({
        n: s.n,
        docId: s.hit.docId,
        docName: s.hit.docName,
        sectionId: s.hit.sectionId,
        passageId: s.passage.id,
        headingPath: s.hit.headingPath,
        pages: s.passage.pages,
        ...(s.passage.pageLabels ? { pageLabels: s.passage.pageLabels } : {}),
        text: s.passage.text,
      })),
      askedAt: Date.now(),
    };
    // One write at a time, so a new conversation's id is known before its next turn is written.
    this.#writing = this.#writing
      .then(async () => {
        const before = this.currentId;
        const id = await engine.api.saveTurn({ id: before, turn, splitFrom: this.#splitFrom });
        if (id !== before) this.#splitFrom = before && id !== this.#splitFrom ? before : null;
        this.currentId = id;
      })
      .catch((error: unknown) => (this.error = handleError(error).message));
  }

  /** Starts a new conversation: the next question is not read as a follow-up. */
  startNew(): void {
    this.currentId = null;
    this.#splitFrom = null;
    search.resume(null, '');
  }

  /** Reopens a conversation at its last question, with its earlier question as the follow-up context. */
  open(id: string): void {
    const conversation = this.list.find((c) => c.id === id);
    if (!conversation) return;
    this.currentId = id;
    this.#splitFrom = null;
    const turns = conversation.turns;
    search.resume(turns.at(-2)?.question ?? null, turns.at(-1)?.question ?? '');
  }

  /** Saves the open conversation as a Markdown or JSON file (a download, nothing leaves the device). */
  export(kind: 'md' | 'json'): void {
    const current = this.current;
    if (!current) return;
    const text = kind === 'md' ? conversationMarkdown(current) : conversationJson(current);
    const url = URL.createObjectURL(new Blob([text], { type: kind === 'md' ? 'text/markdown' : 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: exportName(current, kind) });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  async rename(id: string, title: string): Promise<boolean> {
    try {
      await engine.api.renameConversation({ id, title });
      this.error = '';
      return true;
    } catch (error) {
      this.error = handleError(error).message;
      return false;
    }
  }

  async remove(id: string): Promise<void> {
    await engine.api.deleteConversation({ id });
    if (this.currentId === id) this.currentId = null;
  }
}

export const conversation = new ConversationState();
