// Admin console sign-in (api-contract "Admin"): the CSRF header, messages, login limits and
// response shapes. Free of zod so the admin SPA can import it without bundling a validator.

/**
 * Every unsafe admin request carries this header. A custom header makes a cross-site request
 * need a CORS preflight, which the Worker never grants, so a foreign page cannot forge one.
 */
export const ADMIN_CSRF_HEADER = 'X-Requested-With';
export const ADMIN_CSRF_VALUE = 'ongi-admin';

export const ADMIN_MESSAGES = {
  loginFailed: '이메일 또는 비밀번호가 올바르지 않아요.',
  tooManyAttempts: '로그인 시도가 너무 많아요. 잠시 후 다시 시도해 주세요.',
  csrfRejected: '관리자 콘솔에서 보낸 요청만 처리할 수 있어요.',
  sessionRequired: '관리자 로그인이 필요해요.',
  roleRequired: '관리자 권한이 필요한 작업이에요.',
} as const;

export const ADMIN_AUTH_LIMITS = {
  /**
   * Fixed windows of failed attempts: per client IP (an office NAT may hold several admins) and
   * per email address. A successful sign-in does not spend them.
   */
  loginPerIp: { max: 20, windowSeconds: 600 },
  loginPerEmail: { max: 10, windowSeconds: 600 },
  passwordMaxChars: 256,
  /** create-admin refuses shorter passwords. */
  passwordMinChars: 12,
} as const;

/**
 * The two operator roles: 운영자 (OPERATOR) works the safety desk, warns and bans for a while;
 * 관리자 (ADMIN) does everything, bans for good and manages operators.
 */
export const ADMIN_ROLES = ['OPERATOR', 'ADMIN'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export type AdminIdentity = { id: number; name: string; email: string };
/** `role` lets the console hide what the operator's role cannot do (the Worker enforces it anyway). */
export type AdminCheckResponse = { isAdmin: boolean; name?: string; role?: AdminRole };
