// The ban reason is normalised and counted as the Worker does (contract text.ts).
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { OngiDataProvider } from '../api/data-provider';
import { i18nProvider } from '../i18n/i18n-provider';
import { BanDialog } from './BanDialog';
import { emptyBanForm, validateBanForm } from './ban-form';

const NOW = new Date('2026-11-22T00:00:00.000Z');

describe('ban reason rules', () => {
  it('sends a reason of only invisible characters as no reason, and strips them from a real one', () => {
    expect(validateBanForm({ ...emptyBanForm, reason: '\u200b\u202e ' }, NOW)).toEqual({
      ok: true,
      body: { reason: null, until: null },
    });
    expect(validateBanForm({ ...emptyBanForm, reason: '\u202e욕설\u200b' }, NOW)).toEqual({
      ok: true,
      body: { reason: '욕설', until: null },
    });
  });

  it('takes 200 emoji and refuses 201', () => {
    expect(validateBanForm({ ...emptyBanForm, reason: '😀'.repeat(200) }, NOW).ok).toBe(true);
    expect(validateBanForm({ ...emptyBanForm, reason: '😀'.repeat(201) }, NOW).ok).toBe(false);
  });
});

describe('ban reason counter', { timeout: 30_000 }, () => {
  it('counts an emoji as one character and invisible characters as none', async () => {
    const dataProvider = testDataProvider() as unknown as OngiDataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <BanDialog member={{ id: 7, name: '김온기' }} open onClose={() => undefined} />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: '김온기님 이용 정지' });
    const reason = within(dialog).getByLabelText('정지 사유 (선택)');
    fireEvent.change(reason, { target: { value: '😀'.repeat(200) } });
    expect(within(dialog).getByText('200/200')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '정지하기' })).toHaveProperty('disabled', false);
    fireEvent.change(reason, { target: { value: '\u200b👨‍👩‍👧\u200b' } });
    expect(within(dialog).getByText('1/200')).toBeTruthy();
  });
});
