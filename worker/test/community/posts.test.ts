import { SELF, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_KO, type CommunityPost } from '../../src/contract/community';
import { LIMITS } from '../../src/contract/limits';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '../../src/contract/safety/member-limits';
import { keyFromImageUrl } from '../../src/areas/media/service';
import { ORIGIN, pngFile, signUpMember, type SignedInMember } from '../helpers/auth';
import { DRAFT, call, getJson, makePost, postForm, sendPost, sendUpdate, type ErrorBody } from '../helpers/community';

let writer: SignedInMember;
let other: SignedInMember;

beforeAll(async () => {
  writer = await signUpMember({ name: '이서연', images: [await pngFile()] });
  other = await signUpMember({ name: '박도윤' });
});

const objectExists = async (url: string | null) => {
  const key = url ? keyFromImageUrl(url) : null;
  return key ? (await env.MEDIA.head(key)) !== null : false;
};

async function expectRejected(res: Response, field: string, message: string) {
  expect(res.status).toBe(400);
  const body = await res.json<ErrorBody>();
  expect(body.fields?.[field]).toBe(message);
}

describe('creating a post', () => {
  it('stores the post with its picture and answers it with the writer and zeroed counters', async () => {
    const res = await sendPost(writer, { category: 'REVIEW', title: '첫 만남 후기' }, await pngFile('cafe.png'));
    expect(res.status).toBe(200);
    const post = await res.json<CommunityPost>();
    expect(post).toMatchObject({
      category: 'REVIEW',
      title: '첫 만남 후기',
      content: DRAFT.content,
      views: 0,
      likes: 0,
      commentsCount: 0,
      writerId: writer.memberId,
      writerName: '이서연',
    });
    expect(post.writerProfileImageUrl).toMatch(/^\/media\/profiles\//);
    expect(post.imageUrl).toMatch(/^\/media\/posts\/.+\.jpg$/);
    const served = await SELF.fetch(`${ORIGIN}${post.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it('keeps HTML as plain text, exactly as typed', async () => {
    const html = '<img src=x onerror="alert(1)"> <b>굵게</b>';
    const post = await makePost(writer, { title: '<script>alert(1)</script>', content: html });
    expect(post.title).toBe('<script>alert(1)</script>');
    expect(post.content).toBe(html);
  });

  it('requires a category, a title and content', async () => {
    await expectRejected(await sendPost(writer, { category: undefined }), 'category', COMMUNITY_KO.categoryRequired);
    await expectRejected(await sendPost(writer, { category: 'NEWS' }), 'category', COMMUNITY_KO.categoryRequired);
    await expectRejected(await sendPost(writer, { title: '   ' }), 'title', COMMUNITY_KO.titleRequired);
    await expectRejected(await sendPost(writer, { content: undefined }), 'content', COMMUNITY_KO.contentTooShort);
  });

  it('accepts a 120-character title and rejects 121', async () => {
    const ok = await makePost(other, { title: '가'.repeat(LIMITS.postTitle) });
    expect(ok.title).toHaveLength(120);
    await expectRejected(
      await sendPost(other, { title: '가'.repeat(LIMITS.postTitle + 1) }),
      'title',
      COMMUNITY_KO.titleTooLong,
    );
  });

  it('counts content after trimming: 5 characters pass, 4 (padded with spaces) do not', async () => {
    const ok = await makePost(other, { content: '  다섯글자다  ' });
    expect(ok.content).toBe('다섯글자다');
    await expectRejected(await sendPost(other, { content: '   넉글자다   ' }), 'content', COMMUNITY_KO.contentTooShort);
  });

  it('accepts 5000 characters of content and rejects 5001', async () => {
    const ok = await makePost(other, { content: '가'.repeat(LIMITS.postContentMax) });
    expect(ok.content).toHaveLength(5000);
    await expectRejected(
      await sendPost(other, { content: '가'.repeat(LIMITS.postContentMax + 1) }),
      'content',
      COMMUNITY_KO.contentTooLong,
    );
  });

  it('rejects unknown fields, a missing request part, a non-image and a second image', async () => {
    const m = await signUpMember();
    const extra = await sendPost(m, { ...DRAFT, writerId: 1 } as never);
    expect(extra.status).toBe(400);
    const bare = new FormData();
    bare.append('image', await pngFile());
    const missing = await call(m, '/api/on/community/posts', { method: 'POST', body: bare });
    expect((await missing.json<ErrorBody>()).message).toBe(COMMUNITY_KO.requestMissing);
    const text = await sendPost(m, {}, new File(['hello'], 'note.png', { type: 'image/png' }));
    expect(text.status).toBe(400);
    const two = postForm(DRAFT, await pngFile());
    two.append('image', await pngFile('b.png'));
    const twice = await call(m, '/api/on/community/posts', { method: 'POST', body: two });
    expect((await twice.json<ErrorBody>()).message).toBe(COMMUNITY_KO.oneImageOnly);
  });

  it('needs a member token', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/on/community/posts`, { method: 'POST', body: postForm(DRAFT) });
    expect(res.status).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('lets the author replace the picture, deleting the old object', async () => {
    const author = await signUpMember();
    const post = await makePost(author, {}, await pngFile('first.png'));
    const res = await sendUpdate(author, post.id, { category: 'COURSE', title: '수정한 제목' }, await pngFile('2.png'));
    expect(res.status).toBe(200);
    const updated = await res.json<CommunityPost>();
    expect(updated).toMatchObject({ id: post.id, category: 'COURSE', title: '수정한 제목' });
    expect(updated.imageUrl).not.toBe(post.imageUrl);
    expect(await objectExists(updated.imageUrl)).toBe(true);
    expect(await objectExists(post.imageUrl)).toBe(false);
  });

  it('keeps the picture when the edit sends none, and removes it with removeImage', async () => {
    const author = await signUpMember();
    const post = await makePost(author, {}, await pngFile());
    const kept = await (await sendUpdate(author, post.id, { title: '사진은 그대로' })).json<CommunityPost>();
    expect(kept.imageUrl).toBe(post.imageUrl);
    const removed = await (await sendUpdate(author, post.id, { removeImage: true })).json<CommunityPost>();
    expect(removed.imageUrl).toBeNull();
    expect(await objectExists(post.imageUrl)).toBe(false);
  });

  it('applies the same rules on edit', async () => {
    const post = await makePost(writer);
    await expectRejected(
      await sendUpdate(writer, post.id, { content: '넷넷넷넷' }),
      'content',
      COMMUNITY_KO.contentTooShort,
    );
    expect((await getJson<CommunityPost>(writer, `/api/on/community/posts/${post.id}`)).content).toBe(DRAFT.content);
  });

  it("refuses another member's edit and delete with 404 and changes nothing", async () => {
    const post = await makePost(writer, { title: '내 글이에요' }, await pngFile());
    const edit = await sendUpdate(other, post.id, { title: '남의 글 고치기' }, await pngFile());
    expect(edit.status).toBe(404);
    const del = await call(other, `/api/on/community/posts/${post.id}`, { method: 'DELETE' });
    expect(del.status).toBe(404);
    const after = await getJson<CommunityPost>(writer, `/api/on/community/posts/${post.id}`);
    expect(after).toEqual(post);
    expect(await objectExists(post.imageUrl)).toBe(true);
  });

  it('lets the author delete: the post, its picture and its calls are gone', async () => {
    const author = await signUpMember();
    const post = await makePost(author, {}, await pngFile());
    const res = await call(author, `/api/on/community/posts/${post.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await objectExists(post.imageUrl)).toBe(false);
    expect((await call(author, `/api/on/community/posts/${post.id}`)).status).toBe(404);
    expect((await call(author, `/api/on/community/${post.id}/like`, { method: 'POST' })).status).toBe(404);
    const again = await call(author, `/api/on/community/posts/${post.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });
});

describe('contact handles (issue 22 §2)', () => {
  it('refuses a title or body with a contact handle or URL, on create and on edit, at the field', async () => {
    const res = await sendPost(writer, {
      title: '카톡 아이디 알려드려요',
      content: 'https://open.kakao.com/o/abc 로 와요',
    });
    expect(res.status).toBe(400);
    const body = await res.json<ErrorBody>();
    expect(body).toMatchObject({ code: PROFILE_CONTACT_CODE, message: PROFILE_CONTACT_KO });
    expect(body.fields).toEqual({ title: PROFILE_CONTACT_KO, content: PROFILE_CONTACT_KO });
    const post = await makePost(writer);
    await expectRejected(
      await sendUpdate(writer, post.id, { content: '연락은 010 1234 5678 로 주세요' }),
      'content',
      PROFILE_CONTACT_KO,
    );
    expect((await getJson<CommunityPost>(writer, `/api/on/community/posts/${post.id}`)).content).toBe(DRAFT.content);
  });
});

describe('profanity', () => {
  it('masks profanity in titles and contents instead of rejecting the post', async () => {
    const post = await makePost(other, {
      title: '아 씨발 진짜',
      content: '이런 병신 같은 일이 있었어요. 시발점은 괜찮아요.',
    });
    expect(post.title).toBe('아 씨* 진짜');
    expect(post.content).toBe('이런 병* 같은 일이 있었어요. 시발점은 괜찮아요.');
  });
});
