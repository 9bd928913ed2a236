// Request bodies of the safety desk and the audit list (docs/api-extensions.md "Safety desk"), over its zod-free half safety-desk-core.ts.
import { z } from 'zod';
import { ADMIN_CONSOLE_MESSAGES, BAN_UNTIL_PATTERN } from './admin-core';
import { AUDIT_ACTIONS } from './audit';
import { DESK_LIMITS, DESK_MESSAGES } from './safety-desk-core';
import { textField } from './text-schema';

const reason = textField({
  max: DESK_LIMITS.reasonMax,
  tooLong: DESK_MESSAGES.reasonMax,
  required: DESK_MESSAGES.reasonRequired,
});

/** POST /admin/api/safety-desk/{memberId}/dismiss */
export const deskDismissBody = z.strictObject({ reason });
export type DeskDismissBody = z.infer<typeof deskDismissBody>;

/** POST /admin/api/safety-desk/{memberId}/warn: the Korean text the member reads in 알림. */
export const deskWarnBody = z.strictObject({
  text: textField({
    max: DESK_LIMITS.warningMax,
    tooLong: DESK_MESSAGES.warningMax,
    required: DESK_MESSAGES.warningRequired,
  }),
  reason,
});
export type DeskWarnBody = z.infer<typeof deskWarnBody>;

/** POST /admin/api/safety-desk/{memberId}/ban: until null = permanent (관리자 only). */
export const deskBanBody = z.strictObject({
  reason,
  until: z.string().regex(BAN_UNTIL_PATTERN, ADMIN_CONSOLE_MESSAGES.banUntilFormat).nullable(),
});
export type DeskBanBody = z.infer<typeof deskBanBody>;

/** The audit list's filter (ra-data-simple-rest `filter`). */
export const auditFilter = z.object({
  adminId: z.coerce.number().int().positive().optional(),
  memberId: z.coerce.number().int().positive().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export * from './safety-desk-core';
