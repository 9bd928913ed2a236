import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE_PROMPTS } from '@contract/profile-details';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '@contract/safety/member-limits';
import { ApiError } from '../../api/client';
import type { ProfileDetailsData } from '../../api/profile-details';
import { CompletenessMeter, missingParts } from './completeness';
import { DetailsForm, EMPTY_DETAILS, fieldMessages } from './details-form';

const questions = PROFILE_PROMPTS.slice(0, 4).map((p) => ({ id: p.id, text: p.text }));

function renderForm(over: Partial<Parameters<typeof DetailsForm>[0]> = {}) {
  const onSave = vi.fn();
  render(
    <DetailsForm
      initial={EMPTY_DETAILS}
      sensitiveConsent
      questions={questions}
      saving={false}
      onSave={onSave}
      {...over}
    />,
  );
  return { onSave, user: userEvent.setup() };
}

describe("the server's field errors (docs/safety.md)", { timeout: 20_000 }, () => {
  it('places bio, job title and a sent answer on the right card, past an empty one', () => {
    const fields = { bio: 'a', 'job.title': 'b', 'prompts.0.answer': 'c', religion: 'd' };
    // Cards 0 (empty, not sent) and 1 (sent as prompts[0]).
    expect(fieldMessages(fields, [1])).toEqual({ bio: 'a', jobTitle: 'b', 'prompt.1': 'c' });
  });

  it('shows a refused contact handle at its field and clears it when the member edits it', async () => {
    const refusal = new ApiError(400, PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO, {
      bio: PROFILE_CONTACT_KO,
      'job.title': PROFILE_CONTACT_KO,
    });
    const onSave = vi.fn(() => Promise.reject(refusal));
    const { user } = renderForm({ onSave });
    const bio = screen.getByRole('textbox', { name: '자기소개' });
    await user.type(bio, '010-1234-5678 연락 주세요');
    await user.selectOptions(screen.getByRole('combobox', { name: '직업 분야' }), 'IT·개발');
    const title = screen.getByRole('textbox', { name: '하는 일' });
    await user.type(title, 'insta @onggi');
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_CONTACT_KO);
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(bio).toHaveAccessibleDescription(expect.stringContaining(PROFILE_CONTACT_KO));
    expect(title).toHaveAccessibleDescription(PROFILE_CONTACT_KO);
    await user.type(bio, '!');
    expect(bio).not.toHaveAttribute('aria-invalid');
    expect(title).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows any other failure as the form alert', async () => {
    const onSave = vi.fn(() => Promise.reject(new ApiError(500, 'INTERNAL', '잠시 문제가 생겼어요.')));
    const { user } = renderForm({ onSave });
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('잠시 문제가 생겼어요.');
  });
});

// Typing many fields takes a while on a busy machine.
describe('profile details form (docs/api-extensions.md "profile-details")', { timeout: 20_000 }, () => {
  it('counts characters as people do (one emoji family = 1) and refuses a bio over 500', async () => {
    const { onSave, user } = renderForm();
    const bio = screen.getByRole('textbox', { name: '자기소개' });
    await user.type(bio, '안녕👨‍👩‍👧');
    expect(screen.getByText('3/500')).toBeInTheDocument();
    await user.clear(bio);
    await user.click(bio);
    await user.paste('가'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('500자까지');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends every field, with up to three distinct prompt cards of ≤ 150 characters', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByRole('spinbutton', { name: '키 (cm)' }), '172');
    await user.selectOptions(screen.getByRole('combobox', { name: '직업 분야' }), 'IT·개발');
    await user.type(screen.getByRole('textbox', { name: '하는 일' }), '백엔드 개발자');
    await user.selectOptions(screen.getByRole('combobox', { name: 'MBTI' }), 'INFP');
    await user.selectOptions(screen.getByRole('combobox', { name: '찾고 있는 만남' }), '진지한 연애');
    const add = () => screen.getByRole('button', { name: '질문 카드 추가하기' });
    await user.click(add());
    await user.click(add());
    await user.click(add());
    expect(screen.queryByRole('button', { name: '질문 카드 추가하기' })).toBeNull();
    const pickers = screen.getAllByRole('combobox', { name: '질문 고르기' });
    expect(pickers).toHaveLength(3);
    // A question already picked is not offered again in another card.
    expect(within(pickers[1]!).queryByRole('option', { name: questions[0]!.text })).toBeNull();
    const answers = screen.getAllByRole('textbox', { name: /에 대한 답/ });
    await user.type(answers[0]!, '필름 카메라');
    await user.type(answers[1]!, '늦잠 자고 산책');
    await user.click(screen.getByRole('button', { name: `‘${questions[2]!.text}’ 카드 빼기` }));
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    expect(onSave).toHaveBeenCalledWith({
      bio: null,
      heightCm: 172,
      job: { category: 'IT', title: '백엔드 개발자' },
      education: null,
      religion: null,
      religionVisible: false,
      smoking: null,
      drinking: null,
      mbti: 'INFP',
      lookingFor: 'SERIOUS',
      prompts: [
        { questionId: questions[0]!.id, answer: '필름 카메라' },
        { questionId: questions[1]!.id, answer: '늦잠 자고 산책' },
      ],
    });
  });

  it('refuses a long answer and a height out of range', async () => {
    const { onSave, user } = renderForm();
    await user.click(screen.getByRole('button', { name: '질문 카드 추가하기' }));
    const answer = screen.getByRole('textbox', { name: /에 대한 답/ });
    await user.click(answer);
    await user.paste('나'.repeat(151));
    expect(screen.getByText('151/150')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('150자까지');
    await user.clear(answer);
    await user.type(answer, '짧은 답');
    await user.type(screen.getByRole('spinbutton', { name: '키 (cm)' }), '300');
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('140~220cm');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps religion closed without the sensitive-information consent', () => {
    renderForm({ sensitiveConsent: false });
    expect(screen.getByRole('combobox', { name: '종교' })).toBeDisabled();
    expect(screen.getByText(/민감정보/)).toBeInTheDocument();
  });
});

describe('completeness meter', () => {
  const some: ProfileDetailsData = { ...EMPTY_DETAILS, bio: '안녕하세요', mbti: 'ENFP' };

  it('names what is missing first (키와 직업) and shows the share filled', () => {
    render(<CompletenessMeter details={some} />);
    expect(screen.getByRole('meter', { name: '프로필 완성도' })).toHaveAttribute('aria-valuenow', '22');
    expect(screen.getByText('키와 직업을 채우면 더 많은 분이 프로필을 읽어요.')).toBeInTheDocument();
  });

  it('thanks a member who filled everything', () => {
    const full: ProfileDetailsData = {
      ...some,
      heightCm: 170,
      job: { category: 'IT', title: null },
      prompts: [{ questionId: 'life_motto', answer: '오늘도 즐겁게' }],
      education: 'UNIVERSITY',
      lookingFor: 'UNSURE',
      smoking: 'NO',
      drinking: 'SOMETIMES',
    };
    expect(missingParts(full)).toEqual([]);
    render(<CompletenessMeter details={full} />);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('프로필을 모두 채웠어요. 멋져요!')).toBeInTheDocument();
  });
});
