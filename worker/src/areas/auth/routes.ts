// Sign-in, signup and session endpoints (api-contract "Sign-in, signup, session", docs/auth.md).
import { Hono, type Context } from 'hono';
import { callbackBody, oauthStateBody, type AccessTokenResponse, type CallbackResponse } from '../../contract/auth';
import type { Portal } from '../../contract/enums';
import { VALIDATION_KO } from '../../contract/messages';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../lib/cookies';
import type { AppEnv } from '../../lib/env';
import { AppError, Invalid, NotFound } from '../../lib/errors';
import { requireMemberEvenUnder19 } from '../members/member-auth';
import { sameOriginOnly } from '../../lib/same-origin';
import { authContext, limitByIp } from './context';
import { completeOauth, startOauth, type CallbackOutcome } from './oauth-service';
import { loginWithTicket, logout, refreshSession } from './session-service';
import { openVerifiedSignup, signUp } from './signup-service';
import { jsonBody, parseJsonText, parseWith } from '../../lib/validation';

export const authRoutes = new Hono<AppEnv>();

const PORTAL = ':portal{naver|kakao}';

authRoutes.post('/api/setOauthState', sameOriginOnly, async (c) => {
  await limitByIp(c, 'oauthState');
  const { oauthState } = parseWith(oauthStateBody, await jsonBody(c), 'STATE_INVALID');
  const { cookie, authorizeUrls } = await startOauth(authContext(c), oauthState);
  setSessionCookie(c, 'oauth', cookie);
  return c.json({ authorizeUrls }, 200);
});

authRoutes.post(`/api/${PORTAL}/callback`, sameOriginOnly, async (c) => {
  const input = parseWith(callbackBody, await jsonBody(c));
  return answerCallback(c, input);
});

// The spec's GET form, for non-navigation requests (navigations get the SPA shell in app.ts).
authRoutes.get(`/${PORTAL}/callback`, async (c) => {
  const input = parseWith(callbackBody, { code: c.req.query('code'), state: c.req.query('state') });
  return answerCallback(c, input);
});

async function answerCallback(c: Context<AppEnv>, input: { code: string; state: string }) {
  await limitByIp(c, 'callback');
  const portal = c.req.param('portal') as Portal;
  // The state is single use: whatever happens next, this browser's pending state is gone.
  const oauthCookie = readSessionCookie(c, 'oauth');
  clearSessionCookie(c, 'oauth');
  const outcome = await completeOauth(authContext(c), portal, input, oauthCookie);
  return c.json(applyCallbackCookies(c, outcome));
}

/** Sets the ticket or signup cookie an outcome carries and returns the body the SPA reads. */
export function applyCallbackCookies(c: Context<AppEnv>, outcome: CallbackOutcome): CallbackResponse {
  if (outcome.status === 'LOGIN') {
    setSessionCookie(c, 'login', outcome.loginTicket);
    return { status: 'LOGIN', id: outcome.id };
  }
  setSessionCookie(c, 'signup', outcome.signupSession);
  return { status: 'NEED_AGREEMENT', token: outcome.token };
}

authRoutes.post('/login/:id', sameOriginOnly, async (c) => {
  await limitByIp(c, 'login');
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound();
  const session = await loginWithTicket(authContext(c), id, readSessionCookie(c, 'login'));
  clearSessionCookie(c, 'login');
  setSessionCookie(c, 'refresh', session.refreshCookie);
  return c.json<AccessTokenResponse>({ accessToken: session.accessToken });
});

authRoutes.post('/api/member/profile', sameOriginOnly, async (c) => {
  await limitByIp(c, 'signup');
  const ctx = authContext(c);
  // The session and its verified identity are checked before the body is read: without a
  // verification every client (the original one too) hears 403 IDENTITY_REQUIRED, nothing else.
  const { session, identity } = await openVerifiedSignup(ctx, readSessionCookie(c, 'signup'));
  const { data, images } = await readSignupForm(c);
  const { memberId, loginTicket } = await signUp(ctx, session, identity, data, images);
  clearSessionCookie(c, 'signup');
  setSessionCookie(c, 'login', loginTicket);
  return c.json(memberId);
});

authRoutes.post('/api/on/auth/refresh', sameOriginOnly, async (c) => {
  await limitByIp(c, 'refresh');
  try {
    const session = await refreshSession(authContext(c), readSessionCookie(c, 'refresh'));
    setSessionCookie(c, 'refresh', session.refreshCookie);
    return c.json<AccessTokenResponse>({ accessToken: session.accessToken });
  } catch (err) {
    // In a race the browser already holds the newer cookie: keep it. Any other failure ends the session.
    if (!(err instanceof AppError && err.code === 'REFRESH_RACE')) clearSessionCookie(c, 'refresh');
    throw err;
  }
});

authRoutes.post('/api/logout', sameOriginOnly, async (c) => {
  await logout(authContext(c), readSessionCookie(c, 'refresh'));
  clearSessionCookie(c, 'refresh');
  return c.json({}, 200);
});

authRoutes.get('/api/on/ping', requireMemberEvenUnder19, (c) => c.json({ ok: true, memberId: c.get('memberId') }));

/** The multipart signup: a `data` JSON part (text or a JSON blob) and 0–3 `images` files. */
async function readSignupForm(c: Context<AppEnv>): Promise<{ data: unknown; images: File[] }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new Invalid('가입 정보를 읽지 못했어요. 다시 시도해 주세요.', undefined, 'INVALID_FORM');
  }
  const part = form.get('data');
  const text = typeof part === 'string' ? part : part ? await part.text() : undefined;
  if (text === undefined) throw new Invalid('가입 정보가 없어요.', { data: VALIDATION_KO.required }, 'INVALID_FORM');
  // The one JSON reader (a "__proto__" key is refused like any unknown key).
  const data = parseJsonText(
    text,
    () =>
      new Invalid('가입 정보를 읽지 못했어요. 다시 시도해 주세요.', { data: VALIDATION_KO.required }, 'INVALID_FORM'),
  );
  const images: File[] = [];
  for (const entry of form.getAll('images')) {
    if (typeof entry === 'string') {
      if (entry === '') continue;
      throw new Invalid(VALIDATION_KO.imageOnly, { images: VALIDATION_KO.imageOnly }, 'IMAGE_INVALID');
    }
    // An empty file input still sends a nameless, empty part.
    if (entry.size === 0 && entry.name === '') continue;
    images.push(entry);
  }
  return { data, images };
}
