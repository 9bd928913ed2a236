// Portal adapters in isolation: a fake fetch stands in for the portal, so nothing leaves the test.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { kakaoAdapter, normalizeKakaoProfile } from '../../src/areas/auth/portals/kakao';
import { naverAdapter, normalizeNaverProfile } from '../../src/areas/auth/portals/naver';
import { portalFetch } from '../../src/areas/auth/portals/portal-fetch';
import type { PortalFetcher } from '../../src/areas/auth/portals/types';
import { AppError } from '../../src/lib/errors';

type Call = { url: string; init?: RequestInit };

function fakeFetch(answer: (call: Call) => Response): { fetcher: PortalFetcher; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetcher: async (url, init) => {
      calls.push({ url, init });
      return answer({ url, init });
    },
  };
}

const kakaoMe = {
  id: 3141592653,
  connected_at: '2026-11-01T00:00:00Z',
  properties: { nickname: '카카오닉' },
  kakao_account: {
    profile: { nickname: '카카오닉' },
    name: '최카카',
    email: 'Kakao.User@Example.com',
    gender: 'female',
    birthyear: '2001',
    birthday: '0305',
    birthday_type: 'SOLAR',
  },
};

async function appError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('Kakao adapter', () => {
  it('reads the profile with the bearer token and normalises it', async () => {
    const { fetcher, calls } = fakeFetch(() => Response.json(kakaoMe));
    const identity = await kakaoAdapter.fetchProfile(fetcher, env, 'http://localhost:8787', 'kakao-token');
    expect(identity).toEqual({
      providerType: 'KAKAO',
      providerUserId: '3141592653',
      name: '최카카',
      email: 'kakao.user@example.com',
      gender: 'F',
      birthday: '2001-03-05',
    });
    expect(calls[0]?.url).toBe('https://kapi.kakao.com/v2/user/me');
    expect(new Headers(calls[0]?.init?.headers).get('Authorization')).toBe('Bearer kakao-token');
  });

  it('maps male to M and falls back to the nickname when the name is not shared', () => {
    const { name: _n, ...account } = kakaoMe.kakao_account;
    const identity = normalizeKakaoProfile({ ...kakaoMe, kakao_account: { ...account, gender: 'male' } });
    expect(identity).toMatchObject({ gender: 'M', name: '카카오닉' });
  });

  it('answers 422 naming the items the member did not share', () => {
    const { gender: _g, birthyear: _y, ...account } = kakaoMe.kakao_account;
    let err: unknown;
    try {
      normalizeKakaoProfile({ ...kakaoMe, kakao_account: account });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    const appErr = err as AppError;
    expect(appErr.status).toBe(422);
    expect(appErr.code).toBe('PORTAL_PROFILE_INCOMPLETE');
    expect(appErr.message).toContain('카카오');
    expect(Object.keys(appErr.fields ?? {})).toEqual(['gender', 'birthyear']);
  });

  it('refuses an impossible birthday', () => {
    expect(() =>
      normalizeKakaoProfile({ ...kakaoMe, kakao_account: { ...kakaoMe.kakao_account, birthday: '0230' } }),
    ).toThrow(AppError);
  });

  it('exchanges the code with a form post carrying the redirect URI and secret', async () => {
    const { fetcher, calls } = fakeFetch(() => Response.json({ access_token: 'at', token_type: 'bearer' }));
    const token = await kakaoAdapter.exchangeCode(fetcher, env, 'http://localhost:8787', 'the-code', 'st');
    expect(token).toBe('at');
    expect(calls[0]?.url).toBe('https://kauth.kakao.com/oauth/token');
    expect(calls[0]?.init?.method).toBe('POST');
    const form = new URLSearchParams(String(calls[0]?.init?.body));
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      client_id: 'test-kakao-client',
      client_secret: 'test-kakao-secret',
      redirect_uri: 'http://localhost:8787/kakao/callback',
      code: 'the-code',
    });
  });

  it('turns a rejected code into 400 and an unreachable portal into 502', async () => {
    const rejected = fakeFetch(() => Response.json({ error: 'invalid_grant', error_code: 'KOE320' }, { status: 400 }));
    expect((await appError(kakaoAdapter.exchangeCode(rejected.fetcher, env, 'http://x', 'c', 's'))).code).toBe(
      'OAUTH_CODE_INVALID',
    );
    const down = fakeFetch(() => new Response('oops', { status: 503 }));
    expect((await appError(kakaoAdapter.exchangeCode(down.fetcher, env, 'http://x', 'c', 's'))).status).toBe(502);
  });
});

describe('Naver adapter', () => {
  const naverMe = {
    resultcode: '00',
    message: 'success',
    response: {
      id: 'naver-id-1',
      name: '네이버',
      email: 'n@example.com',
      gender: 'M',
      birthday: '12-31',
      birthyear: '1990',
    },
  };

  it('normalises the profile and treats gender U as not shared', () => {
    expect(normalizeNaverProfile(naverMe)).toEqual({
      providerType: 'NAVER',
      providerUserId: 'naver-id-1',
      name: '네이버',
      email: 'n@example.com',
      gender: 'M',
      birthday: '1990-12-31',
    });
    expect(() => normalizeNaverProfile({ ...naverMe, response: { ...naverMe.response, gender: 'U' } })).toThrow(/성별/);
  });

  it('uses configured endpoints first, then the dev portal when it is on, else Naver itself', () => {
    expect(naverAdapter.endpoints(env, 'http://localhost:8787').token).toBe(
      'http://localhost:8787/dev-portal/naver/token',
    );
    expect(naverAdapter.endpoints({ ...env, DEV_PORTAL: 'false' }, 'http://x').profile).toBe(
      'https://openapi.naver.com/v1/nid/me',
    );
    expect(naverAdapter.endpoints({ ...env, NAVER_TOKEN_URL: 'https://proxy.example/token' }, 'http://x').token).toBe(
      'https://proxy.example/token',
    );
  });

  it('sends the token request with client id, secret, code and state', async () => {
    const { fetcher, calls } = fakeFetch(() => Response.json({ access_token: 'nat' }));
    expect(await naverAdapter.exchangeCode(fetcher, { ...env, DEV_PORTAL: 'false' }, 'http://x', 'cd', 'st')).toBe(
      'nat',
    );
    expect(calls[0]?.url).toBe('https://nid.naver.com/oauth2.0/token');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]?.init?.body)))).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'test-naver-client',
      client_secret: 'test-naver-secret',
      code: 'cd',
      state: 'st',
    });
  });

  it('treats Naver’s 200-with-error token answer as a rejected code', async () => {
    const { fetcher } = fakeFetch(() =>
      Response.json({ error: 'invalid_request', error_description: 'no valid data in session' }),
    );
    expect((await appError(naverAdapter.exchangeCode(fetcher, env, 'http://x', 'c', 's'))).code).toBe(
      'OAUTH_CODE_INVALID',
    );
  });
});

describe('portalFetch', () => {
  it('answers dev portal URLs in-process while the portal is on', async () => {
    const res = await portalFetch(env, 'http://localhost:8787/dev-portal/naver/v1/nid/me', {
      headers: { Authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ resultcode: '024' });
  });
});
