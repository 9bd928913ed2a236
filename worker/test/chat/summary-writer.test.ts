// The room summary writer: one D1 write in flight, later messages merged into the next write.
import { describe, expect, it } from 'vitest';
import { SummaryWriter, type PendingSummary } from '../../src/chat/summary-writer';

const update = (n: number, unreadFor: number | null) => ({
  lastMessage: `메시지 ${n}`,
  lastMessageAt: `2026-11-22T06:00:0${n}Z`,
  lastSenderId: 1,
  messageCount: n,
  unreadFor,
});

describe('SummaryWriter', () => {
  it('merges messages that arrive during a write into one next write with the latest text and summed unread', async () => {
    const writes: { count: number; unread: [number, number][] }[] = [];
    let release: () => void = () => undefined;
    const writer = new SummaryWriter(async (s: PendingSummary) => {
      writes.push({ count: s.messageCount, unread: [...s.unread] });
      if (writes.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = writer.push(update(1, 2));
    const second = writer.push(update(2, 2));
    const third = writer.push(update(3, null));
    release();
    await Promise.all([first, second, third]);
    expect(writes).toEqual([
      { count: 1, unread: [[2, 1]] },
      { count: 3, unread: [[2, 1]] },
    ]);
  });

  it('keeps going after a failed write', async () => {
    const counts: number[] = [];
    const writer = new SummaryWriter(async (s) => {
      counts.push(s.messageCount);
      if (s.messageCount === 1) throw new Error('D1 hiccup');
    });
    await writer.push(update(1, 2));
    await writer.push(update(2, 2));
    expect(counts).toEqual([1, 2]);
  });
});
