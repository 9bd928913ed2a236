// What a banned member is told. Every 403 MEMBER_BANNED (sign-in, refresh, any member call)
// carries the ban itself, so the member app can show its reason and end instead of a failure.
// No zod here: the member app's HTTP client reads it and stays out of the form bundle.

export const MEMBER_BANNED_CODE = 'MEMBER_BANNED';

/** `until` is an ISO time, or null for a permanent ban; `reason` is the admin's, or null. */
export type MemberBan = { reason: string | null; until: string | null };

/** The 403 body: `{ code: "MEMBER_BANNED", message, ban: { reason, until }, requestId }`. */
export type MemberBannedBody = { code: typeof MEMBER_BANNED_CODE; message: string; ban: MemberBan };

const stringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

export function isMemberBan(v: unknown): v is MemberBan {
  if (typeof v !== 'object' || v === null) return false;
  return stringOrNull((v as { reason?: unknown }).reason) && stringOrNull((v as { until?: unknown }).until);
}
