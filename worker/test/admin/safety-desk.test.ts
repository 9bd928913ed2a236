// The safety desk (docs/safety.md "Safety desk"): the queue (one row per member with open signals,
// ordered by the risk score, its parts in Korean, withdrawn and banned members left out, paged),
// an item's evidence in context from the room's own store, the actions (dismiss, warn, temporary
// and permanent ban with the role rule), each settling the open signals with its audit row, and
// the nudge statistics.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCheckResponse } from '../../src/contract/admin';
import {
  DESK_RISK_WEIGHTS as W,
  type DeskActionResult,
  type DeskDetail,
  type DeskNudgeStats,
  type DeskQueueItem,
} from '../../src/contract/safety-desk-core';
import { matchedPair, openRoom } from '../helpers/chat';
import { call, consoleAdmin, seedMember, seedReport, type ConsoleAdmin, type ErrorBody } from './console-helpers';
import { makeAdmin, signIn } from './helpers';

let admin: ConsoleAdmin;
let operator: ConsoleAdmin;
beforeAll(async () => {
  admin = await consoleAdmin('관리자 한결');
  const op = await makeAdmin({ name: '운영자 다온' });
  await env.DB.prepare("UPDATE admins SET role = 'OPERATOR' WHERE id = ?").bind(op.id).run();
  operator = { ...op, cookie: await signIn(op) };
});

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

async function flag(o: {
  senderId: number;
  roomId: number;
  messageId: number;
  kinds: string;
  early?: boolean;
  receiverId?: number;
}) {
  // OR IGNORE: the room object records its own flag for a message its detector caught (by alarm).
  await env.DB.prepare(
    'INSERT OR IGNORE INTO safety_flags (room_id, message_id, sender_id, receiver_id, kinds, early) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(o.roomId, o.messageId, o.senderId, o.receiverId ?? null, o.kinds, o.early ? 1 : 0)
    .run();
}

async function photoMatch(memberId: number, otherId: number): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO photo_matches (member_id, image_key, other_member_id, other_image_key, distance)
     VALUES (?, 'profiles/a.jpg', ?, 'profiles/b.jpg', 3) RETURNING id`,
  )
    .bind(memberId, otherId)
    .first<{ id: number }>();
  return row!.id;
}

const queue = async (cookie = admin.cookie, range = '[0,999]') => {
  const res = await call(`/admin/api/safety-desk?range=${encodeURIComponent(range)}`, { cookie });
  expect(res.status).toBe(200);
  return { items: await res.json<DeskQueueItem[]>(), contentRange: res.headers.get('Content-Range') };
};
const item = (id: number, cookie = admin.cookie) => call(`/admin/api/safety-desk/${id}`, { cookie });
const act = (id: number, action: 'dismiss' | 'warn' | 'ban', body: unknown, cookie = admin.cookie) =>
  call(`/admin/api/safety-desk/${id}/${action}`, { method: 'POST', cookie, body });

const auditOf = (memberId: number) =>
  env.DB.prepare(
    'SELECT action, admin_id AS adminId, admin_role AS adminRole, reason, detail FROM audit_log WHERE member_id = ? ORDER BY id',
  )
    .bind(memberId)
    .all<{ action: string; adminId: number; adminRole: string; reason: string | null; detail: string | null }>()
    .then((r) => r.results);

describe('GET /admin/api/safety-desk (the queue)', () => {
  it('orders members by the risk score, shows its parts in Korean and leaves out withdrawn and banned members', async () => {
    const reporter = await seedMember();
    const other = await seedMember();
    // A new, unverified member flagged in two rooms, early CONTACT and MONEY.
    const scammer = await seedMember({ name: '급한투자', createdAt: daysAgo(2) });
    await flag({ senderId: scammer, roomId: 910_001, messageId: 1, kinds: 'CONTACT', early: true, receiverId: other });
    await flag({ senderId: scammer, roomId: 910_002, messageId: 1, kinds: 'CONTACT,MONEY', early: true });
    // An older member with one pending report.
    const reported = await seedMember({ name: '한번신고', createdAt: daysAgo(200) });
    await env.DB.prepare('UPDATE members SET identity_verified_at = ? WHERE id = ?').bind(daysAgo(199), reported).run();
    await seedReport({ reporterId: reporter, targetId: reported });
    // Left out: a withdrawn member and a banned one, whatever their signals.
    const gone = await seedMember({ deletedAt: daysAgo(1) });
    await flag({ senderId: gone, roomId: 910_003, messageId: 1, kinds: 'MONEY', early: true });
    const banned = await seedMember({ status: 'BANNED' });
    await seedReport({ reporterId: reporter, targetId: banned });

    const { items } = await queue();
    const ids = items.map((i) => i.id);
    expect(ids).not.toContain(gone);
    expect(ids).not.toContain(banned);
    expect(ids.indexOf(scammer)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(scammer)).toBeLessThan(ids.indexOf(reported));
    for (let i = 1; i < items.length; i++) expect(items[i - 1]!.score).toBeGreaterThanOrEqual(items[i]!.score);

    const top = items.find((i) => i.id === scammer)!;
    expect(top.signals).toEqual({ reports: 0, flags: 2, photoMatches: 0, photoPending: 0 });
    expect(top.parts).toEqual(
      expect.arrayContaining([
        { key: 'flags.CONTACT', label: '외부 연락처 유도 감지 2건', points: 2 * W.flag.CONTACT },
        { key: 'flags.MONEY', label: '금전·투자 권유 감지 1건', points: W.flag.MONEY },
        { key: 'earlyScam', label: '첫 대화에서 연락처·금전 이야기 2건', points: 2 * W.earlyScam },
        { key: 'rooms', label: '대화방 2곳에서 감지', points: W.extraRoom },
        { key: 'accountAge', label: '가입 3일째', points: W.newAccount7 },
        { key: 'noIdentity', label: '본인확인 전', points: W.noIdentity },
      ]),
    );
    expect(top.score).toBe(top.parts.reduce((s, p) => s + p.points, 0));
    const low = items.find((i) => i.id === reported)!;
    expect(low.parts).toEqual([
      { key: 'pendingReports', label: '처리 전 신고 1건', points: W.pendingReport },
      { key: 'reporters', label: '신고한 회원 1명', points: W.reporter },
    ]);
  });

  it('pages with Content-Range and counts blocks of the last 30 days', async () => {
    const m = await seedMember();
    const blockers = await Promise.all([seedMember(), seedMember(), seedMember()]);
    await flag({ senderId: m, roomId: 910_010, messageId: 1, kinds: 'ABUSE' });
    await env.DB.batch([
      env.DB.prepare('INSERT INTO blocks (member_id, target_id, created_at) VALUES (?, ?, ?)').bind(
        blockers[0],
        m,
        daysAgo(1),
      ),
      env.DB.prepare('INSERT INTO blocks (member_id, target_id, created_at) VALUES (?, ?, ?)').bind(
        blockers[1],
        m,
        daysAgo(5),
      ),
      env.DB.prepare('INSERT INTO blocks (member_id, target_id, created_at) VALUES (?, ?, ?)').bind(
        blockers[2],
        m,
        daysAgo(40),
      ),
    ]);
    const all = await queue();
    expect(all.items.find((i) => i.id === m)!.parts).toContainEqual({
      key: 'blocks',
      label: '최근 30일 동안 차단 2번',
      points: 2 * W.block,
    });
    const page = await queue(admin.cookie, '[0,1]');
    expect(page.items).toHaveLength(2);
    expect(page.contentRange).toBe(`safety-desk 0-1/${all.items.length}`);
  });

  it('needs an operator session', async () => {
    expect((await call('/admin/api/safety-desk')).status).toBe(401);
  });
});

describe('GET /admin/api/safety-desk/{memberId} (evidence in context)', () => {
  it('shows a flagged message with the three before and after it, read from the room, and the open reports and photo matches', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const lines = [
      '안녕하세요',
      '반가워요',
      '주말에 뭐 하세요?',
      '등산 가요',
      '카톡 아이디 알려줄게요',
      '음…',
      '여기서 얘기해요',
      '네',
      '좋아요',
    ];
    for (const [i, line] of lines.entries()) {
      (i % 2 === 0 ? sb : sa).send(line);
      await sa.waitFor('message', i + 1);
    }
    const flagged = sa.of('message').find((m) => m.content === '카톡 아이디 알려줄게요')!;
    sa.close();
    sb.close();
    await flag({
      senderId: b.memberId,
      roomId,
      messageId: flagged.id,
      kinds: 'CONTACT',
      early: true,
      receiverId: a.memberId,
    });
    await seedReport({
      reporterId: a.memberId,
      targetId: b.memberId,
      reasonType: 'FRAUD',
      content: '연락처를 물어봐요.',
    });
    const lookalike = await seedMember();
    await photoMatch(b.memberId, lookalike);

    const res = await item(b.memberId, operator.cookie);
    expect(res.status).toBe(200);
    const detail = await res.json<DeskDetail>();
    expect(detail.flags).toHaveLength(1);
    const [f] = detail.flags;
    expect(f).toMatchObject({ roomId, messageId: flagged.id, kinds: ['CONTACT'], early: true, receiverId: a.memberId });
    expect(f!.context.map((m) => m.content)).toEqual(lines.slice(1, 8));
    expect(f!.context.filter((m) => m.flagged).map((m) => m.content)).toEqual(['카톡 아이디 알려줄게요']);
    expect(f!.context.find((m) => m.flagged)!.fromMember).toBe(true);
    expect(detail.reports).toEqual([expect.objectContaining({ content: '연락처를 물어봐요.', status: 'PENDING' })]);
    expect(detail.photoMatches).toEqual([
      expect.objectContaining({ other: expect.objectContaining({ id: lookalike }) }),
    ]);
    expect(detail.parts.map((p) => p.key)).toEqual(
      expect.arrayContaining(['pendingReports', 'flags.CONTACT', 'photoMatches']),
    );
  });

  it('answers 404 for an unknown or withdrawn member', async () => {
    expect((await item(99_999_999)).status).toBe(404);
    const gone = await seedMember({ deletedAt: daysAgo(1) });
    expect((await item(gone)).status).toBe(404);
  });
});

describe('the desk actions', () => {
  it('dismiss: flags reviewed, reports rejected, photo matches dismissed, one audit row with the reason; the member leaves the queue', async () => {
    const reporter = await seedMember();
    const m = await seedMember();
    await flag({ senderId: m, roomId: 910_020, messageId: 4, kinds: 'ABUSE' });
    const report = await seedReport({ reporterId: reporter, targetId: m });
    const match = await photoMatch(m, reporter);

    const res = await act(m, 'dismiss', { reason: '  농담이었고 상대도 괜찮다고 했어요  ' }, operator.cookie);
    expect(res.status).toBe(200);
    expect(await res.json<DeskActionResult>()).toEqual({
      id: m,
      action: 'DISMISS',
      flagsReviewed: 1,
      reportsSettled: 1,
      photoMatchesClosed: 1,
    });
    const flagRow = await env.DB.prepare('SELECT reviewed_at, reviewed_by FROM safety_flags WHERE sender_id = ?')
      .bind(m)
      .first<{ reviewed_at: string | null; reviewed_by: number }>();
    expect(flagRow?.reviewed_at).not.toBeNull();
    expect(flagRow?.reviewed_by).toBe(operator.id);
    const r = await env.DB.prepare('SELECT status, handled_by FROM reports WHERE id = ?').bind(report).first();
    expect(r).toEqual({ status: 'REJECTED', handled_by: operator.id });
    const p = await env.DB.prepare('SELECT status FROM photo_matches WHERE id = ?').bind(match).first();
    expect(p).toEqual({ status: 'DISMISSED' });
    expect(await auditOf(m)).toEqual([
      expect.objectContaining({
        action: 'DESK_DISMISS',
        adminId: operator.id,
        adminRole: 'OPERATOR',
        reason: '농담이었고 상대도 괜찮다고 했어요',
      }),
    ]);
    expect((await queue()).items.map((i) => i.id)).not.toContain(m);

    const again = await act(m, 'dismiss', { reason: '다시' });
    expect(again.status).toBe(409);
    expect((await again.json<ErrorBody>()).code).toBe('NOTHING_OPEN');
  });

  it('warn: the member gets a SAFETY_WARNING with the operator’s text in 알림; open reports are upheld', async () => {
    const reporter = await seedMember();
    const m = await seedMember();
    await flag({ senderId: m, roomId: 910_030, messageId: 2, kinds: 'MONEY', early: true });
    const report = await seedReport({ reporterId: reporter, targetId: m, reasonType: 'FRAUD' });
    const text = '대화 중 투자 권유가 확인됐어요. 반복되면 이용이 제한될 수 있어요.';

    const res = await act(m, 'warn', { text, reason: '코인 리딩방 권유' }, operator.cookie);
    expect(res.status).toBe(200);
    const notes = await env.DB.prepare('SELECT kind, text, link FROM notifications WHERE member_id = ?').bind(m).all();
    expect(notes.results).toEqual([{ kind: 'SAFETY_WARNING', text, link: '/notifications' }]);
    const r = await env.DB.prepare('SELECT status FROM reports WHERE id = ?').bind(report).first();
    expect(r).toEqual({ status: 'ACCEPTED' });
    const [entry] = await auditOf(m);
    expect(entry).toMatchObject({ action: 'WARN', reason: '코인 리딩방 권유' });
    expect(JSON.parse(entry!.detail!)).toMatchObject({ text, flags: 1, reports: 1 });

    const blank = await act(m, 'warn', { text: '   ', reason: '사유' });
    expect(blank.status).toBe(400);
    const extra = await act(m, 'warn', { text, reason: '사유', memberId: 1 });
    expect(extra.status).toBe(400);
  });

  it('ban: an operator bans for a while; a permanent ban is 관리자 work (403 ROLE_REQUIRED for 운영자), on the desk and on the members route', async () => {
    const m = await seedMember();
    await flag({ senderId: m, roomId: 910_040, messageId: 1, kinds: 'SEXUAL' });
    const until = new Date(Date.now() + (9 + 72) * 3600_000).toISOString().slice(0, 16) + ':00';

    const forever = await act(m, 'ban', { reason: '반복된 성적 요구', until: null }, operator.cookie);
    expect(forever.status).toBe(403);
    expect((await forever.json<ErrorBody>()).code).toBe('ROLE_REQUIRED');
    const viaMembers = await call(`/admin/members/${m}/ban`, {
      method: 'PATCH',
      cookie: operator.cookie,
      body: { reason: '반복된 성적 요구', until: null },
    });
    expect(viaMembers.status).toBe(403);
    expect(await auditOf(m)).toEqual([]);

    const temp = await act(m, 'ban', { reason: '반복된 성적 요구', until }, operator.cookie);
    expect(temp.status).toBe(200);
    const row = await env.DB.prepare('SELECT status, banned_until FROM members WHERE id = ?')
      .bind(m)
      .first<{ status: string; banned_until: string }>();
    expect(row?.status).toBe('BANNED');
    expect(row?.banned_until).not.toBeNull();
    const [entry] = await auditOf(m);
    expect(entry).toMatchObject({ action: 'BAN', adminRole: 'OPERATOR', reason: '반복된 성적 요구' });
    expect(JSON.parse(entry!.detail!)).toMatchObject({ permanent: false, source: 'safety-desk' });
    const reviewed = await env.DB.prepare(
      'SELECT count(*) AS n FROM safety_flags WHERE sender_id = ? AND reviewed_at IS NULL',
    )
      .bind(m)
      .first();
    expect(reviewed).toEqual({ n: 0 });

    const m2 = await seedMember();
    await flag({ senderId: m2, roomId: 910_041, messageId: 1, kinds: 'MONEY', early: true });
    const permanent = await act(m2, 'ban', { reason: '로맨스 스캠', until: null }, admin.cookie);
    expect(permanent.status).toBe(200);
    expect(JSON.parse((await auditOf(m2))[0]!.detail!)).toMatchObject({ permanent: true });
  });
});

describe('nudges and the console’s role', () => {
  it('counts how often senders changed their mind, per kind, over the last 30 days', async () => {
    const before = await (await call('/admin/api/safety-desk/nudges', { cookie: admin.cookie })).json<DeskNudgeStats>();
    const m = await seedMember();
    const ins = (kinds: string, outcome: string, at = new Date().toISOString()) =>
      env.DB.prepare(
        "INSERT INTO safety_nudges (member_id, context, kinds, outcome, created_at) VALUES (?, 'MESSAGE', ?, ?, ?)",
      ).bind(m, kinds, outcome, at);
    await env.DB.batch([
      ins('ABUSE', 'EDITED'),
      ins('ABUSE', 'SENT'),
      ins('ABUSE,SEXUAL', 'EDITED'),
      ins('SEXUAL', 'EDITED', daysAgo(45)),
    ]);
    const res = await call('/admin/api/safety-desk/nudges', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const after = await res.json<DeskNudgeStats>();
    const delta = (kind: string, key: 'edited' | 'sent') =>
      after.byKind.find((k) => k.kind === kind)![key] - before.byKind.find((k) => k.kind === kind)![key];
    expect(after.days).toBe(30);
    expect([delta('ABUSE', 'edited'), delta('ABUSE', 'sent'), delta('SEXUAL', 'edited')]).toEqual([2, 1, 1]);
    expect([after.edited - before.edited, after.sent - before.sent]).toEqual([2, 1]);
  });

  it('GET /admin/check tells the console the operator’s role', async () => {
    const check = async (cookie: string) => (await call('/admin/check', { cookie })).json<AdminCheckResponse>();
    expect(await check(operator.cookie)).toEqual({
      isAdmin: true,
      name: '운영자 다온',
      role: 'OPERATOR',
      secondFactor: 'DONE',
    });
    expect(await check(admin.cookie)).toEqual({
      isAdmin: true,
      name: '관리자 한결',
      role: 'ADMIN',
      secondFactor: 'DONE',
    });
  });
});
