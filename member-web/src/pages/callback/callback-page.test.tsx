import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { BanGate } from '../../components/ban-screen/ban-screen';
import { CallbackPage } from './callback-page';

const renderCallback = (query: string) =>
  renderPage('/naver/callback', <CallbackPage portal="naver" />, {
    at: `/naver/callback${query}`,
    probes: ['/main', '/member/termsAgree'],
  });

describe('portal callback', () => {
  it('logs and stops when the state differs from the stored one', async () => {
    sessionStorage.setItem('oauth_state', 'expected-state-0123456789');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCallback('?code=abc&state=other-state');
    expect(await screen.findByRole('heading', { name: '로그인을 다시 시도해 주세요' })).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: '처음 화면으로 가기' })).toHaveAttribute('href', '/');
  });

  it('logs and stops when the code is missing', async () => {
    sessionStorage.setItem('oauth_state', 's1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderCallback('?state=s1');
    expect(await screen.findByRole('heading', { name: '로그인을 다시 시도해 주세요' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('LOGIN: exchanges the ticket for a token and goes to /main', async () => {
    sessionStorage.setItem('oauth_state', 'state-login-1');
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/naver/callback'
          ? jsonResponse({ status: 'LOGIN', id: 7 })
          : jsonResponse({ accessToken: 'tok-7' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderCallback('?code=c-login&state=state-login-1');
    expect(screen.getByText('로그인 처리 중이에요…')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/main');
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/api/naver/callback', '/login/7']);
    expect(localStorage.getItem('accessToken')).toBe('tok-7');
    expect(sessionStorage.getItem('oauth_state')).toBeNull();
  });

  it('NEED_AGREEMENT: keeps the temporary token and goes to the agreement page', async () => {
    sessionStorage.setItem('oauth_state', 'state-new-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ status: 'NEED_AGREEMENT', token: 'a.b.c' }))),
    );
    renderCallback('?code=c-new&state=state-new-1');
    expect(await screen.findByTestId('location')).toHaveTextContent('/member/termsAgree');
    expect(sessionStorage.getItem('tempSignupToken')).toBe('a.b.c');
  });

  it('a banned member signing in sees the ban: reason, end and where to appeal, not "try again"', async () => {
    sessionStorage.setItem('oauth_state', 'state-banned-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/naver/callback'
            ? jsonResponse({ status: 'LOGIN', id: 9 })
            : jsonResponse(
                {
                  code: 'MEMBER_BANNED',
                  message: '이용이 정지된 계정이에요. 2026년 11월 22일 오후 3:04까지 이용할 수 없어요.',
                  ban: { reason: '다른 회원에게 돈을 요구했어요', until: '2026-11-22T06:04:00.000Z' },
                },
                403,
              ),
        ),
      ),
    );
    renderPage(
      '/naver/callback',
      <BanGate>
        <CallbackPage portal="naver" />
      </BanGate>,
      { at: '/naver/callback?code=c-banned&state=state-banned-1' },
    );
    expect(await screen.findByRole('heading', { name: '이용이 정지된 계정이에요' })).toBeInTheDocument();
    expect(screen.getByText('다른 회원에게 돈을 요구했어요')).toBeInTheDocument();
    expect(screen.getByText('2026년 11월 22일 오후 3:04까지')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@ongi.dev' })).toBeInTheDocument();
    expect(screen.queryByText('로그인을 다시 시도해 주세요')).not.toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
