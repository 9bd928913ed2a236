import { describe, expect, it } from 'vitest';
import { COMMUNITY_KO, type CommunityComment, type CommunityPost } from '../../src/contract/community';
import { pngFile, signUpMember, type SignedInMember } from '../helpers/auth';
import { block, call, getJson, listPosts, makeComment, makePost, withdraw } from '../helpers/community';

const comments = (m: SignedInMember, postId: number) =>
  getJson<CommunityComment[]>(m, `/api/on/community/posts/${postId}/comments`);

describe('blocked members', () => {
  it("hide each other's posts and comments, in both directions, from everyone else nothing", async () => {
    const blocker = await signUpMember({ name: '차단한 사람' });
    const blocked = await signUpMember({ name: '차단된 사람' });
    const bystander = await signUpMember({ name: '지나가는 사람' });
    const blockedPost = await makePost(blocked, { category: 'COURSE' });
    const blockerPost = await makePost(blocker, { category: 'COURSE' });
    const shared = await makePost(bystander, { category: 'COURSE' });
    const blockedComment = await makeComment(blocked, shared.id, '차단된 사람의 댓글');
    const blockerComment = await makeComment(blocker, shared.id, '차단한 사람의 댓글');
    await block(blocker.memberId, blocked.memberId);

    const seenBy = async (m: SignedInMember) => (await listPosts(m, '?category=COURSE')).map((p) => p.id);
    expect(await seenBy(blocker)).not.toContain(blockedPost.id);
    expect(await seenBy(blocked)).not.toContain(blockerPost.id);
    expect(await seenBy(bystander)).toEqual(expect.arrayContaining([blockedPost.id, blockerPost.id]));
    expect((await listPosts(blocker)).map((p) => p.id)).not.toContain(blockedPost.id);

    expect((await call(blocker, `/api/on/community/posts/${blockedPost.id}`)).status).toBe(404);
    expect((await call(blocked, `/api/on/community/${blockerPost.id}/like`, { method: 'POST' })).status).toBe(404);
    expect((await call(blocked, `/api/on/community/posts/${blockerPost.id}/comments`)).status).toBe(404);

    expect((await comments(blocker, shared.id)).map((c) => c.id)).not.toContain(blockedComment.id);
    expect((await comments(blocked, shared.id)).map((c) => c.id)).not.toContain(blockerComment.id);
    expect((await comments(bystander, shared.id)).map((c) => c.id)).toEqual([blockedComment.id, blockerComment.id]);
  });
});

describe('withdrawn members', () => {
  it("show as '탈퇴한 회원' with the default picture on their posts and comments", async () => {
    const leaver = await signUpMember({ name: '떠나는 사람', images: [await pngFile()] });
    const reader = await signUpMember();
    const post = await makePost(leaver);
    expect(post.writerProfileImageUrl).not.toBeNull();
    await makeComment(leaver, post.id, '마지막 댓글이에요');
    await withdraw(leaver.memberId);

    const shown = await getJson<CommunityPost>(reader, `/api/on/community/posts/${post.id}`);
    expect(shown).toMatchObject({
      writerId: leaver.memberId,
      writerName: COMMUNITY_KO.withdrawnWriter,
      writerProfileImageUrl: null,
    });
    const inList = (await listPosts(reader)).find((p) => p.id === post.id);
    expect(inList?.writerName).toBe(COMMUNITY_KO.withdrawnWriter);
    const [comment] = await comments(reader, post.id);
    expect(comment).toMatchObject({ writerName: COMMUNITY_KO.withdrawnWriter, writerProfileImageUrl: null });
  });
});
