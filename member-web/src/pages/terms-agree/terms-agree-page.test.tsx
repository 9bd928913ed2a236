import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { TermsAgreePage } from './terms-agree-page';

const LABELS = {
  SERVICE_USE: '서비스 이용약관 (필수)',
  PRIVACY: '개인정보 수집·이용 (필수)',
  SENSITIVE_INFO: '민감정보 처리 (필수)',
  LOCATION: '위치정보 이용 (선택)',
  OVER_19: '만 19세 이상 (필수)',
  MARKETING: '마케팅 수신 (선택)',
};
const box = (label: string) => screen.getByRole('checkbox', { name: label });
const allBox = () => screen.getByRole('checkbox', { name: /전체 동의/ });
const nextButton = () => screen.getByRole('button', { name: '다음으로' });

function renderAgreement() {
  return renderPage('/member/termsAgree', <TermsAgreePage />, { probes: ['/signup/verify', '/'] });
}

describe('terms agreement page', () => {
  beforeEach(() => sessionStorage.setItem('tempSignupToken', 'x.y.z'));

  it('shows the 19 mark with the required wording before signup (docs/trust.md "The 19 mark")', () => {
    renderAgreement();
    expect(screen.getByRole('img', { name: '19세 미만 이용 불가 표시' })).toBeInTheDocument();
    expect(screen.getByText('19세 미만의 청소년은 이용할 수 없어요')).toBeInTheDocument();
    expect(screen.getByText(/청소년유해매체물로서 청소년보호법/)).toBeInTheDocument();
  });

  it('전체 동의 checks all six items and clears them again', async () => {
    const user = userEvent.setup();
    renderAgreement();
    await user.click(allBox());
    for (const label of Object.values(LABELS)) expect(box(label)).toBeChecked();
    await user.click(allBox());
    for (const label of Object.values(LABELS)) expect(box(label)).not.toBeChecked();
  });

  it('reflects the items: checked when all six are on, not when one is off', async () => {
    const user = userEvent.setup();
    renderAgreement();
    for (const label of Object.values(LABELS)) await user.click(box(label));
    expect(allBox()).toBeChecked();
    await user.click(box(LABELS.MARKETING));
    expect(allBox()).not.toBeChecked();
    expect((allBox() as HTMLInputElement).indeterminate).toBe(true);
  });

  it('enables 다음으로 only when the four required items are on (LOCATION and MARKETING are optional)', async () => {
    const user = userEvent.setup();
    renderAgreement();
    expect(nextButton()).toBeDisabled();
    await user.click(box(LABELS.SERVICE_USE));
    await user.click(box(LABELS.PRIVACY));
    await user.click(box(LABELS.SENSITIVE_INFO));
    await user.click(box(LABELS.LOCATION));
    await user.click(box(LABELS.MARKETING));
    expect(nextButton()).toBeDisabled();
    await user.click(box(LABELS.OVER_19));
    expect(nextButton()).toBeEnabled();
    await user.click(box(LABELS.LOCATION));
    await user.click(box(LABELS.MARKETING));
    expect(nextButton()).toBeEnabled();
  });

  it('saves the agreements in localStorage and goes to 본인확인 (/signup/verify)', async () => {
    const user = userEvent.setup();
    renderAgreement();
    for (const label of [LABELS.SERVICE_USE, LABELS.PRIVACY, LABELS.SENSITIVE_INFO, LABELS.OVER_19, LABELS.LOCATION])
      await user.click(box(label));
    await user.click(nextButton());
    expect(screen.getByTestId('location')).toHaveTextContent('/signup/verify');
    expect(JSON.parse(localStorage.getItem('agreements') ?? 'null')).toEqual({
      SERVICE_USE: true,
      PRIVACY: true,
      SENSITIVE_INFO: true,
      LOCATION: true,
      OVER_19: true,
      MARKETING: false,
    });
  });

  it('links each item to its full text', () => {
    renderAgreement();
    expect(screen.getByRole('link', { name: /서비스 이용약관 전문 보기/ })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: /위치정보 이용 전문 보기/ })).toHaveAttribute('href', '/privacy#location');
  });

  it('without a temporary token says so and goes to /', async () => {
    sessionStorage.clear();
    renderAgreement();
    expect(await screen.findByText('임시 인증 정보가 없어요')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
