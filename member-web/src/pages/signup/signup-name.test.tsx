// The signup name: counted and checked as the Worker does (contract text.ts / text-schema.ts).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION_KO } from '@contract/messages';
import { renderPage } from '../../test/render';
import { SignupForm } from './signup-form';

const AGREED = {
  SERVICE_USE: true,
  PRIVACY: true,
  SENSITIVE_INFO: true,
  LOCATION: false,
  OVER_19: true,
  MARKETING: false,
};
const PAYLOAD = {
  name: '김온기',
  email: 'ongi@example.com',
  gender: 'F' as const,
  birthday: '1998-03-15',
  age: 28,
  providerType: 'NAVER' as const,
  exp: 4_102_444_800,
};

function setup() {
  renderPage('/signup', <SignupForm payload={PAYLOAD} agreements={AGREED} />);
  return { user: userEvent.setup(), name: screen.getByRole('textbox', { name: '이름' }) };
}

describe('signup name', () => {
  it('counts characters as the Worker does: jamo as syllables, zero-width characters as none', async () => {
    const { user, name } = setup();
    expect(screen.getByText('3/20')).toBeInTheDocument();
    await user.clear(name);
    await user.click(name);
    await user.paste('\u1100\u1161\u1102\u1161\u200b');
    expect(screen.getByText('2/20')).toBeInTheDocument();
  });

  it('refuses a right-to-left override in the name before sending', async () => {
    const { user, name } = setup();
    await user.clear(name);
    await user.click(name);
    await user.paste('\u202e자리관');
    await user.click(screen.getByRole('button', { name: /가입/ }));
    expect(await screen.findByText(VALIDATION_KO.nameCharacters)).toBeInTheDocument();
  });
});
