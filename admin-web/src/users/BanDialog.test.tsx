import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { OngiDataProvider } from '../api/data-provider';
import { i18nProvider } from '../i18n/i18n-provider';
import { BanDialog } from './BanDialog';

/** The signed-in operator's role, as /admin/check tells the authProvider. */
const authAs = (role: 'ADMIN' | 'OPERATOR'): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

function renderDialog(banMember: OngiDataProvider['banMember'], role: 'ADMIN' | 'OPERATOR' = 'ADMIN') {
  const dataProvider = { ...testDataProvider(), banMember } as unknown as OngiDataProvider;
  const onClose = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authAs(role)}>
      <BanDialog member={{ id: 7, name: '김온기' }} open onClose={onClose} />
      <Notification />
    </AdminContext>,
  );
  return { onClose };
}

const dialog = () => screen.getByRole('dialog', { name: '김온기님 이용 정지' });

// Rendering react-admin and typing with user-event takes seconds on a busy machine.
describe('BanDialog', { timeout: 30_000 }, () => {
  it('asks for confirmation before banning, then sends the ban and says it is done', async () => {
    const user = userEvent.setup();
    const banMember = vi.fn(async () => ({}) as never);
    const { onClose } = renderDialog(banMember);
    await user.type(within(dialog()).getByLabelText('정지 사유 (선택)'), '욕설');
    expect(within(dialog()).getByText('2/200')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: '정지하기' }));
    expect(banMember).not.toHaveBeenCalled();

    const confirm = await screen.findByRole('dialog', { name: '정말 정지할까요?' });
    expect(confirm.textContent).toContain('김온기님을 영구 정지해요');
    await user.click(within(confirm).getByRole('button', { name: '정지하기' }));
    await waitFor(() => expect(banMember).toHaveBeenCalledWith(7, { reason: '욕설', until: null }));
    expect(await screen.findByText('정지를 완료했어요')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('offers a 운영자 only a temporary ban (a permanent one is a 관리자’s)', async () => {
    renderDialog(
      vi.fn(async () => ({}) as never),
      'OPERATOR',
    );
    expect(await within(dialog()).findByRole('radio', { name: '기간 정지' })).toHaveProperty('checked', true);
    expect(within(dialog()).queryByRole('radio', { name: '영구 정지' })).toBeNull();
    expect(within(dialog()).getByLabelText('만료 날짜')).toBeTruthy();
  });

  it('needs both the date and the time for a temporary ban and sends them as Korea time', async () => {
    const user = userEvent.setup();
    const banMember = vi.fn(async () => ({}) as never);
    renderDialog(banMember);
    await user.click(within(dialog()).getByRole('radio', { name: '기간 정지' }));
    await user.click(within(dialog()).getByRole('button', { name: '정지하기' }));
    expect(within(dialog()).getByRole('alert').textContent).toBe('임시 정지의 만료 날짜와 시간을 입력해 주세요');
    expect(screen.queryByRole('dialog', { name: '정말 정지할까요?' })).toBeNull();

    await user.type(within(dialog()).getByLabelText('만료 날짜'), '2099-12-31');
    await user.type(within(dialog()).getByLabelText('만료 시간'), '18:30');
    await user.click(within(dialog()).getByRole('button', { name: '정지하기' }));
    const confirm = await screen.findByRole('dialog', { name: '정말 정지할까요?' });
    expect(confirm.textContent).toContain('2099-12-31 18:30까지');
    await user.click(within(confirm).getByRole('button', { name: '정지하기' }));
    await waitFor(() => expect(banMember).toHaveBeenCalledWith(7, { reason: null, until: '2099-12-31T18:30:00' }));
  });

  it("says '정지 중 오류가 발생했어요' with the server's reason when the ban fails", async () => {
    const user = userEvent.setup();
    renderDialog(vi.fn(async () => Promise.reject(new Error('이미 정지된 회원이에요.'))));
    await user.click(within(dialog()).getByRole('button', { name: '정지하기' }));
    const confirm = await screen.findByRole('dialog', { name: '정말 정지할까요?' });
    await user.click(within(confirm).getByRole('button', { name: '정지하기' }));
    expect(await screen.findByText('정지 중 오류가 발생했어요 (이미 정지된 회원이에요.)')).toBeTruthy();
  });
});
