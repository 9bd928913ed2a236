// The login modal prepares one OAuth state while it is fresh: opening it again must not set a
// newer state cookie behind the one the portal button is about to use (docs/auth.md step 1).
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LoginModal } from './login-modal';

const prepareLogin = vi.hoisted(() => vi.fn());
vi.mock('../api/auth', () => ({ prepareLogin }));

describe('LoginModal', () => {
  it('opening it again keeps the fresh prepared state instead of preparing another', async () => {
    prepareLogin.mockResolvedValue({
      authorizeUrls: { naver: 'https://nid.naver.com/oauth2.0/authorize?state=s1' },
      preparedAt: Date.now(),
      oauthState: 's1',
    });
    const view = (open: boolean) => (
      <MemoryRouter>
        <LoginModal open={open} onOpenChange={() => undefined} />
      </MemoryRouter>
    );
    const { rerender } = render(view(true));
    expect(await screen.findByRole('button', { name: /네이버/ })).toBeEnabled();
    await act(async () => rerender(view(false)));
    await act(async () => rerender(view(true)));
    expect(prepareLogin).toHaveBeenCalledTimes(1);
  });
});
