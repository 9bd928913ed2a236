// A chat report against real stored messages (sockets → the room's Durable Object): true lines
// are kept with their stored time, invented or misattributed lines are only counted.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MemberDataExport } from '../../src/areas/account/service';
import type { ReportResponse, ReportSample } from '../../src/contract';
import { matchedPair, openRoom } from '../helpers/chat';
import { call } from '../helpers/mypage';

describe('POST /api/on/report with a chat room that holds messages', () => {
  it('keeps the samples that match a stored message (sender and text) and counts the rest', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    sa.send('안녕하세요');
    await sb.waitFor('message', 1);
    sb.send('계좌번호 알려 주세요');
    await sa.waitFor('message', 2);
    sa.close();
    sb.close();

    const samples = [
      { from: 'me', text: '안녕하세요', time: Date.now() },
      { from: 'other', text: '계좌번호 알려 주세요', time: '오후 3:01' },
      { from: 'other', text: '안녕하세요', time: '오후 3:00' },
      { from: 'other', text: '만나서 돈 줄게요', time: '오후 3:02' },
    ];
    const res = await call('/api/on/report', {
      method: 'POST',
      token: a.accessToken,
      json: {
        targetMemberId: b.memberId,
        chatRoomId: roomId,
        reasonType: 'FRAUD',
        content: '돈을 요구했어요.',
        pageUrl: '/chatting',
        messageSamples: samples,
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json<ReportResponse>();
    expect(body).toMatchObject({ verifiedSamples: 2, unverifiedSamples: 2 });
    const row = await env.DB.prepare('SELECT message_samples, unverified_samples FROM reports WHERE id = ?')
      .bind(body.id)
      .first<{ message_samples: string; unverified_samples: number }>();
    const stored = JSON.parse(row?.message_samples ?? '[]') as ReportSample[];
    expect(stored.map(({ from, text }) => ({ from, text }))).toEqual([
      { from: 'me', text: '안녕하세요' },
      { from: 'other', text: '계좌번호 알려 주세요' },
    ]);
    expect(stored.every((s) => /^\d{4}-\d{2}-\d{2}T/.test(s.time))).toBe(true);
    expect(row?.unverified_samples).toBe(2);

    // The same stored messages appear in the sender's own data export.
    const exported = await (await call('/api/on/mypage/export', { token: a.accessToken })).json<MemberDataExport>();
    const room = exported.chatRooms.find((r) => r.id === roomId);
    expect(room?.myMessages.map((m) => m.content)).toEqual(['안녕하세요']);
  });
});
