import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEREST_TAGS } from '@contract/enums';
import { renderPage } from '../../test/render';
import { failWith, stubFetch } from './fetch-stub';
import { MypagePage } from './mypage-page';

const renderMypage = (at = '/mypage') => renderPage('/mypage', <MypagePage />, { at, probes: ['/profile/:id'] });

describe('my page tabs', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('lists the sidebar tabs, opens 프로필 사진 by default and follows ?tab= deep links', async () => {
    stubFetch({
      'GET /api/on/mypage/profile-images': [],
      'GET /api/on/mypage/profile': {
        name: '김온기',
        age: 28,
        email: 'ongi@example.com',
        gender: 'F',
        lookingForGender: 'both',
      },
    });
    const user = userEvent.setup();
    const { router } = renderMypage();
    const tabs = screen.getByRole('tablist', { name: '마이페이지 메뉴' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      '프로필 사진',
      '프로필 정보',
      '관심사',
      '나를 소개해요',
      '가치관',
      '매칭 설정',
      '알림 설정',
      '내가 좋아한 사람',
      '매칭 기록',
      '차단 목록',
      '개인정보',
      '내 피드백',
      '계정',
    ]);
    expect(screen.getByRole('tab', { name: '프로필 사진' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: '프로필 정보' }));
    expect(router.state.location.search).toBe('?tab=info');
    const panel = screen.getByRole('tabpanel', { name: '프로필 정보' });
    expect(await within(panel).findByText('김온기')).toBeInTheDocument();
    expect(within(panel).getByText('28세')).toBeInTheDocument();
    expect(within(panel).getByText('ongi@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('여성')).toBeInTheDocument();
    expect(within(panel).getByText('모두')).toBeInTheDocument();
  });

  it('opens the tab named in the address', async () => {
    stubFetch({ 'GET /api/on/mypage/matching-settings': { romanceMatching: true, friendMatching: false } });
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    renderMypage('/mypage?tab=settings');
    expect(screen.getByRole('tab', { name: '매칭 설정' })).toHaveAttribute('aria-selected', 'true');
    // On a phone the tab strip scrolls: the tab the link opened is brought into view.
    expect(scrolled).toContain(screen.getByRole('tab', { name: '매칭 설정' }));
    expect(await screen.findByRole('switch', { name: /연애 매칭/ })).toBeChecked();
  });
});

describe('my page interests (docs/product-spec.md §5, §8)', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('refuses a 7th interest with 관심사는 최대 6개까지 선택할 수 있어요 and saves the six', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/mypage/interests': { interests: INTEREST_TAGS.slice(0, 5) },
      'PUT /api/on/mypage/interests': (req) => req.json,
    });
    const user = userEvent.setup();
    renderMypage('/mypage?tab=interests');
    await user.click(await screen.findByRole('button', { name: INTEREST_TAGS[5] }));
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: INTEREST_TAGS[6] }));
    expect(screen.getByText('관심사는 최대 6개까지 선택할 수 있어요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: INTEREST_TAGS[6] })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: '관심사 저장하기' }));
    expect(await screen.findByText('관심사를 수정했어요')).toBeInTheDocument();
    expect(callsTo('PUT /api/on/mypage/interests')[0]?.json).toEqual({ interests: INTEREST_TAGS.slice(0, 6) });
  });

  it('says 수정하는 중에 오류가 발생했어요 when saving fails', async () => {
    stubFetch({
      'GET /api/on/mypage/interests': { interests: ['여행'] },
      'PUT /api/on/mypage/interests': () => failWith(500),
    });
    const user = userEvent.setup();
    renderMypage('/mypage?tab=interests');
    await user.click(await screen.findByRole('button', { name: '음악' }));
    await user.click(screen.getByRole('button', { name: '관심사 저장하기' }));
    expect(await screen.findByText('수정하는 중에 오류가 발생했어요')).toBeInTheDocument();
  });
});

describe('my page matching settings', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('saves both toggles when one changes and says 매칭 설정을 저장했어요', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/mypage/matching-settings': { romanceMatching: true, friendMatching: false },
      'PUT /api/on/mypage/matching-settings': (req) => req.json,
    });
    const user = userEvent.setup();
    renderMypage('/mypage?tab=settings');
    await user.click(await screen.findByRole('switch', { name: /친구 매칭/ }));
    expect(await screen.findByText('매칭 설정을 저장했어요')).toBeInTheDocument();
    expect(callsTo('PUT /api/on/mypage/matching-settings')[0]?.json).toEqual({
      romanceMatching: true,
      friendMatching: true,
    });
    expect(screen.getByRole('switch', { name: /친구 매칭/ })).toBeChecked();
  });

  it('returns to the saved state and says 저장하는 중에 오류가 발생했어요 when saving fails', async () => {
    stubFetch({
      'GET /api/on/mypage/matching-settings': { romanceMatching: true, friendMatching: false },
      'PUT /api/on/mypage/matching-settings': () => failWith(500),
    });
    const user = userEvent.setup();
    renderMypage('/mypage?tab=settings');
    await user.click(await screen.findByRole('switch', { name: /연애 매칭/ }));
    expect(await screen.findByText('저장하는 중에 오류가 발생했어요')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /연애 매칭/ })).toBeChecked();
  });
});

describe('my page liked people', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('asks 24 per page, links each card to /profile/{id} and loads the next page when the end scrolls into view', async () => {
    let reveal: () => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly cb: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          reveal = () => this.cb([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    const person = (id: number) => ({
      memberId: id,
      name: `회원${id}`,
      age: 30,
      gender: 'M',
      mainImageUrl: `/media/${id}.jpg`,
    });
    const { callsTo } = stubFetch({
      'GET /api/on/mypage/profile-likes': (req) =>
        req.query.get('page') === '0'
          ? { content: Array.from({ length: 24 }, (_, i) => person(i + 1)), last: false }
          : { content: [person(25)], last: true },
    });
    renderMypage('/mypage?tab=likes');
    const first = await screen.findByRole('link', { name: '회원1 30세 · 남성' });
    expect(first).toHaveAttribute('href', '/profile/1');
    expect(callsTo('GET /api/on/mypage/profile-likes')[0]?.query.get('size')).toBe('24');

    reveal();
    expect(await screen.findByRole('link', { name: '회원25 30세 · 남성' })).toBeInTheDocument();
    expect(callsTo('GET /api/on/mypage/profile-likes').map((c) => c.query.get('page'))).toEqual(['0', '1']);
    expect(await screen.findByText('모두 확인했어요')).toBeInTheDocument();
  });
});
