import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_KO,
  COMMUNITY_LIMITS,
  type CommunityComment,
  type CommunityPost,
} from '../../src/contract/community';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '../../src/contract/safety/member-limits';
import { signUpMember, type SignedInMember } from '../helpers/auth';
import {
  call,
  clockedApp,
  getJson,
  makeComment,
  makePost,
  seedPosts,
  sendComment,
  type ErrorBody,
} from '../helpers/community';

let writer: SignedInMember;
let commenter: SignedInMember;
let post: CommunityPost;

beforeAll(async () => {
  writer = await signUpMember({ name: '윤가은' });
  commenter = await signUpMember({ name: '서지호' });
  post = await makePost(writer);
});

const comments = (m: SignedInMember, postId: number) =>
  getJson<CommunityComment[]>(m, `/api/on/community/posts/${postId}/comments`);
const commentsCount = async (postId: number) =>
  (await getJson<CommunityPost>(writer, `/api/on/community/posts/${postId}`)).commentsCount;

describe('comments', () => {
  it('adds a trimmed plain-text comment and answers it; the list has the newest at the bottom', async () => {
    const first = await makeComment(commenter, post.id, '  좋은 글 고마워요!  ');
    expect(first).toMatchObject({ content: '좋은 글 고마워요!', writerId: commenter.memberId, writerName: '서지호' });
    expect(first.id).toBeGreaterThan(0);
    const second = await makeComment(writer, post.id, '<b>읽어 줘서</b> 고마워요');
    expect(second.content).toBe('<b>읽어 줘서</b> 고마워요');
    const list = await comments(commenter, post.id);
    expect(list.map((c) => c.id).slice(-2)).toEqual([first.id, second.id]);
    expect(await commentsCount(post.id)).toBe(list.length);
  });

  it('accepts a JSON body with content too', async () => {
    const res = await call(commenter, `/api/on/community/posts/${post.id}/comments`, {
      method: 'POST',
      body: JSON.stringify({ content: '제이슨으로 보낸 댓글' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect((await res.json<CommunityComment>()).content).toBe('제이슨으로 보낸 댓글');
  });

  it('rejects an empty or whitespace-only comment and one over 1000 characters', async () => {
    for (const text of ['', '   \n  ']) {
      const res = await sendComment(commenter, post.id, text);
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).message).toBe(COMMUNITY_KO.commentRequired);
    }
    const exact = await sendComment(commenter, post.id, '가'.repeat(COMMUNITY_LIMITS.commentMax));
    expect(exact.status).toBe(200);
    const over = await sendComment(commenter, post.id, '가'.repeat(COMMUNITY_LIMITS.commentMax + 1));
    expect(over.status).toBe(400);
    expect((await over.json<ErrorBody>()).message).toBe(COMMUNITY_KO.commentTooLong);
  });

  it('refuses a comment with a contact handle, with the friendly reason (issue 22 §2)', async () => {
    const before = await commentsCount(post.id);
    const res = await sendComment(commenter, post.id, '궁금하면 010-1234-5678 로 연락 주세요');
    expect(res.status).toBe(400);
    expect(await res.json<ErrorBody>()).toMatchObject({ code: PROFILE_CONTACT_CODE, message: PROFILE_CONTACT_KO });
    expect(await commentsCount(post.id)).toBe(before);
  });

  it('masks profanity in comments', async () => {
    const comment = await makeComment(commenter, post.id, '존나 웃기네요 ㅋㅋ');
    expect(comment.content).toBe('존* 웃기네요 ㅋㅋ');
  });

  it("refuses to delete someone else's comment with 404, even the post author's, and changes nothing", async () => {
    const mine = await makeComment(commenter, post.id, '지우면 안 되는 댓글');
    const before = await commentsCount(post.id);
    const res = await call(writer, `/api/on/community/posts/${post.id}/comments/${mine.id}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await comments(writer, post.id)).some((c) => c.id === mine.id)).toBe(true);
    expect(await commentsCount(post.id)).toBe(before);
  });

  it('lets the writer delete their comment and updates the count', async () => {
    const mine = await makeComment(commenter, post.id, '곧 지울 댓글이에요');
    const before = await commentsCount(post.id);
    const res = await call(commenter, `/api/on/community/posts/${post.id}/comments/${mine.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await comments(commenter, post.id)).some((c) => c.id === mine.id)).toBe(false);
    expect(await commentsCount(post.id)).toBe(before - 1);
    const again = await call(commenter, `/api/on/community/posts/${post.id}/comments/${mine.id}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });

  it('answers 404 for the comments of a missing post, and for a comment id of another post', async () => {
    expect((await call(commenter, '/api/on/community/posts/999999/comments')).status).toBe(404);
    const other = await makePost(commenter);
    const c = await makeComment(commenter, post.id, '여기 단 댓글');
    const wrongPost = await call(commenter, `/api/on/community/posts/${other.id}/comments/${c.id}`, {
      method: 'DELETE',
    });
    expect(wrongPost.status).toBe(404);
  });
});

describe('rate limits', () => {
  it(`allows ${COMMUNITY_LIMITS.commentsPerWindow} comments per window, then answers 429 in Korean`, async () => {
    const member = await signUpMember();
    const [postId = 0] = await seedPosts(writer.memberId, 1);
    const app = clockedApp('2026-04-01T01:00:00.000Z');
    const send = () =>
      app.fetchAt(member.memberId, `/api/on/community/posts/${postId}/comments`, {
        method: 'POST',
        body: '댓글이에요',
      });
    for (let i = 0; i < COMMUNITY_LIMITS.commentsPerWindow; i++) expect((await send()).status).toBe(200);
    const blocked = await send();
    expect(blocked.status).toBe(429);
    expect((await blocked.json<ErrorBody>()).message).toBe(COMMUNITY_KO.tooManyComments);
    const later = clockedApp('2026-04-01T01:10:00.000Z');
    const next = await later.fetchAt(member.memberId, `/api/on/community/posts/${postId}/comments`, {
      method: 'POST',
      body: '다음 창에서 다시',
    });
    expect(next.status).toBe(200);
  });

  it(`allows ${COMMUNITY_LIMITS.postsPerWindow} posts per window, then answers 429 in Korean`, async () => {
    const member = await signUpMember();
    const app = clockedApp('2026-04-02T01:00:00.000Z');
    const { postForm, DRAFT } = await import('../helpers/community');
    const send = () =>
      app.fetchAt(member.memberId, '/api/on/community/posts', { method: 'POST', body: postForm(DRAFT) });
    for (let i = 0; i < COMMUNITY_LIMITS.postsPerWindow; i++) expect((await send()).status).toBe(200);
    const blocked = await send();
    expect(blocked.status).toBe(429);
    expect((await blocked.json<ErrorBody>()).message).toBe(COMMUNITY_KO.tooManyPosts);
  });
});
