// 403 MEMBER_BANNED from any call is reported to the ban store (the root layout then shows the ban screen).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBan, getBan } from '../lib/ban-store';
import { jsonResponse } from '../test/factories';
import { ApiError, api, setApiNavigator } from './client';

const BANNED = {
  code: 'MEMBER_BANNED',
  message: '이용이 정지된 계정이에요. 2026년 11월 22일 오후 3:04까지 이용할 수 없어요.',
  ban: { reason: '스팸 홍보', until: '2026-11-22T06:04:00.000Z' },
};

const navigate = vi.fn();
beforeEach(() => {
  navigate.mockReset();
  setApiNavigator(navigate);
  localStorage.setItem('accessToken', 'member-token');
});

describe('a banned member', () => {
  it('mid-session: a member call answering 403 MEMBER_BANNED reports the ban with its reason and end', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(BANNED, 403)));
    const call = api.get('/api/on/chat-rooms');
    await expect(call).rejects.toMatchObject({ status: 403, code: 'MEMBER_BANNED' });
    expect(getBan()).toEqual(BANNED.ban);
  });

  it('at sign-in: POST /login/{id} answering 403 reports the ban too', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse({ ...BANNED, ban: { reason: null, until: null } }, 403)));
    await expect(api.post('/login/7')).rejects.toBeInstanceOf(ApiError);
    expect(getBan()).toEqual({ reason: null, until: null });
  });

  it('on refresh: a 403 ban is shown as a ban, not as "logged out"', async () => {
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(
        url === '/api/on/auth/refresh'
          ? jsonResponse(BANNED, 403)
          : jsonResponse({ code: 'UNAUTHORIZED', message: '로그인이 필요해요.' }, 401),
      ),
    );
    window.history.pushState({}, '', '/main');
    await expect(api.get('/api/on/ping')).rejects.toMatchObject({ code: 'MEMBER_BANNED' });
    expect(getBan()).toEqual(BANNED.ban);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
    window.history.pushState({}, '', '/');
  });

  it('a ban answering a call sent before the member left (the session cleared meanwhile) is not shown again', async () => {
    clearBan();
    let answer: (res: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const late = api.post('/api/on/chat-live/ws-ticket');
    await vi.waitFor(() => expect(answer).not.toBeUndefined());
    localStorage.removeItem('accessToken'); // 처음 화면으로 가기
    answer(jsonResponse(BANNED, 403));
    await expect(late).rejects.toMatchObject({ status: 403, code: 'MEMBER_BANNED' });
    expect(getBan()).toBeNull();
  });

  it('other 403s are no ban', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse({ code: 'FORBIDDEN', message: '권한이 없어요.' }, 403)));
    await expect(api.get('/api/on/ping')).rejects.toBeInstanceOf(ApiError);
    expect(getBan()).toBeNull();
  });
});
