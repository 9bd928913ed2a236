// Writes a room's summary to D1 after messages, one write in flight at a time. Messages that
// arrive while a write is running are merged into the next one (latest text, summed unread),
// so a busy room costs D1 one write per round trip instead of one per message.

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

export class SummaryWriter {
  private pending: PendingSummary | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly write: (summary: PendingSummary) => Promise<void>) {}

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
      const next = this.pending;
      this.pending = null;
      try {
        await this.write(next);
      } catch (err) {
        // The message itself is safe in the room's storage; the list summary catches up next time.
        console.error(JSON.stringify({ level: 'error', where: 'chat-summary', message: String(err) }));
      }
    }
  }
}
