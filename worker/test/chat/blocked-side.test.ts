// Issue 21 §1: after B blocks A, A's side of their room is frozen: the room list shows a neutral
// '알 수 없는 회원' without a photo (whatever B uploads later), history mints no links to B's photos,
// and A cannot open the room's socket (ticket, ticket upgrade or token upgrade: 404 like not there).
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_PREVIEW, UNKNOWN_MEMBER_NAME, type ChatMessage } from '../../src/contract/chat';
import { ORIGIN, bearer, pngFile, type SignedInMember } from '../helpers/auth';
import { getAs, matchedPair, roomList, roomTicket, upgrade } from '../helpers/chat';

async function sendPhoto(member: SignedInMember, roomId: number) {
  const form = new FormData();
  form.set('image', await pngFile('chat.png', 80, 80));
  const res = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/photos`, {
    method: 'POST',
    headers: bearer(member.accessToken),
    body: form,
  });
  expect(res.status).toBe(200);
}

async function uploadMainPhoto(member: SignedInMember) {
  const form = new FormData();
  form.set('mainImage', await pngFile('main.png', 90, 90));
  const res = await SELF.fetch(`${ORIGIN}/api/on/mypage/profile-images`, {
    method: 'POST',
    headers: bearer(member.accessToken),
    body: form,
  });
  expect(res.status).toBe(200);
}

describe('the blocked member’s side of a room', () => {
  it('neutral list entry, no photo links, no socket', async () => {
    const { a, b, roomId } = await matchedPair();
    await sendPhoto(b, roomId);
    await sendPhoto(a, roomId);
    const ticketBefore = await roomTicket(a, roomId);

    const blocked = await SELF.fetch(`${ORIGIN}/api/on/block/${a.memberId}`, {
      method: 'PUT',
      headers: bearer(b.accessToken),
    });
    expect(blocked.status).toBe(200);
    await uploadMainPhoto(b); // a photo B adds after the block never reaches A

    const [room] = (await roomList(a)).filter((r) => r.chatRoomId === roomId);
    expect(room).toMatchObject({
      opponentNickname: UNKNOWN_MEMBER_NAME,
      opponentProfileImageUrl: null,
      closedReason: 'BLOCKED',
    });

    const history = await (await getAs(a, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
    const theirs = history.filter((m) => m.senderId === b.memberId);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).not.toHaveProperty('imageUrl');
    expect(theirs[0]?.content).toBe(CHAT_PREVIEW.photo);
    const links = history.flatMap((m) => (m.imageUrl ? [m.imageUrl] : []));
    expect(links).toHaveLength(1); // A's own photo only

    const ticket = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/ws-ticket`, {
      method: 'POST',
      headers: bearer(a.accessToken),
    });
    expect(ticket.status).toBe(404);
    const viaTicket = await upgrade(`/api/on/chat-rooms/${roomId}/ws?ticket=${encodeURIComponent(ticketBefore)}`);
    expect(viaTicket.status).toBe(404);
    const viaToken = await upgrade(`/api/on/chat-rooms/${roomId}/ws`, {
      'Sec-WebSocket-Protocol': `ongi.chat.v1, ongi.token.${a.accessToken}`,
    });
    expect(viaToken.status).toBe(404);
  });
});
