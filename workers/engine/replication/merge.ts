/** How two devices' copies of one record become one: conversations merge by question, settings take the last writer. */
import type { ConversationRecord, ConversationTurn } from '../../../common/db';
import { sameQuestion } from '../../../common/conversations';
import type { SettingPayload } from './records';

/**
 * One conversation from copies of it: every question asked on any device, once (a question asked on
 * two devices keeps its later answer), oldest first. The title is the one renamed last.
 */
export function mergeConversations(copies: ConversationRecord[]): ConversationRecord {
  const [first, ...rest] = copies;
  if (!first) throw new Error('no copy to merge');
  const turns: ConversationTurn[] = [];
  for (const turn of copies.flatMap((copy) => copy.turns)) {
    const same = turns.findIndex((kept) => sameQuestion(kept.question, turn.question));
    if (same < 0) turns.push(turn);
    else if (turn.askedAt > turns[same]!.askedAt) turns[same] = turn;
  }
  turns.sort((a, b) => a.askedAt - b.askedAt);
  const latest = rest.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a), first);
  return {
    id: first.id,
    title: latest.title,
    createdAt: Math.min(...copies.map((copy) => copy.createdAt)),
    updatedAt: Math.max(...copies.map((copy) => copy.updatedAt)),
    turns,
  };
}

/** The value written last of a setting's copies (ties go to the greater value's JSON, the same choice on every device). */
export function latestSetting(copies: SettingPayload[]): SettingPayload {
  return copies.reduce((a, b) =>
    b.at > a.at || (b.at === a.at && JSON.stringify(b.value) > JSON.stringify(a.value)) ? b : a,
  );
}

/** The same conversation: nothing to write. */
export function sameConversation(a: ConversationRecord, b: ConversationRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
