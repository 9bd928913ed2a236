import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '@contract/safety/member-limits';
import { stubFetch } from '../pages/mypage/fetch-stub';
import { jsonResponse } from '../test/factories';
import { renderPage } from '../test/render';
import { NicknameInvite } from './nickname-invite';

describe('nickname invitation (docs/safety.md)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('accessToken', 'member-token');
  });

  it("shows the server's refusal of a contact handle at the field and stays open", async () => {
    stubFetch({
      'GET /api/on/nickname': { nickname: '실명같은', chosen: false },
      'PUT /api/on/nickname': () =>
        jsonResponse(
          { code: PROFILE_CONTACT_CODE, message: PROFILE_CONTACT_KO, fields: { nickname: PROFILE_CONTACT_KO } },
          400,
        ),
    });
    const user = userEvent.setup();
    renderPage('/main', <NicknameInvite />);
    const input = await screen.findByRole('textbox', { name: '닉네임' });
    await user.type(input, '라인 id hi');
    await user.click(screen.getByRole('button', { name: '닉네임 저장하기' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent(PROFILE_CONTACT_KO);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
