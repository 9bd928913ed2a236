// Issue 21 §8: one member cannot pile up sockets. One more than the cap on a room or on the live
// channel closes that member's oldest with 4429 and a Korean reason; the other member is untouched.
import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE, CHAT_LIMITS, CHAT_MESSAGES } from '../../src/contract/chat';
import { matchedPair, openLive, openRoom, within, type TestSocket } from '../helpers/chat';

describe('sockets per member', () => {
  it(`room: the ${CHAT_LIMITS.roomSocketsPerMember + 1}th socket closes the member’s oldest (4429, Korean reason)`, async () => {
    const { a, b, roomId } = await matchedPair();
    const other = await openRoom(b, roomId);
    const mine: TestSocket[] = [];
    for (let i = 0; i < CHAT_LIMITS.roomSocketsPerMember; i++) mine.push(await openRoom(a, roomId));
    expect(mine.every((s) => s.closed === null)).toBe(true);
    const newest = await openRoom(a, roomId);
    const closed = await within(5_000, 'oldest room socket closed', mine[0]?.waitClosed() ?? Promise.reject());
    expect(closed).toEqual({ code: CHAT_CLOSE.tooManySockets, reason: CHAT_MESSAGES.tooManySockets });
    expect(mine.slice(1).every((s) => s.closed === null)).toBe(true);
    expect(newest.closed).toBeNull();
    expect(other.closed).toBeNull();
    // The newest still works: the other member gets its message.
    newest.send('안녕하세요');
    await within(5_000, 'message reaches the other member', other.waitFor('message'));
    for (const s of [...mine, newest, other]) s.close();
  });

  it(`live channel: at most ${CHAT_LIMITS.liveSocketsPerMember} per member`, async () => {
    const { a } = await matchedPair();
    const live: TestSocket[] = [];
    for (let i = 0; i < CHAT_LIMITS.liveSocketsPerMember + 2; i++) live.push(await openLive(a));
    for (const s of live.slice(0, 2)) {
      const closed = await within(5_000, 'oldest live socket closed', s.waitClosed());
      expect(closed.code).toBe(CHAT_CLOSE.tooManySockets);
      expect(closed.reason).toBe(CHAT_MESSAGES.tooManySockets);
    }
    expect(live.slice(2).every((s) => s.closed === null)).toBe(true);
    for (const s of live) s.close();
  });
});
