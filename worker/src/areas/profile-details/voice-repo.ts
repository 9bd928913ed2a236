// The profile's 목소리 소개 (docs/voice.md "A voice on the profile"): one row per member in
// member_voice_intros; the recording itself is in R2 under voice/{memberId}/…. Storage only.
import { and, eq, isNotNull, type Placeholder } from 'drizzle-orm';
import { memberVoiceIntros } from '../../db/schema';
import type { Db } from '../../lib/env';

export type VoiceRow = typeof memberVoiceIntros.$inferSelect;

/** The member's voice row (the profile modal batches this with its other reads). */
export const voiceQuery = (db: Db, memberId: number | Placeholder) =>
  db.select().from(memberVoiceIntros).where(eq(memberVoiceIntros.memberId, memberId)).limit(1);

export async function readVoice(db: Db, memberId: number): Promise<VoiceRow | undefined> {
  return (await voiceQuery(db, memberId))[0];
}

/**
 * Stores the member's recording, replacing the old one; an admin's hide stays on the place (a
 * re-recording stays hidden until an operator lifts it, docs/admin.md). Answers the new row.
 */
export async function upsertVoice(db: Db, row: Omit<VoiceRow, 'hiddenReason'>): Promise<VoiceRow> {
  const [stored] = await db
    .insert(memberVoiceIntros)
    .values({ ...row, hiddenReason: null })
    .onConflictDoUpdate({
      target: memberVoiceIntros.memberId,
      set: {
        objectKey: row.objectKey,
        contentType: row.contentType,
        durationMs: row.durationMs,
        waveform: row.waveform,
        promptId: row.promptId,
        updatedAt: row.updatedAt,
      },
    })
    .returning();
  return stored as VoiceRow;
}

/** Removes the row; answers the object key it pointed to (null when there was none). */
export async function deleteVoice(db: Db, memberId: number): Promise<string | null> {
  const rows = await db
    .delete(memberVoiceIntros)
    .where(eq(memberVoiceIntros.memberId, memberId))
    .returning({ key: memberVoiceIntros.objectKey });
  return rows[0]?.key ?? null;
}

/** An admin hides the recording (true when there was one) or lifts the hide (true when it was hidden). */
export async function setVoiceHidden(db: Db, memberId: number, reason: string | null): Promise<boolean> {
  const where =
    reason === null
      ? and(eq(memberVoiceIntros.memberId, memberId), isNotNull(memberVoiceIntros.hiddenReason))
      : eq(memberVoiceIntros.memberId, memberId);
  const rows = await db
    .update(memberVoiceIntros)
    .set({ hiddenReason: reason })
    .where(where)
    .returning({ id: memberVoiceIntros.memberId });
  return rows.length > 0;
}
