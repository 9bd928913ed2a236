// Admin sign-in rules: rate limits, one generic failure for every bad credential, sessions that
// end 8 hours after login whatever happens in between.
import {
  ADMIN_AUTH_LIMITS,
  ADMIN_MESSAGES,
  type AdminLoginBody,
  type AdminLoginResponse,
  type SecondFactorState,
} from '../../contract/admin';
import { addSeconds, iso } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import type { Db } from '../../lib/env';
import { Unauthorized } from '../../lib/errors';
import { hit, refund } from '../../lib/rate-limit';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password';
import { deleteExpiredSessions, deleteSession, findAdminByEmail, insertSession, recordLogin } from './repo';

/** A password-only session until its second factor passes (docs/safety.md "Operator sign-in"). */
export type NewAdminSession = { admin: AdminLoginResponse; token: string };
type LoginContext = { ip: string; now: Date; ttlSeconds: number };

const loginFailed = () => new Unauthorized(ADMIN_MESSAGES.loginFailed, 'ADMIN_LOGIN_FAILED');

export async function login(db: Db, input: AdminLoginBody, ctx: LoginContext): Promise<NewAdminSession> {
  // Counted before any hashing, so a flood of attempts cannot buy argon2id work; a sign-in that
  // succeeds gives its count back below, so only failed guesses spend the budgets.
  const ipKey = `admin-login:ip:${ctx.ip}`;
  const emailKey = `admin-login:email:${input.email}`;
  await hit(db, ipKey, ADMIN_AUTH_LIMITS.loginPerIp, ctx.now, ADMIN_MESSAGES.tooManyAttempts);
  await hit(db, emailKey, ADMIN_AUTH_LIMITS.loginPerEmail, ctx.now, ADMIN_MESSAGES.tooManyAttempts);

  const admin = await findAdminByEmail(db, input.email);
  if (!admin) {
    await burnPasswordCheck(input.password);
    throw loginFailed();
  }
  if (!(await verifyPassword(input.password, admin.passwordHash))) throw loginFailed();

  const token = randomToken();
  const now = iso(ctx.now);
  await deleteExpiredSessions(db, admin.id, now);
  await insertSession(db, {
    id: await sha256Hex(token),
    adminId: admin.id,
    createdAt: now,
    expiresAt: iso(addSeconds(ctx.now, ctx.ttlSeconds)),
  });
  // Hashes made under older, cheaper parameters are upgraded while the password is at hand.
  const upgraded = needsRehash(admin.passwordHash) ? await hashPassword(input.password) : undefined;
  await recordLogin(db, admin.id, now, upgraded);
  await refund(db, ipKey, ADMIN_AUTH_LIMITS.loginPerIp, ctx.now);
  await refund(db, emailKey, ADMIN_AUTH_LIMITS.loginPerEmail, ctx.now);
  const secondFactor = admin.totpEnrolledAt ? 'VERIFY' : 'ENROL';
  return { admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role, secondFactor }, token };
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSession(db, await sha256Hex(token));
}
