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
import { countHit, hit, hitsUsedRead, rateLimited, refuseOverLimit, underLimit } from '../../lib/rate-limit';
import { sql } from 'drizzle-orm';
import { rawRead } from '../../lib/db';
import { recentMessages, type StoredMessage } from '../chat/rooms-api';
import { reportableSql, reportInsert, seatRead, targetRead } from './repo';

export type ReportInput = z.output<typeof reportBody>;

export const REPORT_LIMIT = { max: 10, windowSeconds: 3600 } as const;
/** How far back a sample may lie: the last messages of the room. */
export const REPORT_MESSAGE_WINDOW = 50;

const reportLimitKey = (reporterId: number) => `report:${reporterId}`;

/** The ids a report's body names (its reads go with the auth statement, before the body is checked). */
export type ReportIds = { targetId: number; roomId: number | null };

const positiveId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** ReportIds from the raw body, or null when it names none (the route's validation answers it). */
export function reportIdsOf(text: string): ReportIds | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { targetMemberId, chatRoomId } = body as Record<string, unknown>;
  if (!positiveId(targetMemberId)) return null;
  return { targetId: targetMemberId, roomId: positiveId(chatRoomId) ? chatRoomId : null };
}

/** fileReport's reads (one batch, with the auth statement): the target, the reports used in the window, the reporter's seat in the room. */
export const reportReads = (db: Db, reporterId: number, ids: ReportIds | null, now: Date) =>
  [
    targetRead(db, ids?.targetId ?? 0),
    hitsUsedRead(db, reportLimitKey(reporterId), REPORT_LIMIT, now),
    seatRead(db, ids?.roomId ?? 0, reporterId),
  ] as const;

export type ReportFirst = {
  ids: ReportIds | null;
  rows: readonly [{ deletedAt: string | null }[], { used: number }[], { opponentId: number }[]];
};

/**
 * A report: answers from `first` (reportReads' rows, read with the auth statement) when they were
 * read for this body's ids, else reads them now. Refusals as before, in order: oneself (400), a
 * missing or withdrawn target (404), the window's limit (429, nothing written), someone else's
 * room (404, the attempt counted). Then the report and the rate-limit count in one D1 batch, both
 * guarded in SQL (the target still there, the limit not reached), so a withdrawal or a limit
 * reached meanwhile writes nothing and answers as above.
 */
export async function fileReport(
  env: Env,
  db: Db,
  reporterId: number,
  input: ReportInput,
  now: Date,
  first: ReportFirst,
): Promise<ReportResponse> {
  const targetId = input.targetMemberId;
  if (targetId === reporterId) throw new Invalid(REPORT_KO.self, { targetMemberId: REPORT_KO.self }, 'REPORT_SELF');
  const roomId = input.chatRoomId ?? null;
  const ids: ReportIds = { targetId, roomId };
  const [targets, used, seats] =
    first.ids?.targetId === targetId && first.ids.roomId === roomId
      ? first.rows
      : await db.batch(reportReads(db, reporterId, ids, now));
  const target = targets[0];
  if (!target || target.deletedAt !== null) throw new NotFound(REPORT_KO.targetNotFound, 'REPORT_TARGET_NOT_FOUND');
  refuseOverLimit(used, REPORT_LIMIT, REPORT_KO.tooMany);
  const key = reportLimitKey(reporterId);

  let verified: StoredSample[] = [];
  if (roomId !== null) {
    const seat = seats[0];
    // Someone else's room, or a room with somebody other than the reported member: not yours to cite
    // (the attempt still counts against the limit).
    if (!seat || seat.opponentId !== targetId) {
      await hit(db, key, REPORT_LIMIT, now, REPORT_KO.tooMany);
      throw new NotFound(REPORT_KO.roomNotFound, 'CHAT_ROOM_NOT_FOUND');
    }
    const messages = await recentMessages(env, roomId, REPORT_MESSAGE_WINDOW);
    verified = verifySamples(input.messageSamples, messages, { me: reporterId, other: targetId });
  }
  const unverified = input.messageSamples.length - verified.length;

  const present = reportableSql(targetId);
  const guard = sql`(${present} AND ${underLimit(key, REPORT_LIMIT, now)})`;
  const [presentRows, inserted] = await db.batch([
    rawRead<{ present: number }>(db, sql`SELECT ${present} AS present`),
    reportInsert(
      db,
      {
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
      },
      guard,
    ),
    // Last: it changes what the guard answers.
    countHit(db, key, REPORT_LIMIT, now, guard),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) {
    if (!presentRows[0]?.present) throw new NotFound(REPORT_KO.targetNotFound, 'REPORT_TARGET_NOT_FOUND');
    throw rateLimited(REPORT_KO.tooMany);
  }
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
