// Admin request schemas (api-contract "Admin"); constants and response shapes live in
// admin-auth.ts and admin-core.ts (zod-free, for the admin SPA).
import { z } from 'zod';
import { ADMIN_AUTH_LIMITS, ADMIN_MESSAGES, ADMIN_ROLES, OPERATOR_LIMITS } from './admin-auth';
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

/** A 6-digit code from the authenticator app (spaces the operator may type are dropped). */
const totpCodeField = z
  .string()
  .max(32)
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, ADMIN_MESSAGES.secondFactorWrongCode));

/** POST /admin/second-factor/enrol/confirm. */
export const secondFactorConfirmBody = z.strictObject({ code: totpCodeField });

/** POST /admin/second-factor/verify: a code from the app, or one recovery code. */
export const secondFactorVerifyBody = z.union([
  z.strictObject({ code: totpCodeField }),
  z.strictObject({ recoveryCode: z.string().trim().min(1).max(64) }),
]);
export type SecondFactorVerifyBody = z.infer<typeof secondFactorVerifyBody>;

const operatorName = z
  .string()
  .trim()
  .min(1, ADMIN_MESSAGES.operatorNameLength)
  .max(OPERATOR_LIMITS.nameMaxChars, ADMIN_MESSAGES.operatorNameLength);

/** POST /admin/api/operators (ADMIN): a new operator with a temporary password. */
export const operatorCreateBody = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ADMIN_MESSAGES.operatorEmailFormat),
  name: operatorName,
  password: z
    .string()
    .min(ADMIN_AUTH_LIMITS.passwordMinChars, ADMIN_MESSAGES.operatorPasswordLength)
    .max(ADMIN_AUTH_LIMITS.passwordMaxChars, ADMIN_MESSAGES.operatorPasswordLength),
  role: z.enum(ADMIN_ROLES),
});
export type OperatorCreateBody = z.infer<typeof operatorCreateBody>;

/** PATCH /admin/api/operators/{id} (ADMIN): change the role. */
export const operatorUpdateBody = z.strictObject({ role: z.enum(ADMIN_ROLES) });
export type OperatorUpdateBody = z.infer<typeof operatorUpdateBody>;
