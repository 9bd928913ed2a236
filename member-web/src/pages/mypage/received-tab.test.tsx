import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_CAP_CODE, newAccountCapMessage } from '@contract/safety/member-limits';
import { jsonResponse } from '../../test/factories';
import { renderPage, renderRoutes } from '../../test/render';
import { ReceivedPage } from '../received/received-page';
import { stubFetch } from './fetch-stub';
import { MypagePage } from './mypage-page';

const heart = (id: number, mutual = false) => ({
  memberId: id,
  name: `회원${id}`,
  age: 27,
  mainImageUrl: `/media/p${id}.png`,
  heartedAt: '2026-11-20T09:00:00Z',
  mutual,
});

describe('받은 마음 (docs/api-extensions.md "profile-details")', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('lists who hearted me with 서로 마음 and marks them seen when opened; my page’s old tab link lands here', async () => {
    const api = stubFetch({
      'GET /api/on/hearts/received/unseen-count': { count: 3 },
      'POST /api/on/hearts/received/seen': { count: 0 },
      'GET /api/on/hearts/received': { content: [heart(5, true), heart(4)], last: true },
    });
    renderRoutes(
      [
        { path: '/mypage', element: <MypagePage /> },
        { path: '/received', element: <ReceivedPage /> },
      ],
      { at: '/mypage?tab=received' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: '받은 마음' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('data-member-id'))).toEqual(['5', '4']);
    expect(within(cards[0]!).getByText('서로 마음')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('서로 마음')).toBeNull();
    expect(api.callsTo('GET /api/on/hearts/received')[0]?.query.get('size')).toBe('24');
    await waitFor(() => expect(api.callsTo('POST /api/on/hearts/received/seen')).toHaveLength(1));
  });

  it("says why and until when a new account's request is refused (docs/safety.md)", async () => {
    const message = newAccountCapMessage('REQUEST', '2026-11-29T05:04:00.000Z');
    stubFetch({
      'GET /api/on/hearts/received/unseen-count': { count: 0 },
      'POST /api/on/hearts/received/seen': { count: 0 },
      'GET /api/on/hearts/received': { content: [heart(6)], last: true },
      'POST /api/on/matching/request/6': () => jsonResponse({ code: NEW_ACCOUNT_CAP_CODE, message }, 429),
    });
    const user = userEvent.setup();
    renderPage('/received', <ReceivedPage />);
    await user.click(await screen.findByRole('button', { name: '회원6님에게 채팅 신청하기' }));
    const confirm = await screen.findByRole('dialog', { name: '회원6님에게 채팅을 신청할까요?' });
    await user.click(within(confirm).getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '회원6님에게 채팅 신청하기' })).toBeEnabled();
  });

  it('asks before a chat request, sends it once confirmed, and opens the profile modal', async () => {
    const api = stubFetch({
      'GET /api/on/hearts/received/unseen-count': { count: 0 },
      'POST /api/on/hearts/received/seen': { count: 0 },
      'GET /api/on/hearts/received': { content: [heart(5, true)], last: true },
      'POST /api/on/matching/request/5': { status: 'REQUESTED' },
      'GET /api/on/profile/modal/5': {
        memberId: 5,
        name: '회원5',
        age: 27,
        city: '서울',
        district: '마포구',
        interests: ['여행'],
        images: [{ role: 'MAIN', url: '/media/p5.png' }],
        hearted: true,
        details: { bio: '산책을 좋아해요', heightCm: 165, job: { category: 'IT', title: null }, prompts: [] },
      },
    });
    const user = userEvent.setup();
    renderPage('/received', <ReceivedPage />);
    await user.click(await screen.findByRole('button', { name: '회원5님에게 채팅 신청하기' }));
    const confirm = await screen.findByRole('dialog', { name: '회원5님에게 채팅을 신청할까요?' });
    expect(confirm).toHaveTextContent('회원5님에게 채팅을 신청할까요?');
    expect(api.callsTo('POST /api/on/matching/request/5')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '신청하기' }));
    await waitFor(() => expect(api.callsTo('POST /api/on/matching/request/5')).toHaveLength(1));
    // The name keeps the visible text (axe label-content-name-mismatch).
    expect(await screen.findByRole('button', { name: '회원5님에게 채팅 신청했어요' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /^회원5 27세/ }));
    const modal = await screen.findByRole('dialog');
    expect(await within(modal).findByText('산책을 좋아해요')).toBeInTheDocument();
    expect(within(modal).getByText('165cm')).toBeInTheDocument();
    expect(within(modal).getByText('IT·개발')).toBeInTheDocument();
  });

  it('says so kindly when nobody has hearted me yet', async () => {
    stubFetch({
      'GET /api/on/hearts/received/unseen-count': { count: 0 },
      'POST /api/on/hearts/received/seen': { count: 0 },
      'GET /api/on/hearts/received': { content: [], last: true },
    });
    renderPage('/received', <ReceivedPage />);
    expect(await screen.findByText(/아직 받은 마음이 없어요/)).toBeInTheDocument();
  });
});
