import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { preferReducedMotion, profiles, stubMatchingFetch } from './matching-fetch-stub';
import { RandomMatchingPage } from './random-matching-page';

const status = (over: object = {}) => ({ matchingEnabled: true, hasLocation: true, resumePage: 0, ...over });

/** Pages of recommendations by number; missing pages are empty. */
const pagesOf = (pages: Record<number, unknown[]>) => (call: { query: URLSearchParams }) =>
  pages[Number(call.query.get('page'))] ?? [];

const cardName = () => screen.getByRole('article').querySelector('h2')?.textContent ?? '';

function open() {
  return renderPage('/random/matching', <RandomMatchingPage />, { probes: ['/mypage'] });
}

describe('random matching', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    preferReducedMotion();
  });

  it('shows a loading text, then one card: photos with arrows, name, age with 세, location and #tags', async () => {
    stubMatchingFetch({
      'GET /api/on/matching/status': status(),
      'GET /api/on/matching/recommend': pagesOf({ 0: profiles(1, 3) }),
    });
    open();
    expect(await screen.findByText('추천할 분을 찾고 있어요…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '회원1 28세' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('서울 마포구')).toBeInTheDocument();
    expect(screen.getByText('#여행')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '회원1님의 1번째 사진' })).toHaveAttribute('src', '/media/profiles/p1.png');
    await userEvent.click(screen.getByRole('button', { name: '다음 사진' }));
    expect(screen.getByRole('img', { name: '회원1님의 2번째 사진' })).toHaveAttribute('src', '/media/profiles/s1.png');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('keeps the photo first-paint.js showed while the deck loads, hidden from the reader, then the card', async () => {
    (window as { __ongiEarlyPhoto?: string }).__ongiEarlyPhoto = '/media/profiles/p1.png';
    stubMatchingFetch({
      'GET /api/on/matching/status': status(),
      'GET /api/on/matching/recommend': pagesOf({ 0: profiles(1, 3) }),
    });
    const { container } = open();
    expect(await screen.findByText('추천할 분을 찾고 있어요…')).toBeInTheDocument();
    const early = container.querySelector('[data-early-photo]');
    expect(early).toHaveAttribute('aria-hidden', 'true');
    expect(early?.querySelector('img.match-photos__image')).toHaveAttribute('src', '/media/profiles/p1.png');
    expect(await screen.findByRole('heading', { name: '회원1 28세' }, { timeout: 5000 })).toBeInTheDocument();
    expect(container.querySelector('[data-early-photo]')).toBeNull();
    // Shown once: the page's next loading state is the spinner again.
    expect((window as { __ongiEarlyPhoto?: string }).__ongiEarlyPhoto).toBeUndefined();
  });

  it('asks for the next page when two remain and saves the previous page to history once', async () => {
    const api = stubMatchingFetch({
      'GET /api/on/matching/status': status(),
      'GET /api/on/matching/recommend': pagesOf({ 0: profiles(1, 4), 1: profiles(101, 4) }),
      'POST /api/on/matching/history/bulk': { saved: 4 },
    });
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: '회원1 28세' });
    expect(api.to('GET /api/on/matching/recommend')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '다음 사람' }));
    expect(api.to('GET /api/on/matching/recommend')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '다음 사람' })); // 회원3: two remain
    await waitFor(() => expect(api.to('GET /api/on/matching/recommend')).toHaveLength(2));
    expect(api.to('GET /api/on/matching/recommend')[1]?.query.get('page')).toBe('1');
    await waitFor(() => expect(api.to('POST /api/on/matching/history/bulk')).toHaveLength(1));
    expect(api.to('POST /api/on/matching/history/bulk')[0]?.json).toEqual({
      profileIds: [1, 2, 3, 4],
      page: 0,
      count: 4,
    });

    const seen = [cardName()];
    for (let i = 0; i < 5; i++) {
      await user.click(screen.getByRole('button', { name: '다음 사람' }));
      seen.push(cardName());
    }
    expect(seen).toEqual(['회원3 28세', '회원4 28세', '회원101 28세', '회원102 28세', '회원103 28세', '회원104 28세']);
    // Page 2 is empty: the end. Page 1 is saved once, page 0 never again.
    await waitFor(() => expect(api.to('POST /api/on/matching/history/bulk')).toHaveLength(2));
    expect(api.to('POST /api/on/matching/history/bulk')[1]?.json).toMatchObject({ page: 1 });
    await user.click(screen.getByRole('button', { name: '다음 사람' }));
    expect(await screen.findByRole('heading', { name: '오늘 소개할 분을 모두 만나셨어요' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '매칭 설정 바꾸기' })).toHaveAttribute('href', '/mypage?tab=settings');
    expect(api.to('POST /api/on/matching/history/bulk')).toHaveLength(2);
  });

  it('starts where today’s list left off', async () => {
    const api = stubMatchingFetch({
      'GET /api/on/matching/status': status({ resumePage: 2 }),
      'GET /api/on/matching/recommend': pagesOf({ 2: profiles(41, 3) }),
    });
    open();
    await screen.findByRole('heading', { name: '회원41 28세' });
    expect(api.to('GET /api/on/matching/recommend')[0]?.query.get('page')).toBe('2');
  });

  it('moves on with the ← key', async () => {
    stubMatchingFetch({
      'GET /api/on/matching/status': status(),
      'GET /api/on/matching/recommend': pagesOf({ 0: profiles(1, 5) }),
    });
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: '회원1 28세' });
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('heading', { name: '회원2 28세' })).toBeInTheDocument();
  });

  it('slides the card out for 300 ms and in for 200 ms when motion is allowed', async () => {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    stubMatchingFetch({
      'GET /api/on/matching/status': status(),
      'GET /api/on/matching/recommend': pagesOf({ 0: profiles(1, 5) }),
    });
    open();
    await screen.findByRole('heading', { name: '회원1 28세' });
    const started = performance.now();
    act(() => screen.getByRole('button', { name: '다음 사람' }).click());
    expect(screen.getByRole('article')).toHaveClass('match-card--out');
    await screen.findByRole('heading', { name: '회원2 28세' }, { timeout: 2000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(screen.getByRole('article')).toHaveClass('match-card--in');
    // A press during the slide-in is not lost: the next slide-out starts at once.
    act(() => screen.getByRole('button', { name: '다음 사람' }).click());
    expect(screen.getByRole('article')).toHaveClass('match-card--out');
    await screen.findByRole('heading', { name: '회원3 28세' }, { timeout: 2000 });
    await waitFor(() => expect(screen.getByRole('article')).toHaveClass('match-card--idle'));
  });

  it('asks first, sends the request with the intro and says so; a failure says the spec’s message', async () => {
    let fail = false;
    const api = stubMatchingFetch({
      'GET /api/on/matching/status': status(),
      'GET /api/on/matching/recommend': pagesOf({ 0: profiles(1, 5) }),
      'POST /api/on/matching/request/1': { status: 'PENDING', matchingId: 9 },
      'POST /api/on/matching/request/2': () =>
        fail ? jsonResponse({ code: 'INTERNAL', message: '서버 오류' }, 500) : { status: 'PENDING', matchingId: 10 },
    });
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: '회원1 28세' });
    await user.click(screen.getByRole('button', { name: '채팅 신청하기' }));
    const dialog = await screen.findByRole('dialog', { name: '회원1님에게 채팅을 신청할까요?' });
    // Nothing is sent until confirmed, and ← does not move the card on under the dialog.
    expect(api.to('POST /api/on/matching/request/1')).toHaveLength(0);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('heading', { name: '회원1 28세', hidden: true })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox'), '  여행 이야기 나눠요 😊  ');
    await user.click(within(dialog).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('채팅 신청을 보냈어요')).toBeInTheDocument();
    expect(api.to('POST /api/on/matching/request/1').map((c) => c.json)).toEqual([{ intro: '여행 이야기 나눠요 😊' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '채팅을 신청했어요' })).toBeDisabled();
    fail = true;
    await user.click(screen.getByRole('button', { name: '다음 사람' }));
    await user.click(await screen.findByRole('button', { name: '채팅 신청하기' }));
    // Cancelling sends nothing; confirming with no intro sends none.
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('POST /api/on/matching/request/2')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '채팅 신청하기' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('채팅을 신청하는 중에 오류가 발생했어요')).toBeInTheDocument();
    expect(api.to('POST /api/on/matching/request/2')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '채팅 신청하기' })).toBeEnabled();
  });

  it('suggests widening preferences instead of spinning when nobody is left', async () => {
    stubMatchingFetch({
      'GET /api/on/matching/status': status(),
      'GET /api/on/matching/recommend': [],
    });
    open();
    expect(await screen.findByRole('heading', { name: '오늘 소개할 분을 모두 만나셨어요' })).toBeInTheDocument();
    expect(screen.queryByText('추천할 분을 찾고 있어요…')).not.toBeInTheDocument();
  });

  it('tells a member with both matching kinds off how to turn one on', async () => {
    const api = stubMatchingFetch({ 'GET /api/on/matching/status': status({ matchingEnabled: false }) });
    open();
    expect(await screen.findByRole('heading', { name: '매칭 설정이 모두 꺼져 있어요' })).toBeInTheDocument();
    expect(api.to('GET /api/on/matching/recommend')).toHaveLength(0);
  });
});
