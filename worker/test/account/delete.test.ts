// DELETE /api/on/mypage/account: personal data and photos go, the row stays anonymised, other
// members' data stays, and the same portal identity can sign up again.
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETE_CONFIRMATION, MYPAGE_KO } from '../../src/contract';
import {
  cookieHeader,
  devSignIn,
  freshIp,
  ORIGIN,
  postSignup,
  setCookieNamed,
  signupData,
  signupForm,
  signUpMember,
  type SignedInMember,
} from '../helpers/auth';
import {
  ban,
  block,
  call,
  chatRequest,
  chatRoomBetween,
  countRows,
  imageKeys,
  memberWithPhotos,
  r2Has,
  rawHeart,
  type ErrorBody,
} from '../helpers/mypage';

const deleteAccount = (token: string | undefined, confirm: unknown = ACCOUNT_DELETE_CONFIRMATION) =>
  call('/api/on/mypage/account', { method: 'DELETE', token, json: { confirm } });

const now = () => new Date().toISOString();

/** A member with something in every table the deletion touches, plus a second member around them. */
async function populated() {
  const me = await memberWithPhotos(3, { interests: ['여행', '사진'] });
  const other = await memberWithPhotos(1);
  const third = await signUpMember();
  await rawHeart(me.memberId, other.memberId, now());
  await rawHeart(other.memberId, me.memberId, now());
  await rawHeart(other.memberId, third.memberId, now());
  await block(me.memberId, third.memberId);
  await call('/feedback/create', {
    method: 'POST',
    token: me.accessToken,
    json: { title: '내 의견', content: '좋아요' },
  });
  await call('/feedback/create', {
    method: 'POST',
    token: other.accessToken,
    json: { title: '남의 의견', content: '좋아요' },
  });
  await env.DB.prepare('INSERT INTO matching_history (member_id, profile_id, page) VALUES (?, ?, 0), (?, ?, 0)')
    .bind(me.memberId, other.memberId, other.memberId, me.memberId)
    .run();
  await env.DB.prepare(
    "INSERT INTO matching_rankings (member_id, day, fingerprint, profile_ids, computed_at) VALUES (?, '2026-05-01', 'f', ?, ?)",
  )
    .bind(me.memberId, String(other.memberId), now())
    .run();
  const pending = await chatRequest(me.memberId, third.memberId, 'PENDING');
  const { roomId } = await chatRoomBetween(me.memberId, other.memberId);
  const post = await env.DB.prepare(
    "INSERT INTO community_posts (member_id, category, title, content) VALUES (?, 'FREE', '안녕하세요', '첫 글이에요') RETURNING id",
  )
    .bind(me.memberId)
    .first<{ id: number }>();
  await env.DB.prepare('INSERT INTO post_comments (post_id, member_id, content) VALUES (?, ?, ?)')
    .bind(post?.id, me.memberId, '댓글이에요')
    .run();
  await env.DB.prepare(
    "INSERT INTO reports (reporter_id, target_id, reason_type, content) VALUES (?, ?, 'SPAM', '광고'), (?, ?, 'ABUSE', '욕설')",
  )
    .bind(me.memberId, other.memberId, other.memberId, me.memberId)
    .run();
  return { me, other, third, pending, roomId, postId: post?.id ?? 0 };
}

const memberRow = (id: number) =>
  env.DB.prepare('SELECT name, email, provider_user_id, birthday, city, lat, deleted_at FROM members WHERE id = ?')
    .bind(id)
    .first<{
      name: string;
      email: string;
      provider_user_id: string;
      birthday: string;
      city: string | null;
      lat: number | null;
      deleted_at: string | null;
    }>();

describe('DELETE /api/on/mypage/account', () => {
  it('removes photos (rows and R2 objects), interests, hearts, blocks, feedback, history and sessions, and anonymises the row', async () => {
    const { me } = await populated();
    const keys = await imageKeys(me.memberId);
    expect(keys).toHaveLength(3);
    const res = await deleteAccount(me.accessToken);
    expect(res.status).toBe(200);
    expect(setCookieNamed(res, 'ongi_refresh')?.value).toBe('');

    for (const key of keys) expect(await r2Has(key), key).toBe(false);
    const id = me.memberId;
    const left = async (table: string, where: string, n = 1) =>
      countRows(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, ...Array<number>(n).fill(id));
    expect(await left('member_images', 'member_id = ?')).toBe(0);
    expect(await left('member_interests', 'member_id = ?')).toBe(0);
    expect(await left('member_agreements', 'member_id = ?')).toBe(0);
    expect(await left('hearts', 'member_id = ? OR target_id = ?', 2)).toBe(0);
    expect(await left('blocks', 'member_id = ? OR target_id = ?', 2)).toBe(0);
    expect(await left('feedback', 'member_id = ?')).toBe(0);
    expect(await left('matching_history', 'member_id = ? OR profile_id = ?', 2)).toBe(0);
    expect(await left('matching_rankings', 'member_id = ?')).toBe(0);
    expect(await left('refresh_families', 'member_id = ?')).toBe(0);

    const row = await memberRow(id);
    expect(row).toMatchObject({ name: '탈퇴한 회원', email: '', city: null, lat: null });
    expect(row?.provider_user_id).toMatch(new RegExp(`^deleted:${id}:`));
    expect(row?.birthday).not.toBe('1998-03-15');
    expect(row?.deleted_at).not.toBeNull();
  });

  it('keeps posts, comments and reports (now shown as 탈퇴한 회원), cancels pending requests and closes rooms', async () => {
    const { me, pending, roomId, postId } = await populated();
    await deleteAccount(me.accessToken);
    expect(await countRows('SELECT COUNT(*) AS n FROM community_posts WHERE id = ?', postId)).toBe(1);
    expect(await countRows('SELECT COUNT(*) AS n FROM post_comments WHERE member_id = ?', me.memberId)).toBe(1);
    expect(
      await countRows(
        'SELECT COUNT(*) AS n FROM reports WHERE reporter_id = ? OR target_id = ?',
        me.memberId,
        me.memberId,
      ),
    ).toBe(2);
    const request = await env.DB.prepare('SELECT status FROM chat_requests WHERE id = ?')
      .bind(pending)
      .first<{ status: string }>();
    expect(request?.status).toBe('CANCELLED');
    const room = await env.DB.prepare('SELECT closed_at, closed_reason FROM chat_rooms WHERE id = ?')
      .bind(roomId)
      .first<{ closed_at: string | null; closed_reason: string | null }>();
    expect(room?.closed_reason).toBe('WITHDRAWN');
    expect(room?.closed_at).not.toBeNull();
  });

  it("leaves every other member's photos, hearts and feedback intact", async () => {
    const { me, other, third } = await populated();
    const otherKeys = await imageKeys(other.memberId);
    await deleteAccount(me.accessToken);
    expect(await imageKeys(other.memberId)).toEqual(otherKeys);
    for (const key of otherKeys) expect(await r2Has(key)).toBe(true);
    expect(
      await countRows(
        'SELECT COUNT(*) AS n FROM hearts WHERE member_id = ? AND target_id = ?',
        other.memberId,
        third.memberId,
      ),
    ).toBe(1);
    const feedback = await (await call('/feedback/my', { token: other.accessToken })).json<unknown[]>();
    expect(feedback).toHaveLength(1);
    expect((await call('/api/on/mypage/profile', { token: other.accessToken })).status).toBe(200);
  });

  it('ends the session: the old access token and the old refresh cookie stop working', async () => {
    const me = await signUpMember();
    await deleteAccount(me.accessToken);
    expect((await call('/api/on/mypage/profile', { token: me.accessToken })).status).toBe(401);
    const refresh = await SELF.fetch(`${ORIGIN}/api/on/auth/refresh`, {
      method: 'POST',
      headers: { Cookie: cookieHeader(me.cookies), 'CF-Connecting-IP': freshIp() },
    });
    expect(refresh.status).toBe(401);
  });

  it('lets the same portal identity sign up again as a new member after the 30-day cooling-off (test/identity)', async () => {
    const me = await signUpMember({ name: '다시온' });
    await deleteAccount(me.accessToken);
    const identity = { email: me.email, name: '다시온', gender: 'F' as const, birthday: '1998-03-15' };
    // The same person (same CI) within 30 days: 본인확인 refuses them (403 IDENTITY_COOLING_OFF).
    await expect(devSignIn(identity)).rejects.toThrow(/IDENTITY_COOLING_OFF/);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?').bind(longAgo, me.memberId).run();
    const again = await devSignIn(identity);
    expect(again.body.status).toBe('NEED_AGREEMENT');
    const signup = await postSignup(signupForm(signupData(identity)), again.cookies);
    expect(signup.status).toBe(200);
    const newId = await signup.json<number>();
    expect(newId).not.toBe(me.memberId);
    expect((await memberRow(me.memberId))?.name).toBe('탈퇴한 회원');
  });

  it('refuses without the exact confirmation words and changes nothing', async () => {
    const me = await memberWithPhotos(1);
    for (const body of [{ confirm: '탈퇴' }, { confirm: '' }, {}, { confirm: ACCOUNT_DELETE_CONFIRMATION, extra: 1 }]) {
      const res = await call('/api/on/mypage/account', { method: 'DELETE', token: me.accessToken, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await (await deleteAccount(me.accessToken, '탈퇴')).json<ErrorBody>()).message).toBe(
      MYPAGE_KO.deleteConfirmationMismatch,
    );
    const noBody = await call('/api/on/mypage/account', { method: 'DELETE', token: me.accessToken });
    expect(noBody.status).toBe(400);
    expect((await memberRow(me.memberId))?.deleted_at).toBeNull();
    expect(await imageKeys(me.memberId)).toHaveLength(1);
  });

  it('answers 401 to a visitor; a banned member (403) cannot shed the ban by leaving and signing up again', async () => {
    expect((await deleteAccount(undefined)).status).toBe(401);
    const me: SignedInMember = await signUpMember();
    await ban(me.memberId);
    const res = await deleteAccount(me.accessToken);
    expect(res.status).toBe(403);
    expect((await res.json<ErrorBody>()).code).toBe('MEMBER_BANNED');
    expect((await memberRow(me.memberId))?.deleted_at).toBeNull();
  });
});
