// 본인확인 calls (docs/trust.md "Identity", docs/api-extensions.md): binding a PortOne verification
// to the signup session or to an existing member, the provider's public configuration for the SPA,
// and the member's 닉네임.
import { Hono } from 'hono';
import { identityBody, type IdentityConfig, type VerifiedIdentity } from '../../contract/identity';
import { nicknameBody } from '../../contract/nickname';
import { iso } from '../../lib/clock';
import { readSessionCookie } from '../../lib/cookies';
import { devPortalEnabled, type AppEnv } from '../../lib/env';
import { requireMember } from '../members/member-auth';
import { sameOriginOnly } from '../../lib/same-origin';
import { authContext, limitByIp } from '../auth/context';
import { jsonBody, parseWith } from '../../lib/validation';
import { chooseNickname, nicknameState, type NicknameState } from './nickname';
import { verifyForMember, verifyForSignup } from './service';

export const identityRoutes = new Hono<AppEnv>();

identityRoutes.get('/api/member/identity/config', (c) => {
  const config: IdentityConfig = {
    storeId: c.env.PORTONE_STORE_ID ?? '',
    channelKey: c.env.PORTONE_CHANNEL_KEY ?? '',
    ...(devPortalEnabled(c.env) ? { devSdkUrl: '/dev-portal/portone/browser-sdk.js' } : {}),
  };
  return c.json(config);
});

identityRoutes.post('/api/member/identity', sameOriginOnly, async (c) => {
  await limitByIp(c, 'identity');
  const { identityVerificationId } = parseWith(identityBody, await jsonBody(c));
  const ctx = authContext(c);
  return c.json<VerifiedIdentity>(await verifyForSignup(ctx, readSessionCookie(c, 'signup'), identityVerificationId));
});

identityRoutes.post('/api/on/identity', requireMember, async (c) => {
  await limitByIp(c, 'identity');
  const { identityVerificationId } = parseWith(identityBody, await jsonBody(c));
  return c.json<VerifiedIdentity>(await verifyForMember(authContext(c), c.get('memberId'), identityVerificationId));
});

identityRoutes.get('/api/on/nickname', requireMember, async (c) =>
  c.json<NicknameState>(await nicknameState(c.get('db'), c.get('memberId'))),
);

identityRoutes.put('/api/on/nickname', requireMember, async (c) => {
  const { nickname } = parseWith(nicknameBody, await jsonBody(c));
  const ctx = authContext(c);
  return c.json<NicknameState>(await chooseNickname(ctx.db, c.get('memberId'), nickname, iso(ctx.now)));
});
