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
  secondFactorRequired: '2단계 인증을 마쳐 주세요.',
  secondFactorWrongCode: '인증 코드가 맞지 않아요. 앱에 지금 보이는 6자리 코드를 입력해 주세요.',
  secondFactorWrongRecoveryCode: '복구 코드가 맞지 않거나 이미 사용한 코드예요.',
  secondFactorTooManyAttempts: '인증 시도가 너무 많아요. 잠시 후 다시 시도해 주세요.',
  secondFactorAlreadyEnrolled: '이미 인증 앱을 등록했어요. 앱의 6자리 코드를 입력해 주세요.',
  secondFactorNotEnrolled: '먼저 인증 앱을 등록해 주세요.',
  secondFactorNoPendingEnrolment: '등록을 처음부터 다시 시작해 주세요.',
  secondFactorAlreadyDone: '이미 2단계 인증을 마쳤어요.',
  operatorEmailTaken: '이미 등록된 이메일이에요.',
  operatorNotFound: '운영자를 찾을 수 없어요.',
  operatorSelfRole: '내 역할은 직접 바꿀 수 없어요. 다른 관리자에게 부탁해 주세요.',
  operatorSelfReset: '내 2단계 인증은 직접 초기화할 수 없어요. 다른 관리자에게 부탁해 주세요.',
  operatorPasswordLength: '임시 비밀번호는 12자 이상 256자 이하로 정해 주세요.',
  operatorNameLength: '이름은 1자 이상 50자 이하로 입력해 주세요.',
  operatorEmailFormat: '이메일 주소를 확인해 주세요.',
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

/** Korean names of the roles, for the console and messages. */
export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = { OPERATOR: '운영자', ADMIN: '관리자' };

/**
 * Where a console session stands with its second factor (docs/safety.md "Operator sign-in"):
 * ENROL — signed in with the password, no authenticator app enrolled yet (first sign-in);
 * VERIFY — signed in with the password, a code from the app (or a recovery code) still owed;
 * DONE — both factors: the console's routes are open (as far as the role allows).
 */
export const SECOND_FACTOR_STATES = ['ENROL', 'VERIFY', 'DONE'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

/** The code every admin route answers (401) to a session that has not passed its second factor. */
export const SECOND_FACTOR_REQUIRED_CODE = 'SECOND_FACTOR_REQUIRED';

export const SECOND_FACTOR_LIMITS = {
  /** Failed code attempts (TOTP or recovery) per session and per operator, fixed windows. */
  perSession: { max: 5, windowSeconds: 300 },
  perAdmin: { max: 10, windowSeconds: 900 },
  recoveryCodes: 10,
  /** Recovery codes: 10 characters from an alphabet without look-alikes, shown as XXXXX-XXXXX. */
  recoveryCodeChars: 10,
  totpDigits: 6,
} as const;

/** The issuer shown in authenticator apps next to the operator's email. */
export const TOTP_ISSUER = '온기 관리자';

export type AdminIdentity = { id: number; name: string; email: string };
/** POST /admin/login: the operator, their role, and the second factor still owed. */
export type AdminLoginResponse = AdminIdentity & { role: AdminRole; secondFactor: Exclude<SecondFactorState, 'DONE'> };
/**
 * GET /admin/check: `isAdmin` only for a session that passed both factors; a password-only session
 * answers `isAdmin: false` with its `secondFactor` state (and who it is), so the console can
 * resume the second step.
 */
export type AdminCheckResponse = {
  isAdmin: boolean;
  name?: string;
  role?: AdminRole;
  secondFactor?: SecondFactorState;
};
/** POST /admin/second-factor/enrol: a new secret to put in an authenticator app. */
export type SecondFactorEnrolment = { secret: string; otpauthUri: string; qrSvg: string };
/** POST /admin/second-factor/enrol/confirm: the recovery codes, shown once. */
export type SecondFactorConfirmed = AdminIdentity & { role: AdminRole; recoveryCodes: string[] };
/** POST /admin/second-factor/verify. */
export type SecondFactorVerified = AdminIdentity & { role: AdminRole; recoveryCodesLeft: number };

/** GET /admin/api/operators (운영자 관리, ADMIN only). */
export type OperatorRow = {
  id: number;
  name: string;
  email: string;
  role: AdminRole;
  secondFactorEnrolled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
};
export const OPERATOR_LIMITS = { nameMaxChars: 50 } as const;
