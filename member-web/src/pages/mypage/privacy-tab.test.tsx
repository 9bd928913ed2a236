import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { stubFetch } from './fetch-stub';
import { PrivacyTab } from './privacy-tab';

const settings = { avoidCount: 3, privateMode: false, phoneVerified: true };
const share = {
  id: 'a'.repeat(64),
  roomId: 7,
  matchName: '이바다',
  place: '망원역 카페',
  meetAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2099-11-29T10:00:00.000Z',
  revokedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  views: [{ viewedAt: '2026-11-27T11:00:00.000Z' }, { viewedAt: '2026-11-27T10:30:00.000Z' }],
};

describe('my page: 개인정보', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('counts a pasted list as it is typed and sends its entries; shows the new count', async () => {
    let count = 3;
    const { callsTo } = stubFetch({
      'GET /api/on/privacy': () => ({ ...settings, avoidCount: count }),
      'GET /api/on/date-shares': [],
      'POST /api/on/privacy/avoid-phones': () => {
        count = 5;
        return { added: 2, invalid: 1, avoidCount: 5 };
      },
    });
    const user = userEvent.setup();
    renderPage('/mypage', <PrivacyTab />);
    expect(await screen.findByText('지금 번호 3개를 피하고 있어요.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: '휴대폰 번호' });
    await user.click(box);
    await user.paste('010-1234-5678\n+82 10 9876 5432, 이모\n01012345678');
    expect(screen.getByText('번호 2개를 찾았어요. 1줄은 휴대폰 번호가 아니에요.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '피할 번호 추가하기' }));
    expect(await screen.findByText('번호 2개를 새로 추가했어요. 지금 5개를 피하고 있어요.')).toBeInTheDocument();
    expect(callsTo('POST /api/on/privacy/avoid-phones')[0]?.json).toEqual({
      phones: ['010-1234-5678', '+82 10 9876 5432', '이모', '01012345678'],
    });
    expect(await screen.findByText('지금 번호 5개를 피하고 있어요.')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('turns 비공개 모드 on with an explanation, and lists my shares with their views and a way to stop them', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/privacy': settings,
      'GET /api/on/date-shares': [share],
      'PUT /api/on/privacy/private-mode': (req) => ({ ...settings, privateMode: (req.json as { on: boolean }).on }),
      [`DELETE /api/on/date-shares/${share.id}`]: () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderPage('/mypage', <PrivacyTab />);
    const toggle = await screen.findByRole('switch', { name: '비공개 모드 켜기' });
    expect(toggle).toHaveAccessibleDescription(/마음을 보냈거나 대화를 신청한 사람/);
    // The switch moves with the click itself, before the save answers (a mutation's state reaches
    // React a task later: the switch must not flick back meanwhile).
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(await screen.findByText('비공개 모드를 켰어요.')).toBeInTheDocument();
    expect(callsTo('PUT /api/on/privacy/private-mode')[0]?.json).toEqual({ on: true });
    expect(screen.getByRole('switch', { name: '비공개 모드 켜기' })).toBeChecked();

    const item = (await screen.findByText('이바다님과의 약속')).closest('li')!;
    expect(within(item).getByText('2번 열어 봤어요.')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: '이바다님과의 약속 공유 멈추기' }));
    expect(await screen.findByText('공유를 멈췄어요. 이제 링크를 열어도 보이지 않아요.')).toBeInTheDocument();
    expect(callsTo(`DELETE /api/on/date-shares/${share.id}`)).toHaveLength(1);
  });
});
