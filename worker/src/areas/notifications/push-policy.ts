// How long a push service keeps each kind for an offline device, how urgently it delivers it, and
// which kinds replace an undelivered earlier push of the same group (Topic).
import { CALL_LIMITS } from '../../contract/calls';
import type { NotificationKind } from '../../contract/notifications';
import type { PushUrgency } from '../push/send';

export type PushPolicy = { ttlSeconds: number; urgency: PushUrgency; replaces: boolean };

const HOUR = 3600;
const DAY = 24 * HOUR;

export const PUSH_POLICY: Record<NotificationKind, PushPolicy> = {
  // A message an hour late is better read in the app; a newer one replaces it.
  MESSAGE: { ttlSeconds: HOUR, urgency: 'high', replaces: true },
  CHAT_REQUEST: { ttlSeconds: DAY, urgency: 'high', replaces: false },
  REQUEST_ACCEPTED: { ttlSeconds: DAY, urgency: 'high', replaces: false },
  HEART: { ttlSeconds: DAY, urgency: 'normal', replaces: true },
  MUTUAL_HEART: { ttlSeconds: DAY, urgency: 'normal', replaces: true },
  COMMENT: { ttlSeconds: DAY, urgency: 'normal', replaces: false },
  POST_LIKE: { ttlSeconds: DAY, urgency: 'low', replaces: true },
  REPORT_RESULT: { ttlSeconds: 7 * DAY, urgency: 'normal', replaces: false },
  REQUEST_EXPIRED: { ttlSeconds: DAY, urgency: 'low', replaces: false },
  PHOTO_VERIFICATION: { ttlSeconds: 7 * DAY, urgency: 'normal', replaces: false },
  SAFETY_WARNING: { ttlSeconds: 7 * DAY, urgency: 'normal', replaces: false },
  // Today's set is gone tomorrow; a later day's replaces it.
  TODAY: { ttlSeconds: 12 * HOUR, urgency: 'normal', replaces: true },
  DATE_SHARE: { ttlSeconds: DAY, urgency: 'normal', replaces: false },
  NOTICE: { ttlSeconds: 3 * DAY, urgency: 'very-low', replaces: false },
  // A ring is worth nothing once it stops ringing: the TTL sent is what is left of it (consumer.ts
  // pushRing). No topic: the TTL already drops it, and the room's topic would drop an undelivered 새 메시지.
  CALL: { ttlSeconds: CALL_LIMITS.ringMs / 1000, urgency: 'high', replaces: false },
};

/** `room:12` → `room-12`: a Topic / tag (≤ 32 base64url characters). */
export const topicOf = (groupKey: string): string => groupKey.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
