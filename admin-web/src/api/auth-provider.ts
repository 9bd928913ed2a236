// react-admin's authProvider on the Worker's admin session: `/admin/check` is the only judge of
// who is signed in (the cookie is HttpOnly, so the console never sees it) and of the role
// (getPermissions: 'OPERATOR' | 'ADMIN', for hiding what a role can't do; the Worker enforces it).
import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import type { AdminCheckResponse, AdminLoginResponse } from '@contract/admin-auth';
import { adminFetch } from './http';

/** Rejection value that sends the user to the login screen without a notification. */
const SILENT = { message: false } as const;

async function adminCheck(): Promise<AdminCheckResponse> {
  try {
    const { json } = await adminFetch('/admin/check');
    const body = json as Partial<AdminCheckResponse> | undefined;
    return body?.isAdmin === true ? { isAdmin: true, name: body.name, role: body.role } : { isAdmin: false };
  } catch {
    // Spec: a failed admin check means not admin.
    return { isAdmin: false };
  }
}

/**
 * boot.tsx's /admin/check answer for a signed-in admin, handed to the console's first checkAuth
 * (react-admin's requireAuth) when it comes within a few seconds: the console then asks for its
 * first data at once, not after a second identical check (docs/performance.md "Round trips":
 * /admin/ first data 4 → 3 sequential D1 round trips). Taken once; every later check asks the Worker.
 */
let primed: { at: number; check: AdminCheckResponse } | null = null;
const PRIMED_MS = 5_000;

export function primeAdminCheck(check: AdminCheckResponse): void {
  primed = check.isAdmin ? { at: Date.now(), check } : null;
}

function takePrimed(): AdminCheckResponse | null {
  const taken = primed;
  primed = null;
  return taken && Date.now() - taken.at <= PRIMED_MS ? taken.check : null;
}

type LoginParams = { email?: string; username?: string; password?: string };
type LogoutParams = { reportFailure?: boolean } | undefined;

export const authProvider: AuthProvider = {
  /** The password step: answers who signed in and the second factor still owed (2단계 인증). */
  async login(params: LoginParams): Promise<AdminLoginResponse> {
    // The default react-admin form says `username`; ours says `email`.
    const email = params.email ?? params.username ?? '';
    const { json } = await adminFetch('/admin/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: params.password ?? '' }),
    });
    return json as AdminLoginResponse;
  },

  async logout(params: LogoutParams) {
    try {
      await adminFetch('/admin/logout', { method: 'POST' });
    } catch (err) {
      // react-admin itself logs out after a failed check and does not catch; only the user's own
      // logout click (LogoutMenuItem) wants to hear that the server did not end the session.
      if (params?.reportFailure) throw err;
    }
  },

  async checkAuth() {
    const check = takePrimed() ?? (await adminCheck());
    if (!check.isAdmin) return Promise.reject(SILENT);
  },

  async checkError(error: unknown) {
    const status = error instanceof HttpError ? error.status : (error as { status?: unknown } | null)?.status;
    // 401: the session is gone, so back to the login screen.
    if (status === 401) return Promise.reject(error);
    // 403: refused, but signing in again as the same admin would not help; say why and stay.
    if (status === 403) {
      return Promise.reject({ logoutUser: false, message: error instanceof Error ? error.message : undefined });
    }
  },

  /** The operator's role ('OPERATOR' | 'ADMIN'); react-admin's usePermissions. */
  async getPermissions() {
    const check = await adminCheck();
    return check.isAdmin ? (check.role ?? 'OPERATOR') : undefined;
  },

  async getIdentity(): Promise<UserIdentity> {
    const check = await adminCheck();
    if (!check.isAdmin) return Promise.reject(SILENT);
    const name = check.name ?? '';
    // The role lets screens hide what it cannot do (lib/role.ts); the Worker enforces it anyway.
    return { id: name, fullName: name, role: check.role };
  },
};
