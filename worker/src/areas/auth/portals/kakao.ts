// Kakao Login (카카오 로그인): authorize URL, code exchange and profile, normalised.
import type { Env } from '../../../lib/env';
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
  authorize: 'https://kauth.kakao.com/oauth/authorize',
  token: 'https://kauth.kakao.com/oauth/token',
  profile: 'https://kapi.kakao.com/v2/user/me',
};

function kakaoEndpoints(env: Env): PortalEndpoints {
  return {
    authorize: env.KAKAO_AUTHORIZE_URL || REAL.authorize,
    token: env.KAKAO_TOKEN_URL || REAL.token,
    profile: env.KAKAO_PROFILE_URL || REAL.profile,
  };
}

/** Kakao's `/v2/user/me` body → identity, or 422 naming what the member did not share. */
export function normalizeKakaoProfile(body: Record<string, unknown>): PortalIdentity {
  const id = str(body.id);
  const account = isRecord(body.kakao_account) ? body.kakao_account : {};
  const profile = isRecord(account.profile) ? account.profile : {};
  const properties = isRecord(body.properties) ? body.properties : {};
  if (!id) throw portalUnavailable('kakao');
  const email = str(account.email)?.toLowerCase();
  const genderRaw = str(account.gender);
  const gender = genderRaw === 'male' ? 'M' : genderRaw === 'female' ? 'F' : undefined;
  const year = str(account.birthyear);
  const mmdd = str(account.birthday) ?? '';
  const birthday = year && /^\d{4}$/.test(mmdd) ? calendarDate(year, mmdd.slice(0, 2), mmdd.slice(2)) : undefined;

  const missing: MissingItem[] = [];
  if (!email) missing.push('email');
  if (!gender) missing.push('gender');
  if (!mmdd) missing.push('birthday');
  if (!year) missing.push('birthyear');
  // Present but malformed counts as not shared.
  if (!birthday && !missing.includes('birthday') && !missing.includes('birthyear')) missing.push('birthday');
  if (!email || !gender || !birthday) throw profileIncomplete('kakao', missing);
  return {
    providerType: 'KAKAO',
    providerUserId: id,
    name: str(account.name) ?? str(profile.nickname) ?? str(properties.nickname) ?? '',
    email,
    gender,
    birthday,
  };
}

export const kakaoAdapter: PortalAdapter = {
  portal: 'kakao',
  configured: (env) => Boolean(env.KAKAO_CLIENT_ID),
  endpoints: (env) => kakaoEndpoints(env),
  authorizeUrl(env, origin, state) {
    return withQuery(kakaoEndpoints(env).authorize, {
      response_type: 'code',
      client_id: env.KAKAO_CLIENT_ID ?? '',
      redirect_uri: redirectUri(origin, 'kakao'),
      state,
    });
  },
  async exchangeCode(fetcher, env, origin, code) {
    const params: Record<string, string> = {
      grant_type: 'authorization_code',
      client_id: env.KAKAO_CLIENT_ID ?? '',
      redirect_uri: redirectUri(origin, 'kakao'),
      code,
    };
    // The client secret is optional on Kakao (only when enabled in the app's security settings).
    if (env.KAKAO_CLIENT_SECRET) params.client_secret = env.KAKAO_CLIENT_SECRET;
    const body = await postForm(fetcher, 'kakao', kakaoEndpoints(env).token, params);
    return String(body.access_token);
  },
  async fetchProfile(fetcher, env, _origin, accessToken) {
    const body = await getProfileJson(fetcher, 'kakao', kakaoEndpoints(env).profile, accessToken);
    return normalizeKakaoProfile(body);
  },
};
