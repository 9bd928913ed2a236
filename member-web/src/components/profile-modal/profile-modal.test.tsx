import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failWith, stubFetch } from '../../pages/mypage/fetch-stub';
import { renderPage } from '../../test/render';
import { ProfileModal } from './profile-modal';

const profile = {
  memberId: 7,
  name: '이하늘',
  age: 28,
  city: '서울특별시',
  district: '마포구',
  interests: ['여행', '사진'],
  images: [
    { role: 'MAIN', url: '/media/profiles/a.jpg' },
    { role: 'SUB', url: '/media/profiles/b.jpg' },
  ],
  hearted: false,
};

const samples = Array.from({ length: 12 }, (_, i) => ({
  from: i % 2 ? ('me' as const) : ('other' as const),
  text: `메시지 ${i + 1}`,
  time: '2026-11-22T06:04:00Z',
}));

function open(props: Partial<Parameters<typeof ProfileModal>[0]> = {}) {
  const onOpenChange = vi.fn();
  const onBlocked = vi.fn();
  renderPage(
    '/chatting',
    <ProfileModal memberId={7} open onOpenChange={onOpenChange} onBlocked={onBlocked} {...props} />,
    {
      probes: ['/profiles/:id'],
    },
  );
  return { onOpenChange, onBlocked };
}

describe('profile modal: profile mode', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('shows photos, name, 28세, city · district, # tags, heart and go-to-profile', async () => {
    stubFetch({ 'GET /api/on/profile/modal/7': profile });
    open();
    const dialog = await screen.findByRole('dialog', { name: '이하늘님의 프로필' });
    expect(within(dialog).getByText('28세')).toBeInTheDocument();
    expect(within(dialog).getByText('서울특별시 · 마포구')).toBeInTheDocument();
    expect(within(dialog).getByText('#여행')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '관심 표시' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByRole('link', { name: '프로필로 이동' })).toHaveAttribute('href', '/profiles/7');
  });

  it('moves between photos with the buttons, thumbnails and ←/→ keys, and toggles cover/contain', async () => {
    stubFetch({ 'GET /api/on/profile/modal/7': profile });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('img', { name: '이하늘님의 사진 1/2' })).toHaveAttribute(
      'src',
      '/media/profiles/a.jpg',
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: '이하늘님의 사진 2/2' })).toHaveAttribute('src', '/media/profiles/b.jpg');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: '이하늘님의 사진 1/2' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: '이하늘님의 사진 2/2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '이전 사진' }));
    expect(screen.getByRole('img', { name: '이하늘님의 사진 1/2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2번째 사진 보기' }));
    expect(screen.getByRole('img', { name: '이하늘님의 사진 2/2' })).toBeInTheDocument();

    const fit = screen.getByRole('button', { name: '사진 전체 보기' });
    expect(fit).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: '이하늘님의 사진 2/2' })).toHaveStyle({ objectFit: 'cover' });
    await user.click(fit);
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: '이하늘님의 사진 2/2' })).toHaveStyle({ objectFit: 'contain' });
  });

  it('says 프로필 정보를 불러오지 못했어요 with the reason code when a check fails', async () => {
    stubFetch({ 'GET /api/on/profile/modal/7': { ...profile, images: [] } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('프로필 정보를 불러오지 못했어요 (MISSING_IMAGES)');
  });

  it('opened from a chat without the opponent id says NO_OPPONENT_ID_IN_CHAT_USER and asks nothing', async () => {
    const { fn } = stubFetch({});
    open({ memberId: null, chatRoomId: 11 });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '프로필 정보를 불러오지 못했어요 (NO_OPPONENT_ID_IN_CHAT_USER)',
    );
    expect(fn).not.toHaveBeenCalled();
  });

  it('blocks after confirmation with PUT /api/on/block/{id}, then closes and tells the caller', async () => {
    const { callsTo } = stubFetch({ 'GET /api/on/profile/modal/7': profile, 'PUT /api/on/block/7': {} });
    const user = userEvent.setup();
    const { onOpenChange, onBlocked } = open();
    await user.click(await screen.findByRole('button', { name: '차단하기' }));
    const confirm = await screen.findByRole('dialog', { name: '이하늘님을 차단할까요?' });
    expect(callsTo('PUT /api/on/block/7')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '차단하기' }));
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledWith(7));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(callsTo('PUT /api/on/block/7')).toHaveLength(1);
    expect(await screen.findByText('이하늘님을 차단했어요')).toBeInTheDocument();
  });
});

describe('profile modal: report mode (docs/product-spec.md §3, §5, §8)', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  async function toReport(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: '신고하기' }));
    const dialog = await screen.findByRole('dialog', { name: '신고하기' });
    // The form loads when first opened (lazy-report-form.tsx).
    await within(dialog).findByRole('combobox', { name: '신고 유형' });
    return dialog;
  }

  it('shows the target, offers the six types and asks for a type, then for details', async () => {
    const { callsTo } = stubFetch({ 'GET /api/on/profile/modal/7': profile });
    const user = userEvent.setup();
    open();
    const dialog = await toReport(user);
    expect(within(dialog).getByText('이하늘')).toBeInTheDocument();
    const type = within(dialog).getByRole('combobox', { name: '신고 유형' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      '신고 유형을 골라 주세요',
      '스팸',
      '욕설·비방',
      '사기',
      '부적절한 내용',
      '부적절한 프로필',
      '사칭',
      '기타',
    ]);
    await user.click(within(dialog).getByRole('button', { name: '신고 보내기' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('신고 유형을 선택해 주세요');
    await user.selectOptions(type, '사칭');
    await user.type(within(dialog).getByRole('textbox', { name: '신고 내용' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: '신고 보내기' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('신고 내용을 입력해 주세요');
    expect(callsTo('POST /api/on/report')).toHaveLength(0);
  });

  it('sends the payload with the room, the last 10 messages and the page URL, then says it was received', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/profile/modal/7': profile,
      'POST /api/on/report': { id: 1, verifiedSamples: 10, unverifiedSamples: 0 },
    });
    const user = userEvent.setup();
    open({ chatRoomId: 11, getMessageSamples: () => samples });
    const dialog = await toReport(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '신고 유형' }), 'FRAUD');
    await user.type(within(dialog).getByRole('textbox', { name: '신고 내용' }), '송금을 요구했어요');
    await user.click(within(dialog).getByRole('button', { name: '신고 보내기' }));

    expect(await screen.findByText('신고가 접수되었어요. 검토 후 조치할게요.')).toBeInTheDocument();
    const [sent] = callsTo('POST /api/on/report');
    expect(sent?.json).toEqual({
      targetMemberId: 7,
      chatRoomId: 11,
      reasonType: 'FRAUD',
      content: '송금을 요구했어요',
      evidenceUrl: null,
      pageUrl: window.location.href,
      messageSamples: samples.slice(-10),
    });
    expect(await screen.findByRole('dialog', { name: '이하늘님의 프로필' })).toBeInTheDocument();
  });

  it('keeps the form and says 신고를 보내지 못했어요 when sending fails; 뒤로 returns to the profile', async () => {
    stubFetch({ 'GET /api/on/profile/modal/7': profile, 'POST /api/on/report': () => failWith(500) });
    const user = userEvent.setup();
    open();
    const dialog = await toReport(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '신고 유형' }), 'SPAM');
    await user.type(within(dialog).getByRole('textbox', { name: '신고 내용' }), '광고만 보내요');
    await user.click(within(dialog).getByRole('button', { name: '신고 보내기' }));
    expect(await screen.findByText('신고를 보내지 못했어요. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '신고 내용' })).toHaveValue('광고만 보내요');
    await user.click(within(dialog).getByRole('button', { name: '뒤로' }));
    expect(await screen.findByRole('dialog', { name: '이하늘님의 프로필' })).toBeInTheDocument();
  });
});
