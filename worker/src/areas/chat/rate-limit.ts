// The room's send limit (CHAT_LIMITS.sendBurst messages per sendWindowMs per member), counted in
// the object's memory instead of a COUNT(*) per message. The memory is only a cache of the stored
// messages: the first send after the object (re)started reads every member's send times in the
// window from the room's SQLite, so the rule holds across evictions and restarts too.
// One instance per object and one thread: nothing else stores messages in between.

export class RoomRateLimit {
  /**
   * Per sender, the send times (ms) of their stored messages that may still be in a window; every
   * sender's, once loaded (a sender without an entry sent nothing in the window).
   */
  private readonly sent = new Map<number, number[]>();
  private loaded = false;

  constructor(
    private readonly burst: number,
    private readonly windowMs: number,
    /** Every sender's stored send times after `sinceMs` (read once per object instance). */
    private readonly load: (sinceMs: number) => Map<number, number[]>,
  ) {}

  /** Whether the sender may store one more message at `nowMs`. */
  allows(senderId: number, nowMs: number): boolean {
    return this.inWindow(senderId, nowMs).length < this.burst;
  }

  /** A message of the sender's was stored (its transaction committed) at `sentMs`. */
  record(senderId: number, sentMs: number): void {
    // Not loaded yet: the first `allows` reads it from storage, this message included.
    if (!this.loaded) return;
    const times = this.sent.get(senderId);
    if (times) times.push(sentMs);
    else this.sent.set(senderId, [sentMs]);
  }

  private inWindow(senderId: number, nowMs: number): number[] {
    const since = nowMs - this.windowMs;
    if (!this.loaded) {
      // One read for the room's senders (both members), not one per member.
      for (const [sender, times] of this.load(since)) this.sent.set(sender, times);
      this.loaded = true;
    }
    const times = this.sent.get(senderId);
    if (!times) return [];
    if (!times.some((t) => t <= since)) return times;
    const kept = times.filter((t) => t > since);
    this.sent.set(senderId, kept);
    return kept;
  }
}
