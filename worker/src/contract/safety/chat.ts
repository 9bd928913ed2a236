// The safety shield in chat (docs/safety.md "In chat"): the rules the chat room object and the
// member SPA share. Free of zod (the room object and the SPA import it).
import { RECEIVER_WARNED_KINDS, SAFETY_KINDS, type SafetyKind } from './kinds';

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
