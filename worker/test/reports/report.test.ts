// POST /api/on/report: rules of spec §5, room participation, sample verification, rate limit.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REPORT_KO, type ReportResponse } from '../../src/contract';
import { REPORT_LIMIT } from '../../src/areas/reports/service';
import { signUpMember } from '../helpers/auth';
import { ban, call, chatRoomBetween, countRows, rawMember, type ErrorBody } from '../helpers/mypage';

const report = (token: string | undefined, body: Record<string, unknown>) =>
  call('/api/on/report', { method: 'POST', token, json: body });

const base = (targetMemberId: number) => ({
  targetMemberId,
  chatRoomId: null,
  reasonType: 'ABUSE',
  content: '  욕설을 했어요.  ',
  evidenceUrl: null,
  pageUrl: 'http://localhost:8787/chatting',
  messageSamples: [],
});

type ReportRow = {
  reporter_id: number;
  target_id: number;
  chat_room_id: number | null;
  reason_type: string;
  content: string;
  page_url: string | null;
  evidence_url: string | null;
  message_samples: string | null;
  unverified_samples: number;
  status: string;
};

const reportRow = (id: number) => env.DB.prepare('SELECT * FROM reports WHERE id = ?').bind(id).first<ReportRow>();
const reportsBy = (reporterId: number) =>
  countRows('SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ?', reporterId);

describe('POST /api/on/report', () => {
  it('files a PENDING report with the trimmed details', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const res = await report(me.accessToken, base(target));
    expect(res.status).toBe(200);
    const body = await res.json<ReportResponse>();
    expect(body).toMatchObject({ verifiedSamples: 0, unverifiedSamples: 0 });
    expect(await reportRow(body.id)).toMatchObject({
      reporter_id: me.memberId,
      target_id: target,
      chat_room_id: null,
      reason_type: 'ABUSE',
      content: '욕설을 했어요.',
      page_url: 'http://localhost:8787/chatting',
      message_samples: '[]',
      unverified_samples: 0,
      status: 'PENDING',
    });
  });

  it('accepts a report about a banned member (more evidence for the admins)', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    await ban(target);
    expect((await report(me.accessToken, base(target))).status).toBe(200);
  });

  it('refuses reporting oneself', async () => {
    const me = await signUpMember();
    const res = await report(me.accessToken, base(me.memberId));
    expect(res.status).toBe(400);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: 'REPORT_SELF', message: REPORT_KO.self });
  });

  it('refuses an unknown report type with a clear message, and a missing one with the spec message', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const unknown = await report(me.accessToken, { ...base(target), reasonType: 'RUDE' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json<ErrorBody>()).fields?.reasonType).toBe(REPORT_KO.typeUnknown);
    const missing = await report(me.accessToken, { ...base(target), reasonType: '' });
    expect((await missing.json<ErrorBody>()).fields?.reasonType).toBe(REPORT_KO.typeRequired);
    expect(await reportsBy(me.memberId)).toBe(0);
  });

  it('refuses blank details and details over 1000 characters', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const blank = await report(me.accessToken, { ...base(target), content: '   ' });
    expect((await blank.json<ErrorBody>()).message).toBe(REPORT_KO.contentRequired);
    const long = await report(me.accessToken, { ...base(target), content: '가'.repeat(1001) });
    expect((await long.json<ErrorBody>()).message).toBe(REPORT_KO.contentMax);
    expect((await report(me.accessToken, { ...base(target), content: '가'.repeat(1000) })).status).toBe(200);
  });

  it('refuses more than 10 message samples', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const samples = Array.from({ length: 11 }, (_, i) => ({ from: 'other', text: `말 ${i}`, time: '10:00' }));
    const res = await report(me.accessToken, { ...base(target), messageSamples: samples });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).message).toBe(REPORT_KO.samplesMax);
  });

  it('refuses an evidence link that is not http(s), such as javascript: or data:, storing nothing', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    for (const evidenceUrl of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://x.kr/a',
      'not a url',
    ]) {
      const res = await report(me.accessToken, { ...base(target), evidenceUrl });
      expect(res.status, evidenceUrl).toBe(400);
      expect((await res.json<ErrorBody>()).fields?.evidenceUrl).toBe(REPORT_KO.urlScheme);
    }
    expect(await reportsBy(me.memberId)).toBe(0);
  });

  it('keeps an http(s) evidence link, and takes a blank or missing one as none', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    for (const evidenceUrl of ['https://img.example.kr/a.png', 'http://example.kr/b']) {
      const res = await report(me.accessToken, { ...base(target), evidenceUrl });
      expect(res.status).toBe(200);
      expect(await reportRow((await res.json<ReportResponse>()).id)).toMatchObject({ evidence_url: evidenceUrl });
    }
    expect((await report(me.accessToken, { ...base(target), evidenceUrl: '' })).status).toBe(200);
    const withoutLink: Record<string, unknown> = base(target);
    delete withoutLink.evidenceUrl;
    expect((await report(me.accessToken, withoutLink)).status).toBe(200);
  });

  it('accepts a sample time in epoch milliseconds (Date.now()) as well as a string', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const samples = [
      { from: 'other', text: '어디 사세요?', time: Date.now() },
      { from: 'me', text: '비밀이에요', time: '2026-11-22T06:04:00Z' },
    ];
    const res = await report(me.accessToken, { ...base(target), messageSamples: samples });
    expect(res.status).toBe(200);
    expect(await res.json<ReportResponse>()).toMatchObject({ unverifiedSamples: 2 });
    for (const time of [-1, 1.5, 9e15]) {
      const bad = await report(me.accessToken, { ...base(target), messageSamples: [{ ...samples[0], time }] });
      expect(bad.status, String(time)).toBe(400);
    }
  });

  it('answers 404 for a member who does not exist or withdrew', async () => {
    const me = await signUpMember();
    const withdrawn = await rawMember();
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date().toISOString(), withdrawn)
      .run();
    expect((await report(me.accessToken, base(999_999_999))).status).toBe(404);
    expect((await report(me.accessToken, base(withdrawn))).status).toBe(404);
  });

  it('answers 404 when citing a room the reporter is not in, or a room with someone else, storing nothing', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const stranger = await rawMember();
    const { roomId: theirRoom } = await chatRoomBetween(target, stranger);
    const notMine = await report(me.accessToken, { ...base(target), chatRoomId: theirRoom });
    expect(notMine.status).toBe(404);
    expect((await notMine.json<ErrorBody>()).code).toBe('CHAT_ROOM_NOT_FOUND');
    const { roomId: withStranger } = await chatRoomBetween(me.memberId, stranger);
    expect((await report(me.accessToken, { ...base(target), chatRoomId: withStranger })).status).toBe(404);
    expect(await reportsBy(me.memberId)).toBe(0);
  });

  it('keeps no sample the room does not hold, only counting them as unverified', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const { roomId } = await chatRoomBetween(me.memberId, target);
    const samples = [
      { from: 'other', text: '지어낸 메시지', time: '오후 3:00' },
      { from: 'me', text: '안녕하세요', time: '오후 3:01' },
    ];
    const res = await report(me.accessToken, { ...base(target), chatRoomId: roomId, messageSamples: samples });
    expect(res.status).toBe(200);
    const body = await res.json<ReportResponse>();
    expect(body).toMatchObject({ verifiedSamples: 0, unverifiedSamples: 2 });
    expect(await reportRow(body.id)).toMatchObject({
      chat_room_id: roomId,
      message_samples: '[]',
      unverified_samples: 2,
    });
  });

  it('counts samples sent without a room as unverified (nothing to check them against)', async () => {
    const me = await signUpMember();
    const target = await rawMember();
    const samples = [{ from: 'other', text: '어디 사세요?', time: '10:00' }];
    const body = await (
      await report(me.accessToken, { ...base(target), messageSamples: samples })
    ).json<ReportResponse>();
    expect(await reportRow(body.id)).toMatchObject({ message_samples: '[]', unverified_samples: 1 });
  });

  it(`allows ${REPORT_LIMIT.max} reports an hour per member, then answers 429`, async () => {
    const me = await signUpMember();
    const target = await rawMember();
    for (let i = 0; i < REPORT_LIMIT.max; i++) {
      expect((await report(me.accessToken, base(target))).status).toBe(200);
    }
    const res = await report(me.accessToken, base(target));
    expect(res.status).toBe(429);
    expect((await res.json<ErrorBody>()).message).toBe(REPORT_KO.tooMany);
    expect(await reportsBy(me.memberId)).toBe(REPORT_LIMIT.max);
  });

  it('answers 401 to a visitor and 403 to a banned member, storing nothing', async () => {
    const target = await rawMember();
    expect((await report(undefined, base(target))).status).toBe(401);
    const me = await signUpMember();
    await ban(me.memberId);
    expect((await report(me.accessToken, base(target))).status).toBe(403);
    expect(await reportsBy(me.memberId)).toBe(0);
  });
});
