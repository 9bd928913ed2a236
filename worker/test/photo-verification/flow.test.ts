// Verified photos (issue 20 §3): pose start and selfie submit, limits, bad selfies, privacy of
// selfies and state, the operators' decisions, the badge flags, the main-photo rule and the cron.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminPhotoVerification, PhotoPoseStart, VerificationState } from '../../src/contract/photo-verification';
import { POSE_IDS } from '../../src/contract/photo-verification';
import type { ModalProfile } from '../../src/contract/profiles';
import type { ReceivedHeartsPage } from '../../src/contract/profile-details';
import type { ChatRoomItem } from '../../src/contract/chat';
import { deleteOldSelfies } from '../../src/areas/photo-verification/service';
import { makeDb } from '../../src/lib/db';
import { pngFile } from '../helpers/auth';
import { adminSession, call, chatRoomBetween, countRows, memberWithPhotos, type ErrorBody } from '../helpers/mypage';
import { patternImage, toPng } from './images';

type Member = Awaited<ReturnType<typeof memberWithPhotos>>;

async function start(m: Member): Promise<Response> {
  return call('/api/on/verification/photo/start', { method: 'POST', token: m.accessToken });
}

async function submit(m: Member, selfie: Blob, poseToken: string, source = 'CAMERA'): Promise<Response> {
  const form = new FormData();
  form.append('selfie', selfie, 'selfie.png');
  form.append('poseToken', poseToken);
  form.append('source', source);
  return call('/api/on/verification/photo', { method: 'POST', token: m.accessToken, body: form });
}

const selfiePng = () => new Blob([toPng(patternImage(4242, 120, 160))], { type: 'image/png' });

async function state(m: Member): Promise<VerificationState> {
  const res = await call('/api/on/verification', { token: m.accessToken });
  expect(res.status).toBe(200);
  return res.json<VerificationState>();
}

/** A member with a PENDING selfie; answers its request id. */
async function pendingSelfie(m: Member): Promise<number> {
  const pose = await (await start(m)).json<PhotoPoseStart>();
  expect((await submit(m, selfiePng(), pose.poseToken)).status).toBe(200);
  const row = await env.DB.prepare("SELECT id FROM photo_verifications WHERE member_id = ? AND status = 'PENDING'")
    .bind(m.memberId)
    .first<{ id: number }>();
  return row!.id;
}

const decide = (admin: string, id: number, body: unknown) =>
  call(`/admin/photo-verifications/${id}/decision`, { method: 'POST', admin, json: body });

describe('photo verification: the member side', () => {
  it('starts with one of the poses and queues the selfie as PENDING with that pose', async () => {
    const m = await memberWithPhotos(1);
    // Members sign up through 본인확인 (issue 20 §2): the identity half is already verified.
    const fresh = await state(m);
    expect(fresh.identity.verified).toBe(true);
    expect(fresh.identity.verifiedAt).toEqual(expect.any(String));
    expect(fresh.photo).toEqual({ status: 'NONE' });
    const res = await start(m);
    expect(res.status).toBe(200);
    const pose = await res.json<PhotoPoseStart>();
    expect(POSE_IDS).toContain(pose.pose);
    expect(POSE_IDS.length).toBeGreaterThanOrEqual(12);
    expect(pose.caption.length).toBeGreaterThan(0);

    const sent = await submit(m, selfiePng(), pose.poseToken, 'UPLOAD');
    expect(sent.status).toBe(200);
    expect(await state(m)).toMatchObject({ photo: { status: 'PENDING', pose: pose.pose } });
    const row = await env.DB.prepare(
      'SELECT pose, source, selfie_key, main_image_key FROM photo_verifications WHERE member_id = ?',
    )
      .bind(m.memberId)
      .first<{ pose: string; source: string; selfie_key: string; main_image_key: string }>();
    expect(row).toMatchObject({ pose: pose.pose, source: 'UPLOAD' });
    expect(row!.selfie_key).toMatch(/^selfies\//);
    expect(await env.MEDIA.head(row!.selfie_key)).not.toBeNull();

    // One PENDING at a time.
    const again = await start(m);
    expect(again.status).toBe(409);
    expect((await again.json<ErrorBody>()).code).toBe('VERIFICATION_PENDING');
  });

  it('never serves a selfie through /media, and a member cannot read it through the admin route', async () => {
    const m = await memberWithPhotos(1);
    const id = await pendingSelfie(m);
    const { selfie_key: key } = (await env.DB.prepare('SELECT selfie_key FROM photo_verifications WHERE id = ?')
      .bind(id)
      .first<{ selfie_key: string }>())!;
    expect((await call(`/media/${key}`)).status).toBe(404);
    const other = await memberWithPhotos(1);
    const asMember = await call(`/admin/photo-verifications/${id}/selfie`, { token: other.accessToken });
    expect(asMember.status).toBe(401);
    // The state route only ever answers the caller's own state.
    expect((await state(other)).photo).toEqual({ status: 'NONE' });
    const admin = await adminSession();
    const asAdmin = await call(`/admin/photo-verifications/${id}/selfie`, { admin });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('Content-Type')).toBe('image/jpeg'); // re-encoded from the pixels
    expect(asAdmin.headers.get('Cache-Control')).toContain('no-store');
  });

  it('needs a main photo', async () => {
    const m = await memberWithPhotos(0);
    const res = await start(m);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).message).toContain('대표 사진');
  });

  it('refuses a non-image, an oversize selfie and a forged or foreign pose token, storing nothing', async () => {
    const m = await memberWithPhotos(1);
    const pose = await (await start(m)).json<PhotoPoseStart>();
    const notImage = await submit(m, new Blob(['hello, not a photo'], { type: 'image/png' }), pose.poseToken);
    expect(notImage.status).toBe(400);
    expect((await notImage.json<ErrorBody>()).message).toMatch(/사진/);

    const big = new Uint8Array(20 * 1024 * 1024);
    big.set(await (await pngFile()).bytes());
    const tooLarge = await submit(m, new Blob([big], { type: 'image/png' }), pose.poseToken);
    // Refused by the route's body limit before anything is read (issue 21 §4).
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json<ErrorBody>()).code).toBe('PAYLOAD_TOO_LARGE');

    const other = POSE_IDS.find((p) => p !== pose.pose)!;
    const forged = await submit(m, selfiePng(), pose.poseToken.replace(pose.pose, other));
    expect(forged.status).toBe(400);
    expect((await forged.json<ErrorBody>()).code).toBe('POSE_EXPIRED');

    const stranger = await memberWithPhotos(1);
    expect((await submit(stranger, selfiePng(), pose.poseToken)).status).toBe(400);

    const badSource = await submit(m, selfiePng(), pose.poseToken, 'SCREENSHOT');
    expect(badSource.status).toBe(400);
    expect(
      await countRows(
        'SELECT count(*) AS n FROM photo_verifications WHERE member_id IN (?, ?)',
        m.memberId,
        stranger.memberId,
      ),
    ).toBe(0);
  });

  it('limits attempts per Korean day with a 429 that says when', async () => {
    const m = await memberWithPhotos(1);
    const now = new Date().toISOString();
    for (let i = 0; i < 5; i++) {
      await env.DB.prepare(
        "INSERT INTO photo_verifications (member_id, pose, source, status, reason, created_at, decided_at) VALUES (?, 'V_SIGN', 'CAMERA', 'REJECTED', 'BLURRY', ?, ?)",
      )
        .bind(m.memberId, now, now)
        .run();
    }
    const res = await start(m);
    expect(res.status).toBe(429);
    expect((await res.json<ErrorBody>()).message).toMatch(/하루 5번.*내일/);
  });
});

describe('photo verification: the operators', () => {
  it('queues oldest first; approval records the admin, sets the badge and notifies the member', async () => {
    const first = await memberWithPhotos(1);
    const second = await memberWithPhotos(2);
    const firstId = await pendingSelfie(first);
    const secondId = await pendingSelfie(second);
    const admin = await adminSession();

    const queue = await (await call('/admin/photo-verifications', { admin })).json<AdminPhotoVerification[]>();
    const ids = queue.map((q) => q.id);
    expect(ids.indexOf(firstId)).toBeLessThan(ids.indexOf(secondId));
    const item = queue.find((q) => q.id === secondId)!;
    expect(item).toMatchObject({ memberId: second.memberId, source: 'CAMERA', status: 'PENDING' });
    expect(item.photoUrls).toHaveLength(2);
    expect(item.mainImageUrl).toBe(item.photoUrls[0]);
    expect(item.selfieUrl).toBe(`/admin/photo-verifications/${secondId}/selfie`);
    const count = await (await call('/admin/photo-verifications/count', { admin })).json<{ pending: number }>();
    expect(count.pending).toBeGreaterThanOrEqual(2);

    const approved = await decide(admin, secondId, { decision: 'APPROVE' });
    expect(approved.status).toBe(200);
    const row = await env.DB.prepare('SELECT status, admin_id, decided_at FROM photo_verifications WHERE id = ?')
      .bind(secondId)
      .first<{ status: string; admin_id: number; decided_at: string }>();
    expect(row).toMatchObject({ status: 'APPROVED' });
    expect(row!.admin_id).toBeGreaterThan(0);
    expect(row!.decided_at).not.toBeNull();
    expect((await state(second)).photo).toEqual({ status: 'VERIFIED' });
    expect(
      await countRows(
        "SELECT count(*) AS n FROM notifications WHERE member_id = ? AND kind = 'PHOTO_VERIFICATION'",
        second.memberId,
      ),
    ).toBe(1);
    // A second decision finds nothing to decide.
    expect((await decide(admin, secondId, { decision: 'REJECT', reason: 'BLURRY' })).status).toBe(409);
  });

  it('rejection needs a listed reason, tells the member why, and they can try again', async () => {
    const m = await memberWithPhotos(1);
    const id = await pendingSelfie(m);
    const admin = await adminSession();
    expect((await decide(admin, id, { decision: 'REJECT' })).status).toBe(400);
    expect((await decide(admin, id, { decision: 'REJECT', reason: 'UGLY' })).status).toBe(400);
    expect((await decide(admin, id, { decision: 'REJECT', reason: 'POSE_MISMATCH' })).status).toBe(200);
    const photo = (await state(m)).photo;
    expect(photo).toMatchObject({ status: 'REJECTED', reason: '포즈가 달라요' });
    expect((await start(m)).status).toBe(200);
    const text = await env.DB.prepare(
      "SELECT text FROM notifications WHERE member_id = ? AND kind = 'PHOTO_VERIFICATION'",
    )
      .bind(m.memberId)
      .first<{ text: string }>();
    expect(text!.text).toContain('포즈가 달라요');
  });

  it('needs an admin session (a member bearer is not one) and answers 404 for an unknown request', async () => {
    const m = await memberWithPhotos(1);
    expect((await call('/admin/photo-verifications', { token: m.accessToken })).status).toBe(401);
    const admin = await adminSession();
    expect((await decide(admin, 99_999_999, { decision: 'APPROVE' })).status).toBe(404);
  });

  it('the cron deletes selfies 30 days after the decision and clears the key', async () => {
    const m = await memberWithPhotos(1);
    const id = await pendingSelfie(m);
    const admin = await adminSession();
    await decide(admin, id, { decision: 'REJECT', reason: 'BLURRY' });
    const { selfie_key: key } = (await env.DB.prepare('SELECT selfie_key FROM photo_verifications WHERE id = ?')
      .bind(id)
      .first<{ selfie_key: string }>())!;
    await deleteOldSelfies(env, makeDb(env.DB), new Date(Date.now() + 29 * 86_400_000));
    expect(await env.MEDIA.head(key)).not.toBeNull();
    await deleteOldSelfies(env, makeDb(env.DB), new Date(Date.now() + 31 * 86_400_000));
    expect(await env.MEDIA.head(key)).toBeNull();
    const after = await env.DB.prepare('SELECT selfie_key, status FROM photo_verifications WHERE id = ?')
      .bind(id)
      .first<{ selfie_key: string | null; status: string }>();
    expect(after).toEqual({ selfie_key: null, status: 'REJECTED' });
  });
});

describe('the badge', () => {
  async function verifiedMember(): Promise<Member> {
    const m = await memberWithPhotos(2, { gender: 'M' });
    const id = await pendingSelfie(m);
    expect((await decide(await adminSession(), id, { decision: 'APPROVE' })).status).toBe(200);
    return m;
  }

  it('shows as verified flags in the modal, received hearts and chat rooms', async () => {
    const him = await verifiedMember();
    const her = await memberWithPhotos(1, { gender: 'F' });
    // A member from before 본인확인 (signups are verified now): no identity badge.
    await env.DB.prepare('UPDATE members SET identity_verified_at = NULL WHERE id = ?').bind(her.memberId).run();

    const modal = await (
      await call(`/api/on/profile/modal/${him.memberId}`, { token: her.accessToken })
    ).json<ModalProfile>();
    expect(modal.verified).toEqual({ identity: true, photo: true });
    const hers = await (
      await call(`/api/on/profile/modal/${her.memberId}`, { token: him.accessToken })
    ).json<ModalProfile>();
    expect(hers.verified).toEqual({ identity: false, photo: false });

    await env.DB.prepare('INSERT INTO hearts (member_id, target_id) VALUES (?, ?)')
      .bind(him.memberId, her.memberId)
      .run();
    const received = await (
      await call('/api/on/hearts/received', { token: her.accessToken })
    ).json<ReceivedHeartsPage>();
    expect(received.content.find((h) => h.memberId === him.memberId)?.verified).toEqual({
      identity: true,
      photo: true,
    });

    await chatRoomBetween(him.memberId, her.memberId);
    const rooms = await (await call('/api/on/chat-rooms', { token: her.accessToken })).json<ChatRoomItem[]>();
    expect(rooms.find((r) => r.opponentMemberId === him.memberId)?.verified).toEqual({ identity: true, photo: true });
  });

  it('goes when the main photo changes or is deleted, and stays when only a sub photo changes', async () => {
    const m = await verifiedMember();
    const flag = async () =>
      (await env.DB.prepare('SELECT photo_verified_at AS at FROM members WHERE id = ?')
        .bind(m.memberId)
        .first<{ at: string | null }>())!.at;

    const sub = new FormData();
    sub.append('mainImage', new Blob([]), '');
    sub.append('subImages', await pngFile('s.png', 70, 70));
    expect(
      (await call('/api/on/mypage/profile-images', { method: 'POST', token: m.accessToken, body: sub })).status,
    ).toBe(200);
    expect(await flag()).not.toBeNull();

    const main = new FormData();
    main.append('mainImage', await pngFile('m.png', 72, 72));
    expect(
      (await call('/api/on/mypage/profile-images', { method: 'POST', token: m.accessToken, body: main })).status,
    ).toBe(200);
    expect(await flag()).toBeNull();
    expect((await state(m)).photo.status).toBe('NONE');
  });

  it('goes when the main photo is deleted', async () => {
    const m = await verifiedMember();
    const images = await (
      await call('/api/on/mypage/profile-images', { token: m.accessToken })
    ).json<{ url: string; role: string }[]>();
    const main = images.find((i) => i.role === 'MAIN')!;
    const res = await call(`/api/on/mypage/profile-images?url=${encodeURIComponent(main.url)}`, {
      method: 'DELETE',
      token: m.accessToken,
    });
    expect(res.status).toBe(200);
    expect((await state(m)).photo.status).toBe('NONE');
  });
});

describe('account export and deletion', () => {
  it('exports the decisions without the selfie, and deletion removes the selfies and rows', async () => {
    const m = await memberWithPhotos(1);
    const id = await pendingSelfie(m);
    const exported = await (
      await call('/api/on/mypage/export', { token: m.accessToken })
    ).json<{
      photoVerifications: { status: string; source: string; selfieKept: boolean }[];
    }>();
    expect(exported.photoVerifications).toEqual([
      expect.objectContaining({ status: 'PENDING', source: 'CAMERA', selfieKept: true }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('selfies/');
    const { selfie_key: key } = (await env.DB.prepare('SELECT selfie_key FROM photo_verifications WHERE id = ?')
      .bind(id)
      .first<{ selfie_key: string }>())!;
    const res = await call('/api/on/mypage/account', {
      method: 'DELETE',
      token: m.accessToken,
      json: { confirm: '탈퇴할게요' },
    });
    expect(res.status).toBe(200);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await countRows('SELECT count(*) AS n FROM photo_verifications WHERE member_id = ?', m.memberId)).toBe(0);
  });
});
