// The signup 닉네임: empty at first (never the portal's or the verified name), counted and checked as
// the Worker does (contract nickname.ts), contact handles refused before sending.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NICKNAME_KO } from '@contract/nickname';
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
const VERIFIED = { name: '김진짜', birthDate: '1997-02-03', gender: 'F' as const };

function setup() {
  renderPage('/signup', <SignupForm payload={PAYLOAD} agreements={AGREED} verified={VERIFIED} />);
  return { user: userEvent.setup(), name: screen.getByRole('textbox', { name: '닉네임' }) };
}

describe('signup nickname', () => {
  it('starts empty and shows what 본인확인 verified (이름, 생년월일, 성별), read-only', () => {
    const { name } = setup();
    expect(name).toHaveValue('');
    expect(screen.getByRole('textbox', { name: '이름(본인확인)' })).toHaveValue('김진짜');
    expect(screen.getByRole('textbox', { name: '생일' })).toHaveValue('1997-02-03');
    expect(screen.getByRole('textbox', { name: '성별' })).toHaveValue('여성');
  });

  it('counts characters as the Worker does: jamo as syllables, zero-width characters as none', async () => {
    const { user, name } = setup();
    expect(screen.getByText('0/10')).toBeInTheDocument();
    await user.click(name);
    await user.paste('\u1100\u1161\u1102\u1161\u200b');
    expect(screen.getByText('2/10')).toBeInTheDocument();
  });

  it('refuses a right-to-left override and a phone number before sending', async () => {
    const { user, name } = setup();
    await user.click(name);
    await user.paste('\u202e자리관');
    await user.click(screen.getByRole('button', { name: /가입/ }));
    expect(await screen.findByText(NICKNAME_KO.characters)).toBeInTheDocument();
    await user.clear(name);
    await user.paste('0101234567');
    await user.click(screen.getByRole('button', { name: /가입/ }));
    expect(await screen.findByText(NICKNAME_KO.phone)).toBeInTheDocument();
  });
});
