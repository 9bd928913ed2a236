// After a ban or a block the room's sockets are not only told (`closed` frame) but closed with the
// codes docs/chat.md documents: 4403 for the banned member, 4409 for the room. A client that closes
// when it reads the frame (ours) has its close answered with that code at once; one that ignores
// it is closed by the room after CLOSE_GRACE_MS. Also when the room had hibernated before.
import { SELF, env, evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '../../src/contract/chat';
import { CLOSE_GRACE_MS } from '../../src/areas/chat/closing';
import { chatRoomStub } from '../../src/areas/chat/stubs';
import { consoleAdmin, consoleRequest } from '../admin/console-helpers';
import { ORIGIN, bearer } from '../helpers/auth';
import { matchedPair, openRoom, within, type Matched, type TestSocket } from '../helpers/chat';

type Client = 'closes on the closed frame' | 'ignores the closed frame';

async function connectedPair(
  client: Client,
  hibernated: boolean,
): Promise<Matched & { sa: TestSocket; sb: TestSocket }> {
  const pair = await matchedPair();
  const [sa, sb] = await Promise.all([openRoom(pair.a, pair.roomId), openRoom(pair.b, pair.roomId)]);
  if (client === 'closes on the closed frame') {
    for (const s of [sa, sb]) void s.until(() => s.of('closed').length > 0).then(() => s.close());
  }
  // The room object goes away (its sockets hibernate), as an idle room does in production.
  if (hibernated) await evictDurableObject(chatRoomStub(env, pair.roomId));
  return { ...pair, sa, sb };
}

const cases: [Client, boolean][] = [
  ['closes on the closed frame', false],
  ['closes on the closed frame', true],
  ['ignores the closed frame', false],
  ['ignores the closed frame', true],
];

describe.each(cases)('close codes (a client that %s; room hibernated first: %s)', (client, hibernated) => {
  // Ours closes at once; one that ignores the frame is closed by the room once the grace is over.
  const limit = client === 'closes on the closed frame' ? 1_000 : CLOSE_GRACE_MS + 1_000;
  const closeOf = (socket: TestSocket, who: string) => within(limit, `${who}'s socket closed`, socket.waitClosed());

  it('a ban closes the banned member with 4403 and the other member with 4409 after the closed frame', async () => {
    const { a, sa, sb } = await connectedPair(client, hibernated);
    const admin = await consoleAdmin();
    const res = await SELF.fetch(
      consoleRequest(`/admin/members/${a.memberId}/ban`, {
        method: 'PATCH',
        body: { until: null },
        cookie: admin.cookie,
      }),
    );
    expect(res.status).toBe(200);
    const [closedA, closedB] = await Promise.all([closeOf(sa, 'banned member'), closeOf(sb, 'other member')]);
    expect(closedA.code).toBe(CHAT_CLOSE.disconnected);
    expect(closedB.code).toBe(CHAT_CLOSE.roomClosed);
    expect(sb.of('closed')[0]).toMatchObject({ reason: 'BANNED' });
  });

  it('a block closes both members’ sockets with 4409 after the closed frame', async () => {
    const { a, b, sa, sb } = await connectedPair(client, hibernated);
    const res = await SELF.fetch(`${ORIGIN}/api/on/block/${b.memberId}`, {
      method: 'PUT',
      headers: bearer(a.accessToken),
    });
    expect(res.status).toBe(200);
    const [closedA, closedB] = await Promise.all([closeOf(sa, 'blocker'), closeOf(sb, 'blocked member')]);
    expect([closedA.code, closedB.code]).toEqual([CHAT_CLOSE.roomClosed, CHAT_CLOSE.roomClosed]);
    expect(sa.of('closed')[0]).toMatchObject({ reason: 'BLOCKED' });
    expect(sb.of('closed')[0]).toMatchObject({ reason: 'BLOCKED' });
  });
});
