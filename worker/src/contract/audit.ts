// The operators' audit log (docs/safety.md "Audit log"): every action an operator takes, kept
// append-only. Free of zod: the admin console imports it for its labels.

export const AUDIT_ACTIONS = [
  'SIGN_IN',
  'SECOND_FACTOR_ENROLLED',
  'RECOVERY_CODE_USED',
  'DESK_DISMISS',
  'WARN',
  'BAN',
  'UNBAN',
  'HIDE_TEXT',
  'UNHIDE_TEXT',
  'REPORT_DECIDED',
  'PHOTO_MATCH_DECIDED',
  'PHOTO_VERIFICATION_DECIDED',
  'NOTICE_WRITTEN',
  'POST_REMOVED',
  'OPERATOR_CREATED',
  'OPERATOR_CHANGED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
