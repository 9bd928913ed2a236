// The room summary writer: the first message after a quiet spell is written at once; while busy,
// writes keep a minimum interval and later messages merge into one write.
import { describe, expect, it } from 'vitest';
import { SummaryWriter, type PendingSummary } from '../../src/chat/summary-writer';

const update = (n: number, unreadFor: number | null) => ({
  lastMessage: `메시지 ${n}`,
  lastMessageAt: `2026-11-22T06:00:0${n}Z`,
  lastSenderId: 1,
  messageCount: n,
  unreadFor,
});

/** A clock that only moves when the writer sleeps. */
function fakeTime() {
  let now = 10_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('SummaryWriter', () => {
  it('writes the first message at once, then merges what arrives during the interval into one write', async () => {
    const time = fakeTime();
    const writes: { count: number; unread: [number, number][]; at: number }[] = [];
    let release: () => void = () => undefined;
    const writer = new SummaryWriter(
      async (s: PendingSummary) => {
        writes.push({ count: s.messageCount, unread: [...s.unread], at: time.now() });
        if (writes.length === 1) await new Promise<void>((r) => (release = r));
      },
      { minIntervalMs: 2_000, now: time.now, sleep: time.sleep },
    );
    const first = writer.push(update(1, 2));
    const second = writer.push(update(2, 2));
    const third = writer.push(update(3, null));
    time.advance(500);
    release();
    await Promise.all([first, second, third]);
    expect(writes).toEqual([
      { count: 1, unread: [[2, 1]], at: 10_000 },
      { count: 3, unread: [[2, 1]], at: 12_000 },
    ]);
    expect(time.sleeps).toEqual([1_500]);
  });

  it('does not wait when the room was quiet for longer than the interval', async () => {
    const time = fakeTime();
    const writer = new SummaryWriter(async () => undefined, { minIntervalMs: 2_000, now: time.now, sleep: time.sleep });
    await writer.push(update(1, 2));
    time.advance(5_000);
    await writer.push(update(2, 2));
    expect(time.sleeps).toEqual([]);
  });

  it('keeps going after a failed write', async () => {
    const counts: number[] = [];
    const writer = new SummaryWriter(
      async (s) => {
        counts.push(s.messageCount);
        if (s.messageCount === 1) throw new Error('D1 hiccup');
      },
      { minIntervalMs: 0 },
    );
    await writer.push(update(1, 2));
    await writer.push(update(2, 2));
    expect(counts).toEqual([1, 2]);
  });
});
