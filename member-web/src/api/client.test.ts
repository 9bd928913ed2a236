import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@contract/limits';
import { getToasts } from '../components/toast/toast-store';
import { jsonResponse } from '../test/factories';
import { ApiError, api, setApiNavigator } from './client';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

function mockFetch(handler: Handler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const bearerOf = (init: RequestInit) => new Headers(init.headers).get('Authorization');
const callsTo = (fn: ReturnType<typeof mockFetch>, path: string) => fn.mock.calls.filter(([u]) => String(u) === path);

function deferred<T>() {
  let resolve: (v: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setApiNavigator(navigate);
  window.history.pushState({}, '', '/main');
  localStorage.setItem('accessToken', 'old-token');
});

afterEach(() => {
  window.history.pushState({}, '', '/');
});

describe('single-flight refresh on 401 from /api/on/', () => {
  it('makes exactly one refresh for two concurrent 401s and retries both with the new token', async () => {
    const refresh = deferred<Response>();
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/on/auth/refresh') return refresh.promise;
      if (bearerOf(init) === 'Bearer new-token') return jsonResponse({ ok: url });
      return jsonResponse({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }, 401);
    });

    const a = api.get<{ ok: string }>('/api/on/ping');
    const b = api.get<{ ok: string }>('/api/on/chat-rooms');
    await vi.waitFor(() => expect(callsTo(fetchMock, '/api/on/auth/refresh')).toHaveLength(1));
    refresh.resolve(jsonResponse({ accessToken: 'new-token' }));

    await expect(a).resolves.toEqual({ ok: '/api/on/ping' });
    await expect(b).resolves.toEqual({ ok: '/api/on/chat-rooms' });
    expect(callsTo(fetchMock, '/api/on/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    // The refresh itself is cookie-only: no bearer header.
    const refreshCall = callsTo(fetchMock, '/api/on/auth/refresh')[0];
    expect(refreshCall && bearerOf(refreshCall[1] ?? {})).toBeNull();
    expect(refreshCall?.[1]?.credentials).toBe('include');
  });

  it('clears the token, says 로그아웃되었어요 and goes to /?reason=expired when the refresh fails', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/on/auth/refresh'
        ? jsonResponse({ code: 'REFRESH_INVALID', message: '다시 로그인해 주세요.' }, 401)
        : jsonResponse({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }, 401),
    );

    const results = await Promise.allSettled([api.get('/api/on/ping'), api.get('/api/on/mypage/profile')]);

    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(r.status === 'rejected' && (r.reason as ApiError).code).toBe('SESSION_EXPIRED');
    }
    expect(callsTo(fetchMock, '/api/on/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/?reason=expired');
    expect(getToasts().map((t) => t.message)).toContain('로그아웃되었어요');
  });

  it('on the landing page a failed refresh only clears the token', async () => {
    window.history.pushState({}, '', '/');
    mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }, 401));

    await expect(api.get('/api/on/ping')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries the refresh once when the server answers 409 REFRESH_RACE', async () => {
    let refreshes = 0;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/on/auth/refresh') {
        refreshes += 1;
        return refreshes === 1
          ? jsonResponse({ code: 'REFRESH_RACE', message: '잠시 후 다시 시도해 주세요.' }, 409)
          : jsonResponse({ accessToken: 'raced-token' });
      }
      return bearerOf(init) === 'Bearer raced-token' ? jsonResponse([]) : jsonResponse({ message: 'x' }, 401);
    });

    await expect(api.get('/api/on/chat-rooms')).resolves.toEqual([]);
    expect(callsTo(fetchMock, '/api/on/auth/refresh')).toHaveLength(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a 401 outside /api/on/ without refreshing', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }, 401));

    await expect(api.get('/feedback/my', { auth: true })).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(callsTo(fetchMock, '/api/on/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem('accessToken')).toBe('old-token');
  });

  it('retries only once: a second 401 after a successful refresh is returned as an error', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/on/auth/refresh'
        ? jsonResponse({ accessToken: 'new-token' })
        : jsonResponse({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }, 401),
    );
    await expect(api.get('/api/on/ping')).rejects.toMatchObject({ status: 401 });
    expect(callsTo(fetchMock, '/api/on/ping')).toHaveLength(2);
  });
});

describe('requests and errors', () => {
  it('sends the bearer on member calls and includes cookies', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    await api.get('/api/on/ping');
    await api.post('/api/setOauthState', { json: { oauthState: 'x' } });
    const [memberCall, publicCall] = fetchMock.mock.calls;
    expect(bearerOf(memberCall?.[1] ?? {})).toBe('Bearer old-token');
    expect(bearerOf(publicCall?.[1] ?? {})).toBeNull();
    expect(publicCall?.[1]?.credentials).toBe('include');
    expect(new Headers(publicCall?.[1]?.headers).get('Content-Type')).toBe('application/json');
  });

  it('surfaces the server error as a typed ApiError with the Korean message and field errors', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          code: 'INVALID_INPUT',
          message: '입력한 내용을 다시 확인해 주세요.',
          fields: { name: '이름을 입력해 주세요.' },
        },
        400,
      ),
    );
    const err = await api.post('/api/member/location', { json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      message: '입력한 내용을 다시 확인해 주세요.',
      fields: { name: '이름을 입력해 주세요.' },
    });
  });

  it('gives up after the 15 s request timeout', async () => {
    vi.useFakeTimers();
    try {
      mockFetch(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = api.get('/notices').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a bare number answer (the signup id) and an empty 200', async () => {
    mockFetch((url) => (url === '/login/7' ? new Response('', { status: 200 }) : jsonResponse(42)));
    await expect(api.post<number>('/api/x')).resolves.toBe(42);
    await expect(api.post('/login/7')).resolves.toBeUndefined();
  });
});

describe('D1 bookmark (x-d1-bookmark)', () => {
  const older = `00000001-00000002-00000003-${'a'.repeat(32)}`;
  const newer = `00000001-00000002-00000009-${'b'.repeat(32)}`;
  const bookmarkOf = (init: RequestInit) => new Headers(init.headers).get('x-d1-bookmark');

  beforeEach(() => sessionStorage.clear());

  it('sends nothing before a write, then the bookmark a write answered on every later call', async () => {
    const fetchMock = mockFetch((url) => {
      const res = jsonResponse({ ok: url });
      if (url === '/api/on/heart/7') res.headers.set('x-d1-bookmark', older);
      return res;
    });
    await api.get('/api/on/ping');
    expect(bookmarkOf(fetchMock.mock.calls[0]![1]!)).toBeNull();
    await api.put('/api/on/heart/7');
    await api.get('/api/on/mypage/profile-likes');
    await api.get('/notices', { auth: false });
    expect(bookmarkOf(fetchMock.mock.calls[2]![1]!)).toBe(older);
    expect(bookmarkOf(fetchMock.mock.calls[3]![1]!)).toBe(older);
    expect(sessionStorage.getItem('d1Bookmark')).toBe(older);
  });

  it('never goes back to an older bookmark answered after a newer one', async () => {
    mockFetch((url) => {
      const res = jsonResponse({ ok: url });
      res.headers.set('x-d1-bookmark', url === '/api/on/a' ? newer : older);
      return res;
    });
    await api.post('/api/on/a');
    await api.post('/api/on/b');
    expect(sessionStorage.getItem('d1Bookmark')).toBe(newer);
  });
});
