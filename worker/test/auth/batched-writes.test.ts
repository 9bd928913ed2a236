// Member writes in two D1 round trips (docs/performance.md "Round trips"): the checks' reads go in
// the auth statement's batch (requireMemberAnd), then the counter, the write, the 오늘의 인연 mark
// and the notification rows in one batch whose writes are guarded in SQL. A refused call — over
// its rate limit, to a hidden target, a duplicate — writes nothing (a rate-limited one: only its
// count, as before) and answers as before.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../src/contract/chat';
import { buildApp } from '../../src/app';
import * as schema from '../../src/db/schema';
import { HEART_LIMIT } from '../../src/areas/hearts/service';
import { currentDays } from '../../src/areas/today/service';
import { wrapD1 } from '../../src/lib/d1';
import { signAccessToken } from '../../src/lib/tokens';
import { db, seedCandidate, seedMember } from '../helpers/matching';

const NOW = '2031-05-06T03:00:00.000Z';
const HOUR_WINDOW = Math.floor(Date.parse(NOW) / 1000 / 3600) * 3600;

/** The D1 binding, counting round trips: each batch, and each statement run on its own. */
function countingDb(): { db: D1Database; trips: () => number } {
  let trips = 0;
  const counted = wrapD1(env.DB, () => {
    trips += 1;
  });
  return { db: counted, trips: () => trips };
}

/** `method path` as `memberId` at NOW through a fresh app, counting its round trips (work after the answer included). */
async function send(memberId: number, method: string, path: string): Promise<{ res: Response; trips: number }> {
  const token = await signAccessToken(env, memberId, new Date(NOW));
  const { db: counted, trips } = countingDb();
  const ctx = createExecutionContext();
  const res = await buildApp().fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    }),
    { ...env, DB: counted, FIXED_NOW: NOW },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { res, trips: trips() };
}

const count = async (query: string, ...values: unknown[]): Promise<number> =>
  (await env.DB.prepare(query)
    .bind(...values)
    .first<{ n: number }>())!.n;

const notificationsOf = (memberId: number) =>
  env.DB.prepare('SELECT kind, group_key AS groupKey, link, read_at AS readAt FROM notifications WHERE member_id = ?')
    .bind(memberId)
    .all<{ kind: string; groupKey: string; link: string; readAt: string | null }>()
    .then((r) => r.results);

/** Two members active at NOW (so no activity stamp is written after the calls). */
const pair = async () => [await seedMember({ lastActiveAt: NOW }), await seedCandidate({ lastActiveAt: NOW })] as const;

/** `memberId`'s card of `candidateId` in today's set (오늘의 인연). */
async function todayCard(memberId: number, candidateId: number): Promise<void> {
  await db()
    .insert(schema.todayCards)
    .values({ memberId, candidateId, day: currentDays(new Date(NOW)).today, position: 0, reasons: '[]' });
}

const cardAction = (memberId: number, candidateId: number) =>
  env.DB.prepare('SELECT action FROM today_cards WHERE member_id = ? AND candidate_id = ?')
    .bind(memberId, candidateId)
    .first<{ action: string | null }>()
    .then((r) => r?.action ?? null);

/** The member's window already spent up to `max`. */
const spent = (key: string, max: number) =>
  db().insert(schema.rateLimits).values({ key, windowStart: HOUR_WINDOW, count: max });

async function pendingRequest(from: number, to: number): Promise<number> {
  const [row] = await db()
    .insert(schema.chatRequests)
    .values({ requesterId: from, targetId: to, status: 'PENDING', createdAt: NOW })
    .returning({ id: schema.chatRequests.id });
  return row!.id;
}

describe('PUT /api/on/heart/{memberId} in two round trips', () => {
  it('adds the heart, marks the card 좋아요 and tells them: 2 trips', async () => {
    const [me, them] = await pair();
    await todayCard(me, them);
    const { res, trips } = await send(me, 'PUT', `/api/on/heart/${them}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ memberId: them, hearted: true });
    expect(trips).toBe(2);
    expect(await count('SELECT count(*) AS n FROM hearts WHERE member_id = ? AND target_id = ?', me, them)).toBe(1);
    expect(await cardAction(me, them)).toBe('LIKED');
    expect(await notificationsOf(them)).toMatchObject([{ kind: 'HEART', groupKey: `heart:${me}` }]);
  });

  it('answers their heart with 서로 마음이에요 to both, in the same 2 trips', async () => {
    const [me, them] = await pair();
    await db().insert(schema.hearts).values({ memberId: them, targetId: me, createdAt: NOW });
    const { res, trips } = await send(me, 'PUT', `/api/on/heart/${them}`);
    expect(res.status).toBe(200);
    expect(trips).toBe(2);
    expect(await notificationsOf(them)).toMatchObject([{ kind: 'MUTUAL_HEART', groupKey: `mutual:${me}` }]);
    expect(await notificationsOf(me)).toMatchObject([{ kind: 'MUTUAL_HEART', groupKey: `mutual:${them}` }]);
  });

  it('a second heart is no news: the read notification stays read', async () => {
    const [me, them] = await pair();
    expect((await send(me, 'PUT', `/api/on/heart/${them}`)).res.status).toBe(200);
    await env.DB.prepare('UPDATE notifications SET read_at = ? WHERE member_id = ?').bind(NOW, them).run();
    const { res, trips } = await send(me, 'PUT', `/api/on/heart/${them}`);
    expect(res.status).toBe(200);
    expect(trips).toBe(2);
    expect(await notificationsOf(them)).toMatchObject([{ kind: 'HEART', readAt: NOW }]);
  });

  it('over the hourly limit: 429, and nothing but the count is written', async () => {
    const [me, them] = await pair();
    await todayCard(me, them);
    await spent(`heart:${me}`, HEART_LIMIT.max);
    const { res, trips } = await send(me, 'PUT', `/api/on/heart/${them}`);
    expect(res.status).toBe(429);
    expect(trips).toBe(2);
    expect(await count('SELECT count(*) AS n FROM hearts WHERE member_id = ?', me)).toBe(0);
    expect(await cardAction(me, them)).toBeNull();
    expect(await notificationsOf(them)).toEqual([]);
    expect(await count('SELECT count AS n FROM rate_limits WHERE key = ?', `heart:${me}`)).toBe(HEART_LIMIT.max + 1);
  });

  it('to a blocked or unverified-gated call: answers after the first trip and writes nothing', async () => {
    const [me, them] = await pair();
    await db().insert(schema.blocks).values({ memberId: them, targetId: me });
    const blocked = await send(me, 'PUT', `/api/on/heart/${them}`);
    expect(blocked.res.status).toBe(404);
    expect(blocked.trips).toBe(1);
    const unverified = await seedMember({ lastActiveAt: NOW, identityVerified: false });
    const gated = await send(unverified, 'PUT', `/api/on/heart/${them}`);
    expect(gated.res.status).toBe(403);
    expect(gated.trips).toBe(1);
    expect(await count('SELECT count(*) AS n FROM hearts WHERE target_id = ?', them)).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM rate_limits WHERE key IN (?, ?)', `heart:${me}`, `heart:${unverified}`),
    ).toBe(0);
    expect(await notificationsOf(them)).toEqual([]);
  });
});

describe('POST /api/on/matching/request/{memberId} in two round trips', () => {
  it('stores the request and tells them: 2 trips', async () => {
    const [me, them] = await pair();
    await todayCard(me, them);
    const { res, trips } = await send(me, 'POST', `/api/on/matching/request/${them}`);
    expect(res.status).toBe(200);
    const { status, matchingId } = await res.json<{ status: string; matchingId: number }>();
    expect(status).toBe('PENDING');
    expect(trips).toBe(2);
    expect(await cardAction(me, them)).toBe('REQUESTED');
    expect(await notificationsOf(them)).toMatchObject([{ kind: 'CHAT_REQUEST', groupKey: `request:${matchingId}` }]);
  });

  it('their request first: a match, the room and 요청을 수락했어요 to them, in 2 trips', async () => {
    const [me, them] = await pair();
    const theirs = await pendingRequest(them, me);
    const { res, trips } = await send(me, 'POST', `/api/on/matching/request/${them}`);
    expect(res.status).toBe(200);
    const body = await res.json<{
      status: string;
      matchingId: number;
      room: { chatRoomId: number; opponentId: number };
    }>();
    expect(body).toMatchObject({ status: 'MATCHED', matchingId: theirs, room: { opponentId: them } });
    expect(trips).toBe(2);
    expect(await notificationsOf(them)).toMatchObject([
      { kind: 'REQUEST_ACCEPTED', groupKey: `accepted:${theirs}`, link: `/chatting?room=${body.room.chatRoomId}` },
    ]);
  });

  it('a duplicate: 409, no second request, no second notification', async () => {
    const [me, them] = await pair();
    expect((await send(me, 'POST', `/api/on/matching/request/${them}`)).res.status).toBe(200);
    const { res, trips } = await send(me, 'POST', `/api/on/matching/request/${them}`);
    expect(res.status).toBe(409);
    expect(trips).toBe(2);
    expect(await count('SELECT count(*) AS n FROM chat_requests WHERE requester_id = ?', me)).toBe(1);
    expect(await notificationsOf(them)).toHaveLength(1);
  });

  it('over the hourly limit: 429, no request, no match, no notification', async () => {
    const [me, them] = await pair();
    await todayCard(me, them);
    const other = await seedCandidate({ lastActiveAt: NOW });
    const theirs = await pendingRequest(other, me);
    await spent(`chat-request:${me}`, CHAT_LIMITS.requestsPerHour);
    const { res, trips } = await send(me, 'POST', `/api/on/matching/request/${them}`);
    expect(res.status).toBe(429);
    expect(trips).toBe(2);
    // Their request to me is not turned into a match either.
    expect((await send(me, 'POST', `/api/on/matching/request/${other}`)).res.status).toBe(429);
    expect(await count('SELECT count(*) AS n FROM chat_requests WHERE requester_id = ?', me)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM chat_requests WHERE id = ? AND status = 'PENDING'", theirs)).toBe(1);
    expect(
      await count(
        'SELECT count(*) AS n FROM chat_rooms r JOIN chat_requests q ON q.id = r.request_id WHERE q.target_id = ?',
        me,
      ),
    ).toBe(0);
    expect(await cardAction(me, them)).toBeNull();
    expect([...(await notificationsOf(them)), ...(await notificationsOf(other))]).toEqual([]);
  });

  it('to a member who blocked me: 404 after the first trip, nothing written', async () => {
    const [me, them] = await pair();
    await db().insert(schema.blocks).values({ memberId: them, targetId: me });
    const { res, trips } = await send(me, 'POST', `/api/on/matching/request/${them}`);
    expect(res.status).toBe(404);
    expect(trips).toBe(1);
    expect(await count('SELECT count(*) AS n FROM chat_requests WHERE requester_id = ?', me)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM rate_limits WHERE key = ?', `chat-request:${me}`)).toBe(0);
  });
});

describe('POST /api/on/chat-rooms/matchings/{id}/accept in two round trips', () => {
  it('accepts, opens the room and tells them: 2 trips', async () => {
    const [me, them] = await pair();
    const matchingId = await pendingRequest(them, me);
    const { res, trips } = await send(me, 'POST', `/api/on/chat-rooms/matchings/${matchingId}/accept`);
    expect(res.status).toBe(200);
    const room = await res.json<{ chatRoomId: number; matchingId: number; opponentId: number }>();
    expect(room).toMatchObject({ matchingId, opponentId: them });
    expect(trips).toBe(2);
    expect(await count('SELECT count(*) AS n FROM chat_room_members WHERE room_id = ?', room.chatRoomId)).toBe(2);
    expect(await notificationsOf(them)).toMatchObject([
      { kind: 'REQUEST_ACCEPTED', groupKey: `accepted:${matchingId}`, link: `/chatting?room=${room.chatRoomId}` },
    ]);
  });

  it('a second accept: 409, no second room, no second notification', async () => {
    const [me, them] = await pair();
    const matchingId = await pendingRequest(them, me);
    expect((await send(me, 'POST', `/api/on/chat-rooms/matchings/${matchingId}/accept`)).res.status).toBe(200);
    await env.DB.prepare('UPDATE notifications SET read_at = ? WHERE member_id = ?').bind(NOW, them).run();
    const { res, trips } = await send(me, 'POST', `/api/on/chat-rooms/matchings/${matchingId}/accept`);
    expect(res.status).toBe(409);
    expect(trips).toBe(1);
    expect(await count('SELECT count(*) AS n FROM chat_rooms WHERE request_id = ?', matchingId)).toBe(1);
    expect(await notificationsOf(them)).toMatchObject([{ kind: 'REQUEST_ACCEPTED', readAt: NOW }]);
  });

  it('from a member who blocked me since: 404 after the first trip, nothing written', async () => {
    const [me, them] = await pair();
    const matchingId = await pendingRequest(them, me);
    await db().insert(schema.blocks).values({ memberId: them, targetId: me });
    const { res, trips } = await send(me, 'POST', `/api/on/chat-rooms/matchings/${matchingId}/accept`);
    expect(res.status).toBe(404);
    expect(trips).toBe(1);
    expect(await count("SELECT count(*) AS n FROM chat_requests WHERE id = ? AND status = 'PENDING'", matchingId)).toBe(
      1,
    );
    expect(await count('SELECT count(*) AS n FROM chat_rooms WHERE request_id = ?', matchingId)).toBe(0);
    expect(await notificationsOf(them)).toEqual([]);
  });
});
