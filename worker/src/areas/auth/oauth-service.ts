// The OAuth round trip: bind the client's state to a cookie, then check it, trade the code for the
// portal's profile and answer LOGIN (member) or NEED_AGREEMENT (a signup session for the identity).
import { ageOn } from '../../contract/age';
import type { OauthStateResponse } from '../../contract/auth';
import type { Portal } from '../../contract/enums';
import { LIMITS } from '../../contract/limits';
import { addSeconds, iso } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { Invalid } from '../../lib/errors';
import { findMemberIdByIdentity } from '../members/repo';
import type { AuthContext } from './context';
import { adapterFor, offeredPortals } from './portals';
import { portalFetcher } from './portals/portal-fetch';
import type { PortalIdentity } from './portals/types';
import { findOauthState, consumeOauthState, insertOauthState, insertSignupSession } from './repo';
import { issueLoginTicket } from './session-service';
import { signSignupToken } from './signup-token';

export async function startOauth(ctx: AuthContext, state: string): Promise<{ cookie: string } & OauthStateResponse> {
  const cookie = randomToken();
  await insertOauthState(ctx.db, {
    id: await sha256Hex(cookie),
    state,
    expiresAt: iso(addSeconds(ctx.now, LIMITS.oauthStateTtlSeconds)),
  });
  const authorizeUrls: OauthStateResponse['authorizeUrls'] = {};
  for (const portal of offeredPortals(ctx.env)) {
    authorizeUrls[portal] = adapterFor(portal).authorizeUrl(ctx.env, ctx.origin, state);
  }
  return { cookie, authorizeUrls };
}

export type CallbackOutcome =
  | { status: 'LOGIN'; id: number; loginTicket: string }
  | { status: 'NEED_AGREEMENT'; token: string; signupSession: string };

export async function completeOauth(
  ctx: AuthContext,
  portal: Portal,
  input: { code: string; state: string },
  oauthCookie: string | undefined,
): Promise<CallbackOutcome> {
  await spendState(ctx, input.state, oauthCookie);
  const adapter = adapterFor(portal);
  if (!adapter.configured(ctx.env)) {
    throw new Invalid('지금은 이 방법으로 로그인할 수 없어요.', undefined, 'PORTAL_NOT_CONFIGURED');
  }
  const fetcher = portalFetcher(ctx.env);
  const portalToken = await adapter.exchangeCode(fetcher, ctx.env, ctx.origin, input.code, input.state);
  const identity = await adapter.fetchProfile(fetcher, ctx.env, ctx.origin, portalToken);

  const memberId = await findMemberIdByIdentity(ctx.db, identity.providerType, identity.providerUserId);
  if (memberId !== undefined) {
    return { status: 'LOGIN', id: memberId, loginTicket: await issueLoginTicket(ctx, memberId) };
  }
  return { status: 'NEED_AGREEMENT', ...(await openSignupSession(ctx, identity)) };
}

/** The state must be the one bound to this browser's cookie, unexpired and unused (single use). */
async function spendState(ctx: AuthContext, state: string, oauthCookie: string | undefined): Promise<void> {
  if (!oauthCookie) {
    throw new Invalid('로그인 요청 정보가 없어요. 처음부터 다시 로그인해 주세요.', undefined, 'STATE_MISSING');
  }
  const id = await sha256Hex(oauthCookie);
  if (await consumeOauthState(ctx.db, id, state, iso(ctx.now))) return;
  const row = await findOauthState(ctx.db, id);
  if (!row || row.expiresAt <= iso(ctx.now)) {
    throw new Invalid('로그인 요청이 만료되었어요. 처음부터 다시 로그인해 주세요.', undefined, 'STATE_EXPIRED');
  }
  if (row.usedAt) {
    throw new Invalid('이미 처리된 로그인 요청이에요. 처음부터 다시 로그인해 주세요.', undefined, 'STATE_REUSED');
  }
  throw new Invalid('로그인 요청 정보가 일치하지 않아요. 처음부터 다시 로그인해 주세요.', undefined, 'STATE_MISMATCH');
}

async function openSignupSession(
  ctx: AuthContext,
  identity: PortalIdentity,
): Promise<{ token: string; signupSession: string }> {
  const signupSession = randomToken();
  const expires = addSeconds(ctx.now, LIMITS.signupSessionTtlSeconds);
  await insertSignupSession(ctx.db, { id: await sha256Hex(signupSession), identity, expiresAt: iso(expires) });
  const token = await signSignupToken(ctx.env, {
    name: identity.name,
    email: identity.email,
    gender: identity.gender,
    birthday: identity.birthday,
    age: ageOn(identity.birthday, ctx.now),
    providerType: identity.providerType,
    exp: Math.floor(expires.getTime() / 1000),
  });
  return { token, signupSession };
}
