// Push settings rows (no row = the defaults).
import { eq } from 'drizzle-orm';
import { notificationSettings } from '../../db/schema';
import type { Db } from '../../lib/env';

export type SettingsRow = { pushOff: string; quietEnabled: boolean; quietStart: string; quietEnd: string };

export async function findSettings(db: Db, memberId: number): Promise<SettingsRow | undefined> {
  const rows = await db
    .select({
      pushOff: notificationSettings.pushOff,
      quietEnabled: notificationSettings.quietEnabled,
      quietStart: notificationSettings.quietStart,
      quietEnd: notificationSettings.quietEnd,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.memberId, memberId))
    .limit(1);
  return rows[0];
}

export async function saveSettings(db: Db, memberId: number, row: SettingsRow, at: string): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ memberId, ...row, updatedAt: at })
    .onConflictDoUpdate({ target: notificationSettings.memberId, set: { ...row, updatedAt: at } });
}
