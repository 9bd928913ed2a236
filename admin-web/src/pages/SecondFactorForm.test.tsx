// 2단계 인증 enrolment on first sign-in: QR code and key, the first code, then the recovery codes
// once, with '저장했어요' only after the operator says they saved them; and a recovery code sign-in.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SecondFactorApi } from '../api/second-factor';
import { SignInError } from '../api/second-factor';
import { SecondFactorForm } from './SecondFactorForm';

const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, '2')}`);

function fakeApi(overrides: Partial<SecondFactorApi> = {}): SecondFactorApi {
  return {
    enrol: vi.fn(async () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/x',
      qrSvg: '<svg></svg>',
    })),
    confirm: vi.fn(async () => ({
      id: 1,
      name: '김운영',
      email: 'a@ongi.dev',
      role: 'OPERATOR' as const,
      recoveryCodes: CODES,
    })),
    verifyCode: vi.fn(async () => ({
      id: 1,
      name: '김운영',
      email: 'a@ongi.dev',
      role: 'OPERATOR' as const,
      recoveryCodesLeft: 10,
    })),
    verifyRecoveryCode: vi.fn(async () => ({
      id: 1,
      name: '김운영',
      email: 'a@ongi.dev',
      role: 'OPERATOR' as const,
      recoveryCodesLeft: 9,
    })),
    logout: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('SecondFactorForm', () => {
  it('enrols: QR code and key, a wrong code says why, the right one shows 10 recovery codes; 저장했어요 after the check', async () => {
    const confirm = vi
      .fn<SecondFactorApi['confirm']>()
      .mockRejectedValueOnce(
        new SignInError('인증 코드가 맞지 않아요. 앱에 지금 보이는 6자리 코드를 입력해 주세요.', 401),
      )
      .mockResolvedValueOnce({ id: 1, name: '김운영', email: 'a@ongi.dev', role: 'OPERATOR', recoveryCodes: CODES });
    const api = fakeApi({ confirm });
    const onDone = vi.fn();
    render(<SecondFactorForm state="ENROL" name="김운영" api={api} onDone={onDone} onCancel={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '2단계 인증 등록' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '인증 앱에 등록할 QR 코드' })).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    const code = screen.getByLabelText(/인증 코드/);
    fireEvent.change(code, { target: { value: '111111' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '등록하기' })));
    expect((await screen.findByRole('alert')).textContent).toContain('인증 코드가 맞지 않아요');

    fireEvent.change(screen.getByLabelText(/인증 코드/), { target: { value: '222222' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '등록하기' })));
    expect(confirm).toHaveBeenLastCalledWith('222222');
    expect(await screen.findByRole('heading', { name: '복구 코드를 저장해 주세요' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '복구 코드 10개' }).querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('link', { name: '내려받기' }).getAttribute('download')).toBe('온기-관리자-복구코드.txt');
    const saved = screen.getByRole('button', { name: '저장했어요' }) as HTMLButtonElement;
    expect(saved.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('복구 코드를 안전한 곳에 저장했어요'));
    fireEvent.click(saved);
    expect(onDone).toHaveBeenCalled();
  });

  it('signs in with a recovery code instead of the app', async () => {
    const api = fakeApi();
    const onDone = vi.fn();
    render(<SecondFactorForm state="VERIFY" api={api} onDone={onDone} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '복구 코드로 로그인하기' }));
    fireEvent.change(screen.getByLabelText(/복구 코드/), { target: { value: ' abcde-fgh22 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '확인' })));
    expect(api.verifyRecoveryCode).toHaveBeenCalledWith('abcde-fgh22');
    expect(onDone).toHaveBeenCalled();
  });

  it('goes back to the password step, ending the half-signed-in session', async () => {
    const api = fakeApi();
    const onCancel = vi.fn();
    render(<SecondFactorForm state="VERIFY" api={api} onDone={vi.fn()} onCancel={onCancel} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '다른 계정으로 로그인' })));
    expect(api.logout).toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalled();
  });
});
