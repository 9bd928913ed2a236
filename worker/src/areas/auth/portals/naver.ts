// Naver Login (네이버 로그인): authorize URL, code exchange and profile, normalised.
import { devPortalEnabled, type Env } from '../../../lib/env';
import {
  calendarDate,
  getProfileJson,
  isRecord,
  portalUnavailable,
  postForm,
  profileIncomplete,
  str,
  withQuery,
  type MissingItem,
} from './common';
import { redirectUri, type PortalAdapter, type PortalEndpoints, type PortalIdentity } from './types';

const REAL: PortalEndpoints = {
  authorize: 'https://nid.naver.com/oauth2.0/authorize',
  token: 'https://nid.naver.com/oauth2.0/token',
  profile: 'https://openapi.naver.com/v1/nid/me',
};

/** Where the dev portal answers for Naver, on this Worker's own origin. */
export function devPortalNaverEndpoints(origin: string): PortalEndpoints {
  const base = `${origin}/dev-portal/naver`;
  return { authorize: `${base}/authorize`, token: `${base}/token`, profile: `${base}/v1/nid/me` };
}

function naverEndpoints(env: Env, origin: string): PortalEndpoints {
  // Empty variables fall back to the dev portal when it is on, to Naver otherwise.
  const fallback = devPortalEnabled(env) ? devPortalNaverEndpoints(origin) : REAL;
  return {
    authorize: env.NAVER_AUTHORIZE_URL || fallback.authorize,
    token: env.NAVER_TOKEN_URL || fallback.token,
    profile: env.NAVER_PROFILE_URL || fallback.profile,
  };
}

/** Naver's `/v1/nid/me` body → identity, or 422 naming what the member did not share. */
export function normalizeNaverProfile(body: Record<string, unknown>): PortalIdentity {
  const r = isRecord(body.response) ? body.response : {};
  const id = str(r.id);
  if (!id) throw portalUnavailable('naver');
  const email = str(r.email)?.toLowerCase();
  const genderRaw = str(r.gender);
  const gender = genderRaw === 'M' || genderRaw === 'F' ? genderRaw : undefined; // 'U' = not shared
  const [mm, dd] = (str(r.birthday) ?? '').split('-');
  const year = str(r.birthyear);
  const birthday = year && mm && dd ? calendarDate(year, mm, dd) : undefined;

  const missing: MissingItem[] = [];
  if (!email) missing.push('email');
  if (!gender) missing.push('gender');
  if (!str(r.birthday)) missing.push('birthday');
  if (!year) missing.push('birthyear');
  // Present but malformed counts as not shared.
  if (!birthday && !missing.includes('birthday') && !missing.includes('birthyear')) missing.push('birthday');
  if (!email || !gender || !birthday) throw profileIncomplete('naver', missing);
  return {
    providerType: 'NAVER',
    providerUserId: id,
    name: str(r.name) ?? str(r.nickname) ?? '',
    email,
    gender,
    birthday,
  };
}

export const naverAdapter: PortalAdapter = {
  portal: 'naver',
  configured: (env) => Boolean(env.NAVER_CLIENT_ID),
  endpoints: naverEndpoints,
  authorizeUrl(env, origin, state) {
    return withQuery(naverEndpoints(env, origin).authorize, {
      response_type: 'code',
      client_id: env.NAVER_CLIENT_ID ?? '',
      redirect_uri: redirectUri(origin, 'naver'),
      state,
    });
  },
  async exchangeCode(fetcher, env, origin, code, state) {
    const body = await postForm(fetcher, 'naver', naverEndpoints(env, origin).token, {
      grant_type: 'authorization_code',
      client_id: env.NAVER_CLIENT_ID ?? '',
      client_secret: env.NAVER_CLIENT_SECRET ?? '',
      code,
      state,
    });
    return String(body.access_token);
  },
  async fetchProfile(fetcher, env, origin, accessToken) {
    const body = await getProfileJson(fetcher, 'naver', naverEndpoints(env, origin).profile, accessToken);
    return normalizeNaverProfile(body);
  },
};
