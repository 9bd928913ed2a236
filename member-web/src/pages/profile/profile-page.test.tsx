import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failWith, stubFetch } from '../mypage/fetch-stub';
import { renderRoutes } from '../../test/render';
import { ProfilePage } from './profile-page';

const profile = {
  memberId: 7,
  name: '이하늘',
  age: 28,
  city: '서울특별시',
  district: '마포구',
  interests: ['여행'],
  images: [{ role: 'MAIN', url: '/media/profiles/a.jpg' }],
  hearted: false,
};

const renderProfile = (at: string) =>
  renderRoutes(
    [
      { path: '/profile/:memberId', element: <ProfilePage /> },
      { path: '/profiles/:memberId', element: <ProfilePage /> },
    ],
    { at, probes: ['/mypage'] },
  );

describe('profile pages /profile/{id} and /profiles/{id}', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it.each(['/profile/7', '/profiles/7'])('%s shows the profile as a page with the heart', async (path) => {
    const { callsTo } = stubFetch({
      'GET /api/on/profile/modal/7': profile,
      'PUT /api/on/heart/7': { memberId: 7, hearted: true },
    });
    const user = userEvent.setup();
    renderProfile(path);
    expect(await screen.findByRole('heading', { level: 1, name: /이하늘/ })).toBeInTheDocument();
    expect(screen.getByText('서울특별시 · 마포구')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '관심 표시' }));
    expect(screen.getByRole('button', { name: '관심 표시' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo('PUT /api/on/heart/7')).toHaveLength(1);
  });

  it("shows the server's message when the profile cannot be read", async () => {
    stubFetch({ 'GET /api/on/profile/modal/7': () => failWith(404, '프로필을 찾을 수 없어요.') });
    renderProfile('/profile/7');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('프로필 정보를 불러오지 못했어요');
    expect(alert).toHaveTextContent('프로필을 찾을 수 없어요.');
  });

  it('an address without a usable id says MISSING_MEMBER_ID', async () => {
    stubFetch({});
    renderProfile('/profile/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('프로필 정보를 불러오지 못했어요 (MISSING_MEMBER_ID)');
  });

  it('reports from the page and blocks after confirmation, then goes to the block list', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/profile/modal/7': profile,
      'POST /api/on/report': { id: 1 },
      'PUT /api/on/block/7': {},
    });
    const user = userEvent.setup();
    renderProfile('/profile/7');
    await user.click(await screen.findByRole('button', { name: '신고하기' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: '신고 유형' }), 'ABUSE');
    await user.type(screen.getByRole('textbox', { name: '신고 내용' }), '욕설을 했어요');
    await user.click(screen.getByRole('button', { name: '신고 보내기' }));
    expect(await screen.findByText('신고가 접수되었어요. 검토 후 조치할게요.')).toBeInTheDocument();
    expect(callsTo('POST /api/on/report')[0]?.json).toMatchObject({
      targetMemberId: 7,
      reasonType: 'ABUSE',
      chatRoomId: null,
    });

    await user.click(await screen.findByRole('button', { name: '차단하기' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '차단하기' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/mypage?tab=blocks');
    expect(callsTo('PUT /api/on/block/7')).toHaveLength(1);
  });

  it('on my own profile offers my page instead of heart, report and block', async () => {
    const payload = btoa(JSON.stringify({ sub: '7' })).replace(/=+$/, '');
    localStorage.setItem('accessToken', `header.${payload}.signature`);
    stubFetch({ 'GET /api/on/profile/modal/7': profile });
    renderProfile('/profile/7');
    expect(await screen.findByRole('link', { name: '마이페이지에서 내 프로필 바꾸기' })).toHaveAttribute(
      'href',
      '/mypage',
    );
    expect(screen.queryByRole('button', { name: '관심 표시' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '신고하기' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '차단하기' })).not.toBeInTheDocument();
  });
});
