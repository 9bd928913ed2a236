// The room client's outbox: own echoes are not shown twice, messages typed offline are resent on
// reconnect, refusals are marked failed with a retry, a closed room fails what is left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@contract/chat';
import { RoomClient } from './chat-room-client';
import { FakeSocket } from '../test/fake-socket';

const settle = () => vi.advanceTimersByTimeAsync(0);

function makeClient() {
  const received: ChatMessage[] = [];
  let n = 0;
  const resumes = { count: 0 };
  const client = new RoomClient({
    url: () => Promise.resolve('ws://test/room'),
    createSocket: (u) => new FakeSocket(u),
    onMessage: (m) => received.push(m),
    onResume: () => {
      resumes.count += 1;
    },
    newId: () => `c${++n}`,
    now: () => new Date('2026-11-22T06:04:00Z'),
  });
  return { client, received, resumes };
}

const ready = { type: 'ready', chatRoomId: 7, closedReason: null };
const echo = (clientMsgId: string, id: number, content: string) => ({
  type: 'message',
  chatRoomId: 7,
  id,
  senderId: 1,
  content,
  sentAt: '2026-11-22T06:04:00Z',
  clientMsgId,
});
const sends = (socket: FakeSocket) => socket.frames().filter((f) => f.type === 'send');

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => vi.useRealTimers());

describe('RoomClient', () => {
  it('shows a sent message once: the pending item is dropped when its echo arrives', async () => {
    const { client, received } = makeClient();
    client.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().receive(ready);
    expect(client.send('  안녕하세요  ')).toBe(true);
    expect(sends(FakeSocket.latest())).toEqual([{ type: 'send', content: '안녕하세요', clientMsgId: 'c1' }]);
    expect(client.getSnapshot().outbox.map((i) => i.status)).toEqual(['sending']);

    FakeSocket.latest().receive(echo('c1', 1, '안녕하세요'));
    expect(client.getSnapshot().outbox).toEqual([]);
    expect(received.map((m) => m.content)).toEqual(['안녕하세요']);
    client.stop();
  });

  it('refuses blank text without queueing anything', async () => {
    const { client } = makeClient();
    client.start();
    expect(client.send('   ')).toBe(false);
    expect(client.getSnapshot().outbox).toEqual([]);
    client.stop();
  });

  it('keeps messages typed while offline and sends them, in order, once the room is ready again', async () => {
    const { client, resumes } = makeClient();
    client.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().receive(ready);
    FakeSocket.latest().serverClose(1006);
    expect(client.getSnapshot().state).toBe('reconnecting');

    client.send('첫 번째');
    client.send('두 번째');
    expect(client.getSnapshot().outbox.map((i) => i.content)).toEqual(['첫 번째', '두 번째']);

    await vi.advanceTimersByTimeAsync(5_000);
    const second = FakeSocket.latest();
    second.open();
    second.receive(ready);
    expect(sends(second).map((f) => [f.content, f.clientMsgId])).toEqual([
      ['첫 번째', 'c1'],
      ['두 번째', 'c2'],
    ]);
    expect(resumes.count).toBe(1);
    second.receive(echo('c1', 5, '첫 번째'));
    second.receive(echo('c2', 6, '두 번째'));
    expect(client.getSnapshot().outbox).toEqual([]);
    client.stop();
  });

  it('marks a refused message failed and sends it again with the same id on 다시 보내기', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().receive(ready);
    client.send('천천히 보낼게요');
    FakeSocket.latest().receive({ type: 'error', code: 'RATE_LIMITED', message: '…', clientMsgId: 'c1' });
    expect(client.getSnapshot().outbox).toMatchObject([{ status: 'failed', errorCode: 'RATE_LIMITED' }]);

    client.retry('c1');
    expect(client.getSnapshot().outbox).toMatchObject([{ status: 'sending', errorCode: null }]);
    expect(sends(FakeSocket.latest()).map((f) => f.clientMsgId)).toEqual(['c1', 'c1']);
    client.discard('c1');
    expect(client.getSnapshot().outbox).toEqual([]);
    client.stop();
  });

  it('a reply (답장) carries replyTo: the original id, sent now, again on reconnect and on 다시 보내기', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().receive(ready);
    const quote = { id: 4, senderId: 2, preview: '내일 봐요' };
    expect(client.send('네!', quote)).toBe(true);
    expect(sends(FakeSocket.latest())).toEqual([{ type: 'send', content: '네!', clientMsgId: 'c1', replyTo: 4 }]);
    expect(client.getSnapshot().outbox).toMatchObject([{ content: '네!', replyTo: quote }]);

    FakeSocket.latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(5_000);
    const second = FakeSocket.latest();
    second.open();
    second.receive(ready);
    expect(sends(second)).toEqual([{ type: 'send', content: '네!', clientMsgId: 'c1', replyTo: 4 }]);
    second.receive({ type: 'error', code: 'RATE_LIMITED', message: '…', clientMsgId: 'c1' });
    client.retry('c1');
    expect(sends(second).at(-1)).toEqual({ type: 'send', content: '네!', clientMsgId: 'c1', replyTo: 4 });
    // An ordinary message has no replyTo key at all.
    client.send('그리고요');
    expect(sends(second).at(-1)).toEqual({ type: 'send', content: '그리고요', clientMsgId: 'c2' });
    client.stop();
  });

  it('when the room closes, waiting messages fail, new ones are refused and it does not reconnect', async () => {
    const { client } = makeClient();
    client.start();
    await settle();
    FakeSocket.latest().open();
    FakeSocket.latest().receive(ready);
    client.send('거기 있어요?');
    FakeSocket.latest().receive({ type: 'closed', chatRoomId: 7, reason: 'LEFT' });
    // The client closes at once (the server answers with 4409).
    expect(FakeSocket.latest().closedWith).toEqual({ code: 1000, reason: 'finished' });
    FakeSocket.latest().serverClose(4409);
    const snap = client.getSnapshot();
    expect(snap.closedReason).toBe('LEFT');
    expect(snap.state).toBe('ended');
    expect(snap.outbox).toMatchObject([{ status: 'failed', errorCode: 'ROOM_CLOSED' }]);
    expect(client.send('또 보내요')).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
