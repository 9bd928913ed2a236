import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getBan, reportBan } from '../../lib/ban-store';
import { renderPage } from '../../test/render';
import { BanGate, BanScreen } from './ban-screen';

describe('ban screen', () => {
  it('shows the reason, the end in Korean date style and where to appeal', () => {
    renderPage(
      '/main',
      <BanScreen ban={{ reason: '불쾌한 메시지를 반복해서 보냈어요', until: '2026-11-22T06:04:00Z' }} />,
    );
    expect(screen.getByRole('heading', { name: '이용이 정지된 계정이에요' })).toBeInTheDocument();
    expect(screen.getByText('불쾌한 메시지를 반복해서 보냈어요')).toBeInTheDocument();
    expect(screen.getByText('2026년 11월 22일 오후 3:04까지')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@ongi.dev' })).toHaveAttribute('href', 'mailto:hello@ongi.dev');
  });

  it('says 영구 정지 for a permanent ban and that no reason was given', () => {
    renderPage('/main', <BanScreen ban={{ reason: null, until: null }} />);
    expect(screen.getByText('영구 정지')).toBeInTheDocument();
    expect(screen.getByText('따로 적힌 사유가 없어요')).toBeInTheDocument();
  });

  it('replaces the page once a ban is reported, and 처음 화면으로 가기 forgets the session', async () => {
    localStorage.setItem('accessToken', 'member-token');
    renderPage(
      '/main',
      <BanGate>
        <p>메인 화면</p>
      </BanGate>,
      { probes: ['/'] },
    );
    expect(screen.getByText('메인 화면')).toBeInTheDocument();
    reportBan({ reason: '도배', until: null });
    expect(await screen.findByRole('heading', { name: '이용이 정지된 계정이에요' })).toBeInTheDocument();
    expect(screen.queryByText('메인 화면')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '처음 화면으로 가기' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(getBan()).toBeNull();
  });
});
