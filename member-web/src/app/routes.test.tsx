import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { routes } from './routes';

function renderApp(at: string) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('member app routes', () => {
  it('shows a Korean 404 page with a way home for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없어요' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '처음 화면으로 가기' })).toHaveAttribute('href', '/');
  });

  it('does not fake a page for a link the spec gives no route for (/notices/{id}/update is a 404)', async () => {
    renderApp('/notices/1/update');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없어요' })).toBeInTheDocument();
  });

  it('sends a visitor without a token from a member page to the landing page', async () => {
    const router = renderApp('/main');
    expect(await screen.findByRole('heading', { level: 1, name: /마음이 통하는 사람을/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders /main inside the shared frame for a member', async () => {
    localStorage.setItem('accessToken', 'member-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ ok: true }))),
    );
    renderApp('/main');
    expect(await screen.findByRole('heading', { name: '이번 주 인기 프로필' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '주요 메뉴' });
    for (const name of ['소개', '공지사항', '커뮤니티', '채팅', '마이페이지']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getByRole('button', { name: '매칭' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
  });

  it('opens the public terms and privacy documents', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: '온기 개인정보처리방침' })).toBeInTheDocument();
    expect(screen.getByText('개인정보 보호책임자: 온기 팀 · 이메일 privacy@ongi.dev')).toBeInTheDocument();
  });
});
