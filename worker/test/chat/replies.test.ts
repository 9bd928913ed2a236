// 답장 (issue 22): a send frame may carry `replyTo` (a message of this room); the room stores the
// reference and every copy of the reply — live frames and history — quotes its original as it is
// now: its text (one line, cut), '사진을 보냈어요' for a photo, '삭제된 메시지예요' once unsent.
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, parseClientFrame, type ChatMessage, type PhotoMessageResult } from '../../src/contract/chat';
import { ORIGIN, bearer } from '../helpers/auth';
import { getAs, matchedPair, openRoom } from '../helpers/chat';
import { jpegWithMetadata } from '../media/fixtures';

const history = async (member: Parameters<typeof getAs>[0], roomId: number) =>
  (await getAs(member, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();

const reply = (content: string, replyTo: unknown, clientMsgId = crypto.randomUUID()) =>
  JSON.stringify({ type: 'send', content, clientMsgId, replyTo });

describe('replies (답장)', () => {
  it('the frame accepts only a positive message id as replyTo', () => {
    expect(parseClientFrame(reply('네', 3, 'c1'))).toEqual({
      type: 'send',
      content: '네',
      clientMsgId: 'c1',
      replyTo: 3,
    });
    for (const bad of [0, -1, 1.5, '3', null, {}]) expect(parseClientFrame(reply('네', bad)), String(bad)).toBeNull();
    expect(
      parseClientFrame(JSON.stringify({ type: 'send', content: '네', clientMsgId: 'c', replyTo: 1, x: 1 })),
    ).toBeNull();
  });

  it('quotes the original live and in history, for both members; an unknown original is refused', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const long = `주말에 뭐 해요?\n${'영화 보러 갈까 해요 '.repeat(10)}`;
    sa.send(long);
    const [original] = await sb.waitFor('message');
    expect(original?.replyTo).toBeUndefined();

    sb.sendRaw(reply('좋아요, 같이 가요!', original!.id, 'r1'));
    const [, live] = await sa.waitFor('message', 2);
    const quote = live!.replyTo!;
    expect(quote.id).toBe(original!.id);
    expect(quote.senderId).toBe(a.memberId);
    expect(quote.preview.startsWith('주말에 뭐 해요? 영화 보러')).toBe(true); // one line
    expect(quote.preview.endsWith('…')).toBe(true);
    expect([...new Intl.Segmenter('ko', { granularity: 'grapheme' }).segment(quote.preview)]).toHaveLength(
      CHAT_LIMITS.replyPreviewMaxChars + 1,
    );
    const echo = (await sb.waitFor('message', 2))[1];
    expect(echo).toMatchObject({ clientMsgId: 'r1', replyTo: quote });

    for (const member of [a, b]) {
      const [first, second] = await history(member, roomId);
      expect(first?.replyTo).toBeUndefined();
      expect(second).toMatchObject({ content: '좋아요, 같이 가요!', replyTo: quote });
    }

    // A message id this room does not have: refused, nothing stored.
    sb.sendRaw(reply('어디요?', 9_999, 'r2'));
    const [error] = await sb.waitFor('error');
    expect(error).toMatchObject({ code: 'BAD_FRAME', clientMsgId: 'r2' });
    expect(await history(b, roomId)).toHaveLength(2);
    sa.close();
    sb.close();
  });

  it('a photo original reads 사진을 보냈어요, an unsent one 삭제된 메시지예요 — never its old text', async () => {
    const { a, b, roomId } = await matchedPair();
    const sb = await openRoom(b, roomId);
    const form = new FormData();
    form.set('image', new File([jpegWithMetadata().file], 'a.jpg', { type: 'image/jpeg' }));
    const photoRes = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/photos`, {
      method: 'POST',
      headers: bearer(a.accessToken),
      body: form,
    });
    const photo = await photoRes.json<PhotoMessageResult>();
    const sa = await openRoom(a, roomId);
    sa.send('비밀 이야기');
    const [, secret] = await sb.waitFor('message', 2);

    sb.sendRaw(reply('사진 좋네요', photo.id));
    sb.sendRaw(reply('네?', secret!.id));
    const frames = await sa.waitFor('message', 3);
    expect(frames[1]?.replyTo).toEqual({ id: photo.id, senderId: a.memberId, preview: '사진을 보냈어요' });
    expect(frames[2]?.replyTo).toEqual({ id: secret!.id, senderId: a.memberId, preview: '비밀 이야기' });

    const gone = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/messages/${secret!.id}`, {
      method: 'DELETE',
      headers: bearer(a.accessToken),
    });
    expect(gone.status).toBe(200);
    const rows = await history(b, roomId);
    const answer = rows.find((m) => m.content === '네?');
    expect(answer?.replyTo).toEqual({ id: secret!.id, senderId: a.memberId, preview: '삭제된 메시지예요' });
    expect(JSON.stringify(rows)).not.toContain('비밀 이야기');
    // Replying to an unsent message is allowed; the quote is neutral from the start.
    sb.sendRaw(reply('알겠어요', secret!.id));
    const [, , , late] = await sa.waitFor('message', 4);
    expect(late?.replyTo?.preview).toBe('삭제된 메시지예요');
    sa.close();
    sb.close();
  });
});
