// POST /dev-portal/sign-in: the production flow (state, authorize, callback, login) run in-process
// in one round trip, for scripts, tests and benchmarks. Only the portal's page is skipped.
import { z } from 'zod';
import { randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/context';
import { completeOauth, startOauth, type CallbackOutcome } from '../auth/oauth-service';
import { portalFetch } from '../auth/portals/portal-fetch';
import { loginWithTicket, type Session } from '../auth/session-service';

export const devSignInBody = z.strictObject({
  identity: z.strictObject({
    email: z.email().max(320),
    name: z.string().trim().min(1).max(40).optional(),
    gender: z.enum(['M', 'F']).optional(),
    birthday: z.iso.date().optional(),
  }),
});
export type DevSignInBody = z.infer<typeof devSignInBody>;

export type DevSignInResult =
  { status: 'LOGIN'; memberId: number; session: Session } | Extract<CallbackOutcome, { status: 'NEED_AGREEMENT' }>;

export async function devSignIn(ctx: AuthContext, body: DevSignInBody): Promise<DevSignInResult> {
  const state = randomToken(24);
  const { cookie, authorizeUrls } = await startOauth(ctx, state);
  const authorize = new URL(authorizeUrls.naver ?? '');
  // The portal's page would post exactly this form.
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    state,
    ...Object.fromEntries(Object.entries(body.identity).filter(([, v]) => v !== undefined)),
  });
  const res = await portalFetch(ctx.env, authorize.origin + authorize.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('Location') ?? '', authorize);
  const code = back.searchParams.get('code');
  if (res.status !== 302 || !code || back.searchParams.get('state') !== state) {
    throw new AppError(502, 'DEV_PORTAL_FAILED', '개발용 포털이 로그인 요청을 처리하지 못했어요.');
  }

  const outcome = await completeOauth(ctx, 'naver', { code, state }, cookie);
  if (outcome.status === 'NEED_AGREEMENT') return outcome;
  const session = await loginWithTicket(ctx, outcome.id, outcome.loginTicket);
  return { status: 'LOGIN', memberId: outcome.id, session };
}
