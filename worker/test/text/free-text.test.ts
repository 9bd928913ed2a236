// Issue 11's audit cases for free text, through the whole Worker: invisible text is blank,
// direction controls are dropped, and every limit counts what a person sees.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  CHAT_LIMITS,
  COMMUNITY_KO,
  LIMITS,
  NOTICE_KO,
  REPORT_KO,
  VALIDATION_KO,
  type ChatMessage,
  type FeedbackItem,
  type Notice,
} from '../../src/contract';
import { signUpMember } from '../helpers/auth';
import { getAs, matchedPair, openRoom } from '../helpers/chat';
import { makePost, sendComment, sendPost } from '../helpers/community';
import { adminSession, call, type ErrorBody } from '../helpers/mypage';

const ZW = '\u200b';
const RLO = '\u202e';
const FAMILY = '👨‍👩‍👧';
const EMOJI = '😀';

const feedback = (token: string, body: unknown) => call('/feedback/create', { method: 'POST', token, json: body });
const fieldsOf = async (res: Response) => (await res.json<ErrorBody>()).fields;

describe('feedback', () => {
  it('refuses a title of zero-width characters with the Korean required message', async () => {
    const m = await signUpMember();
    const res = await feedback(m.accessToken, { title: ZW.repeat(3) + '\ufeff\u2060', content: '내용이에요' });
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))?.title).toBe(VALIDATION_KO.titleRequired);
  });

  it('accepts a title of 40 emoji and refuses 41; a family emoji counts as one and stays whole', async () => {
    const m = await signUpMember();
    expect((await feedback(m.accessToken, { title: EMOJI.repeat(40), content: '이모지' })).status).toBe(200);
    const over = await feedback(m.accessToken, { title: EMOJI.repeat(41), content: '이모지' });
    expect(over.status).toBe(400);
    expect((await fieldsOf(over))?.title).toBe(VALIDATION_KO.feedbackTitleMax);
    const family = await feedback(m.accessToken, { title: FAMILY.repeat(40), content: `${RLO}가족${ZW}` });
    expect(family.status).toBe(200);
    expect(await family.json<FeedbackItem>()).toMatchObject({ title: FAMILY.repeat(40), content: '가족' });
  });

  it('stores Hangul typed as jamo (NFD) as syllables and counts them as such', async () => {
    const m = await signUpMember();
    const jamo = '\u1100\u1161'.repeat(LIMITS.feedbackTitle); // 40 × 가, 80 code points
    const res = await feedback(m.accessToken, { title: jamo, content: '자모' });
    expect(res.status).toBe(200);
    expect((await res.json<FeedbackItem>()).title).toBe('가'.repeat(LIMITS.feedbackTitle));
  });
});

describe('community', () => {
  it('refuses post content of five zero-width characters and a title of only a filler', async () => {
    const m = await signUpMember();
    const res = await sendPost(m, { content: ZW.repeat(5) });
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))?.content).toBe(COMMUNITY_KO.contentTooShort);
    const filler = await sendPost(m, { title: '\u3164\u3164' });
    expect(filler.status).toBe(400);
    expect((await fieldsOf(filler))?.title).toBe(COMMUNITY_KO.titleRequired);
  });

  it('counts post content in characters: five emoji are enough, 5000 emoji are not too many', async () => {
    const m = await signUpMember();
    const post = await makePost(m, { content: `${EMOJI.repeat(4)}${FAMILY}`, title: `${RLO}제목` });
    expect(post).toMatchObject({ content: `${EMOJI.repeat(4)}${FAMILY}`, title: '제목' });
    expect((await sendPost(m, { content: EMOJI.repeat(LIMITS.postContentMax) })).status).toBe(200);
    expect((await sendPost(m, { content: EMOJI.repeat(LIMITS.postContentMax + 1) })).status).toBe(400);
  });

  it('refuses a comment of spaces and zero-width characters', async () => {
    const m = await signUpMember();
    const post = await makePost(m);
    const res = await sendComment(m, post.id, ` ${ZW} ${ZW}\u2066 `);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).message).toBe(COMMUNITY_KO.commentRequired);
  });
});

describe('admin texts', () => {
  it('refuses notice content of zero-width characters and counts 1000 emoji as 1000', async () => {
    const admin = await adminSession();
    const blank = await call('/notices/create', {
      method: 'POST',
      admin,
      json: { title: '공지', content: ZW.repeat(9) },
    });
    expect(blank.status).toBe(400);
    expect((await fieldsOf(blank))?.content).toBe(NOTICE_KO.contentRequired);
    const full = await call('/notices/create', {
      method: 'POST',
      admin,
      json: { title: '이모지 공지', content: EMOJI.repeat(LIMITS.noticeContent) },
    });
    expect(full.status).toBe(200);
    expect((await full.json<Notice>()).content).toBe(EMOJI.repeat(LIMITS.noticeContent));
  });

  it('keeps a ban reason of only invisible characters as no reason, and counts emoji as one each', async () => {
    const admin = await adminSession();
    const [a, b] = await Promise.all([signUpMember(), signUpMember()]);
    const ban = (id: number, reason: string) =>
      call(`/admin/members/${id}/ban`, { method: 'PATCH', admin, json: { reason, until: null } });
    expect((await ban(a.memberId, EMOJI.repeat(LIMITS.banReason + 1))).status).toBe(400);
    expect((await ban(a.memberId, `${ZW}${RLO}`)).status).toBe(200);
    expect((await ban(b.memberId, EMOJI.repeat(LIMITS.banReason))).status).toBe(200);
    const reasons = await env.DB.prepare(
      "SELECT member_id AS id, reason FROM ban_history WHERE action = 'BAN' AND member_id IN (?, ?) ORDER BY member_id",
    )
      .bind(a.memberId, b.memberId)
      .all<{ id: number; reason: string | null }>();
    // The two signups ran in parallel, so either may hold the lower id.
    const byId = new Map(reasons.results.map((r) => [r.id, r.reason]));
    expect(byId.size).toBe(2);
    expect(byId.get(a.memberId)).toBeNull();
    expect(byId.get(b.memberId)).toBe(EMOJI.repeat(LIMITS.banReason));
  });
});

describe('reports', () => {
  it('refuses report details of zero-width characters', async () => {
    const [me, target] = await Promise.all([signUpMember(), signUpMember()]);
    const res = await call('/api/on/report', {
      method: 'POST',
      token: me.accessToken,
      json: { targetMemberId: target.memberId, reasonType: 'SPAM', content: `${ZW}\u200c\u200d`, pageUrl: null },
    });
    expect(res.status).toBe(400);
    expect((await fieldsOf(res))?.content).toBe(REPORT_KO.contentRequired);
  });
});

describe('chat over the real socket', () => {
  it('refuses a message of spaces and zero-width characters as BLANK and stores nothing', async () => {
    const { a, b, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    const id = sa.send(`  ${ZW} ${ZW}\u2060  `);
    const [error] = await sa.waitFor('error');
    expect(error).toMatchObject({ code: 'BLANK', clientMsgId: id });
    expect(await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>()).toEqual([]);
    sa.close();
  });

  it('counts characters: 1000 emoji go through, 1001 are TOO_LONG; a family emoji arrives whole', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const longId = sa.send(EMOJI.repeat(CHAT_LIMITS.messageMaxChars + 1));
    const [error] = await sa.waitFor('error');
    expect(error).toMatchObject({ code: 'TOO_LONG', clientMsgId: longId });
    sa.send(EMOJI.repeat(CHAT_LIMITS.messageMaxChars));
    sa.send(`${RLO}우리 ${FAMILY}`);
    const delivered = await sb.waitFor('message', 2);
    expect(delivered.map((m) => m.content)).toEqual([EMOJI.repeat(CHAT_LIMITS.messageMaxChars), `우리 ${FAMILY}`]);
    sa.close();
    sb.close();
  });
});

// Issue 21 §5: what showed as nothing but was stored as text.
const INVISIBLE = [
  '\u2800',
  '\u206e\u206f',
  '\u{e0001}',
  '\u3164\u2800\uffa0',
  '\u115f\u1160',
  '\u180b\u2065\u{1d173}',
];

describe('invisible text is blank everywhere (one normaliser)', () => {
  it.each(INVISIBLE.map((t) => [JSON.stringify(t), t]))(
    '%s: no bio, no prompt answer, no intro, no message',
    async (_, text) => {
      const { a, b, roomId } = await matchedPair();
      const details = await call('/api/on/mypage/profile-details', {
        method: 'PUT',
        token: a.accessToken,
        json: { bio: text },
      });
      expect(details.status).toBe(200);
      expect((await details.json<{ bio: string | null }>()).bio).toBeNull();
      const prompt = await call('/api/on/mypage/profile-details', {
        method: 'PUT',
        token: a.accessToken,
        json: { prompts: [{ questionId: 'perfect_weekend', answer: text }] },
      });
      expect(prompt.status).toBe(400);
      const c = await signUpMember();
      const request = await call(`/api/on/matching/request/${a.memberId}`, {
        method: 'POST',
        token: c.accessToken,
        json: { intro: text },
      });
      expect(request.status).toBe(200);
      const intro = await env.DB.prepare('SELECT intro FROM chat_requests WHERE requester_id = ?')
        .bind(c.memberId)
        .first<{ intro: string | null }>();
      expect(intro?.intro ?? null).toBeNull();
      const sa = await openRoom(a, roomId);
      const id = sa.send(text);
      const [error] = await sa.waitFor('error');
      expect(error).toMatchObject({ code: 'BLANK', clientMsgId: id });
      expect(await (await getAs(b, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>()).toEqual([]);
      sa.close();
    },
  );
});
