/**
 * The open conversation: each answered question becomes a turn of it; one that shares nothing with
 * it is offered a conversation of its own, which the person accepts or not. Follow-ups are read
 * against its previous question. Conversations are listed live from IndexedDB (other tabs show up
 * too); the engine writes them (workers/engine/conversations.ts). The open one stays open across a
 * reload of the tab.
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
  offersNewConversation,
  typedOn,
  withTurn,
} from '../../common/conversations';
import { db } from './db';
import { engine } from './workers';
import { handleError } from './errors';
import { search } from './search.svelte';

const OPEN_KEY = 'carrel.conversation.open';

class ConversationState {
  list = $state.raw<ConversationRecord[]>([]);
  currentId = $state<string | null>(sessionStorage.getItem(OPEN_KEY));
  /** Counts reopenings from the list, so the thread tells a reopened conversation from one a question started. */
  reopened = $state(0);
  error = $state('');
  /** The question on a new topic that may start a conversation of its own, while the person has not decided. */
  offer = $state<string | null>(null);
  /** The question the person chose to keep in the open conversation: not offered again while it is typed on. */
  #declined: string | null = null;
  #writing: Promise<unknown> = Promise.resolve();
  /**
   * The last turn kept, and the conversation it goes to, shown before the list reads it back: the
   * thread above the results grew a moment after they appeared, and moved them under the
   * person's pointer.
   */
  #kept = $state.raw<{ conversationId: string | null; turn: ConversationTurn } | null>(null);

  constructor() {
    liveQuery(() => listConversations(db)).subscribe({ next: (list) => (this.list = list) });
  }

  /** The open conversation, with the turn being written already in it. */
  get current(): ConversationRecord | null {
    const stored = this.#stored;
    const kept = this.#kept;
    if (!kept || kept.conversationId !== this.currentId) return stored;
    if (stored?.turns.some((turn) => turn.askedAt === kept.turn.askedAt)) return stored;
    return withTurn(stored, kept.turn, () => this.currentId ?? '') ?? stored;
  }

  /** The open conversation as the list last read it. */
  get #stored(): ConversationRecord | null {
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
    this.#kept = { conversationId: this.currentId, turn };
    // One write at a time, so a new conversation's id is known before its next turn is written.
    this.#writing = this.#writing
      .then(async () => {
        const thread = this.#stored;
        const declined = this.#declined !== null && typedOn(this.#declined, question);
        this.offer = thread && !declined && offersNewConversation(thread.turns, turn) ? question : null;
        const id = await engine.api.saveTurn({ id: this.currentId, turn });
        // Shown in the conversation it went to (a new one has its id only now) until the list has it.
        if (this.#kept?.turn === turn) this.#kept = { conversationId: id, turn };
        this.#open(id);
      })
      .catch((error: unknown) => (this.error = handleError(error).message));
  }

  /** Accepts the offer: the question on a new topic moves to a conversation of its own, not read as a follow-up. */
  acceptOffer(): void {
    const question = this.offer;
    this.offer = null;
    this.#writing = this.#writing
      .then(async () => {
        if (!this.currentId || question === null) return;
        this.#open(await engine.api.splitConversation({ id: this.currentId }));
        search.resume(null, question);
      })
      .catch((error: unknown) => (this.error = handleError(error).message));
  }

  /** Declines the offer: the question stays a turn of the open conversation. */
  declineOffer(): void {
    this.#declined = this.offer;
    this.offer = null;
  }

  /** Starts a new conversation: the next question is not read as a follow-up. */
  startNew(): void {
    this.#open(null);
    search.resume(null, '');
  }

  #open(id: string | null): void {
    if (id !== this.currentId) {
      this.offer = null;
      this.#declined = null;
    }
    this.currentId = id;
    if (id) sessionStorage.setItem(OPEN_KEY, id);
    else sessionStorage.removeItem(OPEN_KEY);
  }

  /** Reopens a conversation at its last question, with its earlier question as the follow-up context. */
  open(id: string): void {
    const conversation = this.list.find((c) => c.id === id);
    if (!conversation) return;
    this.#open(id);
    this.reopened++;
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
    if (this.currentId === id) this.#open(null);
  }
}

export const conversation = new ConversationState();
