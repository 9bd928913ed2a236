// New accounts' daily caps (docs/safety.md "New-account caps"): until a member is identity-verified
// AND a week old, 5 chat requests and 3 rooms per Korean day; the refusal says why and until when.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_CAP_CODE, NEW_ACCOUNT_CAPS, newAccountCapMessage } from '../../src/contract/safety/member-limits';
import { newAccountUntil } from '../../src/areas/safety/service';
import { signUpMember } from '../helpers/auth';
import { clockedApp } from '../helpers/community';
import { chatRequest, rawMember, type ErrorBody } from '../helpers/mypage';

// 23:30 on 26 November in Korea; the next Korean day starts at 15:00 UTC.
const LATE_EVENING = '2026-11-26T14:30:00.000Z';
const NEXT_MORNING = '2026-11-26T15:00:00.000Z';
const DAY_MS = 86_400_000;

async function setCreated(memberId: number, createdAt: string, verifiedAt: string | null = createdAt) {
  await env.DB.prepare('UPDATE members SET created_at = ?, identity_verified_at = ? WHERE id = ?')
    .bind(createdAt, verifiedAt, memberId)
    .run();
}

const daysBefore = (iso: string, days: number) => new Date(Date.parse(iso) - days * DAY_MS).toISOString();

const post = (now: string, memberId: number, path: string) =>
  clockedApp(now).fetchAt(memberId, path, { method: 'POST' });
const request = (now: string, memberId: number, targetId: number) =>
  post(now, memberId, `/api/on/matching/request/${targetId}`);
const accept = (now: string, memberId: number, matchingId: number) =>
  post(now, memberId, `/api/on/chat-rooms/matchings/${matchingId}/accept`);

describe('who counts as a new account', () => {
  const now = new Date(LATE_EVENING);
  it('is new until verified and a week old, and says when a verified member stops being new', () => {
    expect(newAccountUntil({ createdAt: daysBefore(LATE_EVENING, 30), identityVerifiedAt: null }, now)).toEqual({
      isNew: true,
      liftsAt: null,
    });
    const young = daysBefore(LATE_EVENING, 2);
    expect(newAccountUntil({ createdAt: young, identityVerifiedAt: young }, now)).toEqual({
      isNew: true,
      liftsAt: new Date(Date.parse(young) + NEW_ACCOUNT_CAPS.weekDays * DAY_MS).toISOString(),
    });
    const old = daysBefore(LATE_EVENING, NEW_ACCOUNT_CAPS.weekDays);
    expect(newAccountUntil({ createdAt: old, identityVerifiedAt: old }, now).isNew).toBe(false);
  });
});

describe('chat requests of a new account', () => {
  it(`refuses the ${NEW_ACCOUNT_CAPS.requestsPerDay + 1}th request of the Korean day with 429, why and until when`, async () => {
    const me = await signUpMember();
    const created = daysBefore(LATE_EVENING, 2);
    await setCreated(me.memberId, created);
    const targets = await Promise.all(Array.from({ length: NEW_ACCOUNT_CAPS.requestsPerDay + 2 }, () => rawMember()));
    for (const target of targets.slice(0, NEW_ACCOUNT_CAPS.requestsPerDay)) {
      const res = await request(LATE_EVENING, me.memberId, target);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const refused = await request(LATE_EVENING, me.memberId, targets[NEW_ACCOUNT_CAPS.requestsPerDay]!);
    expect(refused.status).toBe(429);
    const body = await refused.json<ErrorBody>();
    const liftsAt = new Date(Date.parse(created) + NEW_ACCOUNT_CAPS.weekDays * DAY_MS).toISOString();
    expect(body).toMatchObject({ code: NEW_ACCOUNT_CAP_CODE, message: newAccountCapMessage('REQUEST', liftsAt) });
    expect(body.message).toContain('가입 후 7일이 지나고 본인확인을 마치면 더 많이 보낼 수 있어요');
    expect(body.message).toContain('자정까지');
    expect(body.message).toContain('부터는 이 제한이 풀려요');
    // Nothing was stored for the refused request.
    const row = await env.DB.prepare('SELECT count(*) AS n FROM chat_requests WHERE requester_id = ?')
      .bind(me.memberId)
      .first<{ n: number }>();
    expect(row?.n).toBe(NEW_ACCOUNT_CAPS.requestsPerDay);
    // Midnight in Korea starts a new day's count.
    expect((await request(NEXT_MORNING, me.memberId, targets[NEW_ACCOUNT_CAPS.requestsPerDay]!)).status).toBe(200);
  });

  it('does not cap a verified member whose account is a week old', async () => {
    const me = await signUpMember();
    await setCreated(me.memberId, daysBefore(LATE_EVENING, NEW_ACCOUNT_CAPS.weekDays + 1));
    const targets = await Promise.all(Array.from({ length: NEW_ACCOUNT_CAPS.requestsPerDay + 1 }, () => rawMember()));
    for (const target of targets) expect((await request(LATE_EVENING, me.memberId, target)).status).toBe(200);
  });
});

describe('rooms a new account opens', () => {
  it(`refuses accepting a ${NEW_ACCOUNT_CAPS.roomsPerDay + 1}th room of the day; the request stays for tomorrow`, async () => {
    const me = await signUpMember();
    await setCreated(me.memberId, daysBefore(LATE_EVENING, 1));
    const askers = await Promise.all(Array.from({ length: NEW_ACCOUNT_CAPS.roomsPerDay + 1 }, () => rawMember()));
    const requests = await Promise.all(
      askers.map((a) => chatRequest(a, me.memberId, 'PENDING', daysBefore(LATE_EVENING, 0.1))),
    );
    for (const id of requests.slice(0, NEW_ACCOUNT_CAPS.roomsPerDay)) {
      const res = await accept(LATE_EVENING, me.memberId, id);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const last = requests[NEW_ACCOUNT_CAPS.roomsPerDay]!;
    const refused = await accept(LATE_EVENING, me.memberId, last);
    expect(refused.status).toBe(429);
    const body = await refused.json<ErrorBody>();
    expect(body.code).toBe(NEW_ACCOUNT_CAP_CODE);
    expect(body.message).toContain(`새 대화방을 ${NEW_ACCOUNT_CAPS.roomsPerDay}개까지`);
    expect(body.message).toContain('가입 후 7일이 지나고 본인확인을 마치면 더 많이 열 수 있어요');
    const status = await env.DB.prepare('SELECT status FROM chat_requests WHERE id = ?')
      .bind(last)
      .first<{ status: string }>();
    expect(status?.status).toBe('PENDING');
    expect((await accept(NEXT_MORNING, me.memberId, last)).status).toBe(200);
  });

  it('answers a request that is not mine 404, not the cap', async () => {
    const me = await signUpMember();
    await setCreated(me.memberId, daysBefore(LATE_EVENING, 1));
    const [x, y] = await Promise.all([rawMember(), rawMember()]);
    const notMine = await chatRequest(x, y, 'PENDING', daysBefore(LATE_EVENING, 0.1));
    expect((await accept(LATE_EVENING, me.memberId, notMine)).status).toBe(404);
  });
});
