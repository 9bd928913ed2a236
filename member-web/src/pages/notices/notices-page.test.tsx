import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failWith, stubFetch } from '../mypage/fetch-stub';
import { renderRoutes } from '../../test/render';
import { NoticeDetailPage } from './notice-detail-page';
import { NoticesPage } from './notices-page';

const list = [
  { id: 2, title: '설 연휴 고객센터 안내', createdAt: '2026-11-22T06:04:00Z' },
  { id: 1, title: '온기가 문을 열었어요', createdAt: '2026-11-01T00:30:00Z' },
];
const detail = {
  id: 2,
  title: '설 연휴 고객센터 안내',
  content: '첫째 줄이에요.\n둘째 줄이에요.',
  createdAt: '2026-11-22T06:04:00Z',
};

const renderNotices = (at: string) =>
  renderRoutes(
    [
      { path: '/notices', element: <NoticesPage /> },
      { path: '/notices/:id', element: <NoticeDetailPage /> },
    ],
    { at },
  );

describe('notices (public)', () => {
  it('lists notice cards with a title link and the Korean long date with time, without edit/delete for members', async () => {
    const { callsTo } = stubFetch({ 'GET /notices': list, 'GET /admin/check': { isAdmin: false } });
    renderNotices('/notices');
    const link = await screen.findByRole('link', { name: '설 연휴 고객센터 안내' });
    expect(link).toHaveAttribute('href', '/notices/2');
    expect(screen.getByText('2026년 11월 22일 오후 3:04')).toBeInTheDocument();
    expect(screen.getByText('2026년 11월 1일 오전 9:30')).toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo('GET /admin/check')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /삭제하기$/ })).not.toBeInTheDocument();
    expect(callsTo('GET /notices')[0]?.headers.get('Authorization')).toBeNull();
  });

  it('says 공지사항을 불러오지 못했어요 when the list fails', async () => {
    stubFetch({ 'GET /notices': () => failWith(500), 'GET /admin/check': { isAdmin: false } });
    renderNotices('/notices');
    expect(await screen.findByRole('alert')).toHaveTextContent('공지사항을 불러오지 못했어요');
  });

  it('shows the detail with its line breaks and date', async () => {
    stubFetch({ 'GET /notices/2': detail, 'GET /admin/check': () => failWith(500) });
    renderNotices('/notices/2');
    expect(await screen.findByRole('heading', { level: 1, name: '설 연휴 고객센터 안내' })).toBeInTheDocument();
    const content = screen.getByText(/첫째 줄이에요/);
    expect(content.textContent).toBe('첫째 줄이에요.\n둘째 줄이에요.');
    expect(content).toHaveClass('notice-detail__content');
    expect(screen.getByText('2026년 11월 22일 오후 3:04')).toBeInTheDocument();
  });
});

describe('notices for admins', () => {
  it('shows edit (to the console) and delete; delete asks first and sends the CSRF header', async () => {
    const { callsTo } = stubFetch({
      'GET /notices': list,
      'GET /admin/check': { isAdmin: true },
      'PATCH /notices/2/delete': {},
    });
    const user = userEvent.setup();
    renderNotices('/notices');
    expect(await screen.findByRole('link', { name: '‘설 연휴 고객센터 안내’ 수정하기' })).toHaveAttribute(
      'href',
      '/admin/#/notices/2',
    );
    await user.click(screen.getByRole('button', { name: '‘설 연휴 고객센터 안내’ 삭제하기' }));
    const confirm = await screen.findByRole('dialog', { name: '이 공지사항을 삭제할까요?' });
    expect(callsTo('PATCH /notices/2/delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('삭제했어요')).toBeInTheDocument();
    expect(callsTo('PATCH /notices/2/delete')[0]?.headers.get('X-Requested-With')).toBe('ongi-admin');
    expect(screen.queryByRole('link', { name: '설 연휴 고객센터 안내' })).not.toBeInTheDocument();
  });

  it('says 삭제에 실패했어요 and keeps the notice when deletion fails', async () => {
    stubFetch({
      'GET /notices': list,
      'GET /admin/check': { isAdmin: true },
      'PATCH /notices/2/delete': () => failWith(403),
    });
    const user = userEvent.setup();
    renderNotices('/notices');
    await user.click(await screen.findByRole('button', { name: '‘설 연휴 고객센터 안내’ 삭제하기' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('삭제에 실패했어요')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '설 연휴 고객센터 안내' })).toBeInTheDocument();
  });
});
