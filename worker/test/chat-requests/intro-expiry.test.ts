// Chat requests with a short intro, and requests that end: 7 days unanswered → EXPIRED (daily
// Cron Trigger), treated as expired even before the job runs; an expired request blocks nothing.
import { SELF, createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import type { ChatRequestResult, PendingRequestItem } from '../../src/contract/chat';
import type { MatchingHistoryItem, MypagePage } from '../../src/contract/mypage';
import { ORIGIN, bearer, type SignedInMember } from '../helpers/auth';
import { acceptRequest, getAs, openLive, requestChat, twoMembers } from '../helpers/chat';
import { rowsOf } from '../helpers/notifications';

const DAY = 86_400_000;

const requestWith = (from: SignedInMember, targetId: number, body: unknown) =>
  SELF.fetch(`${ORIGIN}/api/on/matching/request/${targetId}`, {
    method: 'POST',
    headers: { ...bearer(from.accessToken), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const pendingOf = async (m: SignedInMember) =>
  (await getAs(m, '/api/on/chat-rooms/pending')).json<PendingRequestItem[]>();

const historyOf = async (m: SignedInMember) =>
  (await (await getAs(m, '/api/on/mypage/matching-history')).json<MypagePage<MatchingHistoryItem>>()).content;

const statusOf = async (id: number) =>
  (await env.DB.prepare('SELECT status, answered_at FROM chat_requests WHERE id = ?').bind(id).first<{
    status: string;
    answered_at: string | null;
  }>())!;

/** Moves a request's creation back in time (as if it had been made `days` ago). */
const ageRequest = (id: number, days: number, extraMs = 0) =>
  env.DB.prepare('UPDATE chat_requests SET created_at = ? WHERE id = ?')
    .bind(new Date(Date.now() - days * DAY - extraMs).toISOString(), id)
    .run();

const runCron = (at: Date) =>
  worker.scheduled(createScheduledController({ scheduledTime: at.getTime(), cron: '0 19 * * *' }), {
    ...env,
    FIXED_NOW: at.toISOString(),
  });

describe('a request with an intro', () => {
  it('carries the normalised intro to the 요청 tab, the live frame and both sides’ matching history', async () => {
    const [a, b] = await twoMembers();
    const live = await openLive(b);
    const res = await requestWith(a, b.memberId, { intro: '  안녕하세요!\u200B 여행 좋아하세요? 😊  ' });
    expect(res.status).toBe(200);
    const { matchingId } = await res.json<ChatRequestResult>();

    const [item] = await pendingOf(b);
    expect(item?.intro).toBe('안녕하세요! 여행 좋아하세요? 😊');
    expect(Date.parse(item!.expiresAt!) - Date.parse(item!.requestedAt)).toBe(7 * DAY);
    const [notice] = await live.waitFor('request');
    expect(notice?.request.intro).toBe('안녕하세요! 여행 좋아하세요? 😊');
    live.close();

    for (const m of [a, b]) {
      const [h] = await historyOf(m);
      expect(h).toMatchObject({ matchingId, intro: '안녕하세요! 여행 좋아하세요? 😊', status: 'PENDING' });
    }
  });

  it('counts the intro as a person counts characters: 100 family emoji pass, 101 characters do not', async () => {
    const [a, b] = await twoMembers();
    const family = '👨‍👩‍👧‍👦'; // one character, 11 UTF-16 units
    const ok = await requestWith(a, b.memberId, { intro: family.repeat(100) });
    expect(ok.status).toBe(200);
    const [item] = await pendingOf(b);
    expect(item?.intro).toBe(family.repeat(100));

    const [c, d] = await twoMembers();
    const tooLong = await requestWith(c, d.memberId, { intro: '가'.repeat(101) });
    expect(tooLong.status).toBe(400);
    const body = await tooLong.json<{ fields: Record<string, string> }>();
    expect(body.fields.intro).toBe('소개는 100자까지 쓸 수 있어요.');
    expect(await pendingOf(d)).toEqual([]);
  });

  it('no body or a blank intro is no intro; unknown keys are refused', async () => {
    const [a, b] = await twoMembers();
    expect((await requestChat(a, b.memberId)).status).toBe(200);
    expect((await pendingOf(b))[0]?.intro).toBeNull();

    const [c, d] = await twoMembers();
    expect((await requestWith(c, d.memberId, { intro: ' \u200B ' })).status).toBe(200);
    expect((await pendingOf(d))[0]?.intro).toBeNull();

    const [e, f] = await twoMembers();
    expect((await requestWith(e, f.memberId, { intro: 'hi', senderId: 1 })).status).toBe(400);
    expect(await pendingOf(f)).toEqual([]);
  });
});

describe('requests that end', () => {
  it('the daily job expires requests unanswered for 7 days, notifies the requester, and leaves younger ones', async () => {
    const [a, b] = await twoMembers();
    const [c, d] = await twoMembers();
    const old = (await (await requestChat(a, b.memberId)).json<ChatRequestResult>()).matchingId;
    const young = (await (await requestChat(c, d.memberId)).json<ChatRequestResult>()).matchingId;

    // The clock moved: 7 days and one minute after `old`, 6 days 23 hours after `young`.
    const createdOld = Date.parse(
      (await env.DB.prepare('SELECT created_at AS t FROM chat_requests WHERE id = ?').bind(old).first<{ t: string }>())!
        .t,
    );
    await env.DB.prepare('UPDATE chat_requests SET created_at = ? WHERE id = ?')
      .bind(new Date(createdOld + 3_600_000 + 60_000).toISOString(), young)
      .run();
    const at = new Date(createdOld + 7 * DAY + 60_000);
    await runCron(at);

    expect(await statusOf(old)).toEqual({ status: 'EXPIRED', answered_at: at.toISOString() });
    expect((await statusOf(young)).status).toBe('PENDING');
    const notes = await rowsOf(a.memberId);
    expect(notes.some((n) => n.kind === 'REQUEST_EXPIRED' && n.group_key === `expired:${old}`)).toBe(true);
    expect((await rowsOf(c.memberId)).some((n) => n.kind === 'REQUEST_EXPIRED')).toBe(false);

    // Both sides see 만료됨 (EXPIRED); the 요청 tab no longer has it; it cannot be accepted.
    for (const m of [a, b]) expect((await historyOf(m))[0]).toMatchObject({ matchingId: old, status: 'EXPIRED' });
    expect(await pendingOf(b)).toEqual([]);
    const accept = await acceptRequest(b, old);
    expect(accept.status).toBe(409);

    // A second run changes nothing (idempotent), and the pair may ask again, either way.
    await runCron(at);
    expect((await statusOf(old)).answered_at).toBe(at.toISOString());
    const again = await requestChat(b, a.memberId);
    expect(again.status).toBe(200);
    expect((await again.json<ChatRequestResult>()).status).toBe('PENDING');
  });

  it('a request past 7 days is expired at once, before the job marks it: hidden, unanswerable, not blocking', async () => {
    const [a, b] = await twoMembers();
    const id = (await (await requestChat(a, b.memberId)).json<ChatRequestResult>()).matchingId;
    await ageRequest(id, 7, 1_000);

    expect(await pendingOf(b)).toEqual([]);
    expect((await acceptRequest(b, id)).status).toBe(409);
    expect((await historyOf(a))[0]).toMatchObject({ matchingId: id, status: 'EXPIRED' });
    // Not a duplicate any more, and not a "they asked first" match either.
    const fresh = await requestChat(a, b.memberId);
    expect(fresh.status).toBe(200);
    const body = await fresh.json<ChatRequestResult>();
    expect(body.status).toBe('PENDING');
    expect(body.matchingId).not.toBe(id);
    const reverse = await requestChat(b, a.memberId);
    expect((await reverse.json<ChatRequestResult>()).status).toBe('MATCHED');

    // Just under 7 days is still waiting.
    const [c, d] = await twoMembers();
    const waiting = (await (await requestChat(c, d.memberId)).json<ChatRequestResult>()).matchingId;
    await ageRequest(waiting, 7, -60_000);
    expect((await pendingOf(d)).map((p) => p.matchingId)).toEqual([waiting]);
    expect((await acceptRequest(d, waiting)).status).toBe(200);
  });
});
