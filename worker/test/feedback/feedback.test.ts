// Feedback: owner-only create/list/edit/delete with the spec's limits; GET /feedback for admins only.
import { describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION_KO, type AdminFeedbackItem, type FeedbackItem } from '../../src/contract';
import { signUpMember } from '../helpers/auth';
import { adminSession, ban, call, countRows, type ErrorBody } from '../helpers/mypage';

const create = (token: string | undefined, body: unknown) =>
  call('/feedback/create', { method: 'POST', token, json: body });
const mine = async (token: string) => (await call('/feedback/my', { token })).json<FeedbackItem[]>();
const update = (token: string | undefined, id: number, body: unknown) =>
  call(`/feedback/${id}/update`, { method: 'PATCH', token, json: body });
const remove = (token: string | undefined, id: number) => call(`/feedback/${id}/delete`, { method: 'PATCH', token });

async function created(token: string, title = '채팅 알림', content = '새 메시지 알림이 있으면 좋겠어요.') {
  const res = await create(token, { title, content });
  if (res.status !== 200) throw new Error(`create failed: ${res.status}`);
  return res.json<FeedbackItem>();
}

describe('POST /feedback/create', () => {
  it('stores the item and answers it', async () => {
    const m = await signUpMember();
    const res = await create(m.accessToken, { title: ' 건의 ', content: '다크 모드가 있으면 좋겠어요.' });
    expect(res.status).toBe(200);
    const item = await res.json<FeedbackItem>();
    expect(item).toMatchObject({ title: '건의', content: '다크 모드가 있으면 좋겠어요.' });
    expect(item.createdAt).toMatch(/Z$/);
  });

  it('accepts 40 and 400 characters and refuses 41 and 401 with the spec messages', async () => {
    const m = await signUpMember();
    const ok = await create(m.accessToken, {
      title: '가'.repeat(LIMITS.feedbackTitle),
      content: '나'.repeat(LIMITS.feedbackContent),
    });
    expect(ok.status).toBe(200);
    const longTitle = await create(m.accessToken, { title: '가'.repeat(LIMITS.feedbackTitle + 1), content: '내용' });
    expect(longTitle.status).toBe(400);
    expect((await longTitle.json<ErrorBody>()).fields?.title).toBe(VALIDATION_KO.feedbackTitleMax);
    const longContent = await create(m.accessToken, {
      title: '제목',
      content: '나'.repeat(LIMITS.feedbackContent + 1),
    });
    expect(longContent.status).toBe(400);
    expect((await longContent.json<ErrorBody>()).fields?.content).toBe(VALIDATION_KO.feedbackContentMax);
    expect(await mine(m.accessToken)).toHaveLength(1);
  });

  it('requires a title and content', async () => {
    const m = await signUpMember();
    const res = await create(m.accessToken, { title: '  ', content: '' });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).fields).toEqual({
      title: VALIDATION_KO.titleRequired,
      content: VALIDATION_KO.contentRequired,
    });
  });

  it('answers 401 to a visitor and 403 to a banned member', async () => {
    expect((await create(undefined, { title: '제목', content: '내용' })).status).toBe(401);
    const m = await signUpMember();
    await ban(m.memberId);
    expect((await create(m.accessToken, { title: '제목', content: '내용' })).status).toBe(403);
    expect(await countRows('SELECT COUNT(*) AS n FROM feedback WHERE member_id = ?', m.memberId)).toBe(0);
  });
});

describe('GET /feedback/my', () => {
  it("lists only the caller's live items, newest first", async () => {
    const a = await signUpMember();
    const b = await signUpMember();
    const first = await created(a.accessToken, '첫 번째');
    const second = await created(a.accessToken, '두 번째');
    await created(b.accessToken, '다른 사람');
    expect((await mine(a.accessToken)).map((f) => f.id)).toEqual([second.id, first.id]);
    expect((await mine(b.accessToken)).map((f) => f.title)).toEqual(['다른 사람']);
  });

  it('answers 401 to a visitor and 403 to a banned member', async () => {
    expect((await call('/feedback/my')).status).toBe(401);
    const m = await signUpMember();
    await ban(m.memberId);
    expect((await call('/feedback/my', { token: m.accessToken })).status).toBe(403);
  });
});

describe('PATCH /feedback/{id}/update', () => {
  it('lets the owner edit the item', async () => {
    const m = await signUpMember();
    const item = await created(m.accessToken);
    const res = await update(m.accessToken, item.id, { title: '고친 제목', content: '고친 내용' });
    expect(res.status).toBe(200);
    expect(await res.json<FeedbackItem>()).toMatchObject({ id: item.id, title: '고친 제목', content: '고친 내용' });
    expect((await mine(m.accessToken))[0]).toMatchObject({ title: '고친 제목' });
  });

  it('answers 404 to another member and leaves the item unchanged', async () => {
    const owner = await signUpMember();
    const other = await signUpMember();
    const item = await created(owner.accessToken);
    const res = await update(other.accessToken, item.id, { title: '가로채기', content: '바꿨어요' });
    expect(res.status).toBe(404);
    expect(await mine(owner.accessToken)).toEqual([item]);
  });

  it('applies the same limits as create', async () => {
    const m = await signUpMember();
    const item = await created(m.accessToken);
    const res = await update(m.accessToken, item.id, { title: '가'.repeat(41), content: '내용' });
    expect(res.status).toBe(400);
    expect(await mine(m.accessToken)).toEqual([item]);
  });

  it('answers 404 for a deleted item, 401 to a visitor and 403 to a banned owner', async () => {
    const m = await signUpMember();
    const gone = await created(m.accessToken);
    await remove(m.accessToken, gone.id);
    expect((await update(m.accessToken, gone.id, { title: '제목', content: '내용' })).status).toBe(404);
    const item = await created(m.accessToken);
    expect((await update(undefined, item.id, { title: '제목', content: '내용' })).status).toBe(401);
    await ban(m.memberId);
    expect((await update(m.accessToken, item.id, { title: '제목', content: '내용' })).status).toBe(403);
  });
});

describe('PATCH /feedback/{id}/delete', () => {
  it('removes the item from the owner’s list; deleting again answers 404', async () => {
    const m = await signUpMember();
    const item = await created(m.accessToken);
    expect((await remove(m.accessToken, item.id)).status).toBe(200);
    expect(await mine(m.accessToken)).toEqual([]);
    expect((await remove(m.accessToken, item.id)).status).toBe(404);
  });

  it('answers 404 to another member and keeps the item', async () => {
    const owner = await signUpMember();
    const other = await signUpMember();
    const item = await created(owner.accessToken);
    expect((await remove(other.accessToken, item.id)).status).toBe(404);
    expect(await mine(owner.accessToken)).toEqual([item]);
  });

  it('answers 401 to a visitor and 403 to a banned owner', async () => {
    const m = await signUpMember();
    const item = await created(m.accessToken);
    expect((await remove(undefined, item.id)).status).toBe(401);
    await ban(m.memberId);
    expect((await remove(m.accessToken, item.id)).status).toBe(403);
  });
});

describe('GET /feedback (admin)', () => {
  it("lists every live item newest first with the author's id and name", async () => {
    const m = await signUpMember({ name: '윤슬' });
    const older = await created(m.accessToken, '예전 의견');
    const newer = await created(m.accessToken, '새 의견');
    const deleted = await created(m.accessToken, '지운 의견');
    await remove(m.accessToken, deleted.id);
    const res = await call('/feedback', { admin: await adminSession() });
    expect(res.status).toBe(200);
    const list = await res.json<AdminFeedbackItem[]>();
    const ours = list.filter((f) => f.memberId === m.memberId);
    expect(ours.map((f) => f.id)).toEqual([newer.id, older.id]);
    expect(ours[0]).toEqual({ ...newer, memberId: m.memberId, user: { name: '윤슬' } });
  });

  it('refuses a member token and a visitor with 401', async () => {
    const m = await signUpMember();
    await created(m.accessToken);
    expect((await call('/feedback', { token: m.accessToken })).status).toBe(401);
    expect((await call('/feedback')).status).toBe(401);
  });
});
