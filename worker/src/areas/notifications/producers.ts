// What the owning areas call when something happens (chat requests, hearts, community, notices,
// reports, chat rooms). Each writes one guarded row (repo.ts) and, when it is new or unread again,
// enqueues its delivery. Best effort: a notification that fails never fails the action itself.
// A heart, a chat request, an accept and a comment instead take their rows (heartNotifications,
// chatRequestNotification, requestAcceptedNotification, commentNotification) into their own D1
// batch and call announceWritten after it (docs/performance.md "Round trips").
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/notifications';
import type { CallKind } from '../../contract/voice';
import { iso, nowDate } from '../../lib/clock';
import { envDb, rawRead } from '../../lib/db';
import type { Db, Env } from '../../lib/env';
import { enqueue } from './queue';
import {
  markGroupRead,
  notificationInsert,
  writeNotification,
  writtenOf,
  type BatchedNotification,
  type NewNotification,
  type WrittenRow,
} from './repo';
import { AFTER_NAME, LINKS, ROOM_LINK_PREFIX, SERVICE_TEXT } from './texts';
import type { RequestContext } from '../../lib/context';

type Event = Omit<NewNotification, 'at'>;

function logFailure(kind: NotificationKind | 'read', err: unknown): void {
  console.error(JSON.stringify({ level: 'error', where: 'notification', kind, message: String(err) }));
}

async function emit(ctx: RequestContext, event: Event): Promise<void> {
  try {
    const written = await writeNotification(ctx.db, { ...event, at: iso(ctx.now) });
    if (written?.announce) await enqueue(ctx.env, { type: 'deliver', notificationId: written.id });
  } catch (err) {
    logFailure(event.kind, err);
  }
}

/** `prefix` then the id, as text or (an id written in the caller's batch) as SQL. */
const keyed = (prefix: string, id: number | SQL): string | SQL =>
  typeof id === 'number' ? `${prefix}${id}` : sql`${prefix} || ${id}`;

/**
 * After the caller's batch wrote a notification (notificationInsert): its delivery is queued when
 * the row is new or unread again. Best effort, like every notification.
 */
export async function announceWritten(
  ctx: Pick<RequestContext, 'env'>,
  kind: NotificationKind,
  rows: WrittenRow[],
): Promise<void> {
  try {
    const written = writtenOf(rows);
    if (written?.announce) await enqueue(ctx.env, { type: 'deliver', notificationId: written.id });
  } catch (err) {
    logFailure(kind, err);
  }
}

/**
 * 채팅 요청이 왔어요 — to the requested member, with the request's intro when it has one: the row for
 * the request's own batch (`matchingId` may be SQL for the id it inserts; `onlyIf` that it did).
 */
export function chatRequestNotification(r: {
  matchingId: number | SQL;
  requesterId: number;
  targetId: number;
  intro?: string | null;
  at: string;
  onlyIf?: SQL;
}): BatchedNotification {
  return {
    memberId: r.targetId,
    kind: 'CHAT_REQUEST',
    groupKey: keyed('request:', r.matchingId),
    actorId: r.requesterId,
    text: AFTER_NAME.chatRequest(r.intro?.trim() ? r.intro : null),
    link: LINKS.requests,
    count: 1,
    collapse: false,
    at: r.at,
    onlyIf: r.onlyIf,
  };
}

/** 요청을 수락했어요 — to the member who asked: the row for the accept's own batch (ids as chatRequestNotification's). */
export function requestAcceptedNotification(r: {
  matchingId: number | SQL;
  requesterId: number;
  accepterId: number;
  roomId: number | SQL;
  at: string;
  onlyIf?: SQL;
}): BatchedNotification {
  return {
    memberId: r.requesterId,
    kind: 'REQUEST_ACCEPTED',
    groupKey: keyed('accepted:', r.matchingId),
    actorId: r.accepterId,
    text: AFTER_NAME.requestAccepted,
    link: typeof r.roomId === 'number' ? LINKS.room(r.roomId) : sql`${ROOM_LINK_PREFIX} || ${r.roomId}`,
    count: 1,
    collapse: false,
    at: r.at,
    onlyIf: r.onlyIf,
  };
}

/** 요청이 만료됐어요 — to the member who asked (called by request expiry). */
export async function notifyRequestExpired(
  ctx: RequestContext,
  r: { matchingId: number; requesterId: number; targetId: number },
): Promise<void> {
  await emit(ctx, {
    memberId: r.requesterId,
    kind: 'REQUEST_EXPIRED',
    groupKey: `expired:${r.matchingId}`,
    actorId: r.targetId,
    text: AFTER_NAME.requestExpired,
    link: LINKS.chatting,
    count: 1,
    collapse: false,
  });
}

/** The live chat requests between two members (either way), read before a heart: what 서로 마음이에요 says next. */
export const requestsBetweenRead = (db: Db, a: number, b: number) =>
  rawRead<{ requesterId: number; status: string }>(
    db,
    sql`SELECT requester_id AS requesterId, status FROM chat_requests
        WHERE status IN ('PENDING', 'ACCEPTED')
          AND ((requester_id = ${a} AND target_id = ${b}) OR (requester_id = ${b} AND target_id = ${a}))`,
  );

/**
 * 마음을 받았어요, or 서로 마음이에요 to both when this heart answers theirs (`theirs`: `to` has
 * hearted `from`; `requests`: requestsBetweenRead's rows): the rows for the heart's own batch,
 * `onlyIf` the heart is new. One row per pair and kind: hearting again after taking it back
 * updates that row.
 */
export function heartNotifications(h: {
  from: number;
  to: number;
  theirs: boolean;
  requests: { requesterId: number; status: string }[];
  at: string;
  onlyIf: SQL;
}): BatchedNotification[] {
  if (!h.theirs) {
    return [
      {
        memberId: h.to,
        kind: 'HEART',
        groupKey: `heart:${h.from}`,
        actorId: h.from,
        text: AFTER_NAME.heart,
        link: LINKS.profile(h.from),
        count: 1,
        collapse: true,
        at: h.at,
        onlyIf: h.onlyIf,
      },
    ];
  }
  const both: [number, number][] = [
    [h.to, h.from],
    [h.from, h.to],
  ];
  return both.map(([memberId, actorId]) => ({
    memberId,
    kind: 'MUTUAL_HEART',
    groupKey: `mutual:${actorId}`,
    actorId,
    count: 1,
    collapse: true,
    at: h.at,
    onlyIf: h.onlyIf,
    ...mutualText(h.requests, memberId, actorId),
  }));
}

/** 서로 마음이에요 says what comes next: request first, answer the waiting one, wait, or talk. */
function mutualText(requests: { requesterId: number; status: string }[], memberId: number, actorId: number) {
  if (requests.some((r) => r.status === 'ACCEPTED'))
    return { text: AFTER_NAME.mutualHeartTalking, link: LINKS.chatting };
  if (requests.some((r) => r.requesterId === actorId))
    return { text: AFTER_NAME.mutualHeartRequestWaiting, link: LINKS.requests };
  if (requests.some((r) => r.requesterId === memberId))
    return { text: AFTER_NAME.mutualHeartRequestSent, link: LINKS.profile(actorId) };
  return { text: AFTER_NAME.mutualHeart, link: LINKS.profile(actorId) };
}

async function postOwner(db: Db, postId: number): Promise<number | null> {
  const rows = await db.all<{ memberId: number }>(
    sql`SELECT member_id AS memberId FROM community_posts WHERE id = ${postId} AND deleted_at IS NULL`,
  );
  return rows[0]?.memberId ?? null;
}

/**
 * 내 글에 댓글 — to the post's author (not for their own comments), inside the comment's own D1
 * batch (interaction-service addComment): the row is
 * written by the batch when `guard` holds (the comment went in), its group key the comment's id
 * (`commentId`, SQL); `announce` enqueues its delivery from the rows the batch answered. Null for
 * a comment on one's own post. `ownerId`: the post's author, read with the post's visibility.
 */
export function commentNotification(
  ctx: RequestContext,
  c: { postId: number; ownerId: number; commentId: SQL; commenterId: number; content: string },
  guard: SQL,
): { write: ReturnType<typeof notificationInsert>; announce: (rows: WrittenRow[]) => Promise<void> } | null {
  if (c.ownerId === c.commenterId) return null;
  const write = notificationInsert(ctx.db, {
    memberId: c.ownerId,
    kind: 'COMMENT',
    groupKey: sql`'comment:' || ${c.commentId}`,
    actorId: c.commenterId,
    text: AFTER_NAME.comment(c.content),
    link: LINKS.post(c.postId),
    count: 1,
    collapse: false,
    at: iso(ctx.now),
    onlyIf: guard,
  });
  return { write, announce: (rows) => announceWritten(ctx, 'COMMENT', rows) };
}

/**
 * 좋아요 — one row per post, updated in place: "○○님 외 N명이 내 글을 좋아해요" with the latest
 * liker's name and the others who like it now (the author's own like not counted).
 */
export async function notifyPostLike(ctx: RequestContext, l: { postId: number; likerId: number }): Promise<void> {
  let owner: number | null;
  let others = 0;
  try {
    owner = await postOwner(ctx.db, l.postId);
    if (owner === null || owner === l.likerId) return;
    const rows = await ctx.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM post_likes WHERE post_id = ${l.postId} AND member_id NOT IN (${owner}, ${l.likerId})`);
    others = rows[0]?.n ?? 0;
  } catch (err) {
    return logFailure('POST_LIKE', err);
  }
  await emit(ctx, {
    memberId: owner,
    kind: 'POST_LIKE',
    groupKey: `likes:${l.postId}`,
    actorId: l.likerId,
    text: AFTER_NAME.postLike(others),
    link: LINKS.post(l.postId),
    count: others + 1,
    collapse: true,
  });
}

/**
 * A like was taken back: the post's 좋아요 row says who likes it now (the latest remaining liker
 * and the others), never counting the like that is gone; with no liker left the row goes. It is
 * not news, so the row keeps its time and read state and nothing is announced.
 */
export async function notifyPostUnlike(ctx: RequestContext, l: { postId: number; likerId: number }): Promise<void> {
  try {
    const rows = await ctx.db.all<{ owner: number; likers: number; latest: number | null; name: string | null }>(sql`
      SELECT p.member_id AS owner, count(pl.member_id) AS likers,
        (SELECT x.member_id FROM post_likes x WHERE x.post_id = p.id AND x.member_id <> p.member_id
          ORDER BY x.created_at DESC, x.rowid DESC LIMIT 1) AS latest,
        (SELECT m.name FROM members m WHERE m.id = (SELECT x.member_id FROM post_likes x WHERE x.post_id = p.id
          AND x.member_id <> p.member_id ORDER BY x.created_at DESC, x.rowid DESC LIMIT 1)) AS name
      FROM community_posts p LEFT JOIN post_likes pl ON pl.post_id = p.id AND pl.member_id <> p.member_id
      WHERE p.id = ${l.postId}
      GROUP BY p.id`);
    const post = rows[0];
    if (!post || post.owner === l.likerId) return;
    const group = `likes:${l.postId}`;
    if (post.latest === null || post.name === null) {
      await ctx.db.run(sql`DELETE FROM notifications WHERE member_id = ${post.owner} AND group_key = ${group}`);
      return;
    }
    await ctx.db.run(sql`
      UPDATE notifications SET actor_id = ${post.latest}, count = ${post.likers},
        text = ${post.name + AFTER_NAME.postLike(post.likers - 1)}
      WHERE member_id = ${post.owner} AND group_key = ${group}`);
  } catch (err) {
    logFailure('POST_LIKE', err);
  }
}

/** 신고 처리 결과 — to the reporter; says only that the report was acted on or not. */
export async function notifyReportResult(
  ctx: RequestContext,
  r: { reportId: number; reporterId: number; status: 'ACCEPTED' | 'REJECTED'; reportedAt: string },
): Promise<void> {
  await emit(ctx, {
    memberId: r.reporterId,
    kind: 'REPORT_RESULT',
    groupKey: `report:${r.reportId}`,
    actorId: null,
    text:
      r.status === 'ACCEPTED' ? SERVICE_TEXT.reportAccepted(r.reportedAt) : SERVICE_TEXT.reportRejected(r.reportedAt),
    link: LINKS.notifications,
    count: 1,
    collapse: false,
  });
}

/** 사진 인증 결과 — to the member whose pose selfie an operator approved or turned down (docs/trust.md "Verified photos"). */
export async function notifyPhotoVerification(
  ctx: RequestContext,
  v: { verificationId: number; memberId: number; text: string },
): Promise<void> {
  await emit(ctx, {
    memberId: v.memberId,
    kind: 'PHOTO_VERIFICATION',
    groupKey: `photo-verification:${v.verificationId}`,
    actorId: null,
    text: v.text,
    link: LINKS.verifyPhoto,
    count: 1,
    collapse: false,
  });
}

/** 운영팀 안내 — a warning an operator sent from the safety desk (docs/safety.md); each one is its own row. */
export async function notifySafetyWarning(
  ctx: RequestContext,
  w: { memberId: number; auditKey: string; text: string },
): Promise<void> {
  await emit(ctx, {
    memberId: w.memberId,
    kind: 'SAFETY_WARNING',
    groupKey: `safety-warning:${w.auditKey}`,
    actorId: null,
    text: w.text,
    link: LINKS.notifications,
    count: 1,
    collapse: false,
  });
}

/** 오늘의 인연 — a member's set for `day` is ready (docs/today.md): one row per day, pushed unless off or in quiet hours. */
export async function notifyTodayReady(ctx: RequestContext, t: { memberId: number; day: string; cards: number }) {
  await emit(ctx, {
    memberId: t.memberId,
    kind: 'TODAY',
    groupKey: `today:${t.day}`,
    actorId: null,
    text: SERVICE_TEXT.today(t.cards),
    link: LINKS.home,
    count: t.cards,
    collapse: false,
  });
}

/** 안전한 만남 공유 — to the match of a 데이트 공유: that a share exists, not its place, time or link. */
export async function notifyDateShare(
  ctx: RequestContext,
  s: { memberId: number; matchId: number; roomId: number; shareKey: string },
): Promise<void> {
  await emit(ctx, {
    memberId: s.matchId,
    kind: 'DATE_SHARE',
    groupKey: `date-share:${s.shareKey}`,
    actorId: s.memberId,
    text: AFTER_NAME.dateShare,
    link: LINKS.room(s.roomId),
    count: 1,
    collapse: false,
  });
}

/**
 * 걸려 온 통화 — a call rings for the callee (chat/ring.ts, after the proposal passed every rule and
 * `caller` was read from the callee's own room row). A push only, never a row of the list (a ring is
 * momentary; the 부재중 line notifies as a message): the queue's consumer sends it while the call
 * still rings and the callee's settings allow (consumer.ts `pushRing`).
 */
export async function notifyCallRinging(
  env: Env,
  r: { roomId: number; callId: string; kind: CallKind; calleeId: number; caller: string; expiresMs: number },
): Promise<void> {
  try {
    const { roomId, callId, kind, calleeId, caller } = r;
    const expiresAt = new Date(r.expiresMs).toISOString();
    await enqueue(env, { type: 'ring', roomId, callId, kind, calleeId, caller, expiresAt });
  } catch (err) {
    logFailure('CALL', err);
  }
}

/** 새 공지 — every active member gets it through the queue, a batch of members per message (fanout.ts). */
export async function announceNotice(ctx: Pick<RequestContext, 'env'>, noticeId: number): Promise<void> {
  try {
    await enqueue(ctx.env, { type: 'notice', noticeId, afterMemberId: 0 });
  } catch (err) {
    logFailure('NOTICE', err);
  }
}

/**
 * 새 메시지 — from a chat room's summary write (at most one per room per summary interval), for a
 * member away from the room with unread messages: one row per room, updated in place while unread.
 */
export async function notifyNewMessages(
  env: Env,
  m: { roomId: number; recipientId: number; senderId: number; unread: number; lastMessage: string | null; at: Date },
): Promise<void> {
  await emit(
    { env, db: envDb(env), now: m.at },
    {
      memberId: m.recipientId,
      kind: 'MESSAGE',
      groupKey: `room:${m.roomId}`,
      actorId: m.senderId,
      text: AFTER_NAME.message(m.unread, m.lastMessage),
      link: LINKS.room(m.roomId),
      count: m.unread,
      collapse: true,
    },
  );
}

/**
 * Called by the room after a summary write with the members away from it and their unread counts:
 * each away member with unread messages gets (or has updated) the room's 새 메시지 row.
 */
export async function notifyAwayFromRoom(
  env: Env,
  r: {
    roomId: number;
    memberA: number;
    memberB: number;
    away: number[];
    unread: Map<number, number>;
    lastMessage: string;
    lastSenderId: number;
  },
): Promise<void> {
  for (const recipientId of r.away) {
    const unread = r.unread.get(recipientId) ?? 0;
    if (unread === 0) continue;
    const senderId = recipientId === r.memberA ? r.memberB : r.memberA;
    const lastMessage = r.lastSenderId === senderId ? r.lastMessage : null;
    await notifyNewMessages(env, { roomId: r.roomId, recipientId, senderId, unread, lastMessage, at: nowDate(env) });
  }
}

/**
 * A message was unsent (docs/chat.md "Unsending"): the other member's 새 메시지 row of the room stops quoting
 * anything ("○○님이 메시지 N개를 보냈어요", time and read state kept). When that row was already
 * pushed and is unread, it is announced again: the new push has the same Topic (the push service
 * replaces the stored copy for an offline device) and tag (the device replaces the shown one), so
 * no copy of the unsent text outlives the unsend. A retry still queued reads the new text.
 */
export async function unquoteRoomNotification(
  ctx: RequestContext,
  r: { roomId: number; recipientId: number },
): Promise<void> {
  try {
    const group = `room:${r.roomId}`;
    const rows = await ctx.db.all<{
      id: number;
      count: number;
      name: string | null;
      delivered: number;
      read: number;
    }>(sql`
      SELECT n.id, n.count, a.name, n.delivered_at IS NOT NULL AS delivered, n.read_at IS NOT NULL AS read
      FROM notifications n LEFT JOIN members a ON a.id = n.actor_id
      WHERE n.member_id = ${r.recipientId} AND n.group_key = ${group}`);
    const row = rows[0];
    if (!row) return;
    const text = (row.name ?? '') + AFTER_NAME.message(row.count, null);
    const announceAgain = row.delivered === 1 && row.read === 0;
    await ctx.db.run(sql`
      UPDATE notifications SET text = ${text}, delivered_at = ${announceAgain ? null : sql`delivered_at`}
      WHERE id = ${row.id}`);
    if (announceAgain) await enqueue(ctx.env, { type: 'deliver', notificationId: row.id });
  } catch (err) {
    logFailure('MESSAGE', err);
  }
}

/** The room's 새 메시지 row is read once the member read the room. */
export async function readRoomNotification(ctx: RequestContext, memberId: number, roomId: number): Promise<void> {
  try {
    await markGroupRead(ctx.db, memberId, `room:${roomId}`, iso(ctx.now));
  } catch (err) {
    logFailure('read', err);
  }
}
