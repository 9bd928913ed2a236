// The dev portal (only with DEV_PORTAL=true; app.ts answers 404 otherwise): Naver and PortOne emulation + sign-in.
import { Hono } from 'hono';
import { setSessionCookie } from '../../lib/cookies';
import type { AppEnv } from '../../lib/env';
import { authContext } from '../auth/context';
import { jsonBody, parseWith } from '../../lib/validation';
import { naverPortalApp } from './naver-app';
import { portonePortalApp } from './portone-app';
import { devSignIn, devSignInBody } from './sign-in';

export const devPortalRoutes = new Hono<AppEnv>();

devPortalRoutes.route('/', naverPortalApp);
devPortalRoutes.route('/', portonePortalApp);

devPortalRoutes.post('/dev-portal/sign-in', async (c) => {
  const body = parseWith(devSignInBody, await jsonBody(c));
  const result = await devSignIn(authContext(c), body);
  if (result.status === 'NEED_AGREEMENT') {
    setSessionCookie(c, 'signup', result.signupSession);
    return c.json({ status: 'NEED_AGREEMENT', token: result.token });
  }
  setSessionCookie(c, 'refresh', result.session.refreshCookie);
  return c.json({ status: 'LOGIN', memberId: result.memberId, accessToken: result.session.accessToken });
});
