import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { LocationPage } from './location-page';

async function pickMapo(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '지역 고르기' }));
  await user.selectOptions(await screen.findByRole('combobox', { name: '시/도' }), '서울특별시');
  await user.selectOptions(screen.getByRole('combobox', { name: '시/군/구' }), '마포구');
  await user.click(screen.getByRole('button', { name: '선택 완료' }));
}

describe('location page', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('fills the read-only fields from the picker and saves {address, lat, lng} with the bearer', async () => {
    const fetchMock = vi.fn((_u: string, _i?: RequestInit) => Promise.resolve(jsonResponse({ ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage('/location', <LocationPage />, { probes: ['/main'] });

    await pickMapo(user);
    expect(screen.getByRole('textbox', { name: '시/도' })).toHaveValue('서울특별시');
    expect(screen.getByRole('textbox', { name: '시/군/구' })).toHaveValue('마포구');
    expect(screen.getByRole('textbox', { name: '시/도' })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: '위치 저장하고 시작하기' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/main');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/member/location');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer member-token');
    expect(JSON.parse(String(init?.body))).toEqual({ address: '서울특별시 마포구', lat: 37.56, lng: 126.91 });
  });

  it('shows 위치 저장에 실패했어요 with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(
            { code: 'LOCATION_CONSENT_REQUIRED', message: '위치 정보 이용에 동의해야 위치를 저장할 수 있어요.' },
            403,
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage('/location', <LocationPage />, { probes: ['/main'] });
    await pickMapo(user);
    await user.click(screen.getByRole('button', { name: '위치 저장하고 시작하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '위치 저장에 실패했어요: 위치 정보 이용에 동의해야 위치를 저장할 수 있어요.',
    );
  });

  it('shows the daily change limit’s message as the Worker words it and keeps the chosen region', async () => {
    const message =
      '회원님들의 위치가 드러나지 않도록 위치는 하루에 3번까지만 바꿀 수 있어요. 오늘은 모두 바꾸셨으니 3월 11일 0시부터 다시 바꿔 주세요.';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ code: 'LOCATION_CHANGE_LIMIT', message }, 429))),
    );
    const user = userEvent.setup();
    renderPage('/location', <LocationPage />, { probes: ['/main'] });
    await pickMapo(user);
    await user.click(screen.getByRole('button', { name: '위치 저장하고 시작하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    expect(screen.queryByTestId('location')).toBeNull(); // still on the page, not sent to /main
    expect(screen.getByRole('textbox', { name: '시/도' })).toHaveValue('서울특별시');
    expect(screen.getByRole('textbox', { name: '시/군/구' })).toHaveValue('마포구');
    expect(screen.getByRole('button', { name: '위치 저장하고 시작하기' })).toBeEnabled();
  });

  it('says how finely others see the location and how often it can change', () => {
    renderPage('/location', <LocationPage />);
    expect(screen.getByText(/약 1km 단위로만 보여요/)).toHaveTextContent('하루에 3번까지');
  });

  it('asks for a region before saving anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage('/location', <LocationPage />);
    await user.click(screen.getByRole('button', { name: '위치 저장하고 시작하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('시/도와 시/군/구를 모두 골라 주세요.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(
    'shows the place a member chose at signup and lets them go home without changing it',
    { timeout: 20_000 },
    async () => {
      const token = `h.${btoa(JSON.stringify({ sub: '7' })).replace(/=+$/, '')}.s`;
      localStorage.setItem('accessToken', token);
      const fetchMock = vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/on/profile/modal/7'
            ? jsonResponse({ memberId: 7, name: '김온기', age: 28, city: '서울특별시', district: '마포구' })
            : jsonResponse({ ok: true }),
        ),
      );
      vi.stubGlobal('fetch', fetchMock);
      const user = userEvent.setup();
      renderPage('/location', <LocationPage />, { probes: ['/main'] });
      expect(await screen.findByDisplayValue('서울특별시')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: '시/군/구' })).toHaveValue('마포구');
      expect(screen.getByRole('button', { name: '지역 바꾸기' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '홈으로 돌아가기' })).toHaveAttribute('href', '/main');
      await user.click(screen.getByRole('button', { name: '이대로 두고 홈으로 가기' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/main');
      expect(fetchMock.mock.calls.map(([u]) => u)).not.toContain('/api/member/location');
    },
  );
});
