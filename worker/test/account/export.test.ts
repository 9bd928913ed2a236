// GET /api/on/mypage/export: a JSON attachment of everything the service holds about the caller.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MemberDataExport } from '../../src/areas/account/service';
import { signUpMember } from '../helpers/auth';
import {
  ban,
  block,
  call,
  chatRequest,
  chatRoomBetween,
  memberWithPhotos,
  rawHeart,
  rawMember,
} from '../helpers/mypage';

const exportOf = (token: string | undefined) => call('/api/on/mypage/export', { token });

describe('GET /api/on/mypage/export', () => {
  it('answers a JSON attachment with profile, photos, interests, agreements, hearts, blocks, feedback, requests, posts, comments and reports', async () => {
    const me = await memberWithPhotos(2, { name: '내정보', interests: ['영화'] });
    const liked = await rawMember({ name: '좋아한사람' });
    const blocked = await rawMember();
    await rawHeart(me.memberId, liked, new Date().toISOString());
    await block(me.memberId, blocked);
    await call('/feedback/create', { method: 'POST', token: me.accessToken, json: { title: '의견', content: '내용' } });
    await chatRequest(me.memberId, liked, 'PENDING');
    const { roomId } = await chatRoomBetween(me.memberId, blocked);
    const post = await env.DB.prepare(
      "INSERT INTO community_posts (member_id, category, title, content) VALUES (?, 'REVIEW', '후기', '좋았어요') RETURNING id",
    )
      .bind(me.memberId)
      .first<{ id: number }>();
    await env.DB.prepare('INSERT INTO post_comments (post_id, member_id, content) VALUES (?, ?, ?)')
      .bind(post?.id, me.memberId, '댓글')
      .run();
    await env.DB.prepare(
      "INSERT INTO reports (reporter_id, target_id, reason_type, content) VALUES (?, ?, 'SPAM', '광고')",
    )
      .bind(me.memberId, liked)
      .run();

    const res = await exportOf(me.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="ongi-my-data-\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const data = await res.json<MemberDataExport>();
    expect(data.member).toMatchObject({ id: me.memberId, name: '내정보', email: me.email, birthday: '1998-03-15' });
    expect(data.profileImages.map((i) => i.role)).toEqual(['MAIN', 'SUB']);
    expect(data.profileImages[0]?.url).toMatch(/^\/media\/profiles\//);
    expect(data.interests).toEqual(['영화']);
    expect(data.agreements.map((a) => a.item).sort()).toEqual(
      ['LOCATION', 'MARKETING', 'OVER_19', 'PRIVACY', 'SENSITIVE_INFO', 'SERVICE_USE'].sort(),
    );
    expect(data.agreements.find((a) => a.item === 'OVER_19')?.label).toBe('만 19세 이상');
    expect(data.agreements.every((a) => typeof a.decidedAt === 'string')).toBe(true);
    expect(data.heartsGiven).toEqual([expect.objectContaining({ memberId: liked, name: '좋아한사람' })]);
    expect(data.blocks.map((b) => b.memberId)).toEqual([blocked]);
    expect(data.feedback.map((f) => f.title)).toEqual(['의견']);
    expect(data.chatRequests.map((q) => [q.direction, q.status, q.opponentMemberId])).toEqual([
      ['SENT', 'PENDING', liked],
      ['SENT', 'ACCEPTED', blocked],
    ]);
    expect(data.chatRooms).toEqual([
      expect.objectContaining({ id: roomId, opponentMemberId: blocked, myMessages: [] }),
    ]);
    expect(data.posts.map((p) => p.title)).toEqual(['후기']);
    expect(data.comments.map((c) => c.content)).toEqual(['댓글']);
    expect(data.reportsMade).toEqual([expect.objectContaining({ targetMemberId: liked, reasonType: 'SPAM' })]);
  });

  it("never includes another member's own data", async () => {
    const a = await signUpMember({ name: '에이' });
    const b = await signUpMember({ name: '비비' });
    await call('/feedback/create', {
      method: 'POST',
      token: a.accessToken,
      json: { title: '에이 의견', content: '내용' },
    });
    const data = await (await exportOf(b.accessToken)).json<MemberDataExport>();
    expect(data.member.id).toBe(b.memberId);
    expect(data.feedback).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(a.email);
  });

  it('answers 401 to a visitor and 403 to a banned member', async () => {
    expect((await exportOf(undefined)).status).toBe(401);
    const m = await signUpMember();
    await ban(m.memberId);
    expect((await exportOf(m.accessToken)).status).toBe(403);
  });
});
