// The sign-in's second step (docs/safety.md "Operator sign-in") in plain fetch, without react-admin,
// so the 2단계 인증 screen paints as early as the login form: enrol (secret + QR code), confirm the
// first code (→ recovery codes, once), verify a code or a recovery code, and give up (logout).
import {
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorVerified,
} from '@contract/admin-auth';
import { LIMITS } from '@contract/limits';

/** A refused call: the server's Korean message, and its status. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const FALLBACK = '잠시 문제가 생겼어요. 다시 시도해 주세요.';

async function post<T>(url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
    });
  } catch {
    throw new SignInError(FALLBACK, 0);
  }
  const json = (await res.json().catch(() => null)) as { message?: unknown } | null;
  if (!res.ok) throw new SignInError(typeof json?.message === 'string' ? json.message : FALLBACK, res.status);
  return json as T;
}

export const secondFactorApi = {
  enrol: () => post<SecondFactorEnrolment>('/admin/second-factor/enrol'),
  confirm: (code: string) => post<SecondFactorConfirmed>('/admin/second-factor/enrol/confirm', { code }),
  verifyCode: (code: string) => post<SecondFactorVerified>('/admin/second-factor/verify', { code }),
  verifyRecoveryCode: (recoveryCode: string) =>
    post<SecondFactorVerified>('/admin/second-factor/verify', { recoveryCode }),
  logout: () => post<unknown>('/admin/logout').catch(() => undefined),
};

export type SecondFactorApi = typeof secondFactorApi;
