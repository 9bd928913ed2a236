// The phone's tab bar: five tabs, the unread chat count (the rooms' sum) and the unseen hearts on
// 채팅 and 받은 마음, read out with the tab's name; nothing on wide screens or inside a chat room.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../pages/mypage/fetch-stub';
import { renderPage } from '../../test/render';
import { TabBar } from './tab-bar';
import { unreadTotal } from './use-tab-counts';

const realMatchMedia = window.matchMedia;
function screenWidth(px: number) {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width: 767px') ? px <= 767 : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const room = (id: number, unread: number) => ({
  chatRoomId: id,
  opponentMemberId: 100 + id,
  opponentNickname: `회원${id}`,
  opponentProfileImageUrl: null,
  lastMessage: '안녕',
  lastMessageAt: '2026-11-20T09:00:00Z',
  createdAt: '2026-11-20T09:00:00Z',
  messageCount: 3,
  unreadMessageCount: unread,
  closedReason: null,
});

describe('bottom tab bar', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    stubFetch({
      'GET /api/on/chat-rooms': [room(1, 2), room(2, 0), room(3, 5)],
      'GET /api/on/hearts/received/unseen-count': { count: 4 },
    });
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('sums the unread count over rooms', () => {
    expect(unreadTotal([{ unreadMessageCount: 2 }, { unreadMessageCount: 0 }, { unreadMessageCount: 5 }])).toBe(7);
    expect(unreadTotal(undefined)).toBe(0);
  });

  it('shows 홈, 추천, 채팅 with its unread count, 받은 마음 with its badge and 마이 on a phone', async () => {
    screenWidth(390);
    renderPage('/main', <TabBar />);
    const nav = screen.getByRole('navigation', { name: '하단 메뉴' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/main',
      '/random/matching',
      '/chatting',
      '/received',
      '/mypage',
    ]);
    expect(await within(nav).findByRole('link', { name: '채팅, 안 읽은 메시지 7개' })).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: '받은 마음, 새로 받은 마음 4개' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '홈' })).toHaveAttribute('aria-current', 'page');
  });

  it('is not there on a wide screen, nor inside an open chat room', () => {
    screenWidth(1366);
    const wide = renderPage('/main', <TabBar />);
    expect(screen.queryByRole('navigation')).toBeNull();
    wide.unmount();
    screenWidth(390);
    renderPage('/chatting/:id', <TabBar />, { at: '/chatting/3' });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
