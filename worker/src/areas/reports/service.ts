// Reports (POST /api/on/report): never about oneself; a chat report only from a participant of
// that room, about the other participant; message samples are kept only when they match a stored
// message of the room (text and sender), the rest are only counted.
import type { z } from 'zod';
import { REPORT_KO, type reportBody, type ReportResponse, type ReportSample } from '../../contract/reports';
import { CHAT_PREVIEW } from '../../contract/chat';
import { normalizeText } from '../../contract/text';
import { iso } from '../../lib/clock';
import type { Db, Env } from '../../lib/env';
import { Invalid, NotFound } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { recentMessages, type StoredMessage } from '../chat/rooms-api';
import { findTarget } from '../profiles/repo';
import { findRoomSeat, insertReport } from './repo';

export type ReportInput = z.output<typeof reportBody>;

export const REPORT_LIMIT = { max: 10, windowSeconds: 3600 } as const;
/** How far back a sample may lie: the last messages of the room. */
export const REPORT_MESSAGE_WINDOW = 50;

export async function fileReport(
  env: Env,
  db: Db,
  reporterId: number,
  input: ReportInput,
  now: Date,
): Promise<ReportResponse> {
  const targetId = input.targetMemberId;
  if (targetId === reporterId) throw new Invalid(REPORT_KO.self, { targetMemberId: REPORT_KO.self }, 'REPORT_SELF');
  const target = await findTarget(db, targetId);
  if (!target || target.deletedAt !== null) throw new NotFound(REPORT_KO.targetNotFound, 'REPORT_TARGET_NOT_FOUND');
  await hit(db, `report:${reporterId}`, REPORT_LIMIT, now, REPORT_KO.tooMany);

  const roomId = input.chatRoomId ?? null;
  let verified: StoredSample[] = [];
  if (roomId !== null) {
    const seat = await findRoomSeat(db, roomId, reporterId);
    // Someone else's room, or a room with somebody other than the reported member: not yours to cite.
    if (!seat || seat.opponentId !== targetId) throw new NotFound(REPORT_KO.roomNotFound, 'CHAT_ROOM_NOT_FOUND');
    const messages = await recentMessages(env, roomId, REPORT_MESSAGE_WINDOW);
    verified = verifySamples(input.messageSamples, messages, { me: reporterId, other: targetId });
  }
  const unverified = input.messageSamples.length - verified.length;

  const id = await insertReport(db, {
    reporterId,
    targetId,
    chatRoomId: roomId,
    reasonType: input.reasonType,
    content: input.content,
    evidenceUrl: input.evidenceUrl ?? null,
    pageUrl: input.pageUrl ?? null,
    messageSamples: JSON.stringify(verified),
    unverifiedSamples: unverified,
    createdAt: iso(now),
  });
  return { id, verifiedSamples: verified.length, unverifiedSamples: unverified };
}

/**
 * A verified sample as stored: a photo or voice message keeps its private key (the admin report
 * detail plays or shows it through an admin link), an unsent message keeps its original text and says so.
 */
export type StoredSample = ReportSample & { photoKey?: string; audioKey?: string; unsent?: true };

/** What the reporter's page shows for a stored message (and so cites as the sample's text). */
function shownText(m: StoredMessage): string {
  if (m.deleted) return CHAT_PREVIEW.unsent;
  if (m.imageKey) return CHAT_PREVIEW.photo;
  if (m.audioKey) return CHAT_PREVIEW.voice;
  return m.content;
}

/**
 * The samples that match a stored message: same sender (me = the reporter, other = the reported
 * member) and the same text — as the page showed it, so a photo is cited as '사진을 보냈어요' and an
 * unsent message as '삭제된 메시지예요'. Each stored message backs at most one sample; a verified
 * sample carries the stored send time (not the one the client claimed) and the stored original.
 */
export function verifySamples(
  samples: readonly ReportSample[],
  messages: readonly StoredMessage[],
  ids: { me: number; other: number },
): StoredSample[] {
  const used = new Set<number>();
  const verified: StoredSample[] = [];
  for (const sample of samples) {
    const sender = sample.from === 'me' ? ids.me : ids.other;
    // Both sides normalised: messages stored before the text rules may still hold invisible characters.
    const text = normalizeText(sample.text);
    const match = messages.find(
      (m) => !used.has(m.id) && m.senderId === sender && normalizeText(shownText(m)) === text,
    );
    if (!match) continue;
    used.add(match.id);
    verified.push({
      from: sample.from,
      text: match.imageKey ? CHAT_PREVIEW.photo : match.audioKey ? CHAT_PREVIEW.voice : match.content,
      time: match.sentAt,
      ...(match.imageKey ? { photoKey: match.imageKey } : {}),
      ...(match.audioKey ? { audioKey: match.audioKey } : {}),
      ...(match.deleted ? { unsent: true as const } : {}),
    });
  }
  return verified;
}
