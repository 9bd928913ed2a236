// The room's send limit (CHAT_LIMITS.sendBurst messages per sendWindowMs per member), counted in
// the object's memory instead of a COUNT(*) per message. The memory is only a cache of the stored
// messages: the first send of a member after the object (re)started reads that member's send
// times in the window from the room's SQLite, so the rule holds across evictions and restarts too.
// One instance per object and one thread: nothing else stores messages in between.

export class RoomRateLimit {
  /** Per sender, the send times (ms) of their stored messages that may still be in a window. */
  private readonly sent = new Map<number, number[]>();

  constructor(
    private readonly burst: number,
    private readonly windowMs: number,
    /** The sender's stored send times after `sinceMs` (read once per sender per instance). */
    private readonly load: (senderId: number, sinceMs: number) => number[],
  ) {}

  /** Whether the sender may store one more message at `nowMs`. */
  allows(senderId: number, nowMs: number): boolean {
    return this.inWindow(senderId, nowMs).length < this.burst;
  }

  /** A message of the sender's was stored (its transaction committed) at `sentMs`. */
  record(senderId: number, sentMs: number): void {
    const times = this.sent.get(senderId);
    // Not loaded yet: the next `allows` reads it from storage, this message included.
    if (times) times.push(sentMs);
  }

  private inWindow(senderId: number, nowMs: number): number[] {
    const since = nowMs - this.windowMs;
    let times = this.sent.get(senderId);
    if (!times) {
      times = this.load(senderId, since);
    } else if (times.some((t) => t <= since)) {
      times = times.filter((t) => t > since);
    } else {
      return times;
    }
    this.sent.set(senderId, times);
    return times;
  }
}
