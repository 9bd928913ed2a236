import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { MyProfileDetails } from '@contract/profile-details';
import type { MyProfileVoice } from '@contract/voice';
import type { OngiDataProvider } from '../api/data-provider';
import { i18nProvider } from '../i18n/i18n-provider';
import { ProfileDetailsSection } from './ProfileDetailsSection';

const details: MyProfileDetails = {
  bio: '주말마다 한강에서 자전거를 타요.',
  heightCm: 172,
  job: { category: 'IT', title: '백엔드 개발자' },
  education: 'UNIVERSITY',
  religion: 'BUDDHIST',
  religionVisible: false,
  smoking: 'NO',
  drinking: 'SOMETIMES',
  mbti: 'INFJ',
  lookingFor: 'SERIOUS',
  prompts: [
    { questionId: 'perfect_weekend', answer: '늦잠 자고 브런치 먹기' },
    { questionId: 'life_motto', answer: '오늘도 따뜻하게' },
  ],
  hidden: [{ field: 'prompt', questionId: 'life_motto', reason: '연락처가 들어 있어요' }],
  sensitiveConsent: true,
};

function renderSection(
  hideProfileDetail: OngiDataProvider['hideProfileDetail'],
  value = details,
  unhideProfileDetail: OngiDataProvider['unhideProfileDetail'] = vi.fn(),
  voice: MyProfileVoice | null = null,
) {
  const dataProvider = { ...testDataProvider(), hideProfileDetail, unhideProfileDetail } as unknown as OngiDataProvider;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ProfileDetailsSection memberId={42} details={value} voice={voice} />
      <Notification />
    </AdminContext>,
  );
}

const section = () => screen.getByRole('region', { name: '프로필 정보' });
/** The value cell next to a label. */
const valueOf = (label: string) => within(section()).getByText(label, { selector: 'dt' }).nextElementSibling!;

describe('ProfileDetailsSection', { timeout: 30_000 }, () => {
  it('shows every detail with its Korean label and hidden texts as hidden with the reason', () => {
    renderSection(vi.fn());
    expect(valueOf('자기소개').textContent).toContain('주말마다 한강에서 자전거를 타요.');
    expect(valueOf('키').textContent).toBe('172cm');
    expect(valueOf('직업 분야').textContent).toBe('IT·개발');
    expect(valueOf('직업 이름').textContent).toContain('백엔드 개발자');
    expect(valueOf('학력').textContent).toBe('대학교');
    expect(valueOf('종교').textContent).toBe('불교 (비공개)');
    expect(valueOf('흡연').textContent).toBe('비흡연');
    expect(valueOf('음주').textContent).toBe('가끔 마셔요');
    expect(valueOf('MBTI').textContent).toBe('INFJ');
    expect(valueOf('찾는 관계').textContent).toBe('진지한 연애');
    const prompts = valueOf('질문 카드');
    expect(prompts.textContent).toContain('나의 완벽한 주말은');
    expect(prompts.textContent).toContain('늦잠 자고 브런치 먹기');
    expect(prompts.textContent).toContain('나의 좌우명');
    expect(prompts.textContent).toContain('숨김 처리됨');
    expect(prompts.textContent).toContain('숨긴 이유: 연락처가 들어 있어요');
    // Three free texts, one already hidden: two 숨기기 buttons plus the bio's.
    expect(within(section()).getByRole('button', { name: '자기소개 숨기기' })).toBeTruthy();
    expect(within(section()).getByRole('button', { name: '직업 이름 숨기기' })).toBeTruthy();
    expect(within(section()).getByRole('button', { name: '질문 카드 “나의 완벽한 주말은” 숨기기' })).toBeTruthy();
    expect(within(section()).queryByRole('button', { name: '질문 카드 “나의 좌우명” 숨기기' })).toBeNull();
  });

  it('plays the 목소리 소개 through its admin link and hides it like a text', async () => {
    const voice: MyProfileVoice = {
      audioUrl: '/api/voice-media/voice/42/abcdefghijklmnop.webm?exp=1&scope=admin&sig=x',
      durationMs: 12_400,
      waveform: new Array<number>(48).fill(50),
      promptId: 'life_motto',
      prompt: '나의 좌우명',
      hiddenReason: null,
      updatedAt: '2026-11-26T00:00:00.000Z',
    };
    const hide = vi.fn().mockResolvedValue(details);
    renderSection(hide, details, vi.fn(), voice);
    const cell = valueOf('목소리 소개');
    expect(cell.textContent).toContain('나의 좌우명');
    const player = within(section()).getByLabelText('목소리 소개 듣기 (12초)');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe(voice.audioUrl);
    await userEvent.click(within(section()).getByRole('button', { name: '목소리 소개 숨기기' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('lifts a hide with 숨김 풀기 (the prompt it names) and says it is done', async () => {
    const unhide = vi.fn().mockResolvedValue(details);
    renderSection(vi.fn(), details, unhide);
    await userEvent.click(screen.getByRole('button', { name: '질문 카드 “나의 좌우명” 숨김 풀기' }));
    await waitFor(() => expect(unhide).toHaveBeenCalledWith(42, { field: 'prompt', questionId: 'life_motto' }));
    expect(await screen.findByText('숨김을 풀었어요. 이제 다른 회원에게 다시 보여요')).toBeTruthy();
    // Only the hidden one offers it.
    expect(screen.getAllByRole('button', { name: /숨김 풀기/ })).toHaveLength(1);
  });

  it('says 입력하지 않았어요 for unanswered details and offers no 숨기기 without text', () => {
    renderSection(vi.fn(), {
      ...details,
      bio: null,
      heightCm: null,
      job: { category: null, title: null },
      religion: null,
      mbti: null,
      prompts: [],
      hidden: [],
    });
    expect(valueOf('자기소개').textContent).toBe('입력하지 않았어요');
    expect(valueOf('키').textContent).toBe('입력하지 않았어요');
    expect(valueOf('종교').textContent).toBe('입력하지 않았어요');
    expect(valueOf('질문 카드').textContent).toBe('답한 질문 카드가 없어요');
    expect(within(section()).queryByRole('button')).toBeNull();
  });

  it('needs a reason, then hides a prompt answer with the right body and says it is done', async () => {
    const user = userEvent.setup();
    const hide = vi.fn(async () => details);
    renderSection(hide);
    const opener = within(section()).getByRole('button', { name: '질문 카드 “나의 완벽한 주말은” 숨기기' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '질문 카드 “나의 완벽한 주말은” 숨기기' });
    await user.click(within(dialog).getByRole('button', { name: '숨기기' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('숨기는 이유를 적어 주세요');
    expect(hide).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /숨기는 이유/ }), '  욕설이 있어요 ');
    expect(within(dialog).getByText('7/200')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '숨기기' }));
    await waitFor(() =>
      expect(hide).toHaveBeenCalledWith(42, {
        field: 'prompt',
        questionId: 'perfect_weekend',
        reason: '욕설이 있어요',
      }),
    );
    expect(await screen.findByText('숨김 처리를 완료했어요')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The opener goes away once the answer shows as hidden: focus lands on the section heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: '프로필 정보' })));
  });

  it('sends no questionId for the bio, returns focus to the opener on cancel, and says why a hide failed', async () => {
    const user = userEvent.setup();
    const hide = vi.fn(async () => Promise.reject(new Error('숨길 내용이 없어요.')));
    renderSection(hide);
    const opener = within(section()).getByRole('button', { name: '자기소개 숨기기' });
    await user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: '자기소개 숨기기' });
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    dialog = await screen.findByRole('dialog', { name: '자기소개 숨기기' });
    await user.type(within(dialog).getByRole('textbox', { name: /숨기는 이유/ }), '광고');
    await user.click(within(dialog).getByRole('button', { name: '숨기기' }));
    await waitFor(() => expect(hide).toHaveBeenCalledWith(42, { field: 'bio', reason: '광고' }));
    expect(await screen.findByText('숨김 처리 중 오류가 발생했어요 (숨길 내용이 없어요.)')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '자기소개 숨기기' })).toBeTruthy();
  });

  it('refuses a reason longer than the limit', async () => {
    const user = userEvent.setup();
    const hide = vi.fn(async () => details);
    renderSection(hide);
    await user.click(within(section()).getByRole('button', { name: '직업 이름 숨기기' }));
    const dialog = await screen.findByRole('dialog', { name: '직업 이름 숨기기' });
    const box = within(dialog).getByRole('textbox', { name: /숨기는 이유/ });
    await user.click(box);
    await user.paste('가'.repeat(201));
    expect(within(dialog).getByText('201/200')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '숨기기' }) as HTMLButtonElement).disabled).toBe(true);
    expect(hide).not.toHaveBeenCalled();
  });
});
