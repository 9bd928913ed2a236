// Adults only (issue 20 §1) and the one visibility module: every member-to-member surface hides a
// member under 19 (year rule) and a blocked member exactly like a missing one; a member under 19
// sees nobody and gets 403 UNDER_19 on every call but their own account, export and deletion;
// the cron closes their rooms once. Everything runs at a fixed clock (AT) so the year rule and
// the 7-day windows are the same whenever the suite runs.
import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { UNDER_19_CODE, UNDER_19_MESSAGE, adultBirthdayCut, isAdultByYearRule } from '../../src/contract/age';
import type { PopularProfile } from '../../src/contract/matching';
import worker from '../../src/index';
import { block, callAs, db, heart, recommendedIds, seedCandidate, seedMember } from '../helpers/matching';

const AT = '2033-06-01T03:00:00.000Z';
/** 2033 − 2015 = 18: a minor in 2033 by the year rule (and today). */
const MINOR_BIRTHDAY = '2015-01-01';
const MISSING = 2_000_000_000;

type ErrorBody = { code: string; message: string };

async function answer(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = await res.json<ErrorBody>();
  return { status: res.status, code: body.code, message: body.message };
}

const at = (memberId: number, path: string, method = 'GET') => callAs(memberId, path, { at: AT, method });

async function pendingRequest(from: number, to: number): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO chat_requests (requester_id, target_id, status, created_at) VALUES (?, ?, 'PENDING', ?) RETURNING id",
  )
    .bind(from, to, AT)
    .first<{ id: number }>();
  return row!.id;
}

async function postBy(memberId: number): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO community_posts (member_id, category, title, content, created_at) VALUES (?, 'FREE', '제목이에요', '내용이에요 반가워요', ?) RETURNING id",
  )
    .bind(memberId, AT)
    .first<{ id: number }>();
  return row!.id;
}

async function notificationFrom(actorId: number, memberId: number): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO notifications (member_id, kind, group_key, actor_id, text, link, count, created_at, updated_at) VALUES (?, 'HEART', ?, ?, '님이 마음을 보냈어요', '/mypage', 1, ?, ?)",
  )
    .bind(memberId, `heart:${actorId}`, actorId, AT, AT)
    .run();
}

describe('the adult rule (contract/age.ts)', () => {
  it('counts by birth year in Korea time, and the SQL cut says the same', () => {
    const now = new Date('2026-03-01T00:00:00.000Z');
    expect(isAdultByYearRule('2007-12-31', now)).toBe(true); // 만 18, but born in 2007
    expect(isAdultByYearRule('2008-01-01', now)).toBe(false);
    expect(adultBirthdayCut(now)).toBe('2008-01-01');
    // New Year in Korea comes 9 hours before UTC's.
    const newYearKst = new Date('2026-12-31T15:00:00.000Z');
    expect(isAdultByYearRule('2008-06-01', newYearKst)).toBe(true);
    expect(adultBirthdayCut(newYearKst)).toBe('2009-01-01');
    for (const b of ['1990-01-01', '2007-12-31', '2008-01-01', '2008-12-31', '2015-05-05'])
      expect(b < adultBirthdayCut(now)).toBe(isAdultByYearRule(b, now));
  });
});

describe('every member-to-member surface hides a member under 19 and a blocked member like a missing one', () => {
  it('modal, heart, request, accept, lists, popular, recommendations, community, notifications', async () => {
    const viewer = await seedMember();
    const minor = await seedCandidate({ birthday: MINOR_BIRTHDAY });
    const blocked = await seedCandidate();
    const fine = await seedCandidate();
    const untouched = await seedCandidate(); // no request, no heart: recommendable
    expect((await block(viewer, blocked)).status).toBe(200);

    // Single-target surfaces: the same status, code and message as a member that does not exist.
    const single: [string, (id: number) => string, string][] = [
      ['profile modal', (id) => `/api/on/profile/modal/${id}`, 'GET'],
      ['heart', (id) => `/api/on/heart/${id}`, 'PUT'],
      ['chat request', (id) => `/api/on/matching/request/${id}`, 'POST'],
    ];
    for (const [what, path, method] of single) {
      const missing = await answer(await at(viewer, path(MISSING), method));
      expect(missing.status, what).toBe(404);
      for (const hidden of [minor, blocked])
        expect(await answer(await at(viewer, path(hidden), method)), what).toEqual(missing);
      expect((await at(viewer, path(fine), method)).status, what).toBe(200);
    }

    // Accepting a request a minor sent earlier: like a request that does not exist.
    const fromMinor = await pendingRequest(minor, viewer);
    const noRequest = await answer(await at(viewer, `/api/on/chat-rooms/matchings/${MISSING}/accept`, 'POST'));
    expect(await answer(await at(viewer, `/api/on/chat-rooms/matchings/${fromMinor}/accept`, 'POST'))).toEqual(
      noRequest,
    );
    const pending = await (await at(viewer, '/api/on/chat-rooms/pending')).json<{ opponentMemberId: number }[]>();
    expect(pending.map((p) => p.opponentMemberId)).not.toContain(minor);
    const history = await (
      await at(viewer, '/api/on/mypage/matching-history?page=0&size=50')
    ).json<{ content: { opponentMemberId: number }[] }>();
    expect(history.content.map((h) => h.opponentMemberId)).toContain(fine);
    expect(history.content.map((h) => h.opponentMemberId)).not.toContain(minor);

    // Lists: hearts received and given, popular, recommendations, community, notifications.
    for (const hidden of [minor, blocked]) {
      await heart(hidden, viewer, AT);
      await env.DB.prepare('INSERT OR IGNORE INTO hearts (member_id, target_id, created_at) VALUES (?, ?, ?)')
        .bind(viewer, hidden, AT)
        .run();
      for (let i = 0; i < 3; i++) await heart(await seedMember(), hidden, AT);
      await notificationFrom(hidden, viewer);
    }
    await heart(fine, viewer, AT);
    await notificationFrom(fine, viewer);
    const ids = async (path: string, pick: (body: never) => number[]) =>
      pick((await (await at(viewer, path)).json()) as never);
    const received = await ids('/api/on/hearts/received?page=0&size=50', (b: { content: { memberId: number }[] }) =>
      b.content.map((c) => c.memberId),
    );
    expect(received).toContain(fine);
    const liked = await ids('/api/on/mypage/profile-likes?page=0&size=24', (b: { content: { memberId: number }[] }) =>
      b.content.map((c) => c.memberId),
    );
    expect(liked).toContain(fine);
    const popular = await ids('/api/on/matching/popular', (b: PopularProfile[]) => b.map((p) => p.memberId));
    const recommended = await recommendedIds(viewer, AT);
    expect(recommended).toContain(untouched);
    const minorPost = await postBy(minor);
    const posts = await ids('/api/on/community/posts', (b: { id: number }[]) => b.map((p) => p.id));
    const notifications = await (await at(viewer, '/api/on/notifications')).json<{ content: { text: string }[] }>();
    for (const hidden of [minor, blocked]) {
      expect(received).not.toContain(hidden);
      expect(liked).not.toContain(hidden);
      expect(popular).not.toContain(hidden);
      expect(recommended).not.toContain(hidden);
    }
    expect(posts).not.toContain(minorPost);
    expect(await answer(await at(viewer, `/api/on/community/posts/${minorPost}`))).toEqual(
      await answer(await at(viewer, `/api/on/community/posts/${MISSING}`)),
    );
    expect(notifications.content).toHaveLength(1);
  });

  it('a member under 19 sees nobody: 403 UNDER_19 on every call but their account, export, deletion and ping', async () => {
    const minor = await seedMember({ birthday: MINOR_BIRTHDAY });
    const adult = await seedCandidate();
    for (const [path, method] of [
      ['/api/on/matching/recommend?page=0', 'GET'],
      ['/api/on/matching/popular', 'GET'],
      [`/api/on/profile/modal/${adult}`, 'GET'],
      [`/api/on/heart/${adult}`, 'PUT'],
      ['/api/on/hearts/received', 'GET'],
      ['/api/on/community/posts', 'GET'],
      ['/api/on/chat-rooms', 'GET'],
      ['/api/on/notifications', 'GET'],
    ] as const) {
      expect(await answer(await at(minor, path, method)), path).toEqual({
        status: 403,
        code: UNDER_19_CODE,
        message: UNDER_19_MESSAGE,
      });
    }
    for (const path of ['/api/on/ping', '/api/on/mypage/profile', '/api/on/mypage/export'])
      expect((await at(minor, path)).status, path).toBe(200);
  });

  it('popular applies who the member wants to meet, both directions (issue 21 item 17)', async () => {
    const when = '2034-02-01T00:00:00.000Z';
    const viewer = await seedMember(); // a woman seeking men
    const woman = await seedMember({ gender: 'F', lookingFor: 'M' });
    const manSeekingMen = await seedCandidate({ lookingFor: 'M' });
    const man = await seedCandidate();
    for (const [id, n] of [
      [woman, 5],
      [manSeekingMen, 4],
      [man, 1],
    ] as const)
      for (let i = 0; i < n; i++) await heart(await seedMember({ gender: 'M', lookingFor: 'F' }), id, when);
    const res = await callAs(viewer, '/api/on/matching/popular', { at: when });
    const top = (await res.json<PopularProfile[]>()).map((p) => p.memberId);
    expect(top).toContain(man);
    expect(top).not.toContain(woman);
    expect(top).not.toContain(manSeekingMen);
  });
});

describe('existing members under 19: the cron closes their open rooms once', () => {
  it('closes each open room with the UNDER_19 line and marks the member, idempotently', async () => {
    const minor = await seedMember({ birthday: MINOR_BIRTHDAY });
    const adult = await seedCandidate();
    const request = await pendingRequest(adult, minor);
    const room = await env.DB.prepare(
      'INSERT INTO chat_rooms (request_id, member_a, member_b, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    )
      .bind(request, adult, minor, AT)
      .first<{ id: number }>();
    await env.DB.prepare("UPDATE chat_requests SET status = 'ACCEPTED' WHERE id = ?").bind(request).run();

    const run = async () => {
      const controller = createScheduledController({ scheduledTime: Date.parse(AT), cron: '0 19 * * *' });
      await worker.scheduled(controller, { ...env, FIXED_NOW: AT });
    };
    await run();
    const closed = await env.DB.prepare('SELECT closed_at, closed_reason FROM chat_rooms WHERE id = ?')
      .bind(room!.id)
      .first<{ closed_at: string; closed_reason: string }>();
    expect(closed).toEqual({ closed_at: AT, closed_reason: 'UNDER_19' });
    const marked = await db().query.members.findFirst({ where: (m, { eq }) => eq(m.id, minor) });
    expect(marked?.minorClosedAt).toBe(AT);

    // A second run finds nothing to do: the room keeps its first closing.
    await env.DB.prepare('UPDATE chat_rooms SET closed_at = ? WHERE id = ?').bind(AT, room!.id).run();
    await run();
    const again = await env.DB.prepare('SELECT closed_at, closed_reason FROM chat_rooms WHERE id = ?')
      .bind(room!.id)
      .first<{ closed_at: string; closed_reason: string }>();
    expect(again).toEqual(closed);
  });
});
