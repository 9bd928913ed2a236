// Admin request schemas (api-contract "Admin"); constants and response shapes live in
// admin-auth.ts and admin-core.ts (zod-free, for the admin SPA).
import { z } from 'zod';
import { ADMIN_AUTH_LIMITS } from './admin-auth';
import { ADMIN_CONSOLE_MESSAGES, BAN_UNTIL_PATTERN } from './admin-core';
import { LIMITS } from './limits';
import { optionalTextField } from './text-schema';

export * from './admin-auth';

export const adminLoginBody = z.strictObject({
  email: z.string().trim().toLowerCase().min(3).max(320),
  password: z.string().min(1).max(ADMIN_AUTH_LIMITS.passwordMaxChars),
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

export * from './admin-core';

/** PATCH /admin/members/{id}/ban. `until` null = permanent; otherwise Korea local time. */
export const banBody = z.strictObject({
  reason: optionalTextField({ max: LIMITS.banReason, tooLong: ADMIN_CONSOLE_MESSAGES.banReasonMax }),
  until: z.string().regex(BAN_UNTIL_PATTERN, ADMIN_CONSOLE_MESSAGES.banUntilFormat).nullable(),
});
export type BanBody = z.infer<typeof banBody>;
