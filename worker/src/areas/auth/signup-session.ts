// The open signup session behind the `signup` cookie: the callback opened it, and identity
// verification, the signup place and the signup itself all run inside it.
import { iso } from '../../lib/clock';
import { sha256Hex } from '../../lib/crypto';
import { Unauthorized } from '../../lib/errors';
import type { AuthContext } from './context';
import { findOpenSignupSession, type SignupSessionRow } from './repo';

export const signupSessionMissing = () =>
  new Unauthorized('가입 정보가 없거나 만료되었어요. 처음부터 다시 로그인해 주세요.', 'SIGNUP_SESSION_MISSING');

export async function openSignupSession(ctx: AuthContext, cookie: string | undefined): Promise<SignupSessionRow> {
  if (!cookie) throw signupSessionMissing();
  const session = await findOpenSignupSession(ctx.db, await sha256Hex(cookie), iso(ctx.now));
  if (!session) throw signupSessionMissing();
  return session;
}
