// The safety shield in chat (docs/safety.md "In chat"): the rules the chat room object and the
// member SPA share. Free of zod (the room object and the SPA import it).
import { RECEIVER_WARNED_KINDS, SAFETY_KINDS, SENDER_NUDGED_KINDS, type SafetyKind } from './kinds';

/**
 * A room's "first days": the receiver's notice (신고하기 / 차단하기) shows under a warned message
 * sent within this many days of the room's opening (`ChatRoomItem.createdAt`). Later on the two
 * have talked long enough for the notice to read as noise.
 */
export const SAFETY_NOTICE_DAYS = 3;
export const SAFETY_NOTICE_MS = SAFETY_NOTICE_DAYS * 24 * 60 * 60 * 1000;

/** A flagged message among the sender's first this many in the room is `early` on the desk. */
export const SAFETY_EARLY_MESSAGES = 5;

/**
 * A photo arrives blurred for its receiver while the receiver has sent fewer than this many
 * messages in the room ("not yet replied to three times"), counted when the photo is sent.
 */
export const PHOTO_BLUR_UNTIL_REPLIES = 3;

/** What a message carries for its receiver only: the warned kinds found in it (never for the sender). */
export type MessageSafety = { kinds: SafetyKind[] };

/** The kinds of `kinds` the receiver is told about, in SAFETY_KINDS order. */
export function receiverWarnedKinds(kinds: readonly SafetyKind[]): SafetyKind[] {
  const warned: readonly SafetyKind[] = RECEIVER_WARNED_KINDS;
  return SAFETY_KINDS.filter((k) => kinds.includes(k) && warned.includes(k));
}

/** Kinds as stored (room SQLite, D1 `safety_flags.kinds`): comma-separated, in SAFETY_KINDS order. */
export function kindsToText(kinds: readonly SafetyKind[]): string {
  return SAFETY_KINDS.filter((k) => kinds.includes(k)).join(',');
}

/** The stored text back to kinds (unknown words dropped). */
export function kindsFromText(text: string | null): SafetyKind[] {
  if (!text) return [];
  const words = text.split(',');
  return SAFETY_KINDS.filter((k) => words.includes(k));
}

/** The kinds of `kinds` the sender is asked about before sending ('정말 보낼까요?'), in SAFETY_KINDS order. */
export function senderNudgedKinds(kinds: readonly SafetyKind[]): SafetyKind[] {
  const nudged: readonly SafetyKind[] = SENDER_NUDGED_KINDS;
  return SAFETY_KINDS.filter((k) => kinds.includes(k) && nudged.includes(k));
}

/**
 * Where the receiver's notice goes: under the first message of each warned kind from the other
 * member (`safety.kinds`, receiver's copy only), sent within SAFETY_NOTICE_MS of the room's
 * opening — at most once per kind per room (among the messages loaded, oldest first). Message id →
 * the kinds whose notice it carries.
 */
export function safetyNoticesOf(
  messages: readonly { id: number; senderId: number; sentAt: string; deleted?: boolean; safety?: MessageSafety }[],
  opponentId: number,
  roomCreatedAt: string,
): Map<number, SafetyKind[]> {
  const until = Date.parse(roomCreatedAt) + SAFETY_NOTICE_MS;
  const shown = new Set<SafetyKind>();
  const notices = new Map<number, SafetyKind[]>();
  for (const m of messages) {
    if (m.senderId !== opponentId || !m.safety) continue;
    const kinds = receiverWarnedKinds(m.safety.kinds).filter((k) => !shown.has(k));
    if (kinds.length === 0) continue;
    // Counted as shown even when it is outside the first days or unsent: a later one does not take its place.
    for (const k of kinds) shown.add(k);
    if (m.deleted || !(Date.parse(m.sentAt) < until)) continue;
    notices.set(m.id, kinds);
  }
  return notices;
}
