import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_PROMPTS } from '@contract/profile-details';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '@contract/safety/member-limits';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { stubFetch } from '../mypage/fetch-stub';
import { SignupDetailsPage } from './signup-details-page';

const empty = {
  bio: null,
  heightCm: null,
  job: { category: null, title: null },
  education: null,
  religion: null,
  religionVisible: false,
  smoking: null,
  drinking: null,
  mbti: null,
  lookingFor: null,
  prompts: [],
  hidden: [],
  sensitiveConsent: false,
};
const routes = {
  'GET /api/on/mypage/profile-details': empty,
  'GET /api/on/profile/prompts': PROFILE_PROMPTS.map((p) => ({ id: p.id, text: p.text })),
  'PUT /api/on/mypage/profile-details': (req: { json: unknown }) => ({ ...empty, ...(req.json as object) }),
};

const open = () => renderPage('/signup/details', <SignupDetailsPage />, { probes: ['/main'] });

describe('signup details step (docs/api-extensions.md "profile-details")', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('can be skipped with 나중에 할게요, saving nothing', async () => {
    const api = stubFetch(routes);
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: '나를 조금 더 소개해요' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '나중에 할게요' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    expect(api.callsTo('PUT /api/on/mypage/profile-details')).toHaveLength(0);
  });

  it('saves what was filled, then goes to /main; religion waits for the consent', async () => {
    const api = stubFetch(routes);
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('spinbutton', { name: '키 (cm)' }), '181');
    expect(screen.getByRole('combobox', { name: '종교' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    expect(api.callsTo('PUT /api/on/mypage/profile-details')[0]?.json).toMatchObject({ heightCm: 181, bio: null });
  });

  it("shows a refused text's reason at its field and stays on the step (docs/safety.md)", async () => {
    stubFetch({
      ...routes,
      'PUT /api/on/mypage/profile-details': () =>
        jsonResponse(
          { code: PROFILE_CONTACT_CODE, message: PROFILE_CONTACT_KO, fields: { bio: PROFILE_CONTACT_KO } },
          400,
        ),
    });
    const user = userEvent.setup();
    open();
    const bio = await screen.findByRole('textbox', { name: '자기소개' });
    await user.type(bio, '카톡 아이디 onggi 로 연락 주세요');
    await user.click(screen.getByRole('button', { name: '프로필 정보 저장하기' }));
    await waitFor(() => expect(bio).toHaveAttribute('aria-invalid', 'true'));
    expect(bio).toHaveAccessibleDescription(expect.stringContaining(PROFILE_CONTACT_KO));
    expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_CONTACT_KO);
    expect(screen.getByRole('heading', { level: 1, name: '나를 조금 더 소개해요' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
