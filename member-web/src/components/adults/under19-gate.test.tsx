import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { clearUnder19, isUnder19 } from '../../lib/under19-store';
import { renderPage } from '../../test/render';
import { Under19Gate } from './under19-gate';

const under19Body = { code: 'UNDER_19', message: '온기는 만 19세 이상만 이용할 수 있어요.' };

afterEach(() => {
  clearUnder19();
  vi.unstubAllGlobals();
});

describe('under-19 gate (docs/trust.md)', () => {
  it('replaces the page on any 403 UNDER_19 with why, export and deletion; 처음 화면으로 forgets the session', async () => {
    localStorage.setItem('accessToken', 'member-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(under19Body), { status: 403, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    renderPage(
      '/main',
      <Under19Gate>
        <p>메인 화면</p>
      </Under19Gate>,
      { probes: ['/'] },
    );
    expect(screen.getByText('메인 화면')).toBeInTheDocument();
    await expect(api.get('/api/on/matching/popular')).rejects.toMatchObject({ status: 403, code: 'UNDER_19' });
    expect(await screen.findByRole('heading', { level: 1, name: under19Body.message })).toBeInTheDocument();
    expect(screen.queryByText('메인 화면')).not.toBeInTheDocument();
    expect(screen.getByText(/법에 따라 만 19세 이상만/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '19세 미만 이용 불가 표시' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '내 정보 내려받기' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '회원 탈퇴하기' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '처음 화면으로' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(isUnder19()).toBe(false);
  });

  it('leaves the signup 본인확인 page alone: an UNDER_19 answering a call without a member token is that page to explain', async () => {
    localStorage.removeItem('accessToken');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(under19Body), { status: 403, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    await expect(
      api.post('/api/member/identity', { json: { identityVerificationId: 'ongi-0001' } }),
    ).rejects.toMatchObject({ status: 403, code: 'UNDER_19' });
    expect(isUnder19()).toBe(false);
  });
});
