// Writes a room's summary to D1 after messages. The first message after a quiet spell is written
// at once; while a room is busy, writes are at least `minIntervalMs` apart and everything that
// arrived meanwhile is merged into one write (latest text, summed unread). D1 has one writer for
// the whole product, so a lively room costs it a write every couple of seconds, not one per
// message; the list and badges of members not in the room trail by at most that interval.

export type SummaryUpdate = {
  lastMessage: string;
  lastMessageAt: string;
  lastSenderId: number;
  /** Messages in the room so far (ids are 1, 2, 3, … and never deleted). */
  messageCount: number;
  /** Member whose unread count grows, or null when the recipient is watching the room. */
  unreadFor: number | null;
};

export type PendingSummary = Omit<SummaryUpdate, 'unreadFor'> & { unread: Map<number, number> };

export type SummaryTiming = {
  minIntervalMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export const SUMMARY_MIN_INTERVAL_MS = 2_000;

export class SummaryWriter {
  private pending: PendingSummary | null = null;
  private running: Promise<void> | null = null;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly write: (summary: PendingSummary) => Promise<void>,
    private readonly timing: SummaryTiming = { minIntervalMs: SUMMARY_MIN_INTERVAL_MS },
  ) {
    this.now = timing.now ?? Date.now;
    this.sleep = timing.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Resolves once this update (possibly merged with later ones) has been written. */
  push(update: SummaryUpdate): Promise<void> {
    const unread = this.pending?.unread ?? new Map<number, number>();
    if (update.unreadFor !== null) unread.set(update.unreadFor, (unread.get(update.unreadFor) ?? 0) + 1);
    const { unreadFor: _ignored, ...latest } = update;
    if (!this.pending || latest.messageCount >= this.pending.messageCount) this.pending = { ...latest, unread };
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      const wait = this.lastWriteAt + this.timing.minIntervalMs - this.now();
      if (wait > 0) await this.sleep(wait);
      const next = this.pending;
      if (!next) return;
      this.pending = null;
      this.lastWriteAt = this.now();
      try {
        await this.write(next);
      } catch (err) {
        // The message itself is safe in the room's storage; the list summary catches up next time.
        console.error(JSON.stringify({ level: 'error', where: 'chat-summary', message: String(err) }));
      }
    }
  }
}
