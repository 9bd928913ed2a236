// The dev portal's Naver emulation: authorize page, token and profile endpoints answering like
// Naver's. Its own Hono app so portalFetch can dispatch to it in-process.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { devPortalEnabled, type AppEnv, type Env } from '../../lib/env';
import { handleError, NotFound } from '../../lib/errors';
import { allowedOrigins } from '../../lib/same-origin';
import { authContext } from '../auth/context';
import { findMemberByProviderEmail, listMembersOfProvider, type MemberIdentityRow } from '../members/repo';
import { devProviderUserId, signDev, verifyDev, type DevIdentity } from './codes';
import { renderAuthorizePage, renderErrorPage, type FormValues } from './page';

export const naverPortalApp = new Hono<AppEnv>();
naverPortalApp.onError(handleError);
naverPortalApp.use('/dev-portal/*', async (c, next) => {
  if (!devPortalEnabled(c.env)) throw new NotFound();
  await next();
});

const CODE_TTL_SECONDS = 300;
const TOKEN_TTL_SECONDS = 3600;
const DEMO_MEMBERS_SHOWN = 30;

type AuthorizeRequest = { clientId: string; redirectUri: string; state: string };

/** Like Naver: the client must be ours and the callback must be on a registered (here: our own) origin. */
function checkAuthorizeRequest(
  env: Env,
  requestUrl: string,
  p: Record<string, string | undefined>,
): AuthorizeRequest | string {
  if (p.response_type !== undefined && p.response_type !== 'code') return 'response_type은 code여야 해요.';
  if (!p.client_id || p.client_id !== (env.NAVER_CLIENT_ID ?? '')) return '등록되지 않은 client_id예요.';
  if (!p.state) return 'state 값이 필요해요.';
  let redirect: URL;
  try {
    redirect = new URL(p.redirect_uri ?? '');
  } catch {
    return 'redirect_uri가 올바르지 않아요.';
  }
  if (!allowedOrigins(env, requestUrl).has(redirect.origin)) return '허용되지 않은 redirect_uri예요.';
  return { clientId: p.client_id, redirectUri: redirect.toString(), state: p.state };
}

function identityOfMember(m: MemberIdentityRow): DevIdentity {
  return { id: m.providerUserId, name: m.name, email: m.email, gender: m.gender, birthday: m.birthday };
}

async function redirectWithCode(c: Context<AppEnv>, req: AuthorizeRequest, identity: DevIdentity): Promise<Response> {
  const ctx = authContext(c);
  const code = await signDev(ctx.env, 'code', { identity, clientId: req.clientId }, CODE_TTL_SECONDS, ctx.now);
  const target = new URL(req.redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('state', req.state);
  return c.redirect(target.toString(), 302);
}

async function showPage(
  c: Context<AppEnv>,
  req: AuthorizeRequest,
  extra: { notice?: string; error?: string; values?: FormValues },
  status: 200 | 400 = 200,
) {
  const ctx = authContext(c);
  const members = await listMembersOfProvider(ctx.db, 'NAVER', DEMO_MEMBERS_SHOWN);
  return c.html(renderAuthorizePage({ ...req, members, ...extra }, ctx.now), status);
}

naverPortalApp.get('/dev-portal/naver/authorize', async (c) => {
  const req = checkAuthorizeRequest(c.env, c.req.url, c.req.query());
  if (typeof req === 'string') return c.html(renderErrorPage(req), 400);
  const hint = c.req.query('login_hint')?.trim().toLowerCase();
  if (hint) {
    const member = await findMemberByProviderEmail(authContext(c).db, 'NAVER', hint);
    if (member) return redirectWithCode(c, req, identityOfMember(member));
    return showPage(c, req, {
      notice: `${hint} 계정의 데모 회원이 없어요. 아래에서 새 신원으로 로그인해 보세요.`,
      values: { email: hint },
    });
  }
  return showPage(c, req, {});
});

const typedIdentity = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1).max(40).optional(),
  gender: z.enum(['M', 'F']).optional(),
  birthday: z.iso.date().optional(),
});

naverPortalApp.post('/dev-portal/naver/authorize', async (c) => {
  const form = await c.req.parseBody();
  const field = (k: string) => {
    const v = form[k];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const req = checkAuthorizeRequest(c.env, c.req.url, {
    client_id: field('client_id'),
    redirect_uri: field('redirect_uri'),
    state: field('state'),
  });
  if (typeof req === 'string') return c.html(renderErrorPage(req), 400);
  const values: FormValues = {
    email: field('email'),
    name: field('name'),
    gender: field('gender'),
    birthday: field('birthday'),
  };
  const parsed = typedIdentity.safeParse(values);
  if (!parsed.success) {
    return showPage(c, req, { error: '이메일, 성별, 생년월일을 올바르게 입력해 주세요.', values }, 400);
  }
  const email = parsed.data.email.toLowerCase();
  // An existing member's email signs in as that member, whatever else was typed.
  const member = await findMemberByProviderEmail(authContext(c).db, 'NAVER', email);
  const identity: DevIdentity = member
    ? identityOfMember(member)
    : {
        id: await devProviderUserId(email),
        name: parsed.data.name ?? email.split('@')[0] ?? email,
        email,
        gender: parsed.data.gender,
        birthday: parsed.data.birthday,
      };
  return redirectWithCode(c, req, identity);
});

type CodePayload = { identity: DevIdentity; clientId: string };

// Naver accepts the token request as GET or POST, parameters in the query or a form body.
naverPortalApp.on(['GET', 'POST'], '/dev-portal/naver/token', async (c) => {
  const params: Record<string, string> = { ...c.req.query() };
  if (c.req.method === 'POST') {
    for (const [k, v] of Object.entries(await c.req.parseBody())) if (typeof v === 'string') params[k] = v;
  }
  const ctx = authContext(c);
  if (params.grant_type !== 'authorization_code') {
    return c.json({ error: 'unsupported_grant_type', error_description: 'grant_type is invalid' });
  }
  if (
    params.client_id !== (c.env.NAVER_CLIENT_ID ?? '') ||
    params.client_secret !== (c.env.NAVER_CLIENT_SECRET ?? '')
  ) {
    return c.json({ error: 'invalid_request', error_description: 'wrong client id / client secret pair' });
  }
  const payload = params.code ? await verifyDev<CodePayload>(ctx.env, 'code', params.code, ctx.now) : undefined;
  if (!payload || payload.clientId !== params.client_id) {
    return c.json({ error: 'invalid_request', error_description: 'no valid data in session' });
  }
  const accessToken = await signDev(ctx.env, 'token', payload.identity, TOKEN_TTL_SECONDS, ctx.now);
  return c.json({
    access_token: accessToken,
    refresh_token: await signDev(ctx.env, 'token', { refresh: payload.identity.id }, TOKEN_TTL_SECONDS, ctx.now),
    token_type: 'bearer',
    expires_in: String(TOKEN_TTL_SECONDS),
  });
});

naverPortalApp.get('/dev-portal/naver/v1/nid/me', async (c) => {
  const ctx = authContext(c);
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
  const identity = match?.[1] ? await verifyDev<DevIdentity>(ctx.env, 'token', match[1], ctx.now) : undefined;
  if (!identity || typeof identity.id !== 'string') {
    return c.json({ resultcode: '024', message: 'Authentication failed (인증 실패하였습니다.)' }, 401);
  }
  // Items the person did not share are simply absent, as on Naver.
  const [year, month, day] = identity.birthday?.split('-') ?? [];
  return c.json({
    resultcode: '00',
    message: 'success',
    response: {
      id: identity.id,
      nickname: identity.name,
      name: identity.name,
      email: identity.email,
      ...(identity.gender ? { gender: identity.gender } : {}),
      ...(month && day ? { birthday: `${month}-${day}` } : {}),
      ...(year ? { birthyear: year } : {}),
    },
  });
});
