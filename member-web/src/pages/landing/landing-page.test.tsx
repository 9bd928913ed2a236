import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { LandingPage } from './landing-page';

function mockOauthState(authorizeUrls: Record<string, string>) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(jsonResponse({ authorizeUrls })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderLanding = (at = '/') => renderPage('/', <LandingPage />, { at, probes: ['/main'] });

describe('landing page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a member with an access token straight to /main', () => {
    localStorage.setItem('accessToken', 't');
    renderLanding();
    expect(screen.getByTestId('location')).toHaveTextContent('/main');
  });

  it('shows the 19 mark (청소년유해매체물 표시) with the required wording on the first screen (docs/trust.md "The 19 mark")', () => {
    renderLanding();
    expect(screen.getByRole('img', { name: '19세 미만 이용 불가 표시' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '19세 미만의 청소년은 이용할 수 없어요' })).toHaveTextContent(
      '이 정보내용은 청소년유해매체물로서 청소년보호법 및 정보통신망 이용촉진 및 정보보호 등에 관한 법률에 따라 19세 미만의 청소년이 이용할 수 없습니다.',
    );
  });

  it('shows the four steps and the feature promises', () => {
    renderLanding();
    for (const step of ['회원가입', '관심사 설정', '스마트 매칭', '채팅하고 만나기']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    for (const f of ['인증된 회원', '취향 기반 매칭', '따뜻한 인터페이스'])
      expect(screen.getByRole('heading', { name: f })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '공지사항' })).toHaveAttribute('href', '/notices');
    expect(screen.getByRole('link', { name: '피드백 보내기' })).toHaveAttribute('href', '/feedback');
  });

  it('opening the modal twice keeps one registered state: the one in the URL it goes to', async () => {
    const bodies: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        bodies.push(String(init?.body));
        // A second registration (there must be none while the first is fresh) would never answer.
        return bodies.length === 1
          ? Promise.resolve(jsonResponse({ authorizeUrls: { naver: 'https://nid.example/authorize?s=first' } }))
          : new Promise<Response>(() => undefined);
      }),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderLanding();
    const start = screen.getAllByRole('button', { name: '시작하기' })[0] as HTMLElement;
    await user.click(start);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    await user.keyboard('{Escape}');
    expect(start).toHaveFocus();
    await user.click(start);
    await user.click(screen.getByRole('button', { name: '네이버로 로그인' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://nid.example/authorize?s=first'));
    // One state cookie, for the state the URL carries (a newer one could land after it).
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0] ?? '{}')).toEqual({ oauthState: sessionStorage.getItem('oauth_state') });
  });

  it('tells a member whose session expired, gently', () => {
    renderLanding('/?reason=expired');
    expect(screen.getByText('로그인이 만료되어 로그아웃되었어요. 다시 로그인해 주세요.')).toBeInTheDocument();
  });

  it('시작하기 → 네이버로 로그인 stores a 32-char state, registers it and goes to the portal', async () => {
    const fetchMock = mockOauthState({ naver: 'https://nid.example/authorize?x=1' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderLanding();

    await user.click(screen.getAllByRole('button', { name: '시작하기' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: '온기 시작하기' });
    expect(dialog).toHaveTextContent('이용약관');
    expect(screen.getByRole('link', { name: '개인정보처리방침' })).toHaveAttribute('href', '/privacy');
    await user.click(screen.getByRole('button', { name: '네이버로 로그인' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://nid.example/authorize?x=1'));
    const state = sessionStorage.getItem('oauth_state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/setOauthState');
    expect(JSON.parse(String(init?.body))).toEqual({ oauthState: state });
    expect(screen.queryByRole('button', { name: '카카오로 로그인' })).not.toBeInTheDocument();
  });

  it('offers Kakao only when the Worker returned a Kakao URL', async () => {
    mockOauthState({ naver: 'https://n.example', kakao: 'https://k.example' });
    const user = userEvent.setup();
    renderLanding();
    await user.click(screen.getAllByRole('button', { name: '시작하기' })[0] as HTMLElement);
    expect(await screen.findByRole('button', { name: '카카오로 로그인' })).toBeInTheDocument();
  });
});
