/**
 * Keeps the library (Dexie, written by the engine) and its sealed copy (a local PouchDB that
 * replicates with the server) equal, in both directions. Every record in the copy is sealed; this
 * device's map of which server id is which document stays in a `_local` record, which never
 * replicates.
 *
 * Each round first seals what changed in the library (so a change made apart is stamped before
 * the other device's arrives), then reads what arrived in the copy (changes since the last round). Both steps compare states rather than replay events, so a round that was
 * cut short (tab closed, server down, quota) is finished by the next one and never applied twice.
 */
import type { CarrelDb, ConversationRecord } from '../../../common/db';
import { CHOSEN_SETTING_KEYS } from '../../../common/settings';
import { fromBase64, KEY_CHECK_ID, open, recordId, seal, toBase64, type SyncKeys } from './crypto';
import { latestSetting, mergeConversations, sameConversation } from './merge';
import { deleteConversation, putConversation } from '../conversations';
import {
  packPayload,
  readDocumentPayload,
  unpackPayload,
  type DocumentPayload,
  type Payload,
  type SettingPayload,
} from './records';
import {
  attachmentBytes,
  attachmentData,
  isConflict,
  isMissing,
  type PouchChange,
  type PouchDoc,
  type Replica,
} from './pouch';

/**
 * The settings that travel: what a person chose in Settings. The sync row (SYNC_KEY), the active model
 * and the engine's own keys are this device's.
 */
export const SYNCED_SETTING_KEYS: readonly string[] = CHOSEN_SETTING_KEYS;
const STATE_ID = '_local/carrel-replica';
/** The attachment that carries a record's sealed payload. */
const SEALED = 'sealed';
const BOUND_PREFIX = 'carrel-sync-record\u0000';
/** Changes read from the copy at a time (a document carries its file: keep few in memory). */
const CHANGES_PAGE = 20;

type Kind = Payload['kind'];
const KIND_TAG: Record<Kind, string> = { document: 'd', conversation: 'c', setting: 's' };

/** What this device knows of one server record: what it is here, at which revision, and (for those that change) its content's hash. */
interface Known {
  kind: Kind;
  ref: string;
  rev: string;
  hash?: string;
  at?: number;
}

interface ReplicaState {
  seq: number | string;
  known: Record<string, Known>;
}

/** How received documents reach the library: through the engine, which indexes them. */
export interface Library {
  /** Writes a received document in one transaction and indexes it; false when it was already there. */
  receive(payload: DocumentPayload): Promise<boolean>;
  /** Deletes a document another device removed, and drops it from the index. */
  remove(docId: string): Promise<void>;
}

export class Reconciler {
  /** Records waiting to be sealed into the copy, and received ones waiting to be written, in the round under way. */
  backlog = { up: 0, down: 0 };
  /** Records sealed into the copy since the push last caught up (the owner resets it). */
  unsent = 0;
  /** Documents received by this device since it started (the first sync's progress). */
  received = 0;
  private state: ReplicaState = { seq: 0, known: {} };
  private ids = new Map<string, string>();

  constructor(
    private readonly local: Replica,
    private readonly db: CarrelDb,
    private readonly keys: SyncKeys,
    private readonly library: Library,
  ) {}

  /** No round has read the copy on this device yet: everything on the server is still to come. */
  get isFirst(): boolean {
    return this.state.seq === 0;
  }

  /** Reads this device's map of the copy (none on a first sync). */
  async load(): Promise<this> {
    try {
      const stored = await this.local.get(STATE_ID);
      this.state = { seq: stored.seq as ReplicaState['seq'], known: stored.known as ReplicaState['known'] };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    return this;
  }

  /** One round: the library's changes into the copy, then what arrived into the library. */
  async round(): Promise<void> {
    await this.outgoing();
    await this.incoming();
  }

  private async saveState(): Promise<void> {
    let rev: string | undefined;
    try {
      rev = (await this.local.get(STATE_ID))._rev;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    await this.local.put({ _id: STATE_ID, ...(rev ? { _rev: rev } : {}), ...this.state });
  }

  private async serverId(kind: Kind, ref: string): Promise<string> {
    const key = `${KIND_TAG[kind]}:${ref}`;
    let id = this.ids.get(key);
    if (!id) this.ids.set(key, (id = await recordId(this.keys, KIND_TAG[kind], ref)));
    return id;
  }

  /**
   * A record as the server holds it: no fields, one binary attachment with the sealed payload, bound
   * to the record's id (moved to another id, it does not open). Attachments are not counted in
   * CouchDB's max_document_size (8 MB in CouchDB 3), so a document of any size fits.
   */
  private async sealed(id: string, payload: Payload): Promise<Pick<PouchDoc, '_attachments'>> {
    const bytes = await seal(this.keys, await packPayload(payload), boundTo(id));
    return { _attachments: { [SEALED]: { content_type: 'application/octet-stream', data: attachmentData(bytes) } } };
  }

  private async opened(doc: PouchDoc): Promise<Payload | null> {
    try {
      if (doc._attachments?.[SEALED]) {
        const data = await this.local.getAttachment(doc._id, SEALED, { rev: doc._rev });
        return unpackPayload(await open(this.keys, await attachmentBytes(data), boundTo(doc._id)));
      }
      // Sealed before records moved to attachments: base64 in the body, not bound to the id.
      if (typeof doc.c === 'string') return unpackPayload(await open(this.keys, fromBase64(doc.c)));
      return null;
    } catch {
      // Not sealed with this library's key (or for this id): not ours to read.
      return null;
    }
  }

  // ---- received: the copy into the library ----

  private async incoming(): Promise<void> {
    for (;;) {
      const page = await this.local.changes({
        since: this.state.seq,
        include_docs: true,
        conflicts: true,
        limit: CHANGES_PAGE,
      });
      this.backlog.down = page.results.length;
      for (const change of page.results) {
        await this.receive(change);
        this.backlog.down--;
      }
      this.state.seq = page.last_seq;
      await this.saveState();
      if (page.results.length < CHANGES_PAGE) return;
    }
  }

  private async receive(change: PouchChange): Promise<void> {
    if (change.id === KEY_CHECK_ID || change.id.startsWith('_')) return;
    const known = this.state.known[change.id];
    if (change.deleted || change.doc?._deleted) {
      if (!known) return;
      if (known.kind === 'document') await this.library.remove(known.ref);
      if (known.kind === 'conversation') await deleteConversation(this.db, known.ref);
      delete this.state.known[change.id];
      return;
    }
    const doc = change.doc;
    if (!doc?._rev || (known?.rev === doc._rev && !doc._conflicts?.length)) return;
    const payload = await this.opened(doc);
    if (!payload) return;
    const copies = [payload, ...(await this.conflictCopies(doc))];
    if (payload.kind === 'document') await this.receiveDocument(doc, payload, known);
    else if (payload.kind === 'conversation') await this.receiveConversation(doc, copies);
    else await this.receiveSetting(doc, copies);
  }

  /** The payloads of a record's losing revisions (two devices changed it apart). */
  private async conflictCopies(doc: PouchDoc): Promise<Payload[]> {
    const copies: Payload[] = [];
    for (const rev of doc._conflicts ?? []) {
      const payload = await this.opened(await this.local.get(doc._id, { rev }));
      if (payload) copies.push(payload);
    }
    return copies;
  }

  /** Writes `winner` over the record's current revision and ends its conflicting ones; answers the new revision. */
  private async resolve(doc: PouchDoc, winner: Payload | null): Promise<string> {
    const losers = (doc._conflicts ?? []).map((rev) => ({ _id: doc._id, _rev: rev, _deleted: true }));
    const head = winner ? [{ _id: doc._id, _rev: doc._rev, ...(await this.sealed(doc._id, winner)) }] : [];
    if (!head.length && !losers.length) return doc._rev!;
    const [first] = await this.local.bulkDocs([...head, ...losers]);
    return head.length && first && 'rev' in first ? first.rev : doc._rev!;
  }

  private async receiveDocument(doc: PouchDoc, payload: DocumentPayload, known: Known | undefined): Promise<void> {
    const docId = payload.document.id;
    // The same file added on two devices: one content, two revisions; keep one.
    const rev = await this.resolve(doc, null);
    // Known but gone from the library: removed here, its removal not sealed yet (outgoing does it).
    if (known && !(await this.db.documents.get(docId))) return;
    if (await this.library.receive(payload)) this.received++;
    this.state.known[doc._id] = { kind: 'document', ref: docId, rev };
  }

  private async receiveConversation(doc: PouchDoc, copies: Payload[]): Promise<void> {
    const conversations = copies.flatMap((copy) => (copy.kind === 'conversation' ? [copy.conversation] : []));
    const id = conversations[0]!.id;
    const here = await this.db.conversations.get(id);
    const merged = mergeConversations(here ? [here, ...conversations] : conversations);
    if (!here || !sameConversation(here, merged)) await putConversation(this.db, merged);
    const travelled = conversations.length === 1 && sameConversation(conversations[0]!, merged);
    const rev = await this.resolve(doc, travelled ? null : { kind: 'conversation', conversation: merged });
    this.state.known[doc._id] = { kind: 'conversation', ref: id, rev, hash: await hashOf(merged) };
  }

  private async receiveSetting(doc: PouchDoc, copies: Payload[]): Promise<void> {
    const settings = copies.flatMap((copy) => (copy.kind === 'setting' ? [copy] : []));
    const latest = latestSetting(settings);
    if (!SYNCED_SETTING_KEYS.includes(latest.key)) return;
    const known = this.state.known[doc._id];
    const row = await this.db.settings.get(latest.key);
    const here = row?.value;
    // This device's value was chosen after every copy that arrived (sent already or not): it stays, and goes out again.
    const hereAt = row?.chosenAt ?? known?.at;
    const winner: SettingPayload =
      hereAt !== undefined && hereAt > latest.at && here !== undefined
        ? { ...latest, value: here, at: hereAt }
        : latest;
    if (winner === latest && JSON.stringify(here) !== JSON.stringify(latest.value))
      await this.db.settings.put({ key: latest.key, value: latest.value, chosenAt: latest.at });
    const rev = await this.resolve(doc, settings.length > 1 || winner !== latest ? winner : null);
    this.state.known[doc._id] = {
      kind: 'setting',
      ref: latest.key,
      rev,
      hash: await hashOf(winner.value),
      at: winner.at,
    };
  }

  // ---- sent: the library into the copy ----

  private async outgoing(): Promise<void> {
    await this.sendDocuments();
    await this.sendConversations();
    await this.sendSettings();
    await this.saveState();
  }

  /** Seals a record into the copy over revision `rev`; null when the copy moved on meanwhile (the next round merges). */
  private async put(id: string, rev: string | undefined, payload: Payload | null): Promise<string | null> {
    try {
      const doc: PouchDoc = payload ? { _id: id, ...(await this.sealed(id, payload)) } : { _id: id, _deleted: true };
      const written = (await this.local.put(rev ? { ...doc, _rev: rev } : doc)).rev;
      this.unsent++;
      return written;
    } catch (error) {
      if (isConflict(error)) return null;
      throw error;
    }
  }

  private async sendDocuments(): Promise<void> {
    const ready = new Set((await this.db.documents.where('status').equals('ready').primaryKeys()) as string[]);
    const knownRefs = new Set(
      Object.values(this.state.known).flatMap((known) => (known.kind === 'document' ? [known.ref] : [])),
    );
    const added = [...ready].filter((docId) => !knownRefs.has(docId));
    const removed = Object.entries(this.state.known).filter(([, k]) => k.kind === 'document' && !ready.has(k.ref));
    this.backlog.up = added.length + removed.length;
    for (const [id, known] of removed) {
      // A removal is a new revision on top of the one this device had: it wins over an unchanged copy.
      if ((await this.put(id, known.rev, null)) !== null) delete this.state.known[id];
      this.backlog.up--;
    }
    for (const docId of added) {
      const id = await this.serverId('document', docId);
      const payload = await readDocumentPayload(this.db, docId);
      // Removed meanwhile: nothing to send. Already in the copy (sent before, or by another device): adopted.
      const rev = payload && ((await this.put(id, undefined, payload)) ?? (await this.currentRev(id)) ?? null);
      if (rev) this.state.known[id] = { kind: 'document', ref: docId, rev };
      this.backlog.up--;
      // Rounds can be long: save progress now and then so an interrupted one resumes here.
      if (this.backlog.up % CHANGES_PAGE === 0) await this.saveState();
    }
  }

  private async currentRev(id: string): Promise<string | undefined> {
    return (await this.local.get(id).catch(() => null))?._rev;
  }

  private async sendConversations(): Promise<void> {
    const here = await this.db.conversations.toArray();
    const ids = new Set(here.map((conversation) => conversation.id));
    for (const conversation of here) await this.sendConversation(conversation);
    for (const [id, known] of Object.entries(this.state.known)) {
      if (known.kind !== 'conversation' || ids.has(known.ref)) continue;
      if ((await this.put(id, known.rev, null)) !== null) delete this.state.known[id];
    }
  }

  private async sendConversation(conversation: ConversationRecord): Promise<void> {
    const id = await this.serverId('conversation', conversation.id);
    const hash = await hashOf(conversation);
    const known = this.state.known[id];
    if (known?.hash === hash) return;
    const rev = await this.put(id, known?.rev, { kind: 'conversation', conversation });
    if (rev) this.state.known[id] = { kind: 'conversation', ref: conversation.id, rev, hash };
  }

  private async sendSettings(): Promise<void> {
    for (const key of SYNCED_SETTING_KEYS) {
      const row = await this.db.settings.get(key);
      const value = row?.value;
      if (value === undefined) continue;
      const id = await this.serverId('setting', key);
      const hash = await hashOf(value);
      const known = this.state.known[id];
      if (known?.hash === hash) continue;
      // When the person chose it, even offline (or, for a value older than that stamp, when sync first saw it):
      // the last writer wins when devices meet.
      const at = row!.chosenAt ?? Date.now();
      const payload: SettingPayload = { kind: 'setting', key, value, at };
      // A copy arrived since this device last looked: this device's change is newer still.
      const rev = (await this.put(id, known?.rev, payload)) ?? (await this.put(id, await this.currentRev(id), payload));
      if (rev) this.state.known[id] = { kind: 'setting', ref: key, rev, hash, at };
    }
  }
}

/** The additional data a record is sealed with: its id on the server. */
function boundTo(id: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(BOUND_PREFIX + id);
}

async function hashOf(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(value)));
  return toBase64(new Uint8Array(digest));
}
