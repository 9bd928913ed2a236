// Photos in chat (private to the room: cleaned, R2 under chat/, short-lived signed links) and
// unsending within 5 minutes (both sides, original kept as report evidence only).
import { SELF, env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decode as decodeJpeg } from 'jpeg-js';
import { recentMessages } from '../../src/areas/chat/rooms-api';
import { linkExpiry } from '../../src/areas/chat/photos';
import { buildApp } from '../../src/app';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import type { ChatMessage, ChatRoomItem, PhotoMessageResult } from '../../src/contract/chat';
import type { AdminReport } from '../../src/contract/admin';
import type { ReportResponse } from '../../src/contract';
import { hmacSign } from '../../src/lib/crypto';
import { ORIGIN, bearer, type SignedInMember } from '../helpers/auth';
import { getAs, matchedPair, openRoom, postAs, roomList } from '../helpers/chat';
import { eventually } from '../helpers/notifications';
import { call } from '../helpers/mypage';
import { consoleAdmin, call as consoleCall } from '../admin/console-helpers';
import { CAMERA_MAKE, GPS_LATITUDE_RATIONALS, indexOfBytes, jpegWithMetadata, text } from '../media/fixtures';

function sendPhoto(member: SignedInMember, roomId: number, bytes: Uint8Array, clientMsgId?: string) {
  const form = new FormData();
  form.set('image', new File([bytes], 'IMG_0001.jpg', { type: 'image/jpeg' }));
  if (clientMsgId) form.set('clientMsgId', clientMsgId);
  return SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/photos`, {
    method: 'POST',
    headers: bearer(member.accessToken),
    body: form,
  });
}

const unsend = (member: SignedInMember, roomId: number, id: number) =>
  SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/messages/${id}`, {
    method: 'DELETE',
    headers: bearer(member.accessToken),
  });

const history = async (member: SignedInMember, roomId: number) =>
  (await getAs(member, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();

const keyOf = (url: string) => new URL(url, ORIGIN).pathname.slice('/api/chat-media/'.length);
const chatObjects = async (roomId: number) =>
  (await env.MEDIA.list({ prefix: `chat/${roomId}/` })).objects.map((o) => o.key);
/** A link fetched by someone with no credentials at all (a visitor, another member's browser). */
const fetchLink = (url: string) => SELF.fetch(new URL(url, ORIGIN));
const fetchLinkAt = (url: string, at: Date) =>
  buildApp().fetch(new Request(new URL(url, ORIGIN)), { ...env, FIXED_NOW: at.toISOString() }, {
    waitUntil: () => {},
    passThroughOnException: () => {},
    props: {},
  } as unknown as ExecutionContext);

const codeOf = async (res: Response) => (await res.json<{ code: string }>()).code;

describe('photos in chat', () => {
  it('a GPS-tagged JPEG arrives for both without metadata, through a private, short-lived link', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const { file } = jpegWithMetadata(96, 80);
    expect(indexOfBytes(file, GPS_LATITUDE_RATIONALS)).toBeGreaterThan(0);

    const res = await sendPhoto(a, roomId, file, 'photo-1');
    expect(res.status).toBe(200);
    const sent = await res.json<PhotoMessageResult>();
    expect(sent).toMatchObject({ chatRoomId: roomId, senderId: a.memberId, content: '', clientMsgId: 'photo-1' });
    const [live] = await sb.waitFor('message');
    expect(live).toMatchObject({ id: sent.id, senderId: a.memberId, content: '' });
    expect((await sa.waitFor('message'))[0]?.id).toBe(sent.id);

    const key = keyOf(live!.imageUrl!);
    expect(key).toMatch(new RegExp(`^chat/${roomId}/[A-Za-z0-9_-]+\\.jpg$`));
    const photo = await fetchLink(live!.imageUrl!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Content-Type')).toBe('image/jpeg');
    expect(photo.headers.get('Cache-Control')).toMatch(/^private, max-age=\d+$/);
    const bytes = new Uint8Array(await photo.arrayBuffer());
    // Re-encoded from the pixels (media/clean.ts): the stored object, a fresh JPEG of the same size.
    expect(bytes).toEqual(new Uint8Array(await (await env.MEDIA.get(key))!.arrayBuffer()));
    expect(decodeJpeg(bytes, { useTArray: true })).toMatchObject({ width: 96, height: 80 });
    for (const needle of [GPS_LATITUDE_RATIONALS, text('GPSLatitude'), text(CAMERA_MAKE), text('Exif')]) {
      expect(indexOfBytes(bytes, needle)).toBe(-1);
    }
    // The public media route never serves chat photos.
    expect((await SELF.fetch(`${ORIGIN}/media/${key}`)).status).toBe(404);

    // History carries it too (a fresh link of the same key), and the room list says 사진을 보냈어요.
    const [stored] = await history(b, roomId);
    expect(stored).toMatchObject({ id: sent.id, content: '' });
    expect(keyOf(stored!.imageUrl!)).toBe(key);
    const rooms = await eventually(
      () => roomList(b),
      (list) => list[0]?.lastMessage === '사진을 보냈어요',
    );
    expect(rooms[0]).toMatchObject<Partial<ChatRoomItem>>({ lastMessage: '사진을 보냈어요', messageCount: 1 });
    sa.close();
    sb.close();
  });

  it('is idempotent on clientMsgId (one message, one object) and shares the room’s rate limit', async () => {
    const { a, roomId } = await matchedPair();
    const { file } = jpegWithMetadata();
    const first = await (await sendPhoto(a, roomId, file, 'same')).json<PhotoMessageResult>();
    const again = await sendPhoto(a, roomId, file, 'same');
    expect(again.status).toBe(200);
    expect((await again.json<PhotoMessageResult>()).id).toBe(first.id);
    expect(await chatObjects(roomId)).toHaveLength(1);
    expect(await history(a, roomId)).toHaveLength(1);

    const sa = await openRoom(a, roomId);
    for (let i = 0; i < 9; i++) sa.send(`메시지 ${i}`);
    await sa.waitFor('message', 9);
    const limited = await sendPhoto(a, roomId, file, 'over');
    expect(limited.status).toBe(429);
    expect(await codeOf(limited)).toBe('CHAT_RATE_LIMITED');
    expect(await chatObjects(roomId)).toHaveLength(1); // the refused upload left nothing behind
    sa.close();
  });

  it('refuses non-images, oversize files, closed rooms and anyone outside the room', async () => {
    const { a, b, roomId } = await matchedPair();
    const { a: stranger } = await matchedPair();
    const { file } = jpegWithMetadata();
    const notImage = await sendPhoto(a, roomId, text('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notImage.status).toBe(400);
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(file);
    expect((await sendPhoto(a, roomId, huge)).status).toBe(413);
    expect((await sendPhoto(stranger, roomId, file)).status).toBe(404);
    expect(await chatObjects(roomId)).toEqual([]);

    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/leave`)).status).toBe(200);
    const closed = await sendPhoto(a, roomId, file);
    expect(closed.status).toBe(409);
    expect(await codeOf(closed)).toBe('CHAT_ROOM_CLOSED');
  });

  it('links cannot be forged, altered, moved to another key, stretched or used after they expire', async () => {
    const { a, roomId } = await matchedPair();
    const { a: other, roomId: otherRoom } = await matchedPair();
    const { file } = jpegWithMetadata();
    const mine = await (await sendPhoto(a, roomId, file)).json<PhotoMessageResult>();
    const theirs = await (await sendPhoto(other, otherRoom, file)).json<PhotoMessageResult>();
    const url = new URL(mine.imageUrl!, ORIGIN);
    const key = keyOf(mine.imageUrl!);
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    expect(exp - Date.now() / 1000).toBeGreaterThanOrEqual(600);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(900);

    expect((await fetchLink(`/api/chat-media/${key}`)).status).toBe(404); // no signature
    // One character changed where every bit counts (the last base64url character carries only 4 bits).
    const altered = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect((await fetchLink(`/api/chat-media/${key}?exp=${exp}&sig=${altered}`)).status).toBe(404);
    expect((await fetchLink(`/api/chat-media/${key}?exp=${exp + 300}&sig=${sig}`)).status).toBe(404);
    // My valid signature on another room's photo.
    expect((await fetchLink(`/api/chat-media/${keyOf(theirs.imageUrl!)}?exp=${exp}&sig=${sig}`)).status).toBe(404);
    // A member link is not an admin link.
    expect((await fetchLink(`${mine.imageUrl!}&scope=admin`)).status).toBe(404);
    // Signed with the real secret but valid for a year: not a link we issue.
    const farExp = Math.floor(Date.now() / 1000) + 365 * 86_400;
    const farSig = await hmacSign(env.JWT_SECRET!, `chat-media:${key}:${farExp}`);
    expect((await fetchLink(`/api/chat-media/${key}?exp=${farExp}&sig=${farSig}`)).status).toBe(404);

    // The genuine link works now and stops working once it expires.
    expect((await fetchLinkAt(mine.imageUrl!, new Date((exp - 5) * 1000))).status).toBe(200);
    const expired = await fetchLinkAt(mine.imageUrl!, new Date((exp + 1) * 1000));
    expect(expired.status).toBe(404);
    expect(await codeOf(expired)).toBe('CHAT_PHOTO_NOT_FOUND');
    expect(linkExpiry(new Date()) % 300).toBe(0);
  });

  it('a third member cannot get the photo URL: no history, no socket, no upload answer', async () => {
    const { a, roomId } = await matchedPair();
    const { a: stranger } = await matchedPair();
    const { file } = jpegWithMetadata();
    await sendPhoto(a, roomId, file);
    const res = await getAs(stranger, `/api/on/chat-rooms/${roomId}/messages`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('chat-media');
    expect((await postAs(stranger, `/api/on/chat-rooms/${roomId}/ws-ticket`)).status).toBe(404);
  });
});

describe('unsending', () => {
  it('the sender unsends within 5 minutes for both sides; the original stays as evidence only', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    sa.send('잘못 보낸 메시지');
    const [msg] = await sb.waitFor('message');

    expect((await unsend(b, roomId, msg!.id)).status).toBe(404); // someone else's
    expect((await unsend(a, roomId, 9_999)).status).toBe(404);
    const res = await unsend(a, roomId, msg!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: msg!.id, deleted: true });
    for (const s of [sa, sb]) {
      expect((await s.waitFor('unsent'))[0]).toEqual({ type: 'unsent', chatRoomId: roomId, id: msg!.id });
    }
    for (const m of [a, b]) {
      expect(await history(m, roomId)).toEqual([
        { id: msg!.id, senderId: a.memberId, content: '', sentAt: msg!.sentAt, deleted: true },
      ]);
    }
    const rooms = await eventually(
      () => roomList(b),
      (list) => list[0]?.lastMessage === '삭제된 메시지예요',
    );
    expect(rooms[0]?.lastMessage).toBe('삭제된 메시지예요');
    const [evidence] = await recentMessages(env, roomId, 10);
    expect(evidence).toMatchObject({ id: msg!.id, content: '잘못 보낸 메시지', deleted: true });
    // Unsending again is harmless.
    expect((await unsend(a, roomId, msg!.id)).status).toBe(200);
    sa.close();
    sb.close();
  });

  it('after 5 minutes it is 409 with a Korean message', async () => {
    const { a, roomId } = await matchedPair();
    const sa = await openRoom(a, roomId);
    sa.send('오래된 메시지');
    const [msg] = await sa.waitFor('message');
    // The clock moved: the message was sent 5 minutes and a second ago.
    await runInDurableObject(chatRoomStub(env, roomId), async (_room, state) => {
      state.storage.sql.exec('UPDATE messages SET sent_ms = sent_ms - 301000 WHERE id = ?', msg!.id);
    });
    const res = await unsend(a, roomId, msg!.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'CHAT_UNSEND_EXPIRED',
      message: '보낸 지 5분이 지난 메시지는 삭제할 수 없어요.',
    });
    expect((await history(a, roomId))[0]).toMatchObject({ content: '오래된 메시지' });
    sa.close();
  });

  it('an unsent photo stops loading for members; report samples keep it and admins can see it', async () => {
    const { a, b, roomId } = await matchedPair();
    const { file } = jpegWithMetadata();
    const photo = await (await sendPhoto(b, roomId, file)).json<PhotoMessageResult>();
    const expected = new Uint8Array(await (await env.MEDIA.get(keyOf(photo.imageUrl!)))!.arrayBuffer());
    const sb = await openRoom(b, roomId);
    sb.send('이건 지울게요');
    const [sentText] = await sb.waitFor('message');
    expect((await unsend(b, roomId, photo.id)).status).toBe(200);
    expect((await unsend(b, roomId, sentText!.id)).status).toBe(200);
    expect((await fetchLink(photo.imageUrl!)).status).toBe(404);
    const [shown] = await history(a, roomId);
    expect(shown).toEqual({ id: photo.id, senderId: b.memberId, content: '', sentAt: photo.sentAt, deleted: true });

    // a reports b, citing both as the page shows them.
    const report = await call('/api/on/report', {
      method: 'POST',
      token: a.accessToken,
      json: {
        targetMemberId: b.memberId,
        chatRoomId: roomId,
        reasonType: 'ABUSE',
        content: '사진을 보내고 지웠어요.',
        pageUrl: '/chatting',
        messageSamples: [
          { from: 'other', text: '삭제된 메시지예요', time: Date.now() },
          { from: 'other', text: '삭제된 메시지예요', time: Date.now() },
          { from: 'other', text: '사진을 보냈어요', time: Date.now() },
        ],
      },
    });
    expect(report.status).toBe(200);
    expect(await report.json<ReportResponse>()).toMatchObject({ verifiedSamples: 2, unverifiedSamples: 1 });

    const admin = await consoleAdmin('사진 확인');
    const reports = await (
      await consoleCall(`/admin/reports/${b.memberId}`, { cookie: admin.cookie })
    ).json<AdminReport[]>();
    const samples = reports[0]!.messageSamples;
    expect(samples.map((s) => [s.text, s.unsent])).toEqual([
      ['사진을 보냈어요', true],
      ['이건 지울게요', true],
    ]);
    expect(JSON.stringify(reports)).not.toContain('"photoKey"');
    const adminPhoto = await fetchLink(samples[0]!.imageUrl!);
    expect(adminPhoto.status).toBe(200);
    expect(new Uint8Array(await adminPhoto.arrayBuffer())).toEqual(expected);
    sb.close();
  });
});
