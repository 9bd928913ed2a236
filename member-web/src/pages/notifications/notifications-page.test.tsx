import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@contract/notifications';
import { stubFetch } from '../mypage/fetch-stub';
import { renderPage } from '../../test/render';
import { NotificationsPage } from './notifications-page';

// 2026-11-24 10:30 in Korea.
const NOW = new Date('2026-11-24T01:30:00Z');

const item = (over: Partial<NotificationItem> & { id: number }): NotificationItem => ({
  kind: 'HEART',
  text: '한지민님이 마음을 보냈어요',
  link: `/profile/${over.id}`,
  createdAt: '2026-11-24T01:00:00Z',
  read: false,
  ...over,
});

const firstPage = [
  item({ id: 9 }),
  item({
    id: 8,
    kind: 'COMMENT',
    text: '박서준님이 내 글에 댓글을 남겼어요: “좋아요”',
    link: '/communityList?post=4',
    createdAt: '2026-11-23T05:00:00Z',
    read: true,
  }),
];
const secondPage = [
  item({
    id: 3,
    kind: 'NOTICE',
    text: '새 공지가 올라왔어요: 점검 안내',
    link: '/notices/2',
    createdAt: '2026-11-20T03:00:00Z',
  }),
];

const at = (path: string) => renderPage('/notifications', <NotificationsPage />, { probes: [path] });

describe('NotificationsPage', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'member-token');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('groups by day, marks unread entries in words, and pages on with the cursor', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/notifications': (req) =>
        req.query.get('cursor') === 'c2'
          ? { content: secondPage, nextCursor: null }
          : { content: firstPage, nextCursor: 'c2' },
      'GET /api/on/notifications/unread-count': { count: 2 },
    });
    const user = userEvent.setup();
    at('/profile/:id');
    const today = await screen.findByRole('region', { name: '오늘' });
    const first = within(today).getByRole('link', { name: /마음을 받았어요/ });
    expect(first).toHaveTextContent('한지민님이 마음을 보냈어요');
    expect(first).toHaveTextContent('안 읽음');
    const yesterday = screen.getByRole('region', { name: '어제' });
    expect(within(yesterday).getByRole('link', { name: /내 글에 댓글/ })).not.toHaveTextContent('안 읽음');
    expect(screen.getByText(/알림은 30일 동안 보관돼요/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '알림 더 보기' }));
    const older = await screen.findByRole('region', { name: '11월 20일' });
    expect(within(older).getByRole('link', { name: /새 공지/ })).toHaveAttribute('href', '/notices/2');
    expect(callsTo('GET /api/on/notifications').map((c) => c.query.get('cursor'))).toEqual([null, 'c2']);
    expect(screen.getByText('30일 안의 알림을 모두 봤어요')).toBeInTheDocument();
  });

  it('opening an unread entry marks it read and lands on its target', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/notifications': { content: firstPage, nextCursor: null },
      'GET /api/on/notifications/unread-count': { count: 1 },
      'POST /api/on/notifications/read': { count: 0 },
    });
    const user = userEvent.setup();
    at('/profile/:id');
    await user.click(await screen.findByRole('link', { name: /마음을 받았어요/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile/9');
    await waitFor(() => expect(callsTo('POST /api/on/notifications/read')).toHaveLength(1));
    expect(callsTo('POST /api/on/notifications/read')[0]?.json).toEqual({ ids: [9] });
  });

  it('모두 읽음 marks everything read, says so, and is then disabled', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/notifications': { content: firstPage, nextCursor: null },
      'GET /api/on/notifications/unread-count': { count: 1 },
      'POST /api/on/notifications/read': { count: 0 },
    });
    const user = userEvent.setup();
    at('/profile/:id');
    await screen.findByRole('region', { name: '오늘' });
    expect(screen.getAllByText('안 읽음')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '모두 읽음' }));
    expect(await screen.findByText('모든 알림을 읽음으로 표시했어요')).toBeInTheDocument();
    expect(callsTo('POST /api/on/notifications/read')[0]?.json).toEqual({ all: true });
    expect(screen.queryAllByText('안 읽음')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '모두 읽음' })).toBeDisabled();
  });

  it('says 아직 알림이 없어요 when there is nothing', async () => {
    stubFetch({
      'GET /api/on/notifications': { content: [], nextCursor: null },
      'GET /api/on/notifications/unread-count': { count: 0 },
    });
    at('/profile/:id');
    expect(await screen.findByRole('heading', { name: '아직 알림이 없어요' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '모두 읽음' })).toBeDisabled();
  });
});
