// The friendly gate: a 403 IDENTITY_REQUIRED from a member call opens '본인확인이 필요해요' with
// '본인확인 하기', which goes to /identity/verify and remembers where the member was.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { dismissIdentityRequired } from '../lib/identity-gate-store';
import { renderPage } from '../test/render';
import { IdentityGate } from './identity-gate';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissIdentityRequired();
  localStorage.removeItem('accessToken');
});

describe('identity gate', () => {
  it('opens on a 403 IDENTITY_REQUIRED and sends the member to 본인확인', async () => {
    // A member call: made with the member's token (a signup call's answer is its page's to explain).
    localStorage.setItem('accessToken', 'member-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 'IDENTITY_REQUIRED', message: '본인확인을 마친 회원만 할 수 있어요. 본인확인을 먼저 해 주세요.' },
          { status: 403 },
        ),
      ),
    );
    renderPage('/profile/7', <IdentityGate />, { probes: ['/identity/verify'] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(api.put('/api/on/heart/7')).rejects.toMatchObject({ code: 'IDENTITY_REQUIRED' });
    const dialog = await screen.findByRole('dialog', { name: '본인확인이 필요해요' });
    expect(dialog).toHaveAccessibleDescription(/본인확인을 마친 회원만/);
    await userEvent.setup().click(screen.getByRole('button', { name: '본인확인 하기' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/identity/verify');
    expect(sessionStorage.getItem('identityReturnTo')).toBe('/profile/7');
  });
});
