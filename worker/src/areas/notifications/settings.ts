// Push settings: which kinds may be pushed, and quiet hours (Korea time) when nothing is pushed.
// The in-app list fills regardless.
import {
  DEFAULT_QUIET_HOURS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsBody,
  type QuietHours,
} from '../../contract/notifications';
import type { Db } from '../../lib/env';
import { findSettings, saveSettings, type SettingsRow } from './settings-repo';

const KST_OFFSET_MINUTES = 9 * 60;

const isKind = (v: string): v is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(v);

export function settingsFromRow(row: SettingsRow | undefined): NotificationSettings {
  const off = new Set((row?.pushOff ?? '').split(',').filter(isKind));
  const push = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.has(k)])) as Record<NotificationKind, boolean>;
  const quietHours: QuietHours = row
    ? { enabled: row.quietEnabled, start: row.quietStart, end: row.quietEnd }
    : { ...DEFAULT_QUIET_HOURS };
  return { push, quietHours };
}

export async function settingsOf(db: Db, memberId: number): Promise<NotificationSettings> {
  return settingsFromRow(await findSettings(db, memberId));
}

/** Kinds left out of `body.push` keep what they were. */
export async function updateSettings(
  db: Db,
  memberId: number,
  body: NotificationSettingsBody,
  now: Date,
): Promise<NotificationSettings> {
  const current = await settingsOf(db, memberId);
  const push = { ...current.push, ...body.push };
  const row: SettingsRow = {
    pushOff: NOTIFICATION_KINDS.filter((k) => !push[k]).join(','),
    quietEnabled: body.quietHours.enabled,
    quietStart: body.quietHours.start,
    quietEnd: body.quietHours.end,
  };
  await saveSettings(db, memberId, row, now.toISOString());
  return settingsFromRow(row);
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `now` falls in the quiet hours, read on the Korean clock: from `start` up to (not
 * including) `end`, across midnight when `end` is earlier than `start` (22:00–08:00).
 */
export function inQuietHours(quiet: QuietHours, now: Date): boolean {
  if (!quiet.enabled) return false;
  const t = (now.getUTCHours() * 60 + now.getUTCMinutes() + KST_OFFSET_MINUTES) % 1440;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? t >= start && t < end : t >= start || t < end;
}
