// Voice notes in chat (docs/voice.md "Voice notes"): real audio of the declared type and duration
// only, stored privately under chat/{roomId}/ without recorder metadata, short-lived signed links
// for the room's two members (admins for reports), the room's rules (closed, rate limit, unsend).
import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoomItem, PhotoMessageResult } from '../../src/contract/chat';
import type { AdminReport } from '../../src/contract/admin';
import type { ReportResponse } from '../../src/contract';
import { maxVoiceBytes } from '../../src/contract/voice';
import { ORIGIN, bearer, type SignedInMember } from '../helpers/auth';
import { getAs, matchedPair, openRoom, postAs, roomList } from '../helpers/chat';
import { eventually, rowsOf } from '../helpers/notifications';
import { call } from '../helpers/mypage';
import { consoleAdmin, call as consoleCall } from '../admin/console-helpers';
import { FIXTURE_SECRET, PNG_BYTES, flatWaveform, mp4, ogg, webm } from '../helpers/audio-fixtures';

type VoiceForm = {
  bytes: Uint8Array;
  type?: string;
  durationMs?: string | number;
  waveform?: string;
  clientMsgId?: string;
  extra?: Record<string, string>;
};

function sendVoice(member: SignedInMember, roomId: number, f: VoiceForm) {
  const form = new FormData();
  form.set(
    'audio',
    new File([f.bytes.slice().buffer], 'my-holiday-recording.webm', { type: f.type ?? 'audio/webm;codecs=opus' }),
  );
  if (f.durationMs !== undefined) form.set('durationMs', String(f.durationMs));
  if (f.waveform !== undefined) form.set('waveform', f.waveform);
  if (f.clientMsgId !== undefined) form.set('clientMsgId', f.clientMsgId);
  for (const [k, v] of Object.entries(f.extra ?? {})) form.set(k, v);
  return SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/voice`, {
    method: 'POST',
    headers: bearer(member.accessToken),
    body: form,
  });
}

const history = async (member: SignedInMember, roomId: number) =>
  (await getAs(member, `/api/on/chat-rooms/${roomId}/messages`)).json<ChatMessage[]>();
const keyOf = (url: string) => new URL(url, ORIGIN).pathname.slice('/api/chat-media/'.length);
const chatObjects = async (roomId: number) =>
  (await env.MEDIA.list({ prefix: `chat/${roomId}/` })).objects.map((o) => o.key);
const fetchLink = (url: string, init?: RequestInit) => SELF.fetch(new URL(url, ORIGIN), init);
const codeOf = async (res: Response) => (await res.json<{ code: string }>()).code;
const latin1 = (b: ArrayBuffer) => new TextDecoder('latin1').decode(b);

describe('voice notes in chat', () => {
  it('arrive for both with their duration and waveform through a private link, without metadata', async () => {
    const { a, b, roomId } = await matchedPair();
    const [sa, sb] = await Promise.all([openRoom(a, roomId), openRoom(b, roomId)]);
    const bars = flatWaveform().map((_, i) => (i * 7) % 101);
    const res = await sendVoice(a, roomId, {
      bytes: webm(4_200),
      durationMs: 4_000,
      waveform: JSON.stringify(bars),
      clientMsgId: 'v-1',
    });
    expect(res.status).toBe(200);
    const sent = await res.json<PhotoMessageResult>();
    expect(sent).toMatchObject({
      chatRoomId: roomId,
      senderId: a.memberId,
      content: '',
      clientMsgId: 'v-1',
      durationMs: 4_200,
      waveform: bars,
    });
    expect(sent.imageUrl).toBeUndefined();
    const [live] = await sb.waitFor('message');
    expect(live).toMatchObject({ id: sent.id, content: '', durationMs: 4_200, waveform: bars });
    expect((await sa.waitFor('message'))[0]?.id).toBe(sent.id);

    const key = keyOf(live!.audioUrl!);
    expect(key).toMatch(new RegExp(`^chat/${roomId}/[A-Za-z0-9_-]+\\.webm$`));
    const audio = await fetchLink(live!.audioUrl!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('Content-Type')).toBe('audio/webm');
    expect(audio.headers.get('Cache-Control')).toMatch(/^private, max-age=\d+$/);
    const body = latin1(await audio.arrayBuffer());
    expect(body).not.toContain(FIXTURE_SECRET);
    expect(body).not.toContain('my-holiday-recording');
    const stored = await env.MEDIA.head(key);
    expect(stored?.customMetadata ?? {}).toEqual({});
    // Ranges (Safari's <audio> asks for them).
    const part = await fetchLink(live!.audioUrl!, { headers: { Range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 0-3/${stored!.size}`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect((await SELF.fetch(`${ORIGIN}/media/${key}`)).status).toBe(404);

    // History carries the same; the room list and the notification say 음성 메시지를 보냈어요.
    const [again] = await history(b, roomId);
    expect(again).toMatchObject({ id: sent.id, durationMs: 4_200, waveform: bars });
    expect(keyOf(again!.audioUrl!)).toBe(key);
    sb.close();
    const rooms = await eventually(
      () => roomList(b),
      (list) => list[0]?.lastMessage === '음성 메시지를 보냈어요',
    );
    expect(rooms[0]).toMatchObject<Partial<ChatRoomItem>>({ lastMessage: '음성 메시지를 보냈어요' });
    sa.close();

    // Ogg/Opus and MP4/AAC are accepted too; no waveform is a flat one.
    const o = await (
      await sendVoice(a, roomId, { bytes: ogg(2_000), type: 'audio/ogg', durationMs: 2_000 })
    ).json<ChatMessage>();
    expect(o.waveform).toEqual(flatWaveform(50));
    expect(keyOf(o.audioUrl!)).toMatch(/\.ogg$/);
    const m = await sendVoice(b, roomId, {
      bytes: mp4(3_000, { fragmented: true }),
      type: 'audio/mp4',
      durationMs: 3_000,
    });
    expect(m.status).toBe(200);
    expect((await fetchLink((await m.json<ChatMessage>()).audioUrl!)).headers.get('Content-Type')).toBe('audio/mp4');
    // a is away from the room: b's voice note reaches them as a notification.
    const note = await eventually(
      () => rowsOf(a.memberId),
      (rows) => rows.some((r) => r.text.includes('음성 메시지를 보냈어요')),
    );
    expect(note.some((r) => r.text.includes('음성 메시지를 보냈어요'))).toBe(true);
  });

  it('refuses what is not such audio, lies about its length or is too big, and stores nothing', async () => {
    const { a, roomId } = await matchedPair();
    const bad = async (f: VoiceForm, code: string, status = 400) => {
      const res = await sendVoice(a, roomId, f);
      expect(res.status, JSON.stringify(f.extra ?? f.durationMs)).toBe(status);
      expect(await codeOf(res)).toBe(code);
    };
    await bad({ bytes: PNG_BYTES, durationMs: 2_000 }, 'AUDIO_INVALID'); // a PNG named .webm
    await bad({ bytes: webm(3_000), type: 'audio/ogg', durationMs: 3_000 }, 'AUDIO_INVALID');
    await bad({ bytes: webm(3_000), durationMs: 9_000 }, 'AUDIO_INVALID'); // the duration lies
    await bad({ bytes: webm(61_500), durationMs: 61_500 }, 'AUDIO_INVALID'); // over 60 s
    await bad({ bytes: new Uint8Array(maxVoiceBytes(2_000) + 10).fill(1), durationMs: 2_000 }, 'AUDIO_INVALID');
    await bad({ bytes: webm(3_000), durationMs: 'three' }, 'INVALID_INPUT');
    await bad({ bytes: webm(3_000) }, 'INVALID_INPUT');
    await bad({ bytes: webm(3_000), durationMs: 3_000, waveform: '1,2,3' }, 'INVALID_INPUT');
    await bad({ bytes: webm(3_000), durationMs: 3_000, waveform: JSON.stringify(flatWaveform(101)) }, 'INVALID_INPUT');
    await bad({ bytes: webm(3_000), durationMs: 3_000, extra: { fileName: 'x.webm' } }, 'INVALID_INPUT');
    await bad({ bytes: new Uint8Array(0), durationMs: 3_000 }, 'AUDIO_MISSING');
    expect(await chatObjects(roomId)).toEqual([]);
    expect(await history(a, roomId)).toEqual([]);
  });

  it('follows the room: outsiders 404, the rate limit, a closed room', async () => {
    const { a, b, roomId } = await matchedPair();
    const { a: stranger } = await matchedPair();
    const ok = { bytes: webm(2_000), durationMs: 2_000 };
    expect((await sendVoice(stranger, roomId, ok)).status).toBe(404);
    const first = await (await sendVoice(a, roomId, ok)).json<ChatMessage>();
    // The stranger never gets a link: no history, and their own link to it does not exist.
    expect((await getAs(stranger, `/api/on/chat-rooms/${roomId}/messages`)).status).toBe(404);
    const url = new URL(first.audioUrl!, ORIGIN);
    expect((await fetchLink(`/api/chat-media/${keyOf(first.audioUrl!)}`)).status).toBe(404);
    expect((await fetchLink(`${url.pathname}?exp=${url.searchParams.get('exp')}&sig=AAAA`)).status).toBe(404);

    const sa = await openRoom(a, roomId);
    for (let i = 0; i < 9; i++) sa.send(`메시지 ${i}`);
    await sa.waitFor('message', 9);
    const limited = await sendVoice(a, roomId, ok);
    expect(limited.status).toBe(429);
    expect(await codeOf(limited)).toBe('CHAT_RATE_LIMITED');
    expect(await chatObjects(roomId)).toHaveLength(1); // the refused upload left nothing behind
    sa.close();

    expect((await postAs(b, `/api/on/chat-rooms/${roomId}/leave`)).status).toBe(200);
    const closed = await sendVoice(b, roomId, ok);
    expect(closed.status).toBe(409);
    expect(await codeOf(closed)).toBe('CHAT_ROOM_CLOSED');
  });

  it('unsent: members’ links stop, the report keeps it and the admin can play it', async () => {
    const { a, b, roomId } = await matchedPair();
    const voice = await (
      await sendVoice(b, roomId, { bytes: ogg(3_000), type: 'audio/ogg', durationMs: 3_000 })
    ).json<ChatMessage>();
    expect((await fetchLink(voice.audioUrl!)).status).toBe(200);
    const unsent = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/messages/${voice.id}`, {
      method: 'DELETE',
      headers: bearer(b.accessToken),
    });
    expect(unsent.status).toBe(200);
    expect((await fetchLink(voice.audioUrl!)).status).toBe(404);
    expect(await history(a, roomId)).toEqual([
      { id: voice.id, senderId: b.memberId, content: '', sentAt: voice.sentAt, deleted: true },
    ]);

    const report = await call('/api/on/report', {
      method: 'POST',
      token: a.accessToken,
      json: {
        targetMemberId: b.memberId,
        chatRoomId: roomId,
        reasonType: 'ABUSE',
        content: '음성으로 욕을 하고 지웠어요.',
        pageUrl: '/chatting',
        messageSamples: [{ from: 'other', text: '삭제된 메시지예요', time: Date.now() }],
      },
    });
    expect(await report.json<ReportResponse>()).toMatchObject({ verifiedSamples: 1 });
    const admin = await consoleAdmin('음성 확인');
    const reports = await (
      await consoleCall(`/admin/reports/${b.memberId}`, { cookie: admin.cookie })
    ).json<AdminReport[]>();
    const [sample] = reports[0]!.messageSamples;
    expect(sample).toMatchObject({ text: '음성 메시지를 보냈어요', unsent: true });
    expect(JSON.stringify(reports)).not.toContain('audioKey');
    const played = await fetchLink(sample!.audioUrl!);
    expect(played.status).toBe(200);
    expect(played.headers.get('Content-Type')).toBe('audio/ogg');
  });

  it('answer a message of the room as a 답장 (unsent ones too), quoted like a text reply; another room’s id is refused', async () => {
    const { a, b, roomId } = await matchedPair();
    const sb = await openRoom(b, roomId);
    sb.send('주말에 뭐 해요?');
    sb.send('이건 지울게요');
    const [asked, gone] = (await sb.waitFor('message', 2)).map((f) => f.id);
    const ok = { bytes: webm(2_000), durationMs: 2_000 };

    const res = await sendVoice(a, roomId, { ...ok, extra: { replyTo: String(asked) } });
    expect(res.status).toBe(200);
    const voice = await res.json<PhotoMessageResult>();
    const quote = { id: asked, senderId: b.memberId, preview: '주말에 뭐 해요?' };
    expect(voice.replyTo).toEqual(quote);
    const [frame] = (await sb.waitFor('message', 3)).slice(2);
    expect(frame).toMatchObject({ id: voice.id, audioUrl: expect.any(String), replyTo: quote });
    expect((await history(b, roomId)).find((m) => m.id === voice.id)?.replyTo).toEqual(quote);

    // A text reply to the voice note quotes it as '음성 메시지를 보냈어요' (CHAT_PREVIEW.voice).
    sb.sendRaw(
      JSON.stringify({ type: 'send', content: '목소리 좋네요', clientMsgId: crypto.randomUUID(), replyTo: voice.id }),
    );
    const [answer] = (await sb.waitFor('message', 4)).slice(3);
    expect(answer?.replyTo).toEqual({ id: voice.id, senderId: a.memberId, preview: '음성 메시지를 보냈어요' });

    // An unsent original may be answered, as a text may (the quote says it was unsent).
    const unsent = await SELF.fetch(`${ORIGIN}/api/on/chat-rooms/${roomId}/messages/${gone}`, {
      method: 'DELETE',
      headers: bearer(b.accessToken),
    });
    expect(unsent.status).toBe(200);
    const late = await (await sendVoice(a, roomId, { ...ok, extra: { replyTo: String(gone) } })).json<ChatMessage>();
    expect(late.replyTo).toEqual({ id: gone, senderId: b.memberId, preview: '삭제된 메시지예요' });

    // Another room's message (an id this room does not have), and a replyTo that is no id: refused, nothing kept.
    const other = await matchedPair();
    const so = await openRoom(other.a, other.roomId);
    for (let i = 0; i < 7; i++) so.send(`다른 방 ${i}`);
    const elsewhere = (await so.waitFor('message', 7)).at(-1)!.id;
    so.close();
    const stored = await chatObjects(roomId);
    for (const replyTo of [String(elsewhere), 'abc', '0']) {
      const refused = await sendVoice(a, roomId, { ...ok, extra: { replyTo } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'INVALID_INPUT', fields: { replyTo: expect.any(String) } });
    }
    expect(await chatObjects(roomId)).toEqual(stored);
    sb.close();
  });
});
